// Sound effects and a music loop, synthesized with the Web Audio API: oscillators, a noise
// buffer and gain envelopes. No audio files are fetched.
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
  const effect = Object.hasOwn(EFFECTS, name) ? EFFECTS[name] : null;
  if (effect === null) {
    if (!warned.has(name)) {
      warned.add(name);
      console.warn(`sound: no effect named ${JSON.stringify(name)}; known: ${EFFECT_NAMES}`);
    }
    return;
  }
  if (!audible() || !getSetting("sound")) return;
  effect(effectsBus, ctx.currentTime + 0.01);
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

function tone(out, t, { freq, to = freq, dur, type = "sine", peak = 0.3, attack = 0.005 }) {
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

function hiss(out, t, { dur, freq = 1000, to = freq, q = 1, filter = "bandpass", peak = 0.3 }) {
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

const jitter = (spread) => 1 + (Math.random() - 0.5) * spread;

// The effects: each lasts under 0.6 s.

const EFFECTS = Object.freeze({
  click(out, t) {
    tone(out, t, { freq: 1800, to: 1200, dur: 0.035, type: "triangle", peak: 0.25 });
    hiss(out, t, { dur: 0.015, freq: 4000, filter: "highpass", peak: 0.08 });
  },
  roll(out, t) {
    // Dice rattling in a cup, then settling: bursts come faster and softer.
    let at = t;
    for (let i = 0; i < 8; i += 1) {
      const freq = 2200 * jitter(0.6);
      hiss(out, at, { dur: 0.03, freq, q: 6, peak: 0.35 * (1 - i * 0.08) });
      tone(out, at, { freq: 320 * jitter(0.4), to: 200, dur: 0.04, peak: 0.08 });
      at += 0.058 * jitter(0.5) * (1 - i * 0.05);
    }
  },
  step(out, t) {
    // Two light paw pats.
    for (const [delay, freq] of [
      [0, 900],
      [0.09, 760],
    ]) {
      hiss(out, t + delay, { dur: 0.035, freq, q: 3, peak: 0.22 });
      tone(out, t + delay, { freq: 260, to: 180, dur: 0.04, peak: 0.1 });
    }
  },
  cheese(out, t) {
    tone(out, t, { freq: 988, dur: 0.09, type: "square", peak: 0.09 });
    tone(out, t + 0.09, { freq: 1480, dur: 0.18, type: "square", peak: 0.09 });
    tone(out, t + 0.09, { freq: 2960, dur: 0.14, peak: 0.05 });
  },
  build(out, t) {
    // Wooden knocks: a pitched thump plus the click of the contact.
    for (const [delay, freq] of [
      [0, 210],
      [0.14, 180],
    ]) {
      tone(out, t + delay, { freq, to: freq * 0.8, dur: 0.12, type: "triangle", peak: 0.45 });
      hiss(out, t + delay, { dur: 0.025, freq: 1400, q: 4, peak: 0.25 });
    }
  },
  lose(out, t) {
    [392, 330, 262].forEach((freq, i) => {
      tone(out, t + i * 0.15, { freq, to: freq * 0.97, dur: 0.2, type: "triangle", peak: 0.25 });
    });
  },
  redirect(out, t) {
    hiss(out, t, { dur: 0.3, freq: 500, to: 2600, q: 3, peak: 0.3 });
    tone(out, t + 0.05, { freq: 440, to: 880, dur: 0.22, type: "triangle", peak: 0.08 });
  },
  crank(out, t) {
    // A ratchet: clicks speeding up over a low creak.
    tone(out, t, { freq: 70, to: 95, dur: 0.45, type: "sawtooth", peak: 0.05, attack: 0.05 });
    let at = t;
    for (let gap = 0.09; at < t + 0.45; gap *= 0.85) {
      hiss(out, at, { dur: 0.012, freq: 3200, filter: "highpass", peak: 0.3 });
      at += gap;
    }
  },
  gears(out, t) {
    // Meshing teeth: even ticks of two pitches over a whirr.
    tone(out, t, { freq: 110, to: 140, dur: 0.5, type: "sawtooth", peak: 0.04, attack: 0.08 });
    for (let i = 0; i < 10; i += 1) {
      const freq = i % 2 === 0 ? 2600 : 1900;
      hiss(out, t + i * 0.045, { dur: 0.015, freq, q: 8, peak: 0.25 });
    }
  },
  marble(out, t) {
    // A marble bouncing down a chute: taps getting closer, then a glassy ping.
    let at = t;
    for (let i = 0, gap = 0.08; i < 6; i += 1, gap *= 0.8) {
      tone(out, at, { freq: 1900 * jitter(0.15), dur: 0.03, type: "triangle", peak: 0.12 });
      at += gap;
    }
    tone(out, at, { freq: 2640, dur: 0.2, peak: 0.12 });
  },
  splash(out, t) {
    tone(out, t, { freq: 700, to: 180, dur: 0.12, peak: 0.25 });
    hiss(out, t + 0.03, { dur: 0.45, freq: 3500, to: 400, filter: "lowpass", peak: 0.35 });
  },
  cage(out, t) {
    // A metal cage dropping: inharmonic partials ring out after a hard hit.
    hiss(out, t, { dur: 0.04, freq: 3000, q: 1, peak: 0.35 });
    for (const [freq, peak] of [
      [523, 0.12],
      [1391, 0.08],
      [2207, 0.06],
      [3045, 0.04],
    ]) {
      tone(out, t, { freq, dur: 0.55, type: "sine", peak, attack: 0.002 });
    }
  },
  stuck(out, t) {
    // A descending "wah-wah": two falling notes, each with a filter that opens and closes.
    [
      [311, 294],
      [277, 233],
    ].forEach(([freq, to], i) => {
      const at = t + i * 0.27;
      const wah = ctx.createBiquadFilter();
      wah.type = "lowpass";
      wah.Q.value = 8;
      wah.frequency.setValueAtTime(300, at);
      wah.frequency.exponentialRampToValueAtTime(1800, at + 0.09);
      wah.frequency.exponentialRampToValueAtTime(350, at + 0.26);
      wah.connect(out);
      const osc = tone(wah, at, { freq, to, dur: 0.26, type: "sawtooth", peak: 0.18 });
      osc.addEventListener("ended", () => wah.disconnect());
    });
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
  turn(out, t) {
    tone(out, t, { freq: 659, dur: 0.18, peak: 0.18 });
    tone(out, t + 0.1, { freq: 988, dur: 0.25, peak: 0.14 });
  },
  flip(out, t) {
    // A card snapped over and slapped down on the pile (Aus die Maus!).
    hiss(out, t, { dur: 0.06, freq: 2400, to: 900, q: 1.5, peak: 0.22 });
    tone(out, t + 0.05, { freq: 180, to: 120, dur: 0.06, type: "triangle", peak: 0.18 });
  },
  call(out, t) {
    // "Mouse, watch out, the cat is coming!": a rising meow, then two alarm squeaks.
    tone(out, t, { freq: 420, to: 760, dur: 0.22, type: "sawtooth", peak: 0.07, attack: 0.04 });
    tone(out, t + 0.22, { freq: 760, to: 520, dur: 0.16, type: "triangle", peak: 0.12 });
    tone(out, t + 0.4, { freq: 1760, to: 2100, dur: 0.07, type: "square", peak: 0.05 });
    tone(out, t + 0.5, { freq: 1760, to: 2100, dur: 0.07, type: "square", peak: 0.05 });
  },
});

const EFFECT_NAMES = Object.keys(EFFECTS).join(", ");

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
