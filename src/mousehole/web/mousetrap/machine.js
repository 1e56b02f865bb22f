// The Mouse Trap machine: 23 newly drawn SVG components and their chain reaction.
//
// Shared by the match page and the Trap Playground. Presentation only: it never touches a match,
// the network or storage, and an animation decides nothing (the engine already has).
// Everything is drawn in its own 640×420 box; motion is requestAnimationFrame on SVG `transform`
// attributes, so `speed`, skip and reduced motion all go through one clock.

const SVG = "http://www.w3.org/2000/svg";
const INK = "#3a2817";

/** The 23 components, in the spec's numbered construction order (index 0 is component 1). */
export const COMPONENTS = Object.freeze([
  "Base A", "Gear support", "Gear 3", "Crank", "Gear 5", "Stop sign and rubber band",
  "Lamppost", "Shoe", "Stairway", "Bucket with first metal marble", "Base B", "Rain gutter",
  "Plumbing", "Helping hand", "Thing-a-ma-jig", "Bathtub", "Second metal marble",
  "Diving board", "Diver", "Cage Base C", "Washtub", "Cage post", "Cage",
]);

const CAGE_DROP = 238; // from hanging at the top of the post to resting on Base C
const START = Object.freeze({
  crank: 0, stop: 0, band: 0, shoe: 28, bucket: 0, m1x: 250, m1y: 167, hand: 0,
  m2x: 414, m2y: 99, pin: 0, board: 0, dx: 506, dy: 340, dr: 0, splash: 0, tub: 0,
  baseC: 0, latch: 0, cage: 0, cageRot: 0,
});

// ---------------------------------------------------------------- drawing helpers

function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (parent) parent.append(node);
  return node;
}

const inked = (fill, width = 2.5) => ({
  fill, stroke: INK, "stroke-width": width, "stroke-linejoin": "round", "stroke-linecap": "round",
});

/** A plank with slightly bowed edges, so it looks drawn by hand. */
function plank(parent, x, y, w, h, fill) {
  const d = `M${x} ${y + 1} Q${x + w / 2} ${y - 2} ${x + w} ${y} L${x + w - 1} ${y + h}
    Q${x + w / 2} ${y + h + 2} ${x + 1} ${y + h - 1} Z`;
  return el("path", { d, ...inked(fill) }, parent);
}

/** A pipe or rod: a thick ink stroke with a coloured core. */
function tube(parent, d, colour, width = 7) {
  el("path", { d, fill: "none", stroke: INK, "stroke-width": width + 4, "stroke-linecap": "round",
    "stroke-linejoin": "round" }, parent);
  el("path", { d, fill: "none", stroke: colour, "stroke-width": width, "stroke-linecap": "round",
    "stroke-linejoin": "round" }, parent);
}

function gearPath(cx, cy, r, teeth, h) {
  const points = [];
  for (let i = 0; i < teeth; i += 1) {
    const a = (i / teeth) * 2 * Math.PI;
    const step = (2 * Math.PI) / teeth;
    for (const [da, rr] of [[0, r], [0.18, r + h], [0.5, r + h], [0.68, r]]) {
      const t = a + da * step;
      points.push(`${(cx + rr * Math.cos(t)).toFixed(1)} ${(cy + rr * Math.sin(t)).toFixed(1)}`);
    }
  }
  return `M${points.join(" L")} Z`;
}

function marble(parent, x, y) {
  const g = el("g", {}, parent);
  el("circle", { cx: x, cy: y, r: 6.5, ...inked("#c9d3de", 2) }, g);
  el("circle", { cx: x - 2, cy: y - 2.2, r: 1.8, fill: "#ffffff" }, g);
  return g;
}

const rotate = (angle, x, y) => `rotate(${angle.toFixed(2)} ${x} ${y})`;

function turnPoint(x, y, angle, cx, cy) {
  const a = (angle * Math.PI) / 180;
  const dx = x - cx;
  const dy = y - cy;
  return [cx + dx * Math.cos(a) - dy * Math.sin(a), cy + dx * Math.sin(a) + dy * Math.cos(a)];
}

// ---------------------------------------------------------------- the 23 components
// Each draws into its group `g`, returns its moving parts, and names where its number goes.

