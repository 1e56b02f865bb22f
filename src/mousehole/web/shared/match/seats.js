// Who sits where, for the match controller and every game view: names, initials, humans and
// computers, and the seats this browser plays. Read from the snapshot (the server's truth), or
// from the setup before the first snapshot arrives.

import { levelName, t } from "/static/shared/i18n.js";

/** The seat helpers over the match's `state` (shared/match/controller.js). */
export function seatHelpers(state) {
  const seatsInfo = () => state.snapshot?.seats || state.setup?.seats || [];

  /** The seat's name ("Seat 3" while nothing names it). */
  function seatName(seat) {
    const s = seatsInfo()[seat];
    return s ? s.name : t("seat.name", { seat: Number(seat) + 1 });
  }

  /** The first letter of the seat's name, upper case: the letter on its token. */
  function letterOf(seat) {
    return (seatName(seat).trim()[0] || "?").toUpperCase();
  }

  function isHuman(seat) {
    const s = seatsInfo()[seat];
    return Boolean(s && s.kind === "human");
  }

  /** The seats this browser plays: `you.seats ?? [you.seat]` online, every human seat locally. */
  function mySeats() {
    const you = state.snapshot?.you;
    if (you) {
      if (you.spectator) return [];
      return you.seats ?? (you.seat !== undefined && you.seat !== null ? [you.seat] : []);
    }
    if (state.online) return [];
    return seatsInfo().map((s, i) => (s.kind === "human" ? i : null)).filter((i) => i !== null);
  }

  function isMine(seat) {
    return isHuman(seat) && mySeats().includes(seat);
  }

  /** Whether the page shows a replay's step (docs/replays.md): its seats are the players of a
      finished match, with nobody online, away or to connect. */
  function replaying() {
    return Boolean(state.snapshot?.replay);
  }

  /** Who played the seat, as the result says it: "Human", or "Computer · hard" (no presence
      words: the seat card of a replay). */
  function playedBy(seat) {
    const s = seatsInfo()[seat];
    if (s?.kind !== "computer") return t("seat.human");
    return s.level ? t("seat.computer-level", { level: levelName(s.level) }) : t("seat.computer");
  }

  return { seatsInfo, seatName, letterOf, isHuman, mySeats, isMine, replaying, playedBy };
}
