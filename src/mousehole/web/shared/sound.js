// Sound effects and a music loop, synthesized with the Web Audio API: oscillators, a noise
// buffer and gain envelopes. No audio files are fetched.
//
// This module is the engine, the building blocks (tone, hiss, jitter) and the effects every page
// shares (click, cheese, redirect, win, capture). Each game's web folder registers its own
// effects in its sounds.js: `register("flip", (out, t, ctx) => { hiss(out, t, {...}); })`, where
// `out` is the effects' gain node, `t` the start time and `ctx` the AudioContext (docs/web.md).
//
// Browsers let audio start only after a user gesture, so nothing is made until unlockAudio() is
// called from one; until then play() is silent. Sound and music have their own switch and volume
// in settings.js, and follow changes to them (from this tab or another) as they happen.

import { getSetting, subscribe } from "./settings.js";

const SILENT = 0.0001; // exponential ramps cannot reach 0
const MUSIC_LOUDNESS = 0.55; // the tune sits under the effects at equal volume settings

let ctx = null;
let effectsBus = null;
let musicBus = null;
let noise = null;
let resuming = false;
let musicWanted = true;
let music = null; // the running tune: { bus, timer, nextBar }
const warned = new Set();

/** Create or resume the AudioContext; call it from a user gesture (click, key press). */
export function unlockAudio() {
  if (ctx === null) {
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Context) return;
    try {
      ctx = new Context();
    } catch {
      return; // audio unavailable: the game stays silent
    }
    effectsBus = ctx.createGain();
    effectsBus.gain.value = loudness(getSetting("soundVolume"));
    effectsBus.connect(ctx.destination);
    musicBus = ctx.createGain();
    musicBus.gain.value = loudness(getSetting("musicVolume")) * MUSIC_LOUDNESS;
    musicBus.connect(ctx.destination);
  }
  if (ctx.state === "suspended" && !resuming) {
    resuming = true;
    ctx
      .resume()
      .catch(() => {})
      .finally(() => {
        resuming = false;
      });
  }
  followMusic();
}

/** Play the effect `name` now, if sound is on and audio is unlocked. */
export function play(name) {
  const effect = EFFECTS.get(name);
  if (effect === undefined) {
    if (!warned.has(name)) {
      warned.add(name);
      console.warn(`sound: no effect named ${JSON.stringify(name)}; known: ${[...EFFECTS.keys()].join(", ")}`);
    }
    return;
  }
  if (!audible() || !getSetting("sound")) return;
  effect(effectsBus, ctx.currentTime + 0.01, ctx);
}

/**
 * Add the effect `name`: `effect(out, t, ctx)` places its sounds at time `t` on the node `out`
 * (with tone, hiss and the AudioContext `ctx`). A name is registered once: a second effect of
 * the same name is an error, so one game cannot replace another's or a shared one.
 */
export function register(name, effect) {
  if (typeof name !== "string" || !name) throw new TypeError(`sound: an effect needs a name, not ${JSON.stringify(name)}`);
  if (typeof effect !== "function") throw new TypeError(`sound: the effect ${JSON.stringify(name)} must be a function (out, t, ctx)`);
  if (EFFECTS.has(name)) throw new Error(`sound: an effect named ${JSON.stringify(name)} is already registered`);
  EFFECTS.set(name, effect);
}

/** Say whether this page plays its tune (default yes); the player's music setting decides. */
export function setMusic(on) {
  musicWanted = Boolean(on);
  followMusic();
}

/** Return { unlocked, music }: whether audio may sound, and whether the tune is playing. */
export function audioState() {
  return { unlocked: ctx !== null && ctx.state === "running", music: music !== null };
}

function audible() {
  return ctx !== null && (ctx.state === "running" || resuming);
}

// Perceived loudness grows roughly with the square of the gain.
function loudness(volume) {
  return volume * volume;
}

