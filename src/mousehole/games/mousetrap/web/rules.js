// The pictures of the Mouse Trap "How to play" page (rules.html), drawn by the match page's
// own modules: the spaces and the loop come out of board.js's board markup, the mice are its
// tokens, and the trap is machine.js's machine. The words are in the page; this module only
// draws, so the page reads the same without it.

import { keepLegible } from "/static/shared/legible.js";
import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";
import { reducedMotion } from "/static/shared/settings.js";
import {
  MACHINE_PLACE, POSITIONS, RING, SVG_NS, VIEWS, boardMarkup, tokenMarkup,
} from "./board.js";
import { TWO_DIGITS, createMachine } from "./machine.js";

const INK = "#3a2817";
// The bars drawn over a caught mouse (render.js draws the same over a mouse in the pen).
const CAGE_BARS = "M-14 -22 V22 M-5 -24 V24 M5 -24 V24 M14 -22 V22 M-17 -22 H17 M-17 22 H17";

/** A <g> holding `markup`, parsed as SVG. */
function group(markup = "", attrs = {}) {
  const g = document.createElementNS(SVG_NS, "g");
  for (const [name, value] of Object.entries(attrs)) g.setAttribute(name, String(value));
  g.innerHTML = markup;
  return g;
}

/** Make the spaces of a board drawing pictures: on the match page they are controls. */
function still(node) {
  for (const space of node.querySelectorAll(".space")) {
    for (const name of ["role", "tabindex", "aria-label", "data-testid"]) space.removeAttribute(name);
  }
  return node;
}

