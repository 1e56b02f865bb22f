// The Mouse Trap board: space data (mirrors games/mousetrap/board.py, presentation only),
// the newly drawn geometry of the winding approach path and the six-space loop, and the SVG
// drawing of spaces and mice. Nothing here decides a rule: the server does.

import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";

export const SVG_NS = "http://www.w3.org/2000/svg";
export const WIDTH = 1400;
export const HEIGHT = 960;
export const LOOP_START = 44;
export const CHEESE_WHEEL = 49;
export const TURN_CRANK = 46;
export const COMPONENT_COUNT = 23;

/** The 23 components' names, in building order (the server's events name them by number). */
export const COMPONENT_NAMES = [
  t("mt.part.1"), t("mt.part.2"), t("mt.part.3"), t("mt.part.4"), t("mt.part.5"), t("mt.part.6"),
  t("mt.part.7"), t("mt.part.8"), t("mt.part.9"), t("mt.part.10"), t("mt.part.11"), t("mt.part.12"),
  t("mt.part.13"), t("mt.part.14"), t("mt.part.15"), t("mt.part.16"), t("mt.part.17"),
  t("mt.part.18"), t("mt.part.19"), t("mt.part.20"), t("mt.part.21"), t("mt.part.22"), t("mt.part.23"),
];

const B2 = ["build", 2, t("mt.space.build2")];
const B23 = ["build", 3, t("mt.space.build23")];
const B234 = ["build", 4, t("mt.space.build234")];
const go = (dest, label) => ["go_to", dest, label];
const back = (dest, steps) => go(dest, t("mt.space.back", { count: steps }));
const take = (n) => ["take", n, t("mt.space.take", { count: n })];
const lose = (n) => ["lose", n, t("mt.space.lose", { count: n })];

/** The 50 spaces as [kind, value, label], in board order (board.py SPACES). */
const RAW = [
  ["start", 0, t("mt.space.start")], B2, take(2), B234, B2, back(3, 2), B234,
  take(1), B234, B23, go(14, t("mt.space.ahead-4")), B234, B2, go(0, t("mt.space.to-start")),
  B234, back(9, 6), B2, B234, B23, B2, B234, ["dog_bone", 0, t("mt.space.dog-bone")], B234, B2,
  lose(2), B2, B234, go(21, t("mt.space.to-dog-bone")), B234, B23,
  go(49, t("mt.space.to-wheel")), B2, B234, back(29, 4), B2, B234, B23,
  ["take_richest", 3, t("mt.space.take-richest")], B234, lose(3), B234, B23,
  back(36, 6), B2, ["safe", 0, t("mt.space.safe")], B234, ["turn_crank", 0, t("mt.space.crank")], B234,
  take(2), ["cheese_wheel", 2, t("mt.space.wheel")],
];

export const SPACES = RAW.map(([kind, value, label], index) => ({ index, kind, value, label }));

export function isLoop(index) {
  return index >= LOOP_START;
}

/** Where a mouse on `position` ends after `steps` forward: past 49 continues at 44. */
export function stepForward(position) {
  return position + 1 > CHEESE_WHEEL ? LOOP_START : position + 1;
}

export function buildsIn(space, seatCount) {
  return space.kind === "build" && seatCount <= space.value;
}

/** A readable sentence of what landing on `index` does (board.py describe_space). */
export function describeSpace(index, seatCount = null) {
  const space = SPACES[index];
  const { kind, value, label } = space;
  if (kind === "build") {
    const text = t(isLoop(index) ? `mt.describe.build${value}-loop` : `mt.describe.build${value}`, { label });
    if (seatCount !== null && !buildsIn(space, seatCount)) {
      return `${text} ${t("mt.describe.not-eligible", { count: seatCount })}`;
    }
    return text;
  }
  if (kind === "take") return t("mt.describe.take", { count: value });
  if (kind === "take_richest") return t("mt.describe.take-richest");
  if (kind === "lose") return t("mt.describe.lose", { count: value });
  if (kind === "go_to") return t("mt.describe.go-to", { label, space: value });
  return {
    start: t("mt.describe.start"),
    dog_bone: t("mt.describe.dog-bone"),
    safe: t("mt.describe.safe"),
    cheese_wheel: t("mt.describe.wheel"),
    turn_crank: t("mt.describe.crank"),
  }[kind];
}

