// "What happened": the server's committed events in plain words with seat names (never raw
// JSON), newest line on top, and the final ranking's explanation (tie-breaks, how it ended).

import { createLogList, nameList } from "/static/shared/log-list.js";
import { cardPhrase } from "./cards.js";

const list = createLogList(200);
export const { initLog, addLine, clearLog, exportLog, restoreLog } = list;

function tries(n) {
  return `${n} ${n === 1 ? "try" : "tries"}`;
}

function cards(n) {
  return `${n} ${n === 1 ? "card" : "cards"}`;
}

export const CALL = "Mouse, watch out, the cat is coming!";

/** The log line of one event, with its kind (for colour) — or null for a silent event. */
export function describeEvent(event, seatName) {
  const who = event.seat === null || event.seat === undefined ? "" : seatName(event.seat);
  switch (event.type) {
    case "start":
      return { text: `${who} turns over first. Stacks: ${(event.stacks || []).join(", ")} cards.`, kind: "info" };
    case "pile_start":
      return { text: `The undealt card starts the pile: ${cardPhrase(event.card)} (it does nothing).`, kind: "info" };
    case "flip":
      return { text: `${who} turns over ${cardPhrase(event.card)}.`, kind: event.card === "cat" ? "cat" : event.card === "cheese" ? "" : "mouse" };
    case "call":
      return { text: `${who}: “${CALL}” ${seatName(event.chaser)} has ${tries(event.paws)} to catch it.`, kind: "call" };
    case "pass_chase":
      return {
        text: `Another mouse! ${who} calls: “${CALL}” The chase of ${seatName(event.from)}'s mouse is over; ${seatName(event.chaser)} has ${tries(event.paws)}.`,
        kind: "call",
      };
    case "missed":
      return { text: `No cat: ${who} has ${tries(event.attempts_left)} left.`, kind: "" };
    case "caught":
      return { text: `Caught! ${who}'s cat catches ${seatName(event.mouse_owner)}'s mouse: ${who} wins the pile (${cards(event.cards)}) and a mouse chip.`, kind: "catch" };
    case "escaped":
      return { text: `Only cheese: ${who}'s mouse escapes ${seatName(event.chaser)}. ${who} takes the pile (${cards(event.cards)}), no chip.`, kind: "escape" };
    case "restart":
      return { text: `${who} starts a new pile.`, kind: "turn" };
    case "end":
      return { text: `Game over: ${endingSentence(event.reason, event.seat, seatName)}`, kind: "win" };
    default:
      return null;
  }
}

/** How the game ended, as a sentence. */
export function endingSentence(reason, seat, seatName) {
  const who = seat === null || seat === undefined ? "" : seatName(seat);
  if (reason === "last_chip") return `the last mouse chip went to ${who}.`;
  if (reason === "run_out") return `${who} had no card left to turn (the pile on the table belongs to nobody).`;
  if (reason === "safety") return "the game was stopped because it would have gone on for ever.";
  return "the game is over.";
}

/**
 * The final ranking: places (ties share a place) and the sentence that explains the winner:
 * most cards, then most chips, else a shared win. `winners` is the server's, and is the truth.
 */
export function ranking(stacks, chips, winners, seatName) {
  const seats = stacks.map((size, seat) => ({ seat, cards: size, chips: chips[seat] ?? 0 }));
  seats.sort((a, b) => b.cards - a.cards || b.chips - a.chips || a.seat - b.seat);
  let place = 0;
  seats.forEach((row, i) => {
    const prev = seats[i - 1];
    if (!prev || prev.cards !== row.cards || prev.chips !== row.chips) place = i + 1;
    row.place = place;
    row.winner = winners.includes(row.seat);
  });
  const most = seats[0]?.cards ?? 0;
  const topCards = seats.filter((r) => r.cards === most);
  const names = (rows) => nameList(rows.map((r) => seatName(r.seat)));
  const won = seats.filter((r) => r.winner);
  let text;
  if (won.length > 1) {
    text = `${names(won)} all have ${cards(most)} and ${won[0].chips} ${won[0].chips === 1 ? "chip" : "chips"}: a shared win.`;
    if (won.length === 2) text = text.replace(" all have ", " both have ");
  } else if (topCards.length === 1) {
    const second = seats[1];
    text = second
      ? `${seatName(topCards[0].seat)} wins with ${cards(most)} (next: ${seatName(second.seat)} with ${second.cards}).`
      : `${seatName(topCards[0].seat)} wins with ${cards(most)}.`;
  } else {
    const winner = topCards[0];
    const runner = topCards[1];
    const both = topCards.length === 2 ? "both have" : "all have";
    text = `${names(topCards)} ${both} ${cards(most)}; ${seatName(winner.seat)} wins with ${winner.chips} ${winner.chips === 1 ? "chip" : "chips"} to ${runner.chips}.`;
  }
  return { rows: seats, text };
}

