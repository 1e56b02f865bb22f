// The replay's player (docs/replays.md): it drives the game's own view (docs/web.md) through
// the server's per-step views, as the match controller does with a room's snapshots and
// updates. A step forward animates that move (`view.animate`), then shows the step's view
// (`view.show`), the truth; a step back or a jump shows the step at once. Nothing here knows
// any game: each step's view is a snapshot with nothing legal and a spectator's `you`, so the
// view offers no turn, and the page's copy of the record is the viewer's record up to the step.
// The log ("What happened") is the one the match page writes from the same moves and events:
// at step k it holds the lines of moves 1 to k, as if they had been stepped through one by one
// (a jump plays the moves it passes over at once and unheard; each step's lines are kept, so
// a step back takes its move's lines away).

import { hush } from "/static/shared/announce.js";
import { playbackFactor } from "/static/shared/settings.js";

/** The playback speeds offered, as multiples of normal. */
export const SPEEDS = [0.5, 1, 2, 4];

/** The pause between two moves while playing, at normal speed, when the view names none. */
const PAUSE = 650;

/** More lines than any game's log list keeps: a step's copy of the log is all of it. */
const LOG_LINES = 10_000;

/**
 * A player over `match` (shared/match/controller.js's answer): `load(data, at)` takes the
 * server's replay (and the log's first line, `intro`), then `go(step)`, `forward()`, `back()`,
 * `first()`, `last()`, `play()`, `pause()`, `toggle()` and `setSpeed(x)`. `onChange()` is
 * called after each change.
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
  let logs = []; // logs[k]: the log's lines once step k is shown (the steps reached so far)
  let aim = null; // the step a jump in progress goes to

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

  /** Show step `k` at once: the view forgets the last picture, and the log goes back to the
      nearest step before `k` already reached. The moves from there are played at once and
      unheard (their lines fill the log in), and the move that led to `k` is played and
      finished at once (a view may keep what a move did, such as why the match ended, from its
      animation) and said. */
  async function go(k) {
    if (!data) return;
    const target = Math.max(0, Math.min(last(), k));
    const old = running;
    interrupt();
    const mine = generation;
    aim = target;
    try {
      await old?.catch(() => {}); // its last lines land before the log is set back
      if (mine === generation) await jump(target, mine);
    } finally {
      if (mine === generation) aim = null;
    }
  }

  async function jump(target, mine) {
    view.reset?.();
    let from = Math.max(0, target - 1);
    while (from > 0 && !logs[from]) from -= 1;
    log.restoreLog(logs[from]);
    if (target === 0) {
      show(0);
      view.render();
      return;
    }
    show(from, { quiet: true });
    if (step < target - 1) {
      const done = hush();
      try {
        while (step < target - 1) {
          await forward({ instant: true, quiet: true });
          if (mine !== generation) return;
        }
      } finally {
        done();
      }
    }
    await forward({ instant: true });
  }

  /** Animate the move after the shown step (`instant`: finished at once), then show the next
      step (`quiet`: a step a jump passes over, which nobody is told of). */
  async function forward({ instant = false, quiet = false } = {}) {
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
    // Instant: skipped before it starts (no first frame waited for) and once it has.
    if (instant) view.skip();
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
    show(from + 1, { quiet: true });
    view.afterMoves?.(mark);
    logs[step] = log.exportLog(LOG_LINES);
    if (quiet) return;
    onChange();
    if (step >= last()) onEnd();
  }

  /** The step shown, or the one a jump in progress goes to. */
  const here = () => aim ?? step;

  function back() {
    if (data && here() > 0) go(here() - 1);
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

  async function play() {
    if (!data || playing) return;
    playing = true;
    onChange();
    if (here() >= last()) await go(0); // from the start again
    else if (aim !== null) await go(aim);
    if (playing) loop();
  }

  function pause() {
    if (!playing) return;
    playing = false;
    clearTimeout(timer);
    onChange();
  }

  return {
    load(replay, at = 0, intro = "") {
      playing = false;
      data = replay;
      state.connected = true; // nothing to connect to: the page holds the whole replay
      log.clearLog();
      log.addLine(intro, { kind: "info" });
      logs = [log.exportLog(LOG_LINES)];
      return go(at);
    },
    go: (k) => {
      playing = false;
      go(k);
    },
    forward: () => {
      playing = false;
      return aim === null ? forward() : go(aim + 1);
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
    get jumping() { return aim !== null; },
    get steps() { return last(); },
    get playing() { return playing; },
    get speed() { return speed; },
    get animating() { return Boolean(running); },
  };
}
