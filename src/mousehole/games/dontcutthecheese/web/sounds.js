// Don't Cut the Cheese's sound effects, registered with the shared engine (shared/sound.js, which
// also has click, cheese, redirect, win and capture): the spinner's ratchet, Max's punch of a
// bite, the trap's snap, a token drawn from the bag, and Reverse. Imported once by main.js.

import { hiss, jitter, register, tone } from "/static/shared/sound.js";

register("spin", (out, t) => {
  // The spinner's ratchet: clicks that slow down as it comes to rest.
  let at = t;
  let gap = 0.035;
  for (let i = 0; i < 16; i += 1) {
    hiss(out, at, { dur: 0.012, freq: 3200 * jitter(0.3), q: 8, peak: 0.22 });
    tone(out, at, { freq: 1400 * jitter(0.2), dur: 0.014, type: "triangle", peak: 0.05 });
    at += gap;
    gap *= 1.13;
  }
});

register("punch", (out, t) => {
  // A hole punch through paper: a dull thunk with a papery crunch.
  tone(out, t, { freq: 170 * jitter(0.2), to: 90, dur: 0.09, type: "triangle", peak: 0.4 });
  hiss(out, t + 0.01, { dur: 0.07, freq: 2600, to: 1200, q: 1.2, peak: 0.28 });
  hiss(out, t + 0.06, { dur: 0.04, freq: 5200, filter: "highpass", peak: 0.08 });
});

register("snap", (out, t) => {
  // The bars slam together and the paper rips.
  tone(out, t, { freq: 95, to: 45, dur: 0.25, type: "sawtooth", peak: 0.3 });
  hiss(out, t, { dur: 0.05, freq: 1800, q: 0.8, peak: 0.5 });
  hiss(out, t + 0.05, { dur: 0.32, freq: 3000, to: 700, q: 0.6, peak: 0.22 });
  tone(out, t + 0.02, { freq: 2400, to: 1900, dur: 0.12, type: "square", peak: 0.04 });
});

register("draw", (out, t) => {
  // A rummage in a cloth bag, then the token clicks down and turns over.
  hiss(out, t, { dur: 0.18, freq: 900, to: 1500, q: 0.7, peak: 0.14 });
  tone(out, t + 0.2, { freq: 1250, to: 900, dur: 0.05, type: "triangle", peak: 0.2 });
  tone(out, t + 0.3, { freq: 1650, dur: 0.06, type: "triangle", peak: 0.12 });
});

register("reverse", (out, t) => {
  // A whoop that turns round.
  tone(out, t, { freq: 500, to: 900, dur: 0.14, type: "triangle", peak: 0.15 });
  tone(out, t + 0.14, { freq: 900, to: 420, dur: 0.18, type: "triangle", peak: 0.15 });
});