const DRAW = {
  1(g) { // Base A
    plank(g, 8, 372, 226, 16, "#deae6c");
    el("path", { d: "M30 380 q40 -3 80 0 M140 381 q30 2 70 -1", fill: "none", stroke: "#a8713a",
      "stroke-width": 1.5 }, g);
    return { label: [222, 402] };
  },
  2(g) { // Gear support
    el("path", { d: "M22 372 L34 288 L44 288 L44 258 L54 258 L54 288 L80 288 L80 258 L92 258 L92 288 L102 288 L112 372 Z", ...inked("#b57a45") }, g);
    el("path", { d: "M44 300 L90 300", stroke: "#7e5028", "stroke-width": 1.5 }, g);
    return { label: [67, 345] };
  },
  3(g, parts) { // Gear 3
    const turn = el("g", {}, g);
    el("path", { d: gearPath(48, 262, 20, 11, 5), ...inked("#f6c945") }, turn);
    for (const [x, y] of [[48, 250], [58, 268], [38, 268]]) {
      el("circle", { cx: x, cy: y, r: 3.2, fill: "#d9a21c", stroke: INK, "stroke-width": 1.2 }, turn);
    }
    el("circle", { cx: 48, cy: 262, r: 3, fill: INK }, g);
    parts.gear3 = turn;
    return { label: [13, 292] };
  },
  4(g, parts) { // Crank
    const turn = el("g", {}, g);
    tube(turn, "M48 262 L16 232", "#d64a3a", 5);
    el("circle", { cx: 48, cy: 262, r: 6.5, ...inked("#d64a3a", 2) }, turn);
    el("circle", { cx: 15, cy: 231, r: 7, ...inked("#fffdf5", 2) }, turn);
    parts.crank = turn;
    return { label: [12, 208] };
  },
  5(g, parts) { // Gear 5
    const turn = el("g", {}, g);
    el("path", { d: gearPath(86, 262, 13, 8, 5), ...inked("#e39b2d") }, turn);
    el("circle", { cx: 86, cy: 252, r: 3, fill: INK }, turn); // the peg that nudges the stop sign
    el("circle", { cx: 86, cy: 262, r: 2.6, fill: "#fffdf5", stroke: INK, "stroke-width": 1.2 }, turn);
    parts.gear5 = turn;
    return { label: [100, 236] };
  },
  6(g, parts) { // Stop sign and rubber band
    const sign = el("g", {}, g);
    el("rect", { x: 122, y: 206, width: 6, height: 166, ...inked("#9aa3ad", 2) }, sign);
    const octagon = [];
    for (let i = 0; i < 8; i += 1) {
      const a = ((i + 0.5) / 8) * 2 * Math.PI;
      octagon.push(`${(125 + 18 * Math.cos(a)).toFixed(1)} ${(192 + 18 * Math.sin(a)).toFixed(1)}`);
    }
    el("path", { d: `M${octagon.join(" L")} Z`, ...inked("#d64a3a") }, sign);
    el("text", { x: 125, y: 195.5, "text-anchor": "middle", "font-size": 9, "font-weight": 700,
      "font-family": "ui-sans-serif, system-ui, sans-serif", fill: "#ffffff" }, sign).textContent = "STOP";
    el("circle", { cx: 128, cy: 232, r: 2.5, fill: INK }, sign);
    el("path", { d: "M114 372 L136 372 L131 364 L119 364 Z", ...inked("#9aa3ad", 2) }, g);
    parts.sign = sign;
    parts.band = el("path", { fill: "none", stroke: "#c2567a", "stroke-width": 3,
      "stroke-linecap": "round", "stroke-linejoin": "round" }, g);
    return { label: [106, 170] };
  },
  7(g) { // Lamppost
    el("path", { d: "M164 372 L168 352 L168 78 L176 78 L176 352 L180 372 Z", ...inked("#4f7a4a") }, g);
    tube(g, "M172 84 L228 84", "#4f7a4a", 4);
    el("path", { d: "M176 96 Q188 86 200 86", fill: "none", stroke: INK, "stroke-width": 2.5 }, g);
    el("path", { d: "M162 74 L182 74 L179 52 L165 52 Z", ...inked("#fbe08a") }, g);
    el("path", { d: "M159 52 L185 52 L172 40 Z", ...inked("#4f7a4a") }, g);
    return { label: [150, 58] };
  },
  8(g, parts) { // Shoe, hanging from the lamppost's arm
    const swing = el("g", {}, g);
    el("path", { d: "M224 84 L224 144", stroke: INK, "stroke-width": 3 }, swing);
    el("path", { d: "M215 140 L233 140 L233 156 Q236 153 248 158 Q258 162 256 170 L213 170 Q210 160 215 154 Z", ...inked("#4f7fc4") }, swing);
    el("path", { d: "M212 170 L257 170 L257 175 L212 175 Z", ...inked(INK, 1.5) }, swing);
    el("path", { d: "M222 148 l6 4 m-6 2 l6 4", stroke: "#fffdf5", "stroke-width": 1.6 }, swing);
    el("circle", { cx: 224, cy: 84, r: 3.5, ...inked("#fffdf5", 1.5) }, g);
    parts.shoe = swing;
    return { label: [196, 116] };
  },
  9(g) { // Stairway
    tube(g, "M246 204 L246 372", "#c98f55", 4);
    tube(g, "M338 272 L338 372", "#c98f55", 4);
    let d = "M236 192 L262 192";
    for (let i = 0; i < 5; i += 1) d += ` L${262 + 18 * i} ${206 + 14 * i} L${280 + 18 * i} ${206 + 14 * i}`;
    d += " L352 270 L346 276 L236 204 Z";
    el("path", { d, ...inked("#fbe08a") }, g);
    return { label: [322, 222] };
  },
  10(g, parts) { // Bucket with the first marble
    parts.m1 = marble(g, 0, 0);
    const tip = el("g", {}, g);
    el("path", { d: "M238 170 L262 170 L258 192 L242 192 Z", ...inked("#9aa3ad") }, tip);
    el("path", { d: "M239 177 L261 177", stroke: INK, "stroke-width": 1.5 }, tip);
    el("path", { d: "M239 171 Q250 150 261 171", fill: "none", stroke: INK, "stroke-width": 2 }, tip);
    parts.bucket = tip;
    return { label: [270, 150] };
  },
  11(g) { // Base B
    plank(g, 238, 372, 238, 16, "#d9a362");
    el("path", { d: "M262 380 q50 -3 90 0 M380 381 q40 2 80 -1", fill: "none", stroke: "#a8713a",
      "stroke-width": 1.5 }, g);
    return { label: [300, 402] };
  },
  12(g) { // Rain gutter
    tube(g, "M372 290 L372 372", "#7d9bb8", 3);
    el("path", { d: "M348 266 L392 300 L390 307 L345 272 Z", ...inked("#7d9bb8") }, g);
    el("path", { d: "M349 270 L390 302", stroke: "#c9d9e8", "stroke-width": 1.5 }, g);
    return { label: [352, 300] };
  },
  13(g) { // Plumbing: the stand, the pipe down from the thing-a-ma-jig and the tap over the bath
    tube(g, "M418 372 L418 112", "#c47a3d", 6);
    tube(g, "M418 236 L430 236", "#c47a3d", 4);
    tube(g, "M502 178 L502 208 L478 208 L478 214", "#c47a3d", 7);
    el("path", { d: "M410 372 L426 372 L423 364 L413 364 Z", ...inked("#c47a3d", 2) }, g);
    el("circle", { cx: 502, cy: 208, r: 5, ...inked("#e8a066", 2) }, g);
    return { label: [524, 204] };
  },
  14(g, parts) { // Helping hand
    el("path", { d: "M388 372 L391 340 L405 340 L408 372 Z", ...inked("#8e6bbf") }, g);
    const lever = el("g", {}, g);
    tube(lever, "M398 348 L398 106", "#8e6bbf", 4);
    el("path", { d: "M392 90 Q404 86 408 92 L412 92 Q416 94 412 97 L408 97 Q409 104 400 106 Q390 104 392 90 Z", ...inked("#fffdf5", 2) }, lever);
    el("circle", { cx: 398, cy: 342, r: 3, fill: INK }, g);
    parts.hand = lever;
    return { label: [378, 120] };
  },
  15(g, parts) { // Thing-a-ma-jig: three zig-zag ramps and a pinwheel on top
    for (const d of ["M404 106 L494 122", "M498 134 L426 148", "M424 160 L494 174"]) {
      tube(g, d, "#6aa84f", 4);
    }
    tube(g, "M498 110 L498 138", "#6aa84f", 3);
    tube(g, "M422 142 L422 164", "#6aa84f", 3);
    tube(g, "M452 112 L452 80", "#6aa84f", 2.5);
    const pin = el("g", {}, g);
    for (let i = 0; i < 4; i += 1) {
      el("path", { d: "M452 80 L452 66 Q462 68 452 80 Z", transform: rotate(i * 90, 452, 80),
        ...inked(i % 2 ? "#f6c945" : "#e39b2d", 1.8) }, pin);
    }
    el("circle", { cx: 452, cy: 80, r: 2.5, fill: INK }, pin);
    parts.pin = pin;
    return { label: [478, 72] };
  },
  16(g) { // Bathtub
    el("path", { d: "M422 222 L496 222 Q496 252 470 252 L446 252 Q422 252 422 222 Z", ...inked("#fffdf5") }, g);
    el("path", { d: "M426 228 L492 228", stroke: "#7cc0dc", "stroke-width": 4, "stroke-linecap": "round" }, g);
    el("path", { d: "M420 222 L498 222", stroke: INK, "stroke-width": 3, "stroke-linecap": "round" }, g);
    for (const x of [434, 486]) el("path", { d: `M${x - 3} 250 l-3 8 h8 z`, ...inked("#f6c945", 1.8) }, g);
    el("circle", { cx: 440, cy: 251, r: 2.2, fill: INK }, g);
    el("circle", { cx: 462, cy: 216, r: 3, fill: "none", stroke: "#7cc0dc", "stroke-width": 1.5 }, g);
    return { label: [508, 244] };
  },
  17(g, parts) { // Second metal marble
    parts.m2 = marble(g, 0, 0);
    return { label: [428, 80] };
  },
  18(g, parts) { // Diving board on its springy fulcrum
    el("path", { d: "M458 372 L468 345 L478 372 Z", ...inked("#5bb0c9") }, g);
    const board = el("g", {}, g);
    el("rect", { x: 424, y: 340, width: 92, height: 6, rx: 2, ...inked("#5bb0c9") }, board);
    el("circle", { cx: 468, cy: 343, r: 2, fill: INK }, g);
    parts.board = board;
    return { label: [450, 362] };
  },
  19(g, parts) { // Diver, drawn with the feet at (0, 0)
    const body = el("g", {}, g);
    el("path", { d: "M-3 0 L-2 -12 M3 0 L2 -12", stroke: INK, "stroke-width": 3, "stroke-linecap": "round" }, body);
    el("path", { d: "M-4 -34 L-8 -46 M4 -34 L8 -46", stroke: INK, "stroke-width": 3, "stroke-linecap": "round" }, body);
    el("rect", { x: -5.5, y: -25, width: 11, height: 15, rx: 4, ...inked("#d64a3a", 2) }, body);
    el("path", { d: "M-5 -18 L5 -18", stroke: "#fffdf5", "stroke-width": 2 }, body);
    el("circle", { cx: 0, cy: -31, r: 6.5, ...inked("#f2c9a0", 2) }, body);
    el("path", { d: "M-6.5 -32 Q0 -42 6.5 -32 Z", ...inked("#4f7fc4", 1.5) }, body);
    el("circle", { cx: 2.5, cy: -30, r: 1, fill: INK }, body);
    parts.diver = body;
    return { label: [530, 296] };
  },
  20(g, parts) { // Cage Base C, with the cheese the cage comes down over
    const base = el("g", {}, g);
    plank(base, 478, 372, 156, 16, "#cf9758");
    el("path", { d: "M584 372 L584 354 L628 348 L628 372 Z", ...inked("#f6c945", 2) }, base);
    el("path", { d: "M584 354 L628 348 L618 342 Z", ...inked("#fbe08a", 2) }, base);
    for (const [x, y, r] of [[596, 364, 3], [614, 360, 2.2], [608, 368, 1.8]]) {
      el("ellipse", { cx: x, cy: y, rx: r, ry: r * 0.8, fill: "#d9a21c", stroke: INK, "stroke-width": 1 }, base);
    }
    parts.baseC = base;
    return { label: [496, 402] };
  },
  21(g, parts) { // Washtub
    const tub = el("g", {}, g);
    el("path", { d: "M524 342 L574 342 L568 372 L530 372 Z", ...inked("#9aa3ad") }, tub);
    el("path", { d: "M527 352 L571 352 M529 362 L569 362", stroke: INK, "stroke-width": 1.5 }, tub);
    el("path", { d: "M522 342 L576 342", stroke: INK, "stroke-width": 4, "stroke-linecap": "round" }, tub);
    const splash = el("g", { opacity: 0 }, g);
    for (const [x, y] of [[530, 328], [540, 320], [556, 318], [568, 326]]) {
      el("path", { d: `M${x} ${y} q3 5 0 7 q-3 -2 0 -7 z`, ...inked("#7cc0dc", 1.2) }, splash);
    }
    parts.tub = tub;
    parts.splash = splash;
    return { label: [549, 358] };
  },
  22(g, parts) { // Cage post, with the latch that holds the cage up
    el("rect", { x: 602, y: 54, width: 6, height: 318, ...inked("#6b4a2e", 2) }, g);
    el("path", { d: "M592 372 L618 372 L613 364 L597 364 Z", ...inked("#6b4a2e", 2) }, g);
    el("circle", { cx: 605, cy: 52, r: 5, ...inked("#f6c945", 2) }, g);
    const latch = el("g", {}, g);
    tube(latch, "M605 60 L588 60", "#e39b2d", 3);
    parts.latch = latch;
    return { label: [624, 250] };
  },
  23(g, parts) { // Cage
    const cage = el("g", {}, g);
    el("path", { d: "M575 134 L575 98 Q575 66 605 64 Q635 66 635 98 L635 134", fill: "#dfeefa",
      "fill-opacity": 0.35, stroke: INK, "stroke-width": 5, "stroke-linejoin": "round" }, cage);
    let bars = "M575 134 L575 98 Q575 66 605 64 Q635 66 635 98 L635 134";
    for (const x of [586, 596, 614, 624]) bars += ` M${x} 134 L${x} 96 Q${x} 72 605 65`;
    el("path", { d: bars, fill: "none", stroke: INK, "stroke-width": 4.5, "stroke-linecap": "round" }, cage);
    el("path", { d: bars, fill: "none", stroke: "#4f7fc4", "stroke-width": 2.2, "stroke-linecap": "round" }, cage);
    el("ellipse", { cx: 605, cy: 134, rx: 31, ry: 5, fill: "none", stroke: INK, "stroke-width": 5 }, cage);
    el("ellipse", { cx: 605, cy: 134, rx: 31, ry: 5, fill: "none", stroke: "#4f7fc4", "stroke-width": 2.5 }, cage);
    el("circle", { cx: 605, cy: 64, r: 4, ...inked("#4f7fc4", 2) }, cage);
    parts.cage = cage;
    return { label: [566, 60] };
  },
};