/** Short label drawn under a space's icon. */
function caption(space) {
  switch (space.kind) {
    case "build": return { 2: "2", 3: "2–3", 4: "2–3–4" }[space.value];
    case "take": return `+${space.value}`;
    case "take_richest": return t("mt.caption.rob");
    case "lose": return `−${space.value}`;
    case "go_to": return `→ ${space.value}`;
    case "start": return t("mt.caption.start");
    case "dog_bone": return t("mt.caption.bone");
    case "safe": return t("mt.caption.safe");
    case "turn_crank": return t("mt.caption.crank");
    case "cheese_wheel": return t("mt.caption.wheel");
    default: return "";
  }
}

// ---------------------------------------------------------------- geometry

// The approach path winds down the left of the board: a smooth curve through these points.
const WAYPOINTS = [
  [70, 104], [230, 92], [410, 100], [560, 116], [618, 190], [555, 268], [380, 282],
  [210, 274], [82, 284], [40, 360], [95, 436], [260, 450], [430, 440], [560, 448],
  [618, 524], [555, 600], [390, 610], [220, 598], [85, 614], [44, 694], [118, 770],
  [300, 792], [480, 784], [640, 780], [790, 752], [884, 676], [924, 590],
];

export const RING = { cx: 1170, cy: 612, r: 190 };
/** The "Caught" pen inside the loop, right under the Cheese Wheel and the cage. */
export const PEN = { cx: RING.cx, cy: RING.cy - 84, width: 152, height: 76, slot: 36 };
// Loop spaces counter-clockwise from the upper left, so Cheese Wheel (49) sits at the top,
// under the cage of the machine.
const RING_ANGLES = { 44: -150, 45: 150, 46: 90, 47: 30, 48: -30, 49: -90 };

function catmullRom(points, samples = 24) {
  const out = [];
  for (let i = 0; i < points.length - 1; i += 1) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    for (let s = 0; s < samples; s += 1) {
      const t = s / samples;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a, b, c, d) => 0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2
        + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(points[points.length - 1]);
  return out;
}

const CURVE = catmullRom(WAYPOINTS);

function placeAlong(curve, count) {
  const lengths = [0];
  for (let i = 1; i < curve.length; i += 1) {
    const [x0, y0] = curve[i - 1];
    const [x1, y1] = curve[i];
    lengths.push(lengths[i - 1] + Math.hypot(x1 - x0, y1 - y0));
  }
  const total = lengths[lengths.length - 1];
  const points = [];
  let j = 1;
  for (let k = 0; k < count; k += 1) {
    const target = (total * k) / (count - 1);
    while (j < lengths.length - 1 && lengths[j] < target) j += 1;
    const span = lengths[j] - lengths[j - 1] || 1;
    const t = Math.min(1, Math.max(0, (target - lengths[j - 1]) / span));
    const [x0, y0] = curve[j - 1];
    const [x1, y1] = curve[j];
    points.push({ x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t });
  }
  return points;
}

/** The centre of every space, 0..49. */
export const POSITIONS = (() => {
  const path = placeAlong(CURVE, LOOP_START);
  for (let i = LOOP_START; i <= CHEESE_WHEEL; i += 1) {
    const a = (RING_ANGLES[i] * Math.PI) / 180;
    path.push({ x: RING.cx + RING.r * Math.cos(a), y: RING.cy + RING.r * Math.sin(a) });
  }
  return path.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }));
})();

/** Where the machine's 640×420 box is drawn on the board (translate + scale). */
// The cage (centred on x 605 of the machine's box, resting on y 372 when it has dropped) comes
// down over Cheese Wheel (49) at the top of the loop: its foot stands just below the tile and a
// little right of the tile's centre, so the tile's number (top left) stays readable under it.
const MACHINE_SCALE = 0.86;
const WHEEL_TILE_HALF = 34;
export const MACHINE_PLACE = {
  x: RING.cx + 12 - 605 * MACHINE_SCALE,
  y: RING.cy - RING.r + WHEEL_TILE_HALF + 6 - 372 * MACHINE_SCALE,
  scale: MACHINE_SCALE,
};

