// Aus die Maus!'s sound effects, registered with the shared engine (shared/sound.js): a card
// turned over and the call. A catch plays the shared capture then cheese, an escape redirect,
// the end win. Imported once by the match page (main.js).

import { hiss, register, tone } from "/static/shared/sound.js";

register("flip", (out, t) => {
  // A card snapped over and slapped down on the pile.
  hiss(out, t, { dur: 0.06, freq: 2400, to: 900, q: 1.5, peak: 0.22 });
  tone(out, t + 0.05, { freq: 180, to: 120, dur: 0.06, type: "triangle", peak: 0.18 });
});

register("call", (out, t) => {
  // "Mouse, watch out, the cat is coming!": a rising meow, then two alarm squeaks.
  tone(out, t, { freq: 420, to: 760, dur: 0.22, type: "sawtooth", peak: 0.07, attack: 0.04 });
  tone(out, t + 0.22, { freq: 760, to: 520, dur: 0.16, type: "triangle", peak: 0.12 });
  tone(out, t + 0.4, { freq: 1760, to: 2100, dur: 0.07, type: "square", peak: 0.05 });
  tone(out, t + 0.5, { freq: 1760, to: 2100, dur: 0.07, type: "square", peak: 0.05 });
});
