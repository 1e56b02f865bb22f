// "What happened": Mouse Chaos's committed events in words with seat names. Every event is
// public (docs/games/mousechaos.md, Events): a peek says who peeked at which mouse, never the
// colour, so the log (which the autosave keeps, and every player at a shared screen sees)
// holds no seat's secret.

import { createLogList, nameList } from "/static/shared/log-list.js";
import { formatList, has, t } from "/static/shared/i18n.js";
import { nestOf, onTable, squareName } from "./kitchen.js";
import { colourWord } from "./pieces.js";

const list = createLogList(200);
export const { initLog, addLine, clearLog, exportLog, restoreLog } = list;

/** Where a piece is, in words ("on C4", "under the table", "in nest 2"). */
export function where(at) {
  if (onTable(at)) return t("mc.where.table");
  const nest = nestOf(at);
  return nest >= 0 ? t("mc.where.nest", { nest: nest + 1 }) : t("mc.where.square", { square: squareName(at) });
}

/** Where a piece goes, in words ("to C4", "under the table", "onto the table", "into nest 2"). */
export function to(at, kind) {
  if (onTable(at)) return t(kind === "cat" ? "mc.to.onto-table" : "mc.to.under-table");
  const nest = nestOf(at);
  return nest >= 0 ? t("mc.to.nest", { nest: nest + 1 }) : t("mc.to.square", { square: squareName(at) });
}

/** The log line of one event as {text, kind, turn?, say?}, or null for a silent one. */
export function describeEvent(event, seatName, view) {
  const who = event.seat === null || event.seat === undefined ? "" : seatName(event.seat);
  const mouseAt = (m) => (view?.mice[m] ? where(view.mice[m].at) : "");
  switch (event.type) {
    case "turn":
      return { text: t("mc.log.turn", { who, round: event.round }), kind: "turn", turn: true };
    case "draw":
      return { text: t("mc.log.draw", { who, number: event.number }), kind: "info" };
    case "first":
      return { text: t("mc.log.first", { who }), kind: "turn" };
    case "pick":
      return {
        text: onTable(event.from) ? t("mc.log.pick-table", { who }) : t("mc.log.pick", { who, where: where(event.from) }),
        kind: "",
      };
    case "number":
      return { text: t("mc.log.number", { number: event.number }), kind: "" };
    case "peek":
      return { text: t("mc.log.peek", { who, where: mouseAt(event.mouse) }), kind: "peek" };
    case "stuck":
      return { text: t("mc.log.stuck"), kind: "info" };
    case "holder":
      return { text: t("mc.log.holder", { who, to: to(event.to, "holder") }), kind: "", say: false };
    case "mouse": {
      const key = (event.path || []).includes("wall") ? "mc.log.mouse-wall" : "mc.log.mouse";
      return { text: t(key, { who, to: to(event.to, "mouse") }), kind: "mouse" };
    }
    case "cat":
      return { text: t("mc.log.cat", { who, to: to(event.to, "cat") }), kind: "cat" };
    case "caught":
      return { text: t("mc.log.caught"), kind: "cat" };
    case "no_move":
      return { text: t("mc.log.no-move", { count: event.steps }), kind: "info" };
    case "chair":
      return { text: t("mc.log.chair", { who, square: squareName(event.to), pose: t(`mc.log.pose.${event.pose}`) }), kind: "" };
    case "skip":
      return { text: t("mc.log.skip", { who }), kind: "", say: false };
    case "reveal": {
      const key = event.owner === null ? "mc.log.reveal-phantom" : "mc.log.reveal";
      const colours = formatList((event.card_colours || []).map(colourWord));
      return { text: t(key, { nest: event.nest + 1, who, colours }), kind: "call" };
    }
    case "turned":
      return {
        text: t(event.right ? "mc.log.right" : "mc.log.wrong", { colour: colourWord(event.colour) }),
        kind: event.right ? "mouse" : "cat",
      };
    case "complete":
      return { text: t("mc.log.complete", { nest: event.nest + 1 }), kind: "win" };
    case "ejected":
      return { text: t("mc.log.ejected", { nest: event.nest + 1 }), kind: "" };
    case "end":
      if (event.reason === "cap" && event.ranking) {
        return { text: t("mc.log.end-cap", { result: capResult(event.ranking, seatName).text }), kind: "win" };
      }
      return { text: t("mc.log.end", { ending: endingWords(event.reason) || event.reason }), kind: "win" };
    default:
      return null;
  }
}

/** How a match ended, in words ("four right mice in the nest"), or "" for an unknown ending. */
export function endingWords(reason) {
  return has(`mc.ending.${reason}`) ? t(`mc.ending.${reason}`) : "";
}

const mice = (count) => t("mc.mice", { count });

/**
 * The ranking at the 300-round cap, as the server computed it (`ranking` in the finished
 * position and the end event: per side, best first, {place, seat (null: the phantom), home,
 * free}): a title, the sentence that says why first place won, and one row per side.
 */
export function capResult(ranking, seatName) {
  const name = (row) => (row.seat === null ? t("mc.phantom") : seatName(row.seat));
  const first = ranking.filter((row) => row.place === 1);
  const rest = ranking.filter((row) => row.place !== 1);
  const next = rest[0];
  const names = nameList(first.map(name));
  const Names = names.replace(/^./, (c) => c.toUpperCase());
  const top = first[0];
  const phantom = first.some((row) => row.seat === null);
  const its = top.seat === null ? ".its" : ""; // the phantom's own mice are "its", a player's "their"
  let why;
  if (first.length > 1) {
    why = t("mc.cap.shared", { names: Names, mice: mice(top.home), free: top.free });
  } else if (!next || top.home > next.home) {
    why = next
      ? t(`mc.cap.most${its}`, { names: Names, home: top.home, other: next.home, next: name(next) })
      : t(`mc.cap.most-alone${its}`, { names: Names, home: top.home });
  } else {
    why = t(`mc.cap.fewer${its}`, {
      names: Names, next: name(next), mice: mice(top.home), again: names, free: top.free, other: next.free,
    });
  }
  if (phantom) why = `${why} ${t("mc.cap.phantom-first")}`;
  const title = phantom ? t("mc.cap.title.phantom")
    : first.length > 1 ? t("mc.cap.title.shared", { names }) : t("mc.cap.title.one", { names });
  const rows = ranking.map((row) => ({
    place: row.place,
    seat: row.seat,
    name: name(row).replace(/^./, (c) => c.toUpperCase()),
    home: row.home,
    free: row.free,
    winner: row.place === 1 && !phantom,
  }));
  return { title, text: why, rows };
}
