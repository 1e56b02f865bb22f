// The Mouse Trap machine: its 23 components (drawn by machine-parts.js) and their chain reaction.
//
// Shared by the match page and the Trap Playground. Presentation only: it never touches a match,
// the network or storage, and an animation decides nothing (the engine already has).
// Everything is drawn in its own 640×420 box; motion is requestAnimationFrame on SVG `transform`
// attributes, so `speed`, skip and reduced motion all go through one clock.

import { DRAW, INK, el, inked, render } from "./machine-parts.js";
import { t } from "/static/shared/i18n.js";

/** The 23 components, in the spec's numbered construction order (index 0 is component 1). */
export const COMPONENTS = Object.freeze(Array.from({ length: 23 }, (_, i) => t(`mt.part.${i + 1}`)));

/** How much smaller a two-digit part number is drawn than a one-digit one (in the same badge). */
export const TWO_DIGITS = 0.95;

const CAGE_DROP = 238; // from hanging at the top of the post to resting on Base C
const START = Object.freeze({
  crank: 0, stop: 0, band: 0, shoe: 28, bucket: 0, m1x: 250, m1y: 167, hand: 0,
  m2x: 414, m2y: 99, pin: 0, board: 0, dx: 506, dy: 340, dr: 0, splash: 0, tub: 0,
  baseC: 0, latch: 0, cage: 0, cageRot: 0,
});

// ---------------------------------------------------------------- the chain reaction

const ease = {
  linear: (t) => t,
  in: (t) => t * t,
  out: (t) => 1 - (1 - t) * (1 - t),
  inOut: (t) => (t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)),
};

/** A point `t` of the way along the polyline `points` (by length). */
function along(points, t) {
  const lengths = points.slice(1).map((pt, i) => Math.hypot(pt[0] - points[i][0], pt[1] - points[i][1]));
  let left = t * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i += 1) {
    if (left <= lengths[i] || i === lengths.length - 1) {
      const f = lengths[i] ? Math.min(1, left / lengths[i]) : 1;
      return [points[i][0] + (points[i + 1][0] - points[i][0]) * f, points[i][1] + (points[i + 1][1] - points[i][1]) * f];
    }
    left -= lengths[i];
  }
  return points[points.length - 1];
}

function stairHops() {
  const points = [[271, 199]];
  for (let i = 0; i < 4; i += 1) {
    const [x, y] = points[points.length - 1];
    points.push([x + 9, y - 7], [x + 18, y + 14]);
  }
  return points;
}

const PATHS = {
  bucketOut: [[250, 167], [262, 158], [271, 199]],
  stairs: stairHops(),
  gutter: [[343, 255], [352, 262], [386, 290]],
  push: [[414, 99], [430, 101.5]],
  ramp1: [[430, 101.5], [488, 112], [494, 118]],
  zigzag: [[494, 118], [488, 127], [436, 137.5], [430, 146], [432, 152.5], [488, 162], [502, 172]],
  pipe: [[502, 172], [502, 207], [478, 207], [478, 218]],
  bath: [[478, 218], [470, 236], [442, 240], [440, 252], [440, 334]],
};

/** The 23 steps in causal order; each names its component, its caption and its final pose. */
export const CHAIN = Object.freeze([
  { component: 1, label: t("mt.chain.1") },
  { component: 2, label: t("mt.chain.2") },
  { component: 4, label: t("mt.chain.4"), end: { crank: 160 } },
  { component: 3, label: t("mt.chain.3"), end: { crank: 320 } },
  { component: 5, label: t("mt.chain.5"), end: { crank: 450 } },
  { component: 6, label: t("mt.chain.6"), end: { stop: 5, band: 1 } },
  { component: 7, label: t("mt.chain.7"), end: { shoe: 6 } },
  { component: 8, label: t("mt.chain.8"), end: { shoe: -6 } },
  { component: 10, label: t("mt.chain.10"), end: { bucket: 100, m1x: 271, m1y: 199 } },
  { component: 9, label: t("mt.chain.9"), end: { m1x: 343, m1y: 255 } },
  { component: 11, label: t("mt.chain.11") },
  { component: 12, label: t("mt.chain.12"), end: { m1x: 386, m1y: 290 } },
  { component: 14, label: t("mt.chain.14"), end: { hand: 3.5, m2x: 430, m2y: 101.5 } },
  { component: 17, label: t("mt.chain.17"), end: { m2x: 494, m2y: 118 } },
  { component: 15, label: t("mt.chain.15"), end: { m2x: 502, m2y: 172, pin: 720 } },
  { component: 13, label: t("mt.chain.13"), end: { m2x: 478, m2y: 218 } },
  { component: 16, label: t("mt.chain.16"), end: { m2x: 440, m2y: 334 } },
  { component: 18, label: t("mt.chain.18"), end: { board: -10, m2x: 440, m2y: 337, dy: 333 } },
  { component: 19, label: t("mt.chain.19"), end: { dx: 548, dy: 300, dr: 400 } },
  { component: 21, label: t("mt.chain.21"), end: { dy: 330, dr: 540 } },
  { component: 20, label: t("mt.chain.20") },
  { component: 22, label: t("mt.chain.22"), end: { latch: -75 } },
  { component: 23, label: t("mt.chain.23"), end: { cage: CAGE_DROP } },
]);