// ---------------------------------------------------------------- pose -> transforms

function render(parts, p) {
  const set = (part, value) => part && part.setAttribute("transform", value);
  set(parts.crank, rotate(p.crank, 48, 262));
  set(parts.gear3, rotate(p.crank, 48, 262));
  set(parts.gear5, rotate((-p.crank * 20) / 13, 86, 262));
  set(parts.sign, rotate(p.stop, 125, 372));
  set(parts.shoe, rotate(p.shoe, 224, 84));
  set(parts.bucket, rotate(p.bucket, 258, 192));
  set(parts.m1, `translate(${p.m1x.toFixed(1)} ${p.m1y.toFixed(1)})`);
  set(parts.hand, rotate(p.hand, 398, 342));
  set(parts.m2, `translate(${p.m2x.toFixed(1)} ${p.m2y.toFixed(1)})`);
  set(parts.pin, rotate(p.pin, 452, 80));
  set(parts.board, rotate(p.board, 468, 343));
  set(parts.diver, `translate(${p.dx.toFixed(1)} ${p.dy.toFixed(1)}) rotate(${p.dr.toFixed(1)})`);
  set(parts.tub, `translate(${p.tub.toFixed(1)} 0)`);
  set(parts.baseC, `translate(${p.baseC.toFixed(1)} 0)`);
  set(parts.latch, rotate(p.latch, 605, 60));
  set(parts.cage, `translate(0 ${p.cage.toFixed(1)}) ${rotate(p.cageRot, 605, 134 + 0)}`);
  if (parts.splash) parts.splash.setAttribute("opacity", p.splash.toFixed(2));
  if (parts.band) {
    // The band stretches from the stop sign's hook to the shoe until it snaps back onto the shoe.
    const [hx, hy] = turnPoint(128, 232, p.stop, 125, 372);
    const [sx, sy] = turnPoint(224, 130, p.shoe, 224, 84);
    const x = hx + (sx - 10 - hx) * p.band;
    const y = hy + (sy + 12 - hy) * p.band;
    parts.band.setAttribute("d", `M${x.toFixed(1)} ${(y - 2).toFixed(1)} L${sx.toFixed(1)} ${(sy - 3).toFixed(1)}
      M${x.toFixed(1)} ${(y + 2).toFixed(1)} L${sx.toFixed(1)} ${(sy + 3).toFixed(1)}`);
  }
}

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
  { component: 1, label: "Base A holds the start of the machine steady." },
  { component: 2, label: "The gear support keeps both gears meshed." },
  { component: 4, label: "The crank turns.", end: { crank: 160 } },
  { component: 3, label: "Gear 3 spins with the crank.", end: { crank: 320 } },
  { component: 5, label: "Gear 5 spins and nudges the stop sign.", end: { crank: 450 } },
  { component: 6, label: "The stop sign tips and the rubber band snaps free.", end: { stop: 5, band: 1 } },
  { component: 7, label: "The lamppost's arm lets the shoe swing.", end: { shoe: 6 } },
  { component: 8, label: "The shoe kicks the bucket.", end: { shoe: -6 } },
  { component: 10, label: "The bucket tips out the first marble.", end: { bucket: 100, m1x: 271, m1y: 199 } },
  { component: 9, label: "The marble bounces down the stairway.", end: { m1x: 343, m1y: 255 } },
  { component: 11, label: "Base B carries the middle of the run." },
  { component: 12, label: "The marble rolls down the rain gutter.", end: { m1x: 386, m1y: 290 } },
  { component: 14, label: "The marble trips the helping hand.", end: { hand: 3.5, m2x: 430, m2y: 101.5 } },
  { component: 17, label: "The second marble rolls off along the top ramp.", end: { m2x: 494, m2y: 118 } },
  { component: 15, label: "It zig-zags through the thing-a-ma-jig.", end: { m2x: 502, m2y: 172, pin: 720 } },
  { component: 13, label: "It runs down the plumbing to the tap.", end: { m2x: 478, m2y: 218 } },
  { component: 16, label: "It drops into the bathtub and out through the drain.", end: { m2x: 440, m2y: 334 } },
  { component: 18, label: "It lands on the diving board.", end: { board: -10, m2x: 440, m2y: 337, dy: 333 } },
  { component: 19, label: "The diver flips into the air.", end: { dx: 548, dy: 300, dr: 400 } },
  { component: 21, label: "The diver splashes into the washtub.", end: { dy: 330, dr: 540 } },
  { component: 20, label: "The splash shakes Cage Base C." },
  { component: 22, label: "The cage post lets go of the cage.", end: { latch: -75 } },
  { component: 23, label: "The cage drops down the cage post!", end: { cage: CAGE_DROP } },
]);

const STUCK_LABEL = "The cage sticks halfway down the post!";
const STUCK_END = { cage: CAGE_DROP / 2, cageRot: 4 };

/** The whole machine's pose after the chain has finished with `outcome`. */
function finalPose(outcome) {
  const pose = { ...START };
  for (const step of CHAIN) Object.assign(pose, step.end);
  if (outcome === "stuck") Object.assign(pose, STUCK_END);
  return pose;
}

// ---------------------------------------------------------------- the machine

export function createMachine(svgParent, { idPrefix = "m" } = {}) {
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
    el("circle", { cx: label[0], cy: label[1], r: 9, ...inked("#fffdf5", 1.8) }, badge);
    el("text", { x: label[0], y: label[1] + 4, "text-anchor": "middle", "font-size": n > 9 ? 10.5 : 12,
      "font-weight": 700, "font-family": "Kalam, ui-rounded, sans-serif", fill: INK }, badge).textContent = n;
    groups.push({ group, body, badge, label });
  }
  let pose = { ...START };
  let count = 0;
  let current = null; // the run in progress: { cancelled, speed, finish }
  render(parts, pose);

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
