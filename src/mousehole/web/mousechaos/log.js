// "What happened": Mouse Chaos's committed events in words with seat names. Every event is
// public (docs/games/mousechaos.md, Events): a peek says who peeked at which mouse, never the
// colour, so the log (which the autosave keeps, and every player at a shared screen sees)
// holds no seat's secret.

import { createLogList, nameList } from "/static/shared/log-list.js";
import { nestOf, onTable, squareName } from "./kitchen.js";

const list = createLogList(200);
export const { initLog, addLine, clearLog, exportLog, restoreLog } = list;

const ENDINGS = {
  win: "four right mice in the nest",
  phantom: "the phantom's four mice are all its colour: everybody loses",
  cap: "300 rounds without a winner: the players are ranked by their own mice at home",
};

/** Where a piece is, in words ("on C4", "under the table", "in nest 2"). */
export function where(at) {
  if (onTable(at)) return "under the table";
  const nest = nestOf(at);
  return nest >= 0 ? `in nest ${nest + 1}` : `on ${squareName(at)}`;
}

function to(at, kind) {
  if (onTable(at)) return kind === "cat" ? "onto the table" : "under the table";
  const nest = nestOf(at);
  return nest >= 0 ? `into nest ${nest + 1}` : `to ${squareName(at)}`;
}

function wall(path) {
  return (path || []).includes("wall") ? " through the wall" : "";
}

/** The log line of one event as {text, kind, turn?, say?}, or null for a silent one. */
export function describeEvent(event, seatName, view) {
  const who = event.seat === null || event.seat === undefined ? "" : seatName(event.seat);
  const mouseAt = (m) => (view?.mice[m] ? where(view.mice[m].at) : "");
  switch (event.type) {
    case "turn":
      return { text: `${who}'s turn (round ${event.round}).`, kind: "turn", turn: true };
    case "draw":
      return { text: `${who} draws a holder: ${event.number}.`, kind: "info" };
    case "first":
      return { text: `${who} has the highest number and goes first.`, kind: "turn" };
    case "pick":
      return { text: `${who} picks a cheese holder${onTable(event.from) ? " from the table" : ` ${where(event.from)}`}.`, kind: "" };
    case "number":
      return { text: `The holder shows ${event.number}.`, kind: "" };
    case "peek":
      return { text: `${who} peeks at the mouse ${mouseAt(event.mouse)}.`, kind: "peek" };
    case "stuck":
      return { text: "The holder cannot move that far and stays where it is.", kind: "info" };
    case "holder":
      return { text: `${who} moves the holder ${to(event.to, "holder")}.`, kind: "", say: false };
    case "mouse":
      return { text: `${who} moves a mouse ${to(event.to, "mouse")}${wall(event.path)}.`, kind: "mouse" };
    case "cat":
      return { text: `${who} moves a cat ${to(event.to, "cat")}.`, kind: "cat" };
    case "caught":
      return { text: "The cat sends the mouse under the table.", kind: "cat" };
    case "no_move":
      return { text: `No cat or mouse can move ${event.steps} squares.`, kind: "info" };
    case "chair":
      return { text: `${who} puts a chair on ${squareName(event.to)}, ${event.pose === "L" ? "lying on its side" : `its back to the ${{ N: "north", E: "east", S: "south", W: "west" }[event.pose]}`}.`, kind: "" };
    case "skip":
      return { text: `${who} leaves the chairs.`, kind: "", say: false };
    case "reveal":
      return { text: `Nest ${event.nest + 1} is full: ${who} shows ${event.owner === null ? "the phantom's card" : "their card"}, ${(event.card_colours || []).join(" and ")}.`, kind: "call" };
    case "turned":
      return { text: `A ${event.colour} mouse${event.right ? ": right!" : ": wrong, it goes to its own nest."}`, kind: event.right ? "mouse" : "cat" };
    case "complete":
      return { text: `Nest ${event.nest + 1} is complete.`, kind: "win" };
    case "ejected":
      return { text: `The mouse runs to nest ${event.nest + 1}.`, kind: "" };
    case "end":
      if (event.reason === "cap" && event.ranking) {
        return { text: `Game over after 300 rounds. ${capResult(event.ranking, seatName).text}`, kind: "win" };
      }
      return { text: `Game over: ${ENDINGS[event.reason] || event.reason}.`, kind: "win" };
    default:
      return null;
  }
}

export function endingWords(reason) {
  return ENDINGS[reason] || "";
}

const mice = (k) => `${k} ${k === 1 ? "mouse" : "mice"}`;

/**
 * The ranking at the 300-round cap, as the server computed it (`ranking` in the finished
 * position and the end event: per side, best first, {place, seat (null: the phantom), home,
 * free}): a title, the sentence that says why first place won, and one row per side.
 */
export function capResult(ranking, seatName) {
  const name = (row) => (row.seat === null ? "the phantom" : seatName(row.seat));
  const first = ranking.filter((row) => row.place === 1);
  const rest = ranking.filter((row) => row.place !== 1);
  const next = rest[0];
  const names = nameList(first.map(name));
  const Names = names.replace(/^./, (c) => c.toUpperCase());
  const top = first[0];
  const phantom = first.some((row) => row.seat === null);
  const their = top.seat === null ? "its" : "their";
  let why;
  if (first.length > 1) {
    why = `${Names} each have ${mice(top.home)} of their own colour in their own nests and`
      + ` ${top.free} not under the table: equal on both counts, they share first place.`;
  } else if (!next || top.home > next.home) {
    why = `${Names} has the most mice of ${their} own colour in ${their} own nests: ${top.home}`
      + (next ? `, against ${next.home} for ${name(next)}.` : ".");
  } else {
    why = `${Names} and ${name(next)} both have ${mice(top.home)} at home; ${names} has fewer`
      + ` under the table: ${top.free} of ${their} mice are still out, against ${next.free}.`;
  }
  if (phantom) why += " The phantom comes first, so everybody loses.";
  const title = phantom ? "The phantom comes first: everybody loses"
    : first.length > 1 ? `${names} share the win at the cap` : `${names} wins at the cap!`;
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
