// The replay's player (docs/replays.md): it drives the game's own view (docs/web.md) through
// the server's per-step views, as the match controller does with a room's snapshots and
// updates. A step forward animates that move (`view.animate`), then shows the step's view
// (`view.show`), the truth; a step back or a jump shows the step at once. Nothing here knows
// any game: each step's view is a snapshot with nothing legal and a spectator's `you`, so the
// view offers no turn, and the page's copy of the record is the viewer's record up to the step.

import { playbackFactor } from "/static/shared/settings.js";

/** The playback speeds offered, as multiples of normal. */
export const SPEEDS = [0.5, 1, 2, 4];

/** The pause between two moves while playing, at normal speed, when the view names none. */
const PAUSE = 650;

/**
 * A player over `match` (shared/match/controller.js's answer): `load(data, at)` takes the
 * server's replay, then `go(step)`, `forward()`, `back()`, `first()`, `last()`, `play()`,
 * `pause()`, `toggle()` and `setSpeed(x)`. `onChange()` is called after each change.
 */
export function createPlayer(match, { onChange = () => {}, onEnd = () => {} } = {}) {
  const { state, game } = match;
  const { view, log } = game;
  let data = null;
  let step = 0;
  let playing = false;
  let speed = 1;
  let generation = 0;
  let running = null; // the animation of a step forward, while it plays
  let timer = null;

  const last = () => (data ? data.moves.length : 0);

  function snapshotAt(k) {
    const s = data.steps[k];
    return {
      type: "snapshot", replay: true, game: data.game, options: data.options, version: k,
      seats: data.seats, state: s.state, to_act: s.to_act, legal: [], winners: s.winners,
      you: { spectator: true, view: data.viewer },
    };
  }

  function recordAt(k) {
    return { ...data.record, moves: data.record.moves.slice(0, k) };
  }

  /** Make step `k` what the page shows (the end of an animation, or a jump). */
  function show(k, { quiet = false } = {}) {
    step = k;
    state.snapshot = snapshotAt(k);
    state.record = recordAt(k);
    state.shownVersion = k;
    view.show(state.snapshot);
    if (!quiet) onChange();
  }

  /** Stop what plays now (an animation, the pause before the next move). */
  function interrupt() {
    generation += 1;
    clearTimeout(timer);
    timer = null;
    if (state.animating) view.skip();
    view.stop?.();
    state.animating = false;
    running = null;
  }

  /** Show step `k` at once: the view forgets the last picture and its log starts again. The
      move that led there is played and finished at once (a view may keep what a move did, such
      as why the match ended, from its animation). */
  function go(k) {
    if (!data) return Promise.resolve();
    const target = Math.max(0, Math.min(last(), k));
    interrupt();
    view.reset?.();
    log.clearLog();
    if (target === 0) {
      show(0);
      view.render();
      return Promise.resolve();
    }
    show(target - 1, { quiet: true });
    return forward({ instant: true });
  }

  /** Animate the move after the shown step (`instant`: finished at once), then show the next
      step. */
  async function forward({ instant = false } = {}) {
    if (!data) return;
    if (running) {
      view.skip(); // a second press finishes the move that plays, then steps on
      await running;
    }
    if (step >= last()) return;
    const mine = generation;
    const from = step;
    const mark = view.beforeMoves?.();
    state.snapshot = snapshotAt(from + 1);
    state.record = recordAt(from + 1);
    state.factor = (Number(playbackFactor()) || 1) / speed;
    state.animating = true;
    view.render();
    running = Promise.resolve(view.animate([data.moves[from]]));
    if (instant) view.skip();
    try {
      await running;
    } finally {
      if (mine === generation) {
        running = null;
        view.batchEnd?.();
        state.animating = false;
      }
    }
    if (mine !== generation) return;
    show(from + 1);
    view.afterMoves?.(mark);
    if (step >= last()) onEnd();
  }

  function back() {
    if (data && step > 0) go(step - 1);
  }

  async function loop() {
    const mine = generation;
    while (playing && mine === generation && step < last()) {
      await forward();
      if (!playing || mine !== generation || step >= last()) break;
      const pause = (view.computerPause?.() ?? PAUSE) / speed;
      await new Promise((resolve) => {
        timer = setTimeout(resolve, pause);
      });
    }
    if (mine === generation && playing) {
      playing = false;
      onChange();
    }
  }

  function play() {
    if (!data || playing) return;
    if (step >= last()) go(0); // from the start again
    playing = true;
    onChange();
    loop();
  }

  function pause() {
    if (!playing) return;
    playing = false;
    clearTimeout(timer);
    onChange();
  }

  return {
    load(replay, at = 0) {
      playing = false;
      data = replay;
      state.connected = true; // nothing to connect to: the page holds the whole replay
      go(at);
    },
    go: (k) => {
      playing = false;
      go(k);
    },
    forward: () => {
      playing = false;
      return forward();
    },
    back: () => {
      playing = false;
      back();
    },
    first: () => {
      playing = false;
      go(0);
    },
    last: () => {
      playing = false;
      go(last());
    },
    play,
    pause,
    toggle: () => (playing ? pause() : play()),
    setSpeed(x) {
      speed = SPEEDS.includes(x) ? x : 1;
      onChange();
    },
    get data() { return data; },
    get step() { return step; },
    get steps() { return last(); },
    get playing() { return playing; },
    get speed() { return speed; },
    get animating() { return Boolean(running); },
  };
}
