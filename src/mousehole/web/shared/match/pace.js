// The pace of a match page (docs/web.md, "Pace"): a player's wait between two of their own
// decisions stays short while every move is still drawn. Each game's animations are written
// with their full durations; the page plays them at the playback factor (settings.js: 1 at
// normal speed, 0.4 faster, 0 instant) times `own` for the moves of the seats it plays, and
// times `others` for everyone else's (computers, other players online), which play briskly,
// one after another: a local match's page asks for a computer seat's move while it still
// animates the last one (controller.js, askAhead), and the server has begun choosing it when
// the last move was made (server/rooms/table.py, think_ahead).

export const PACE = Object.freeze({
  /** The factor on the durations of the moves of the seats this page plays. */
  own: 0.75,
  /** The factor on the durations of every other seat's moves. */
  others: 0.35,
  /** Milliseconds before the page asks for a computer seat's move it has not asked for yet
      (after a connect), at normal speed. */
  computerPause: 80,
  /** The factor on that pause with reduced motion. */
  reduced: 0.5,
});

/** The pause before asking for a computer seat's move, in milliseconds, for a page's `state`. */
export function computerPause(state) {
  return Math.round(PACE.computerPause * state.playback * (state.reduced ? PACE.reduced : 1));
}

/** The animation factor of a batch of committed `moves`: the playback factor times `others`
    when a seat this page does not play made one of them (`mine(seat)` says which it plays),
    else times `own`. */
export function batchFactor(state, moves, mine) {
  const others = moves.some((m) => Number.isInteger(m.seat) && !mine(m.seat));
  return state.playback * (others ? PACE.others : PACE.own);
}