subscribe((key, value) => {
  if (ctx === null) {
    return;
  } else if (key === "soundVolume") {
    effectsBus.gain.setTargetAtTime(loudness(value), ctx.currentTime, 0.03);
  } else if (key === "musicVolume") {
    musicBus.gain.setTargetAtTime(loudness(value) * MUSIC_LOUDNESS, ctx.currentTime, 0.03);
  } else if (key === "music") {
    followMusic();
  }
});

// Building blocks: every sound is a few of these, placed at time `t` on the bus `out`.

function envelope(param, t, peak, attack, decay) {
  param.setValueAtTime(SILENT, t);
  param.exponentialRampToValueAtTime(peak, t + attack);
  param.exponentialRampToValueAtTime(SILENT, t + attack + decay);
}

/** An oscillator note on `out` at `t`: `freq` (gliding `to`), `dur` s, `type`, `peak` gain. */
export function tone(out, t, { freq, to = freq, dur, type = "sine", peak = 0.3, attack = 0.005 }) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (to !== freq) osc.frequency.exponentialRampToValueAtTime(to, t + dur);
  envelope(amp.gain, t, peak, attack, dur - attack);
  osc.connect(amp).connect(out);
  osc.start(t);
  osc.stop(t + dur + 0.02);
  osc.onended = () => amp.disconnect();
  return osc;
}

/** Filtered noise on `out` at `t` (a rattle, a splash, a click's contact). */
export function hiss(out, t, { dur, freq = 1000, to = freq, q = 1, filter = "bandpass", peak = 0.3 }) {
  if (noise === null) {
    noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
    const samples = noise.getChannelData(0);
    for (let i = 0; i < samples.length; i += 1) samples[i] = Math.random() * 2 - 1;
  }
  const source = ctx.createBufferSource();
  const shape = ctx.createBiquadFilter();
  const amp = ctx.createGain();
  source.buffer = noise;
  shape.type = filter;
  shape.Q.value = q;
  shape.frequency.setValueAtTime(freq, t);
  if (to !== freq) shape.frequency.exponentialRampToValueAtTime(to, t + dur);
  envelope(amp.gain, t, peak, 0.002, dur - 0.002);
  source.connect(shape).connect(amp).connect(out);
  source.start(t, Math.random() * 0.5);
  source.stop(t + dur + 0.02);
  source.onended = () => amp.disconnect();
}

/** A random factor round 1 (`spread` 0.4: 0.8 to 1.2), so repeats never sound the same. */
export const jitter = (spread) => 1 + (Math.random() - 0.5) * spread;

// The shared effects (every game page and the settings panel); each game's folder registers
// its own in its sounds.js. Each lasts under 0.6 s.

const EFFECTS = new Map(Object.entries({
  click(out, t) {
    tone(out, t, { freq: 1800, to: 1200, dur: 0.035, type: "triangle", peak: 0.25 });
    hiss(out, t, { dur: 0.015, freq: 4000, filter: "highpass", peak: 0.08 });
  },
  cheese(out, t) {
    tone(out, t, { freq: 988, dur: 0.09, type: "square", peak: 0.09 });
    tone(out, t + 0.09, { freq: 1480, dur: 0.18, type: "square", peak: 0.09 });
    tone(out, t + 0.09, { freq: 2960, dur: 0.14, peak: 0.05 });
  },
  redirect(out, t) {
    hiss(out, t, { dur: 0.3, freq: 500, to: 2600, q: 3, peak: 0.3 });
    tone(out, t + 0.05, { freq: 440, to: 880, dur: 0.22, type: "triangle", peak: 0.08 });
  },
  win(out, t) {
    // A little fanfare: C-E-G then a held high C.
    [523, 659, 784].forEach((freq, i) => {
      tone(out, t + i * 0.09, { freq, dur: 0.1, type: "square", peak: 0.08 });
    });
    tone(out, t + 0.27, { freq: 1047, dur: 0.3, type: "square", peak: 0.09 });
    tone(out, t + 0.27, { freq: 523, dur: 0.3, type: "triangle", peak: 0.15 });
  },
  capture(out, t) {
    hiss(out, t, { dur: 0.05, freq: 1800, q: 2, peak: 0.35 });
    tone(out, t, { freq: 620, to: 110, dur: 0.22, type: "triangle", peak: 0.3 });
  },
}));


