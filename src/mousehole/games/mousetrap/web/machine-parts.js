// The drawing of the Mouse Trap machine (machine.js animates it): the 23 newly drawn SVG
// components, each in its group with its moving parts, and a pose turned into their transforms.
// Presentation only, in the machine's own 640×420 box.

const SVG = "http://www.w3.org/2000/svg";
export const INK = "#3a2817";

// ---------------------------------------------------------------- drawing helpers

export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (parent) parent.append(node);
  return node;
}

export const inked = (fill, width = 2.5) => ({
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

export const DRAW = {
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

/** Set every moving part's transform from the pose `p`. */
export function render(parts, p) {
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
