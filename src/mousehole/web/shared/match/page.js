// The parts of a match page around the game (docs/web.md): the player's preferences (speed,
// reduced motion), sound after the first gesture, the header's and toolbar's shared buttons
// (New match, Skip, Faster, Download record), the shared keys (S skip, F faster; the game's own
// keys go to its view), the record as a file, and the read-only debugging peek.

import { hushed } from "/static/shared/announce.js";
import { getSetting, setSetting, subscribe, reducedMotion, playbackFactor } from "/static/shared/settings.js";
import { unlockAudio, play } from "/static/shared/sound.js";
import { mountSettings } from "/static/shared/settings-panel.js";
import { levelName, t } from "/static/shared/i18n.js";

const $ = (id) => document.getElementById(id);

/** Whether a key press belongs to a text field (it types, it plays nothing). */
function typing(target) {
  return target instanceof Element && target.closest("input, select, textarea, [contenteditable]");
}

/** Whether a dialog is open (keys then belong to it). */
export function anyDialogOpen() {
  return [...document.querySelectorAll("dialog")].some((d) => d.open);
}

/** Add the page's shared controls to `match` (shared/match/controller.js). */
export function installPage(match) {
  const { game, state } = match;
  const { view, announce } = game;
  const oneLevel = game.form.levels.length === 1;

  function readPrefs() {
    state.fast = getSetting("speed") === "fast";
    state.reduced = Boolean(reducedMotion());
    state.playback = Math.max(0, Number(playbackFactor()) || 0); // 0: instant
    if (!state.animating) state.factor = state.playback;
    document.body.classList.toggle("reduced", state.reduced);
    view.render();
  }

  let unlocked = false;
  /** A user gesture: audio may start now (browsers allow it only after one). */
  match.gesture = () => {
    if (unlocked) return;
    unlocked = true;
    try {
      unlockAudio();
    } catch {
      // no audio in this browser: the game is silent
    }
  };

  /** Play a sound effect (decoration: never an error, silent while the view says so, or while
      a replay plays the moves a jump passes over). */
  match.sound = (name) => {
    if (hushed() || view.silent?.()) return;
    try {
      play(name);
    } catch {
      // sound is decoration
    }
  };

  match.toggleSpeed = () => setSetting("speed", state.fast ? "normal" : "fast");

  /** The match record as a file for `mousehole replay` (the seat names ride along as players). */
  match.downloadRecord = () => {
    if (!state.record) return;
    const players = match.seatsInfo().map((s) => (s.kind !== "computer" ? s.name
      : oneLevel ? t("record.computer", { name: s.name }) : t("record.computer-level", { name: s.name, level: levelName(s.level) })));
    const text = `${JSON.stringify({ ...state.record, players }, null, 2)}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const file = `${game.name}-record.json`;
    const link = document.createElement("a");
    link.href = url;
    link.download = file;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    announce(t("record.downloading", { file }));
  };

  $("new-match").addEventListener("click", () => match.newMatch());
  $("skip-animation").addEventListener("click", () => view.skip());
  $("speed-toggle").addEventListener("click", () => match.toggleSpeed());
  $("download-record").addEventListener("click", () => match.downloadRecord());
  document.addEventListener("keydown", (event) => {
    match.gesture();
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (typing(event.target) || anyDialogOpen()) return;
    const key = event.key.toLowerCase();
    if (key === "s") view.skip();
    else if (key === "f") match.toggleSpeed();
    else view.key?.(key, event);
  });
  document.addEventListener("pointerdown", () => match.gesture(), { capture: true });

  try {
    mountSettings($("settings"));
  } catch {
    // the settings panel is optional decoration of the header
  }
  subscribe(readPrefs);
  readPrefs();

  /** `window.<name>Page`: a read-only peek for the console and the tests (no authority). */
  match.peek = (extra = {}) => {
    const peek = {
      get snapshot() { return state.snapshot; },
      get record() { return state.record; },
      get received() { return state.received; },
      get animating() { return state.animating; },
      get busy() { return state.busy; }, // an action or an advance is on its way to the server
      get connected() { return state.connected; },
      // The page shows its snapshot: nothing animating, queued or waiting to be drawn, and no
      // log being written again after a (re)connection.
      get idle() { return !state.animating && !state.held && !state.queue.length && !view.pending(); },
    };
    Object.defineProperties(peek, Object.getOwnPropertyDescriptors(extra));
    window[`${game.name}Page`] = peek;
  };
}