const STUCK_LABEL = t("mt.chain.stuck");
const STUCK_END = { cage: CAGE_DROP / 2, cageRot: 4 };

/** The whole machine's pose after the chain has finished with `outcome`. */
function finalPose(outcome) {
  const pose = { ...START };
  for (const step of CHAIN) Object.assign(pose, step.end);
  if (outcome === "stuck") Object.assign(pose, STUCK_END);
  return pose;
}

// ---------------------------------------------------------------- the machine

/** Draw the machine into `svgParent`. `numberSize`: the font size of the parts' numbers in the
    machine's own units (their badges grow with them), larger where the machine is drawn small. */
export function createMachine(svgParent, { idPrefix = "m", numberSize = 12 } = {}) {
  const root = el("g", { class: "mousetrap-machine", id: `${idPrefix}-machine`, "data-installed": 0,
    "data-cage": "up", "data-running": "false" }, svgParent);
  const parts = {};
  const groups = [];
  for (let n = 1; n <= COMPONENTS.length; n += 1) {
    const group = el("g", { "data-component": n, id: `${idPrefix}-part-${n}`, display: "none" }, root);
    el("title", {}, group).textContent = `${n}. ${COMPONENTS[n - 1]}`;
    const body = el("g", {}, group);
    const { label } = DRAW[n](body, parts);
    const badge = el("g", { class: "mt-number", "aria-hidden": "true" }, body);
    el("circle", { cx: label[0], cy: label[1], ...inked("#fffdf5", 1.8) }, badge);
    el("text", { x: label[0], "text-anchor": "middle", "font-weight": 700,
      "font-family": "Kalam, ui-rounded, sans-serif", fill: INK }, badge).textContent = n;
    groups.push({ group, body, badge, label });
  }
  setNumberSize(numberSize);
  let pose = { ...START };
  let count = 0;
  let current = null; // the run in progress: { cancelled, speed, finish }
  render(parts, pose);

  /** The parts' numbers at `size` units (two-digit ones a hair smaller), in badges to fit. */
  function setNumberSize(size) {
    groups.forEach(({ badge, label }, i) => {
      const [circle, text] = badge.children;
      circle.setAttribute("r", String(size * 0.75));
      text.setAttribute("y", String(label[1] + size / 3));
      text.setAttribute("font-size", String(i + 1 > 9 ? size * TWO_DIGITS : size));
    });
  }

  function highlight(n) {
    groups.forEach(({ group, badge }, i) => {
      const on = i + 1 === n;
      group.style.filter = on ? "drop-shadow(0 0 4px #e39b2d) drop-shadow(0 0 2px #f6c945)" : "";
      badge.firstChild.setAttribute("fill", on ? "#f6c945" : "#fffdf5");
    });
    root.dataset.step = n === null ? "" : String(n);
  }

  function frames(run, ms, onFrame) {
    return new Promise((resolve) => {
      if (run.cancelled) return resolve();
      const duration = Math.max(1, ms / run.speed);
      const start = performance.now();
      const tick = (now) => {
        if (run.cancelled) return resolve();
        const t = Math.min(1, (now - start) / duration);
        onFrame(t);
        render(parts, pose);
        if (t < 1) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
  }

  function to(run, ms, target, curve = ease.inOut) {
    const from = Object.fromEntries(Object.keys(target).map((key) => [key, pose[key]]));
    return frames(run, ms, (t) => {
      for (const key of Object.keys(target)) pose[key] = from[key] + (target[key] - from[key]) * curve(t);
    });
  }

  function roll(run, ms, key, points, curve = ease.linear) {
    return frames(run, ms, (t) => {
      [pose[`${key}x`], pose[`${key}y`]] = along(points, curve(t));
    });
  }

  const wait = (run, ms) => frames(run, ms, () => {});

  // How each step moves; steps not listed only glow for a moment.
  const MOTION = {
    4: (run) => to(run, 600, { crank: 160 }, ease.in),
    3: (run) => to(run, 420, { crank: 320 }, ease.linear),
    5: (run) => to(run, 420, { crank: 450 }, ease.out),
    6: async (run) => { await to(run, 250, { stop: 5 }); await to(run, 200, { band: 1 }, ease.in); },
    7: (run) => to(run, 380, { shoe: 6 }, ease.in),
    8: async (run) => { await to(run, 150, { shoe: -14 }, ease.linear); await to(run, 250, { shoe: -6 }, ease.out); },
    10: (run) => Promise.all([to(run, 350, { bucket: 100 }, ease.out), roll(run, 420, "m1", PATHS.bucketOut, ease.in)]),
    9: (run) => roll(run, 900, "m1", PATHS.stairs),
    12: (run) => roll(run, 450, "m1", PATHS.gutter, ease.in),
    14: (run) => Promise.all([to(run, 300, { hand: 3.5 }, ease.out), roll(run, 300, "m2", PATHS.push, ease.out)]),
    17: (run) => roll(run, 450, "m2", PATHS.ramp1, ease.in),
    15: (run) => Promise.all([roll(run, 1000, "m2", PATHS.zigzag), to(run, 1000, { pin: 720 }, ease.out)]),
    13: (run) => roll(run, 450, "m2", PATHS.pipe, ease.in),
    16: (run) => roll(run, 700, "m2", PATHS.bath, ease.in),
    18: (run) => to(run, 220, { board: -10, m2y: 337, dy: 333 }, ease.out),
    19: (run) => frames(run, 800, (t) => {
      const u = ease.out(t);
      pose.dx = 506 + (548 - 506) * t;
      pose.dy = (1 - t) * (1 - t) * 333 + 2 * t * (1 - t) * 200 + t * t * 300;
      pose.dr = 400 * u;
    }),
    21: async (run) => {
      await to(run, 220, { dy: 330, dr: 540 }, ease.in);
      await frames(run, 450, (t) => { pose.splash = Math.sin(Math.PI * t); pose.tub = 2 * Math.sin(t * 18) * (1 - t); });
    },
    20: (run) => frames(run, 300, (t) => { pose.baseC = 1.8 * Math.sin(t * 24) * (1 - t); }),
    22: (run) => to(run, 260, { latch: -75 }, ease.out),
    23: async (run, outcome) => {
      if (outcome === "stuck") {
        await to(run, 380, { cage: CAGE_DROP / 2 }, ease.in);
        await frames(run, 900, (t) => { pose.cageRot = 4 + 7 * Math.sin(t * 20) * (1 - t); });
      } else {
        await to(run, 520, { cage: CAGE_DROP }, ease.in);
        await to(run, 110, { cage: CAGE_DROP - 10 }, ease.out);
        await to(run, 110, { cage: CAGE_DROP }, ease.in);
      }
    },
  };

  function settle(outcome) {
    pose = finalPose(outcome);
    render(parts, pose);
    highlight(null);
    root.dataset.cage = outcome === "stuck" ? "stuck" : "down";
    root.dataset.running = "false";
  }

  function cancel() {
    if (!current) return;
    const run = current;
    current = null;
    run.cancelled = true;
    run.finish();
  }

  function setInstalled(n, { animate = false } = {}) {
    const next = Math.max(0, Math.min(COMPONENTS.length, Math.trunc(n)));
    groups.forEach(({ group, body, label }, i) => {
      const show = i < next;
      group.setAttribute("display", show ? "inline" : "none");
      body.removeAttribute("transform");
      if (show && animate && i >= count) popIn(body, label);
    });
    count = next;
    root.dataset.installed = String(count);
  }

  function popIn(body, [x, y]) {
    let cx = x;
    let cy = y;
    try {
      const box = body.getBBox();
      cx = box.x + box.width / 2;
      cy = box.y + box.height / 2;
    } catch { /* not laid out yet: grow from the number instead */ }
    const run = { cancelled: false, speed: 1 };
    frames(run, 420, (t) => {
      const s = t < 1 ? 0.3 + 0.7 * (1 + 2.2 * (t - 1) ** 3 + 1.2 * (t - 1) ** 2) : 1;
      body.setAttribute("transform", `translate(${cx} ${cy}) scale(${s.toFixed(3)}) translate(${-cx} ${-cy})`);
    }).then(() => body.removeAttribute("transform"));
  }

  async function run({ outcome = "capture", speed = 1, reduced = false, onStep } = {}) {
    cancel();
    pose = { ...START };
    render(parts, pose);
    root.dataset.cage = "up";
    root.dataset.running = "true";
    let finish;
    const finished = new Promise((resolve) => { finish = resolve; });
    const token = { cancelled: false, speed: Math.max(0.1, Number(speed) || 1), finish };
    current = token;
    const outcomeName = outcome === "stuck" ? "stuck" : "capture";
    token.settle = () => settle(outcomeName);
    const chain = (async () => {
      for (const [index, step] of CHAIN.entries()) {
        if (token.cancelled) return;
        const stuck = outcomeName === "stuck" && step.component === 23;
        highlight(step.component);
        onStep?.(index, stuck ? STUCK_LABEL : step.label, step.component);
        if (reduced) {
          Object.assign(pose, step.end, stuck ? STUCK_END : {});
          render(parts, pose);
          await wait(token, 160);
        } else {
          await (MOTION[step.component]?.(token, outcomeName) ?? wait(token, 320));
          await wait(token, 60);
        }
      }
      if (!token.cancelled) {
        current = null;
        token.cancelled = true;
        settle(outcomeName);
        finish();
      }
    })();
    chain.catch(() => {});
    return finished;
  }

  return {
    element: root,
    setInstalled,
    setNumberSize,
    installed: () => count,
    run,
    skip() {
      if (!current) return;
      const settleNow = current.settle;
      cancel();
      settleNow();
    },
    reset() {
      cancel();
      pose = { ...START };
      render(parts, pose);
      highlight(null);
      root.dataset.cage = "up";
      root.dataset.running = "false";
    },
  };
}
