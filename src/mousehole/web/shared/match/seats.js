// Who sits where, for the match controller and every game view: names, initials, humans and
// computers, and the seats this browser plays. Read from the snapshot (the server's truth), or
// from the setup before the first snapshot arrives.

/** The seat helpers over the match's `state` (shared/match/controller.js). */
export function seatHelpers(state) {
  const seatsInfo = () => state.snapshot?.seats || state.setup?.seats || [];

  /** The seat's name ("Seat 3" while nothing names it). */
  function seatName(seat) {
    const s = seatsInfo()[seat];
    return s ? s.name : `Seat ${Number(seat) + 1}`;
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

  return { seatsInfo, seatName, letterOf, isHuman, mySeats, isMine };
}