/** A rectangle of the machine's own box, in board coordinates. */
function machineRect(x0, y0, x1, y1) {
  const { x, y, scale } = MACHINE_PLACE;
  return [x + x0 * scale, y + y0 * scale, x + x1 * scale, y + y1 * scale];
}

/** Half the side of a tile on the approach path, and on the loop. */
export const TILE_HALF = 29;
export const LOOP_TILE_HALF = 34;

/** The trap close-up: the whole machine (lamppost to cage, with its numbers), the pen, and the
    whole loop down to Turn Crank (46), so the mouse that turns the crank is in the picture. */
const TRAP_BOX = (() => {
  const [mx0, y0, mx1] = machineRect(0, 40, 640, 412);
  const pad = 16;
  const x0 = mx0 - pad;
  const x1 = Math.min(WIDTH, Math.max(mx1, PEN.cx + PEN.width / 2, RING.cx + RING.r + LOOP_TILE_HALF) + pad);
  const y1 = POSITIONS[TURN_CRANK].y + LOOP_TILE_HALF + pad;
  return [x0, y0 - pad, x1 - x0, y1 - y0 + pad].map((v) => Math.round(v));
})();

/** The drawn board: the strip of the 1400×960 plane that holds the path, the loop and the
    machine (nothing is drawn above y 60 or below y 850), so the overview wastes no height. */
export const BOARD_BOX = [0, 50, WIDTH, 810];

export const VIEWS = {
  overview: BOARD_BOX,
  trap: TRAP_BOX,
  path: [0, 40, 1000, 830],
};

/** A viewBox of the board's aspect centred on (x, y), clamped to the drawn board. */
export function zoomBox(x, y, width = 480) {
  const [bx, by, bw, bh] = BOARD_BOX;
  const height = (width * bh) / bw;
  const left = Math.min(Math.max(bx, x - width / 2), bx + bw - width);
  const top = Math.min(Math.max(by, y - height / 2), by + bh - height);
  return [Math.round(left), Math.round(top), width, Math.round(height)];
}

/** The Cheese Wheel's tile in the machine's own coordinates: the parts of the machine behind
    it (the cage post, its foot, the washtub) are clipped there, so the tile and its labels stay
    in front; only the cage comes down over it. */
function wheelHoleClip() {
  const { x, y, scale } = MACHINE_PLACE;
  const p = POSITIONS[CHEESE_WHEEL];
  const m = (v) => (v / scale).toFixed(1);
  const [x0, y0] = [m(p.x - LOOP_TILE_HALF - x), m(p.y - LOOP_TILE_HALF - y)];
  const side = m(2 * LOOP_TILE_HALF);
  return `<clipPath id="mt-wheel-hole" clipPathUnits="userSpaceOnUse">
    <path clip-rule="evenodd" d="M-2000 -2000 H3000 V3000 H-2000 Z M${x0} ${y0} h${side} v${side} h-${side} Z"/>
  </clipPath>`;
}

// ---------------------------------------------------------------- tokens

/** Seat tokens: colour AND shape differ (colour-blind safe), with the name's letter. */
export const TOKENS = [
  { shape: "circle", colour: "#1f5fbf", light: "#cfe0fb", label: t("mt.token.0") },
  { shape: "square", colour: "#b8500a", light: "#fbdcc4", label: t("mt.token.1") },
  { shape: "triangle", colour: "#23783a", light: "#cdeccf", label: t("mt.token.2") },
  { shape: "diamond", colour: "#7034a8", light: "#e6d4f6", label: t("mt.token.3") },
];

function shapeMarkup(shape, size) {
  const s = size;
  switch (shape) {
    case "square": return `<rect x="${-s}" y="${-s}" width="${2 * s}" height="${2 * s}" rx="3"/>`;
    case "triangle": return `<path d="M0 ${-s * 1.25} L${s * 1.2} ${s * 0.85} L${-s * 1.2} ${s * 0.85} Z"/>`;
    case "diamond": return `<path d="M0 ${-s * 1.3} L${s * 1.2} 0 L0 ${s * 1.3} L${-s * 1.2} 0 Z"/>`;
    default: return `<circle r="${s * 1.08}"/>`;
  }
}

