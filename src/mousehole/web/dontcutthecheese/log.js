// "What happened": the server's committed events of Don't Cut the Cheese in plain words with
// the seats' names, newest turn on top, and the winner's explanation (the tie-breaks and the
// spin-off told from the record's events, which the server wrote).

import { createLogList, nameList } from "/static/shared/log-list.js";
import { FACE_WORDS } from "./pieces.js";

const list = createLogList(200);
export const { initLog, addLine, clearLog, exportLog, restoreLog } = list;

function cells(n) {
  return `${n} ${n === 1 ? "cell" : "cells"}`;
}

/** The log line of one event with its kind (for colour), or null for one said elsewhere. */
export function describeEvent(event, seatName) {
  const who = event.seat === null || event.seat === undefined ? "" : seatName(event.seat);
  const names = (seats) => nameList((seats || []).map(seatName));
  switch (event.type) {
    case "start":
      return { text: `Chance picks ${who} to spin first.`, kind: "turn" };
    case "paper":
      return { text: `Paper ${event.round} is hooked on the trap. Its tear point is a secret.`, kind: "info" };
    case "spun":
      return { text: `${who} spins ${FACE_WORDS[event.face]}.`, kind: "spin" };
    case "reverse":
      return { text: `Reverse! Play now goes ${event.direction > 0 ? "left to right" : "right to left"}.`, kind: "spin" };
    case "bite": // the event counts from 0 as the rules do; a player reads rows 1-5, columns 1-12
      return { text: `${who} bites ${cells(event.cells)} at row ${event.row + 1}, column ${event.col + 1}: strength ${event.strength}.`, kind: "bite" };
    case "fell":
      return { text: `${cells(event.cells)} of loose paper ${event.cells === 1 ? "falls" : "fall"} away.`, kind: "bite" };
    case "snap":
      return {
        text: `SNAP! ${who} cut the cheese after ${event.paper_bites} ${event.paper_bites === 1 ? "bite" : "bites"}: the paper tears below strength ${event.last_threshold}, and it was down to ${event.strength}.`,
        kind: "snap",
      };
    case "draw":
      return { text: `${who} draws a token from the bag: ${event.colour}.`, kind: "draw" };
    case "bag_empty":
      return { text: `The bag is empty: ${names(event.without)} ${event.without.length === 1 ? "draws" : "draw"} nothing.`, kind: "info" };
    case "complete":
      return { text: `${names(event.seats)} ${event.seats.length === 1 ? "holds" : "hold"} all three colours!`, kind: "win" };
    case "spin_off":
      return {
        text: `Spin-off between ${names(event.contestants)}: ${event.reason === "complete" ? "they completed their colours with as many tokens" : "the bag ran out and they rank equal"}. The fewest bites shown wins.`,
        kind: "spin",
      };
    case "spin_off_value":
      return { text: `${who} scores ${event.value} in the spin-off.`, kind: "spin" };
    case "won":
      return { text: `${who} wins!`, kind: "win" };
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
    lines.push(`${seatName(winner)} is the first to hold all three colours: orange, white and yellow.`);
  } else if (how === "most_tokens") {
    const others = complete.seats.filter((s) => s !== winner).map((s) => `${seatName(s)} ${count(s)}`);
    lines.push(`${nameList(complete.seats.map(seatName))} completed their colours at once; ${seatName(winner)} has the most tokens (${count(winner)}, against ${others.join(", ")}).`);
  } else if (how === "bag_empty") {
    lines.push(`The bag ran out with nobody holding all three colours. ${seatName(winner)} ranks first: ${colours(winner)} colours and ${count(winner)} tokens.`);
  }
  const offs = events.filter((e) => e.type === "spin_off" || e.type === "spin_off_value");
  if (offs.length) {
    // Who entered the spin-off and why (a match continued in it has only the final position's).
    const first = offs.find((e) => e.type === "spin_off") ?? state.spin_off;
    if (first?.reason === "complete") {
      lines.push(`${nameList(first.contestants.map(seatName))} completed their colours at once with ${count(first.contestants[0])} tokens each.`);
    } else if (first) {
      lines.push(`The bag ran out: ${nameList(first.contestants.map(seatName))} ranked equal on colours and tokens.`);
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
    lines.push("In a spin-off the fewest bites shown wins (Skip and Reverse count 0, Spin Again counts 1 plus its next spin).");
    played.forEach((r, i) => {
      const label = played.length > 1 ? `Round ${i + 1}` : "The spin";
      const tied = i + 1 < played.length ? " (a tie for lowest: they spin again)" : "";
      lines.push(`${label}: ${r.join(", ")}${tied}.`);
    });
    lines.push(`${seatName(winner)} has the lowest value, and nobody else has it.`);
  }
  return lines.join(" ");
}
