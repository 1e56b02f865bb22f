// "What happened": the server's committed events in plain words with seat names (never raw
// JSON), newest line on top, and the final ranking's explanation (tie-breaks, how it ended).

import { createLogList } from "/static/shared/log-list.js";
import { t, formatList } from "/static/shared/i18n.js";
import { cardPhrase } from "./cards.js";

const list = createLogList(200);
export const { initLog, addLine, clearLog, exportLog, restoreLog } = list;

function tries(n) {
  return t("adm.tries", { count: n });
}

function cards(n) {
  return t("adm.cards", { count: n });
}

function chipCount(n) {
  return t("adm.chips", { count: n });
}

export const CALL = t("adm.call");

/** The log line of one event, with its kind (for colour) — or null for a silent event. */
export function describeEvent(event, seatName) {
  const who = event.seat === null || event.seat === undefined ? "" : seatName(event.seat);
  switch (event.type) {
    case "start":
      return { text: t("adm.log.start", { who, stacks: (event.stacks || []).join(", ") }), kind: "info" };
    case "pile_start":
      return { text: t("adm.log.pile-start", { card: cardPhrase(event.card) }), kind: "info" };
    case "flip":
      return { text: t("adm.log.flip", { who, card: cardPhrase(event.card) }), kind: event.card === "cat" ? "cat" : event.card === "cheese" ? "" : "mouse" };
    case "call":
      return { text: t("adm.log.call", { who, call: CALL, chaser: seatName(event.chaser), tries: tries(event.paws) }), kind: "call" };
    case "pass_chase":
      return {
        text: t("adm.log.pass-chase", { who, call: CALL, owner: seatName(event.from), chaser: seatName(event.chaser), tries: tries(event.paws) }),
        kind: "call",
      };
    case "missed":
      return { text: t("adm.log.missed", { who, tries: tries(event.attempts_left) }), kind: "" };
    case "caught":
      return { text: t("adm.log.caught", { who, owner: seatName(event.mouse_owner), cards: cards(event.cards) }), kind: "catch" };
    case "escaped":
      return { text: t("adm.log.escaped", { who, chaser: seatName(event.chaser), cards: cards(event.cards) }), kind: "escape" };
    case "restart":
      return { text: t("adm.log.restart", { who }), kind: "turn" };
    case "end":
      return { text: t("adm.log.end", { reason: endingSentence(event.reason, event.seat, seatName) }), kind: "win" };
    default:
      return null;
  }
}

/** How the game ended, as a sentence. */
export function endingSentence(reason, seat, seatName) {
  const who = seat === null || seat === undefined ? "" : seatName(seat);
  if (reason === "last_chip") return t("adm.ending.last-chip", { who });
  if (reason === "run_out") return t("adm.ending.run-out", { who });
  if (reason === "safety") return t("adm.ending.safety");
  return t("adm.ending.over");
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
  const names = (rows) => formatList(rows.map((r) => seatName(r.seat)));
  const won = seats.filter((r) => r.winner);
  let text;
  if (won.length > 1) {
    text = t(won.length === 2 ? "adm.rank.shared-two" : "adm.rank.shared", { names: names(won), cards: cards(most), chips: chipCount(won[0].chips) });
  } else if (topCards.length === 1) {
    const second = seats[1];
    text = second
      ? t("adm.rank.wins-next", { who: seatName(topCards[0].seat), cards: cards(most), next: seatName(second.seat), count: second.cards })
      : t("adm.rank.wins", { who: seatName(topCards[0].seat), cards: cards(most) });
  } else {
    const winner = topCards[0];
    const runner = topCards[1];
    text = t(topCards.length === 2 ? "adm.rank.tiebreak-two" : "adm.rank.tiebreak", {
      names: names(topCards), cards: cards(most), who: seatName(winner.seat), chips: chipCount(winner.chips), count: runner.chips,
    });
  }
  return { rows: seats, text };
}