/** The markup of a seat's token (a mouse with ears and tail on its shape), centred at 0,0. */
export function tokenMarkup(seat, letter, size = 13) {
  const token = TOKENS[seat];
  const s = size;
  return `<g class="token token-${token.shape}">
    <path class="token-tail" d="M${s * 0.6} ${s * 0.9} q${s * 0.9} ${s * 0.5} ${s * 0.6} ${s * 1.3}"
      fill="none" stroke="#3a2817" stroke-width="2" stroke-linecap="round"/>
    <circle cx="${-s * 0.75}" cy="${-s * 1.05}" r="${s * 0.42}" fill="#e9a3ad" stroke="#3a2817" stroke-width="2"/>
    <circle cx="${s * 0.75}" cy="${-s * 1.05}" r="${s * 0.42}" fill="#e9a3ad" stroke="#3a2817" stroke-width="2"/>
    <g fill="${token.colour}" stroke="#3a2817" stroke-width="2.5" stroke-linejoin="round">${shapeMarkup(token.shape, s)}</g>
    <text class="token-letter" y="${token.shape === "triangle" ? s * 0.22 : 0}" dy="0.36em" text-anchor="middle"
      fill="#ffffff">${escapeHtml(letter)}</text>
  </g>`;
}

/** A small standalone SVG of a token for the side panel and dialogs. */
export function tokenSvg(seat, letter, px = 34) {
  return `<svg class="token-svg" viewBox="-20 -22 40 46" width="${px}" height="${px}"
    aria-hidden="true" focusable="false">${tokenMarkup(seat, letter, 12)}</svg>`;
}

// ---------------------------------------------------------------- icons

const INK = "#3a2817";

function gear(cx, cy, r) {
  let teeth = "";
  for (let k = 0; k < 8; k += 1) {
    const a = (k * Math.PI) / 4;
    const x = cx + Math.cos(a) * r;
    const y = cy + Math.sin(a) * r;
    teeth += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(r * 0.3).toFixed(1)}"/>`;
  }
  return `<g fill="#b9b2a6" stroke="${INK}" stroke-width="1.6">${teeth}<circle cx="${cx}" cy="${cy}" r="${r}"/>
    <circle cx="${cx}" cy="${cy}" r="${(r * 0.38).toFixed(1)}" fill="#fff8e4"/></g>`;
}

function cheeseWedge(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})" stroke="${INK}" stroke-width="1.6" stroke-linejoin="round">
    <path d="M-10 5 L10 -4 L10 7 L-10 9 Z" fill="#f6c945"/>
    <path d="M-10 5 L6 -9 L10 -4 Z" fill="#fbe08a"/>
    <circle cx="2" cy="3.5" r="1.7" fill="#d9a21c" stroke-width="1"/></g>`;
}

function icon(space) {
  switch (space.kind) {
    case "build": return `${gear(-4, 1, 7)}<path d="M4 9 L12 -2 M9 -5 a4 4 0 1 0 5 5" stroke="${INK}"
      stroke-width="2.6" stroke-linecap="round" fill="none"/>`;
    case "take": return cheeseWedge(0, 0);
    case "take_richest": return `${cheeseWedge(-2, 0)}<path d="M9 -9 l4 4 -4 4" fill="none" stroke="${INK}" stroke-width="2"/>`;
    case "lose": return `${cheeseWedge(-2, 1, 0.9)}<path d="M2 -6 L14 -6" stroke="#b3261e" stroke-width="3.4" stroke-linecap="round"/>`;
    case "go_to": {
      const back = space.value < space.index;
      const d = back ? "M11 0 L-9 0 M-3 -6 L-9 0 L-3 6" : "M-11 0 L9 0 M3 -6 L9 0 L3 6";
      return `<path d="${d}" fill="none" stroke="${INK}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    case "dog_bone": return `<g fill="#fffdf5" stroke="${INK}" stroke-width="1.8"><path d="M-7 -2 h14 v4 h-14 z"/>
      <circle cx="-9" cy="-3" r="3.4"/><circle cx="-9" cy="3" r="3.4"/><circle cx="9" cy="-3" r="3.4"/><circle cx="9" cy="3" r="3.4"/>
      <path d="M-7 -1.6 h14 v3.2 h-14 z" stroke="none"/></g>`;
    case "safe": return `<path d="M0 -11 L10 -7 C10 3 6 8 0 11 C-6 8 -10 3 -10 -7 Z" fill="#8fc5e8" stroke="${INK}" stroke-width="2"/>
      <path d="M-4 0 L-1 4 L5 -4" fill="none" stroke="${INK}" stroke-width="2.2" stroke-linecap="round"/>`;
    case "turn_crank": return `<circle r="9" fill="none" stroke="${INK}" stroke-width="2" stroke-dasharray="4 3"/>
      <path d="M0 0 L7 -7 L7 -12" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>
      <circle r="3" fill="#c95a6a" stroke="${INK}" stroke-width="1.5"/>`;
    case "cheese_wheel": return `<circle r="12" fill="#f6c945" stroke="${INK}" stroke-width="2"/>
      <circle r="4" fill="#e39b2d" stroke="${INK}" stroke-width="1.5"/>
      <path d="M0 -12 V-4 M0 4 V12 M-12 0 H-4 M4 0 H12" stroke="${INK}" stroke-width="1.5"/>`;
    case "start": return `<path d="M-6 10 V-11 M-6 -11 L9 -6 L-6 -1" fill="#c95a6a" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>`;
    default: return "";
  }
}

// ---------------------------------------------------------------- drawing

function trackPath(points) {
  return points.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`).join(" ");
}

