// Mouse Chaos's sound effects, registered with the shared engine (shared/sound.js, which also
// has the shared click, cheese, redirect, win and capture): tiny feet, a holder turned up, a
// chair set down, the cat, a nest's reveal and its right and wrong mice. Imported once by
// main.js.

import { hiss, jitter, register, tone } from "/static/shared/sound.js";

register("step", (out, t) => {
  // One tiny scurry of claws on the kitchen tiles.
  hiss(out, t, { dur: 0.025, freq: 3200 * jitter(0.3), q: 4, peak: 0.12 });
});

register("flip", (out, t) => {
  // A plastic dome lifted and turned: a hollow knock, then a bright tick.
  tone(out, t, { freq: 330, to: 250, dur: 0.07, type: "triangle", peak: 0.16 });
  tone(out, t + 0.08, { freq: 1320, dur: 0.04, type: "sine", peak: 0.1 });
});

register("chair", (out, t) => {
  // Four wooden legs set down on the floor, not quite together.
  for (let i = 0; i < 4; i += 1) {
    tone(out, t + i * 0.035 * jitter(0.4), { freq: 150 * jitter(0.2), to: 95, dur: 0.06, type: "triangle", peak: 0.14 });
  }
});

register("caught", (out, t) => {
  // A short hiss of a cat, then the squeak of a mouse running for the carpet.
  hiss(out, t, { dur: 0.18, freq: 2600, to: 1800, q: 0.8, peak: 0.12 });
  tone(out, t + 0.2, { freq: 1900, to: 2600, dur: 0.09, type: "square", peak: 0.04 });
});

register("reveal", (out, t) => {
  // A drum roll on the table before the nest is turned over.
  for (let i = 0; i < 6; i += 1) {
    tone(out, t + i * 0.05, { freq: 110 * jitter(0.1), to: 80, dur: 0.05, type: "triangle", peak: 0.1 + i * 0.02 });
  }
});

register("right", (out, t) => {
  // Two rising notes: a mouse of the right colour.
  tone(out, t, { freq: 660, dur: 0.1, type: "triangle", peak: 0.14 });
  tone(out, t + 0.1, { freq: 990, dur: 0.16, type: "triangle", peak: 0.14 });
});

register("wrong", (out, t) => {
  // A falling slide: the reveal stops, the mouse runs off.
  tone(out, t, { freq: 520, to: 260, dur: 0.3, type: "sawtooth", peak: 0.06, attack: 0.02 });
});
