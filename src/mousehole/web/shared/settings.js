// The player's preferences (sound, music, motion, speed), remembered in localStorage.
//
// Only the values the player chose are stored, under one key; everything else falls back to
// DEFAULTS, so a later change of a default reaches players who never touched that setting.
// Where localStorage is blocked or full, settings live in memory for the session: every storage
// call is guarded, because a browser may throw on merely reading `window.localStorage`.

export const DEFAULTS = Object.freeze({
  sound: true,
  music: false,
  soundVolume: 0.7,
  musicVolume: 0.35,
  reducedMotion: "system", // "system" | "on" | "off"
  speed: "normal", // "normal" | "fast" | "instant"
  sidePanel: "open", // "open" | "closed": a match page's side panel (the board takes its room)
});

const STORAGE_KEY = "mousehole.settings";
const PROBE_KEY = "mousehole.probe";
const PLAYBACK_FACTORS = Object.freeze({ normal: 1, fast: 0.4, instant: 0 });

const isBoolean = (value) => typeof value === "boolean";
const isVolume = (value) => typeof value === "number" && value >= 0 && value <= 1;
const oneOf = (...choices) => (value) => choices.includes(value);

// Each setting's check, and what a valid value looks like (for the error message).
const RULES = Object.freeze({
  sound: [isBoolean, "true or false"],
  music: [isBoolean, "true or false"],
  soundVolume: [isVolume, "a number from 0 to 1"],
  musicVolume: [isVolume, "a number from 0 to 1"],
  reducedMotion: [oneOf("system", "on", "off"), '"system", "on" or "off"'],
  speed: [oneOf("normal", "fast", "instant"), '"normal", "fast" or "instant"'],
  sidePanel: [oneOf("open", "closed"), '"open" or "closed"'],
});

const subscribers = new Set();
let storageWorks = probeStorage();
let chosen = readStored();

/** Return the value of setting `key`: the player's choice, or its default. */
export function getSetting(key) {
  checkKey("getSetting", key);
  return Object.hasOwn(chosen, key) ? chosen[key] : DEFAULTS[key];
}

/** Check, remember and announce a new value for setting `key`. */
export function setSetting(key, value) {
  checkKey("setSetting", key);
  const [valid, expected] = RULES[key];
  if (!valid(value)) {
    throw new TypeError(
      `setSetting: "${key}" must be ${expected}, not ${describe(value)}`,
    );
  }
  const before = getSetting(key);
  chosen = { ...chosen, [key]: value };
  writeStored();
  if (value !== before) notify(key, value);
}

/** Call `fn(key, value)` on every change, from this tab or another; return the unsubscriber. */
export function subscribe(fn) {
  if (typeof fn !== "function") {
    throw new TypeError(`subscribe: expected a function, not ${describe(fn)}`);
  }
  subscribers.add(fn);
  return () => {
    subscribers.delete(fn);
  };
}

/** Return true when animations should be cut: asked for here, or by the system on "system". */
export function reducedMotion() {
  const choice = getSetting("reducedMotion");
  if (choice !== "system") return choice === "on";
  return systemPrefersReducedMotion();
}

/** Return the factor to multiply animation durations by: 1 at normal speed, 0.4 when fast, 0
    when instant (every move shows its result at once). */
export function playbackFactor() {
  return PLAYBACK_FACTORS[getSetting("speed")];
}

/** Return false when this browser refuses localStorage: settings then last for the session. */
export function storageAvailable() {
  return storageWorks;
}

function checkKey(caller, key) {
  if (!Object.hasOwn(DEFAULTS, key)) {
    const known = Object.keys(DEFAULTS).join(", ");
    throw new TypeError(`${caller}: unknown setting ${describe(key)} (known: ${known})`);
  }
}

function describe(value) {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") return "a function";
  return String(value);
}

function systemPrefersReducedMotion() {
  try {
    return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
  } catch {
    return false;
  }
}

function notify(key, value) {
  for (const fn of [...subscribers]) {
    try {
      fn(key, value);
    } catch (error) {
      // One broken subscriber must not silence the others; report it as uncaught.
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

function probeStorage() {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return false;
    storage.setItem(PROBE_KEY, "1");
    storage.removeItem(PROBE_KEY);
    return true;
  } catch {
    return false;
  }
}

/** Return the valid stored choices in `raw` (JSON text); anything malformed is dropped. */
function parseChoices(raw) {
  let stored;
  try {
    stored = JSON.parse(raw ?? "{}");
  } catch {
    return {};
  }
  const valid = {};
  if (stored === null || typeof stored !== "object") return valid;
  for (const [key, [check]] of Object.entries(RULES)) {
    if (Object.hasOwn(stored, key) && check(stored[key])) valid[key] = stored[key];
  }
  return valid;
}

function readStored() {
  if (!storageWorks) return {};
  try {
    return parseChoices(globalThis.localStorage.getItem(STORAGE_KEY));
  } catch {
    storageWorks = false;
    return {};
  }
}

function writeStored() {
  if (!storageWorks) return;
  try {
    globalThis.localStorage.setItem(STORAGE_KEY, JSON.stringify(chosen));
  } catch {
    storageWorks = false; // blocked or full since the page loaded: keep the rest in memory
  }
}

// Another tab changed the settings: adopt its values and tell this tab's subscribers.
globalThis.addEventListener?.("storage", (event) => {
  if (!storageWorks || (event.key !== STORAGE_KEY && event.key !== null)) return;
  const before = Object.fromEntries(Object.keys(DEFAULTS).map((key) => [key, getSetting(key)]));
  chosen = parseChoices(event.key === null ? null : event.newValue);
  for (const [key, value] of Object.entries(before)) {
    const now = getSetting(key);
    if (now !== value) notify(key, now);
  }
});