/** The static board markup: background, track, loop ring, and every space. */
export function boardMarkup(seatCount) {
  const track = trackPath(CURVE);
  const last = POSITIONS[LOOP_START - 1];
  const first = POSITIONS[LOOP_START];
  const spaces = SPACES.map((space) => spaceMarkup(space, seatCount)).join("");
  const [bx, by, bw, bh] = BOARD_BOX;
  // Redirect hints: a faint dashed arc from each Go-to space to its destination.
  return `
  <defs>
    <pattern id="mt-hatch" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="9" height="9" fill="#f4efe4"/><path d="M0 0 V9" stroke="#e3d9c6" stroke-width="3"/>
    </pattern>
    <pattern id="mt-holes" width="120" height="120" patternUnits="userSpaceOnUse">
      <circle cx="22" cy="30" r="9" fill="#f5dd95"/><circle cx="84" cy="86" r="14" fill="#f5dd95"/>
      <circle cx="96" cy="18" r="5" fill="#f5dd95"/>
    </pattern>
    ${wheelHoleClip()}
  </defs>
  <rect class="board-bg" x="${bx + 4}" y="${by + 4}" width="${bw - 8}" height="${bh - 8}" rx="36"/>
  <rect x="${bx + 4}" y="${by + 4}" width="${bw - 8}" height="${bh - 8}" rx="36" fill="url(#mt-holes)" opacity="0.55"/>
  <path class="track-shadow" d="${track}"/>
  <path class="track" d="${track}"/>
  <path class="track-dash" d="${track}"/>
  <path class="track" d="M${last.x} ${last.y} Q ${last.x + 70} ${first.y + 70} ${first.x} ${first.y}"/>
  <circle class="ring-shadow" cx="${RING.cx}" cy="${RING.cy}" r="${RING.r}"/>
  <circle class="ring" cx="${RING.cx}" cy="${RING.cy}" r="${RING.r}"/>
  <circle class="ring-dash" cx="${RING.cx}" cy="${RING.cy}" r="${RING.r}"/>
  <g class="ring-arrows">${ringArrows()}</g>
  <text class="ring-title" x="${RING.cx}" y="${RING.cy + 34}" text-anchor="middle">${escapeHtml(t("mt.board.loop"))}</text>
  <text class="ring-sub" x="${RING.cx}" y="${RING.cy + 58}" text-anchor="middle">${escapeHtml(t("mt.board.loop-sub"))}</text>
  ${penMarkup()}
  <g class="spaces">${spaces}</g>`;
}

/** The pen where caught mice wait, under the cage; shown once a mouse is caught. */
function penMarkup() {
  const { cx, cy, width, height } = PEN;
  const x = cx - width / 2;
  const y = cy - height / 2;
  return `<g class="caught-pen" data-testid="caught-pen" display="none">
    <rect class="pen-box" x="${x}" y="${y}" width="${width}" height="${height}" rx="14"/>
    <g class="pen-tag" transform="translate(${cx} ${y})">
      <rect x="-42" y="-14" width="84" height="26" rx="7"/>
      <text y="6" text-anchor="middle">${escapeHtml(t("mt.board.caught"))}</text>
    </g>
  </g>`;
}

