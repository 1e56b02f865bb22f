// Mouse Trap's sound effects, registered with the shared engine (shared/sound.js, which also has
// the shared click, cheese, redirect, win and capture): the die, paws, builds, the machine's
// chain reaction and the turn chime. Imported once by the match page (main.js).

import { hiss, jitter, register, tone } from "/static/shared/sound.js";

register("roll", (out, t) => {
  // Dice rattling in a cup, then settling: bursts come faster and softer.
  let at = t;
  for (let i = 0; i < 8; i += 1) {
    const freq = 2200 * jitter(0.6);
    hiss(out, at, { dur: 0.03, freq, q: 6, peak: 0.35 * (1 - i * 0.08) });
    tone(out, at, { freq: 320 * jitter(0.4), to: 200, dur: 0.04, peak: 0.08 });
    at += 0.058 * jitter(0.5) * (1 - i * 0.05);
  }
});

register("step", (out, t) => {
  // Two light paw pats.
  for (const [delay, freq] of [
    [0, 900],
    [0.09, 760],
  ]) {
    hiss(out, t + delay, { dur: 0.035, freq, q: 3, peak: 0.22 });
    tone(out, t + delay, { freq: 260, to: 180, dur: 0.04, peak: 0.1 });
  }
});

register("build", (out, t) => {
  // Wooden knocks: a pitched thump plus the click of the contact.
  for (const [delay, freq] of [
    [0, 210],
    [0.14, 180],
  ]) {
    tone(out, t + delay, { freq, to: freq * 0.8, dur: 0.12, type: "triangle", peak: 0.45 });
    hiss(out, t + delay, { dur: 0.025, freq: 1400, q: 4, peak: 0.25 });
  }
});

register("lose", (out, t) => {
  [392, 330, 262].forEach((freq, i) => {
    tone(out, t + i * 0.15, { freq, to: freq * 0.97, dur: 0.2, type: "triangle", peak: 0.25 });
  });
});

register("crank", (out, t) => {
  // A ratchet: clicks speeding up over a low creak.
  tone(out, t, { freq: 70, to: 95, dur: 0.45, type: "sawtooth", peak: 0.05, attack: 0.05 });
  let at = t;
  for (let gap = 0.09; at < t + 0.45; gap *= 0.85) {
    hiss(out, at, { dur: 0.012, freq: 3200, filter: "highpass", peak: 0.3 });
    at += gap;
  }
});

register("gears", (out, t) => {
  // Meshing teeth: even ticks of two pitches over a whirr.
  tone(out, t, { freq: 110, to: 140, dur: 0.5, type: "sawtooth", peak: 0.04, attack: 0.08 });
  for (let i = 0; i < 10; i += 1) {
    const freq = i % 2 === 0 ? 2600 : 1900;
    hiss(out, t + i * 0.045, { dur: 0.015, freq, q: 8, peak: 0.25 });
  }
});

register("marble", (out, t) => {
  // A marble bouncing down a chute: taps getting closer, then a glassy ping.
  let at = t;
  for (let i = 0, gap = 0.08; i < 6; i += 1, gap *= 0.8) {
    tone(out, at, { freq: 1900 * jitter(0.15), dur: 0.03, type: "triangle", peak: 0.12 });
    at += gap;
  }
  tone(out, at, { freq: 2640, dur: 0.2, peak: 0.12 });
});

register("splash", (out, t) => {
  tone(out, t, { freq: 700, to: 180, dur: 0.12, peak: 0.25 });
  hiss(out, t + 0.03, { dur: 0.45, freq: 3500, to: 400, filter: "lowpass", peak: 0.35 });
});

register("cage", (out, t) => {
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
});

register("stuck", (out, t, ctx) => {
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
});

register("turn", (out, t) => {
  tone(out, t, { freq: 659, dur: 0.18, peak: 0.18 });
  tone(out, t + 0.1, { freq: 988, dur: 0.25, peak: 0.14 });
});