/** The board of a 4-mouse game as a picture; `prefix` keeps its pattern ids unique. */
function board(prefix = "") {
  return still(group(boardMarkup(4).replace(/(id="|url\(#)mt-/g, `$1${prefix}mt-`)));
}

// Drawn once off the page: single spaces are copied out of it.
const BOARD = board("off-");

/** Space `index` as board.js draws it, centred at (x, y). */
function space(index, x = 0, y = 0, scale = 1) {
  const node = BOARD.querySelector(`.space[data-space="${index}"]`).cloneNode(true);
  node.setAttribute("transform", `translate(${x} ${y}) scale(${scale})`);
  return node;
}

function mouse(seat, x, y, size = 13, extra = "") {
  return `<g transform="translate(${x} ${y})"${extra}>${tokenMarkup(seat, "", size)}</g>`;
}

/** A die face showing `value`, centred at (x, y). */
function die(value, x, y, size = 46) {
  const h = size / 2;
  const q = size * 0.27;
  const spots = {
    1: [[0, 0]], 2: [[-q, -q], [q, q]], 3: [[-q, -q], [0, 0], [q, q]],
    4: [[-q, -q], [q, -q], [-q, q], [q, q]], 5: [[-q, -q], [q, -q], [0, 0], [-q, q], [q, q]],
    6: [[-q, -q], [q, -q], [-q, 0], [q, 0], [-q, q], [q, q]],
  }[value];
  const pips = spots.map(([dx, dy]) => `<circle cx="${dx}" cy="${dy}" r="${size * 0.08}" fill="${INK}"/>`).join("");
  return `<g transform="translate(${x} ${y}) rotate(-8)">
    <rect x="${-h}" y="${-h}" width="${size}" height="${size}" rx="${size * 0.2}" fill="#fffdf5"
      stroke="${INK}" stroke-width="2.8"/>${pips}</g>`;
}

function arrowHead(x, y, angle) {
  return `<path class="rules-arrow" d="M-10 -7 L0 0 L-10 7" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)})"/>`;
}

function pic(name) {
  return document.querySelector(`[data-pic="${name}"]`);
}

// ---------------------------------------------------------------- the pictures

function drawGoal(svg) {
  const start = space(0, 0, 0, 1.9);
  svg.append(start);
  // Four mice side by side on the tile, clear of its "Start" caption.
  const mice = [0, 1, 2, 3].map((seat) => mouse(seat, -36 + seat * 24, -20, 10)).join("");
  svg.append(group(`${mice}
    <path class="rules-hop" d="M68 6 C110 -40 160 40 196 4"/>${arrowHead(198, 3, -20)}`));
  svg.append(space(49, 250, 0, 1.45));
}

function drawTurn(svg) {
  const gap = 74;
  [3, 4, 5, 6, 7].forEach((index, i) => svg.append(space(index, i * gap, 0, 1)));
  let hops = "";
  for (let i = 0; i < 4; i += 1) {
    const x0 = i * gap + 6;
    const x1 = (i + 1) * gap - 6;
    hops += `<path class="rules-hop" d="M${x0} -34 Q${(x0 + x1) / 2} -78 ${x1} -36"/>`;
  }
  svg.append(group(`${hops}${arrowHead(4 * gap - 6, -36, 62)}
    ${mouse(0, 0, 2, 13, ' opacity="0.35"')}${mouse(0, 4 * gap, 2, 13)}
    ${die(4, 4 * gap + 72, -70)}
    <text class="rules-label" x="${4 * gap + 72}" y="-20" text-anchor="middle">4!</text>`));
}

function drawLoop(svg) {
  svg.append(board()); // the page's one copy of the board's own pattern ids (board.css uses them)
  const { cx, cy } = RING;
  const r = 122;
  const at = (deg) => {
    const a = (deg * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  };
  const [ax, ay] = at(-30);
  const [bx, by] = at(-120);
  const [ex, ey] = at(150);
  const from = POSITIONS[48];
  const to = POSITIONS[45];
  // Round the ring the way mice go (counter-clockwise here): 48, 49, 44, then 45.
  svg.append(group(`<path class="rules-hop" d="M${ax.toFixed(1)} ${ay.toFixed(1)}
      A${r} ${r} 0 0 0 ${bx.toFixed(1)} ${by.toFixed(1)} A${r} ${r} 0 0 0 ${ex.toFixed(1)} ${ey.toFixed(1)}"/>
    ${arrowHead(ex, ey, 60)}
    ${mouse(1, from.x, from.y + 2, 13, ' opacity="0.35"')}${mouse(1, to.x, to.y + 2, 13)}
    ${die(3, cx, cy - 20, 40)}`));
}

function drawMachine(svg) {
  const machine = createMachine(svg, { idPrefix: "rules" });
  machine.setInstalled(23);
  // The picture is about the parts' numbers: as large as it takes to read them at 11.5 px
  // however narrow the picture is drawn (a phone's: badges a little larger on the parts).
  const fit = () => {
    const scale = svg.getScreenCTM()?.a;
    if (scale) machine.setNumberSize(Math.min(26, Math.max(12, 11.5 / (scale * TWO_DIGITS))));
  };
  new ResizeObserver(fit).observe(svg);
  fit();
  const button = document.getElementById("run-trap");
  const status = document.getElementById("trap-status");
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = t("mt.rules.run.running");
    await machine.run({ outcome: "capture", reduced: reducedMotion() });
    status.textContent = t("mt.rules.run.done");
    button.textContent = t("mt.rules.run.again");
    button.disabled = false;
  });
}

function drawCrank(svg) {
  svg.append(board("crank-")); // its pattern ids must not repeat those of the loop's picture
  const place = group("", {
    id: "machine-place",
    transform: `translate(${MACHINE_PLACE.x} ${MACHINE_PLACE.y}) scale(${MACHINE_PLACE.scale})`,
  });
  svg.append(place);
  createMachine(place, { idPrefix: "crank" }).setInstalled(23);
  const crank = POSITIONS[46];
  const wheel = POSITIONS[49];
  svg.append(group(`${mouse(0, crank.x, crank.y + 4, 18)}${mouse(2, wheel.x, wheel.y + 4, 18)}`));
  // The whole trap and the whole loop: from Turn Crank at the bottom up to the cage; in a
  // narrow picture (a phone's) only the loop under the cage, so its spaces can be read.
  const x1 = RING.cx + RING.r + 46;
  const y1 = RING.cy + RING.r + 46;
  const frame = () => {
    const x0 = svg.clientWidth < 520 ? RING.cx - RING.r - 46 : MACHINE_PLACE.x - 12;
    const y0 = VIEWS.trap[1];
    svg.setAttribute("viewBox", [x0, y0, x1 - x0, y1 - y0].map(Math.round).join(" "));
  };
  new ResizeObserver(frame).observe(svg);
  frame();
}

function drawWinning(svg) {
  const caught = [1, 2, 3].map((seat, i) => `<g class="mouse captured" transform="translate(${-118 + i * 46} 8)">
      ${tokenMarkup(seat, "", 13)}<path class="mouse-bars" d="${CAGE_BARS}"/></g>`).join("");
  svg.append(group(`<rect x="-148" y="-30" width="148" height="68" rx="14" fill="#fff8e1"
      stroke="${INK}" stroke-width="2.5" stroke-dasharray="8 5"/>
    <text class="rules-label" x="-74" y="-40" text-anchor="middle">${escapeHtml(t("mt.board.caught"))}</text>
    ${caught}
    ${mouse(0, 78, 4, 22)}
    <g transform="translate(124 22) scale(1.6)" stroke="${INK}" stroke-width="1.6" stroke-linejoin="round">
      <path d="M-10 5 L10 -4 L10 7 L-10 9 Z" fill="#f6c945"/><path d="M-10 5 L6 -9 L10 -4 Z" fill="#fbe08a"/></g>
    <text class="rules-label" x="90" y="-40" text-anchor="middle">${escapeHtml(t("mt.rules.pic.free"))}</text>`));
}

for (const node of document.querySelectorAll("[data-space-pic]")) {
  node.append(space(Number(node.dataset.spacePic)));
}
drawGoal(pic("goal"));
drawTurn(pic("turn"));
drawLoop(pic("loop"));
drawMachine(pic("machine"));
drawCrank(pic("crank"));
drawWinning(pic("winning"));
// What a picture would draw too small to read where it is shown is left out (legible.js).
for (const svg of document.querySelectorAll("svg.rules-pic")) keepLegible(svg);
document.body.dataset.drawn = "true";