function ringArrows() {
  let out = "";
  for (let i = LOOP_START; i <= CHEESE_WHEEL; i += 1) {
    const a0 = RING_ANGLES[i];
    const mid = ((a0 - 30) * Math.PI) / 180;
    const x = RING.cx + RING.r * Math.cos(mid);
    const y = RING.cy + RING.r * Math.sin(mid);
    const rot = a0 - 30 - 180; // tangent pointing counter-clockwise
    out += `<path d="M-7 -7 L3 0 L-7 7" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rot})"
      fill="none" stroke="#3a2817" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
  }
  return out;
}

export function spaceAria(space, seatCount) {
  return t("mt.space.aria", { space: space.index, text: describeSpace(space.index, seatCount) });
}

/** Every space answers taps within this radius of its centre (half the distance between
    neighbours): a finger-sized target on a phone's Path view, where a tile is drawn smaller. */
const HIT_RADIUS = 40;

function spaceMarkup(space, seatCount) {
  const { x, y } = POSITIONS[space.index];
  const loop = isLoop(space.index);
  const half = loop ? LOOP_TILE_HALF : TILE_HALF;
  const faded = space.kind === "build" && !buildsIn(space, seatCount);
  const classes = ["space", `kind-${space.kind.replace("_", "-")}`];
  if (faded) classes.push("ineligible");
  if (loop) classes.push("loop");
  const tab = space.index === 0 ? 0 : -1;
  return `<g class="${classes.join(" ")}" data-testid="space-${space.index}" data-space="${space.index}"
    role="button" tabindex="${tab}" aria-label="${escapeHtml(spaceAria(space, seatCount))}"
    transform="translate(${x} ${y})">
    <circle class="hit" r="${HIT_RADIUS}"/>
    <rect class="tile" x="${-half}" y="${-half}" width="${2 * half}" height="${2 * half}" rx="${loop ? 16 : 11}"/>
    <text class="num" x="${-half + 4}" y="${-half + 18}">${space.index}</text>
    <g class="icon" transform="translate(${half - 14} ${-half + 13}) scale(${loop ? 0.8 : 0.68})">${icon(space)}</g>
    <text class="cap" y="${half - (loop ? 7 : 6)}" text-anchor="middle">${escapeHtml(caption(space))}</text>
    ${faded ? `<path class="strike" d="M${-half + 8} ${half - 8} L${half - 8} ${-half + 8}"/>` : ""}
  </g>`;
}

/** Offsets so that up to four mice on one space all stay visible. */
export function mouseOffset(rank, count) {
  if (count <= 1) return { dx: 0, dy: 2 };
  const spots = count === 2
    ? [[-15, 4], [15, 4]]
    : [[-15, -10], [15, -10], [-15, 16], [15, 16]];
  const [dx, dy] = spots[rank % spots.length];
  return { dx, dy };
}

/** Where each mouse stands: seat -> {x, y} given all positions (caught mice sit in the pen). */
export function mouseSpots(mice) {
  const bySpace = new Map();
  mice.forEach((mouse, seat) => {
    if (mouse.captured) return;
    const list = bySpace.get(mouse.position) || [];
    list.push(seat);
    bySpace.set(mouse.position, list);
  });
  const caught = mice.map((m, seat) => (m.captured ? seat : -1)).filter((seat) => seat >= 0);
  const spots = [];
  mice.forEach((mouse, seat) => {
    if (mouse.captured) {
      // Caught mice wait side by side in the pen under the cage, in seat order.
      const rank = caught.indexOf(seat);
      spots[seat] = { x: PEN.cx + (rank - (caught.length - 1) / 2) * PEN.slot, y: PEN.cy + 8 };
      return;
    }
    const list = bySpace.get(mouse.position);
    const { dx, dy } = mouseOffset(list.indexOf(seat), list.length);
    const p = POSITIONS[mouse.position];
    spots[seat] = { x: p.x + dx, y: p.y + dy };
  });
  return spots;
}

export function createSvg(tag, attrs = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}
