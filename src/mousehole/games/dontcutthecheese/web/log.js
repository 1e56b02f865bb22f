// "What happened": the server's committed events of Don't Cut the Cheese in plain words with
// the seats' names, newest turn on top, and the winner's explanation (the tie-breaks and the
// spin-off told from the record's events, which the server wrote).

import { createLogList, nameList } from "/static/shared/log-list.js";
import { t } from "/static/shared/i18n.js";
import { COLOUR_WORDS, FACE_WORDS } from "./pieces.js";

const list = createLogList(200);
export const { initLog, addLine, clearLog, exportLog, restoreLog } = list;

function cells(n) {
  return t("dcc.cells", { count: n });
}

/** The log line of one event with its kind (for colour), or null for one said elsewhere. */
export function describeEvent(event, seatName) {
  const who = event.seat === null || event.seat === undefined ? "" : seatName(event.seat);
  const names = (seats) => nameList((seats || []).map(seatName));
  switch (event.type) {
    case "start":
      return { text: t("dcc.log.start", { who }), kind: "turn" };
    case "paper":
      return { text: t("dcc.log.paper", { round: event.round }), kind: "info" };
    case "spun":
      return { text: t("dcc.log.spun", { who, face: FACE_WORDS[event.face] }), kind: "spin" };
    case "reverse":
      return { text: t(event.direction > 0 ? "dcc.log.reverse-ltr" : "dcc.log.reverse-rtl"), kind: "spin" };
    case "bite": // the event counts from 0 as the rules do; a player reads rows 1-5, columns 1-12
      return { text: t("dcc.log.bite", { who, cells: cells(event.cells), row: event.row + 1, col: event.col + 1, strength: event.strength }), kind: "bite" };
    case "fell":
      return { text: t("dcc.log.fell", { count: event.cells }), kind: "bite" };
    case "snap":
      return {
        text: t("dcc.log.snap", { who, count: event.paper_bites, threshold: event.last_threshold, strength: event.strength }),
        kind: "snap",
      };
    case "draw":
      return { text: t("dcc.log.draw", { who, colour: COLOUR_WORDS[event.colour] }), kind: "draw" };
    case "bag_empty":
      return { text: t("dcc.log.bag-empty", { names: names(event.without), count: event.without.length }), kind: "info" };
    case "complete":
      return { text: t("dcc.log.complete", { names: names(event.seats), count: event.seats.length }), kind: "win" };
    case "spin_off":
      return {
        text: t(event.reason === "complete" ? "dcc.log.spin-off-complete" : "dcc.log.spin-off-bag", { names: names(event.contestants) }),
        kind: "spin",
      };
    case "spin_off_value":
      return { text: t("dcc.log.spin-off-value", { who, value: event.value }), kind: "spin" };
    case "won":
      return { text: t("dcc.wins", { who }), kind: "win" };
    default:
      return null; // "turn": the page heads the new turn itself
  }
}

/** How the game was won when the page did not see the end's events (a reload, a late
 * spectator): told from the final position the server sent. */
function storyFromState(state) {
  const winner = state.winner;
  const full = (seat) => Object.values(state.tokens[seat]).every((n) => n > 0);
  if (state.spin_off) {
    const { reason, contestants, values } = state.spin_off;
    return [
      { type: "spin_off", reason, contestants },
      ...contestants.map((seat, i) => ({ type: "spin_off_value", seat, value: values[i] })),
      { type: "won", seat: winner, how: "spin_off" },
    ];
  }
  if (!full(winner)) return [{ type: "won", seat: winner, how: "bag_empty" }];
  const complete = state.tokens.map((_, seat) => seat).filter(full);
  return [
    { type: "complete", seats: complete },
    { type: "won", seat: winner, how: complete.length > 1 ? "most_tokens" : "colours" },
  ];
}

/**
 * Why the winner won, in words: all three colours, the most tokens among those who completed at
 * once, the best rank when the bag ran out, and each spin-off round with its values. `story` is
 * the end's events as the page played them (complete, spin_off, spin_off_value, won).
 */
export function explainWin(snap, story, seatName) {
  const state = snap.state;
  const winner = state.winner;
  const events = story.some((e) => e.type === "won") ? story : storyFromState(state);
  const how = events.find((e) => e.type === "won").how;
  const held = (seat) => state.tokens[seat];
  const count = (seat) => Object.values(held(seat)).reduce((a, b) => a + b, 0);
  const colours = (seat) => Object.values(held(seat)).filter((n) => n > 0).length;
  const lines = [];
  const complete = events.find((e) => e.type === "complete");
  if (how === "colours") {
    lines.push(t("dcc.win.colours", { who: seatName(winner) }));
  } else if (how === "most_tokens") {
    const others = complete.seats.filter((s) => s !== winner).map((s) => `${seatName(s)} ${count(s)}`);
    lines.push(t("dcc.win.most-tokens", { names: nameList(complete.seats.map(seatName)), who: seatName(winner), count: count(winner), others: others.join(", ") }));
  } else if (how === "bag_empty") {
    lines.push(t("dcc.win.bag-empty", {
      who: seatName(winner), colours: t("dcc.colours", { count: colours(winner) }), tokens: t("dcc.tokens", { count: count(winner) }),
    }));
  }
  const offs = events.filter((e) => e.type === "spin_off" || e.type === "spin_off_value");
  if (offs.length) {
    // Who entered the spin-off and why (a match continued in it has only the final position's).
    const first = offs.find((e) => e.type === "spin_off") ?? state.spin_off;
    if (first?.reason === "complete") {
      lines.push(t("dcc.win.tied-complete", { names: nameList(first.contestants.map(seatName)), count: count(first.contestants[0]) }));
    } else if (first) {
      lines.push(t("dcc.win.tied-bag", { names: nameList(first.contestants.map(seatName)) }));
    }
    // Each spin_off event after the first starts a new round (a tie for lowest spins again);
    // a match continued in the middle of a spin-off has its values before any such event.
    const rounds = [[]];
    for (const e of offs) {
      if (e.type === "spin_off") {
        if (rounds[rounds.length - 1].length) rounds.push([]);
      } else if (e.value !== null && e.value !== undefined) {
        rounds[rounds.length - 1].push(`${seatName(e.seat)} ${e.value}`);
      }
    }
    const played = rounds.filter((r) => r.length);
    lines.push(t("dcc.win.spin-off-rule"));
    played.forEach((r, i) => {
      const values = r.join(", ");
      // a tie for lowest spins again, so only a spin-off of several rounds has one
      if (played.length === 1) lines.push(t("dcc.win.spin", { values }));
      else lines.push(t(i + 1 < played.length ? "dcc.win.round-tied" : "dcc.win.round", { round: i + 1, values }));
    });
    lines.push(t("dcc.win.lowest", { who: seatName(winner) }));
  }
  return lines.join(" ");
}