// The music: an eight-bar lullaby in 6/8 (G major), bass on beats 1 and 4, soft chords between.
// Melody notes are [MIDI note, length in eighths]; each bar adds up to six eighths.

const EIGHTH = 0.3; // seconds: a dotted quarter at about 67 beats a minute
const BAR = 6 * EIGHTH;
const LOOKAHEAD = 2.5; // seconds scheduled ahead, enough for timers throttled in background tabs
const MELODY = [
  [[71, 2], [69, 1], [67, 2], [62, 1]],
  [[64, 2], [67, 1], [72, 2], [71, 1]],
  [[69, 2], [71, 1], [72, 2], [69, 1]],
  [[71, 3], [67, 3]],
  [[67, 2], [71, 1], [76, 2], [74, 1]],
  [[72, 2], [76, 1], [74, 2], [72, 1]],
  [[71, 2], [69, 1], [66, 2], [69, 1]],
  [[67, 5], [null, 1]],
];
// Per bar: the two bass notes, then the two chord notes played on eighths 2, 3, 5 and 6.
const HARMONY = [
  [[43, 50], [59, 62]], // G
  [[48, 43], [60, 64]], // C
  [[50, 45], [54, 57]], // D
  [[43, 50], [59, 62]], // G
  [[40, 47], [55, 59]], // Em
  [[48, 43], [60, 64]], // C
  [[50, 45], [54, 57]], // D
  [[43, 43], [59, 62]], // G
];

const hertz = (midi) => 440 * 2 ** ((midi - 69) / 12);

function followMusic() {
  const shouldPlay = ctx !== null && musicWanted && getSetting("music");
  if (shouldPlay && music === null) startMusic();
  if (!shouldPlay && music !== null) stopMusic();
}

function startMusic() {
  // Each run of the tune gets its own bus, so stopping can fade out notes already scheduled.
  const bus = ctx.createGain();
  bus.connect(musicBus);
  music = { bus, bar: 0, nextBar: ctx.currentTime + 0.1, timer: null };
  const tick = () => {
    while (music.nextBar < ctx.currentTime + LOOKAHEAD) {
      scheduleBar(music.bus, music.bar, music.nextBar);
      music.bar = (music.bar + 1) % MELODY.length;
      music.nextBar += BAR;
    }
  };
  tick();
  music.timer = setInterval(tick, 500);
}

function stopMusic() {
  const { bus, timer } = music;
  clearInterval(timer);
  bus.gain.setTargetAtTime(0, ctx.currentTime, 0.05);
  setTimeout(() => bus.disconnect(), 400);
  music = null;
}

function scheduleBar(bus, bar, start) {
  let at = start;
  for (const [midi, eighths] of MELODY[bar]) {
    const dur = eighths * EIGHTH * 0.95;
    if (midi !== null) {
      tone(bus, at, { freq: hertz(midi), dur, type: "triangle", peak: 0.22, attack: 0.03 });
    }
    at += eighths * EIGHTH;
  }
  const [bass, chord] = HARMONY[bar];
  bass.forEach((midi, beat) => {
    const dur = 3 * EIGHTH * 0.9;
    tone(bus, start + beat * 3 * EIGHTH, { freq: hertz(midi), dur, peak: 0.28, attack: 0.02 });
  });
  for (const eighth of [1, 2, 4, 5]) {
    for (const midi of chord) {
      const dur = EIGHTH * 0.7;
      tone(bus, start + eighth * EIGHTH, { freq: hertz(midi), dur, type: "triangle", peak: 0.05 });
    }
  }
}
