// The trap on the table, drawn in SVG from the page's view model: the wooden base, the two bars
// on their springs, the pegs and the cheese paper hooked on them (holes where bites were taken,
// torn halves after a snap), the strength meter (0 to 5) beside it, and Max's mouth over the
// paper when a bite is being chosen. Where things sit on a wide or a narrow screen is
// layout.js's; this module draws what the view says and decides nothing.

import { INK, maxMarkup } from "./pieces.js";
import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";

export const ROWS = 5;
export const COLS = 12;
export const CELL = 56;
export const PX = 54; // the paper's left edge in the trap's own coordinates
export const PY = 74; // the paper's top edge
const BAR_TOP = 42;
const BAR_BOTTOM = PY + ROWS * CELL + 32;
// The label's baseline below the lower bar: its letters clear the rod (7 below the bar's
// line) at the phone's 27 px, and its descender stays on the base, whose lower edge bows
// down to 41.5 below the bar in the middle, where the label is.
const LABEL_DROP = 33;
const METER_X = 812;
const METER_STEP = 50;
const METER_BOTTOM = 346;
const FLAT_X = 230; // the meter under the trap, on a phone
const FLAT_STEP = 66;

const NS = "http://www.w3.org/2000/svg";

let parts = null;
let paperKey = "";

/** Build the trap's layers inside `group` (an SVG <g>); returns the paper layer (for the pointer). */
export function initTrap(group) {
  group.innerHTML = `
    <g class="trap-frame">${frameMarkup()}</g>
    <g class="trap-pegs-back">${pegsMarkup(false)}</g>
    <g class="trap-paper" data-testid="paper"></g>
    <g class="trap-pegs-front">${pegsMarkup(true)}</g>
    <g class="trap-bars" data-testid="bars"><g class="bar bar-top">${barMarkup(BAR_TOP)}</g><g class="bar bar-bottom">${barMarkup(BAR_BOTTOM)}</g></g>
    <g class="trap-mouth" data-testid="mouth" aria-hidden="true"></g>
    <g class="trap-meter" data-testid="meter"></g>
    <g class="trap-reveal" data-testid="reveal"></g>`;
  parts = {
    paper: group.querySelector(".trap-paper"),
    mouth: group.querySelector(".trap-mouth"),
    meter: group.querySelector(".trap-meter"),
    reveal: group.querySelector(".trap-reveal"),
    top: group.querySelector(".bar-top"),
    bottom: group.querySelector(".bar-bottom"),
  };
  paperKey = "";
  return parts.paper;
}

function frameMarkup() {
  const w = COLS * CELL + 2 * PX;
  return `
    <path class="trap-base" d="M8 ${BAR_TOP - 30} Q${w / 2} ${BAR_TOP - 38} ${w - 8} ${BAR_TOP - 28} L${w - 4} ${BAR_BOTTOM + 30} Q${w / 2} ${BAR_BOTTOM + 54} 6 ${BAR_BOTTOM + 28} Z"/>
    <path class="trap-grain" d="M40 ${BAR_TOP - 12} q200 -8 420 2 t300 -2 M30 ${BAR_BOTTOM + 14} q140 5 270 -1 M${w - 250} ${BAR_BOTTOM + 13} q120 -4 220 2"/>
    <rect class="trap-bed" x="${PX - 10}" y="${PY - 12}" width="${COLS * CELL + 20}" height="${ROWS * CELL + 24}" rx="10"/>
    <text class="trap-label" x="${w / 2}" y="${BAR_BOTTOM + LABEL_DROP}" text-anchor="middle">${escapeHtml(t("dcc.table.trap"))}</text>`;
}

function pegsMarkup(front) {
  return [0, COLS - 1].map((col) => {
    const x = PX + col * CELL + CELL / 2;
    if (!front) return `<rect class="peg-post" x="${x - 9}" y="${PY - 26}" width="18" height="${ROWS * CELL + 52}" rx="9"/>`;
    return Array.from({ length: ROWS }, (_, row) => `<circle class="peg-hook" cx="${x}" cy="${PY + row * CELL + CELL / 2}" r="8"/>`).join("")
      + `<circle class="peg-cap" cx="${x}" cy="${PY - 22}" r="13"/><circle class="peg-cap" cx="${x}" cy="${PY + ROWS * CELL + 22}" r="13"/>`;
  }).join("");
}

function barMarkup(y) {
  const x0 = PX - 30;
  const x1 = PX + COLS * CELL + 30;
  const spring = (x) => `<path class="bar-spring" d="M${x} ${y - 14} l8 5 l-16 6 l16 6 l-16 6 l8 5"/>`;
  return `${spring(x0 - 8)}${spring(x1 + 8)}
    <rect class="bar-rod" x="${x0}" y="${y - 7}" width="${x1 - x0}" height="14" rx="7"/>
    <rect class="bar-shine" x="${x0 + 10}" y="${y - 4}" width="${x1 - x0 - 20}" height="3" rx="1.5"/>`;
}

/** The middle of cell (row, col), in the trap's coordinates. */
export function cellCentre(row, col) {
  return [PX + col * CELL + CELL / 2, PY + row * CELL + CELL / 2];
}

/** The mouth placement (top-left row and column, on the grid) under a point of the trap. */
export function mouthAt(x, y) {
  const col = Math.round((x - PX) / CELL - 1);
  const row = Math.round((y - PY) / CELL - 1);
  return { row: Math.max(0, Math.min(ROWS - 2, row)), col: Math.max(0, Math.min(COLS - 2, col)) };
}

/** Whether a point of the trap lies on the paper's grid. */
export function onPaper(x, y) {
  return x >= PX && x < PX + COLS * CELL && y >= PY && y < PY + ROWS * CELL;
}

// ---------------------------------------------------------------- the paper

const eaten = (rows, r, c) => r >= 0 && r < ROWS && c >= 0 && c < COLS && rows[r][c] === ".";

/** The sheet's outline: a rectangle over the whole grid, its edges a touch uneven (cut by hand). */
function sheetPath() {
  const w = COLS * CELL;
  const h = ROWS * CELL;
  const top = Array.from({ length: 7 }, (_, i) => `${PX + (w * (i + 1)) / 8} ${PY + (i % 2 ? 1.5 : -1.5)}`).join(" L");
  const bottom = Array.from({ length: 7 }, (_, i) => `${PX + w - (w * (i + 1)) / 8} ${PY + h + (i % 2 ? -1.5 : 1.5)}`).join(" L");
  return `M${PX} ${PY} L${top} L${PX + w} ${PY} L${PX + w} ${PY + h} L${bottom} L${PX} ${PY + h} Z`;
}

function paperMarkup(rows) {
  const holes = [];
  const teeth = [];
  const speckles = [];
  for (let r = 0; r < ROWS; r += 1) {
    for (let c = 0; c < COLS; c += 1) {
      const x = PX + c * CELL;
      const y = PY + r * CELL;
      if (!eaten(rows, r, c)) {
        if ((r * 5 + c * 3) % 4 === 0 && c > 0 && c < COLS - 1) {
          speckles.push(`<circle cx="${x + CELL / 2 + ((c * 11) % 17) - 8}" cy="${y + CELL / 2 + ((r * 7) % 13) - 6}" r="${3 + ((r + c) % 3)}"/>`);
        }
        continue;
      }
      // A hole reaches past the sheet's outline where it opens onto the top or bottom edge.
      const up = r === 0 ? 4 : 0;
      const down = r === ROWS - 1 ? 4 : 0;
      holes.push(`<rect x="${x - 0.5}" y="${y - up - 0.5}" width="${CELL + 1}" height="${CELL + up + down + 1}"/>`);
      // Tooth marks: little scallops bitten into the paper around the hole.
      const sides = [[-1, 0, x + CELL / 2, y], [1, 0, x + CELL / 2, y + CELL], [0, -1, x, y + CELL / 2], [0, 1, x + CELL, y + CELL / 2]];
      for (const [dr, dc, mx, my] of sides) {
        if (r + dr < 0 || r + dr >= ROWS || eaten(rows, r + dr, c + dc)) continue;
        const along = dr ? [[-16, 0], [0, 0], [16, 0]] : [[0, -16], [0, 0], [0, 16]];
        for (const [ax, ay] of along) teeth.push(`<circle cx="${mx + ax}" cy="${my + ay}" r="6"/>`);
      }
    }
  }
  return `<path class="paper-body" d="${sheetPath()}"/>
    <g class="paper-speckles">${speckles.join("")}</g>
    <g class="paper-holes">${holes.join("")}${teeth.join("")}</g>`;
}

/** Draw the paper: whole (holes where bites were taken), torn in two after a snap, or gone. */
export function drawPaper(view) {
  const key = `${view.paper.join("")}|${view.torn ? "torn" : ""}|${view.hooked ? "" : "off"}`;
  if (key === paperKey) return;
  paperKey = key;
  if (!view.hooked) {
    parts.paper.innerHTML = "";
    return;
  }
  const body = paperMarkup(view.paper);
  if (!view.torn) {
    parts.paper.innerHTML = `<g class="paper-sheet">${body}</g>`;
    return;
  }
  // Torn: the left half hangs from the left peg, the right half from the right one.
  const mid = PX + (COLS / 2) * CELL;
  const tear = Array.from({ length: ROWS * 2 + 1 }, (_, i) => `${mid + (i % 2 ? 9 : -9)} ${PY + (i * CELL) / 2}`).join(" L");
  parts.paper.innerHTML = `
    <clipPath id="tear-left"><path d="M0 0 L${mid - 9} 0 L${tear} L${mid} ${PY + ROWS * CELL + 40} L0 ${PY + ROWS * CELL + 40} Z"/></clipPath>
    <clipPath id="tear-right"><path d="M2000 0 L${mid - 9} 0 L${tear} L${mid} ${PY + ROWS * CELL + 40} L2000 ${PY + ROWS * CELL + 40} Z"/></clipPath>
    <g class="paper-half paper-left" clip-path="url(#tear-left)"><g class="paper-sheet">${body}</g></g>
    <g class="paper-half paper-right" clip-path="url(#tear-right)"><g class="paper-sheet">${body}</g></g>`;
}

/** Put the bars apart (set) or slammed together (after a snap). */
export function setBars(slammed) {
  const shut = (PY + (ROWS * CELL) / 2) - BAR_TOP - 6;
  parts.top.setAttribute("transform", slammed ? `translate(0 ${shut})` : "");
  parts.bottom.setAttribute("transform", slammed ? `translate(0 ${-(BAR_BOTTOM - (PY + (ROWS * CELL) / 2) - 6)})` : "");
}

// ---------------------------------------------------------------- the strength meter

let flat = false;

/** Lay the meter under the trap (a phone's tall table) or beside it; true when it changed. */
export function setMeterFlat(under) {
  const changed = flat !== under;
  flat = under;
  return changed;
}

/** Where the meter's box of level k sits: [x, y, width, height], beside the trap or under it. */
function meterBox(k) {
  if (flat) return [FLAT_X + k * FLAT_STEP, BAR_BOTTOM + 48, FLAT_STEP - 8, 44];
  return [METER_X, METER_BOTTOM - (k + 1) * METER_STEP + 4, 60, METER_STEP - 8];
}

/** The meter: 0 to 5, the paper's strength filled in, the preview's after-bite level marked,
 * and the threshold once a snap has revealed it. */
export function drawMeter(strength, { after = null, threshold = null } = {}) {
  const boxes = Array.from({ length: 6 }, (_, k) => {
    const [x, y, w, h] = meterBox(k);
    const filled = strength !== null && k <= strength;
    const lost = after !== null && k > after && k <= strength;
    return `<g class="meter-step${filled ? " filled" : ""}${lost ? " lost" : ""}" data-level="${k}">
      <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8"/>
      <text class="meter-num" x="${x + w / 2}" y="${y + h / 2 + 8}" text-anchor="middle">${k}</text></g>`;
  }).join("");
  let mark = "";
  if (after !== null) {
    const [x, y, w, h] = meterBox(after);
    mark = flat ? `<path class="meter-after" d="M${x + w / 2 - 10} ${y - 20} l10 16 l10 -16 Z"/>`
      : `<path class="meter-after" d="M${x - 22} ${y + h / 2 - 10} l16 10 l-16 10 Z"/>`;
  }
  let tear = "";
  if (threshold !== null) {
    const [x, y, w, h] = meterBox(threshold);
    const [ex, ey, ew] = meterBox(5);
    const line = flat ? `<line x1="${x - 4}" x2="${x - 4}" y1="${y - 8}" y2="${y + h + 8}"/>`
      : `<line x1="${x - 10}" x2="${x + w + 6}" y1="${y + h + 2}" y2="${y + h + 2}"/>`;
    const [tx, ty] = flat ? [ex + ew + 14, ey + 18] : [x + w + 10, y + h - 4];
    tear = `<g class="meter-threshold" data-testid="meter-threshold">${line}
      <text x="${tx}" y="${ty}" text-anchor="start">${escapeHtml(t("dcc.meter.tears"))}</text>
      <text x="${tx}" y="${ty + 20}" text-anchor="start">${escapeHtml(t("dcc.meter.below", { threshold }))}</text></g>`;
  }
  const [hx, hy, hw, hh] = meterBox(flat ? 0 : 5);
  const heading = escapeHtml(t("dcc.meter.title"));
  const title = flat ? `<text class="meter-title" x="${hx - 14}" y="${hy + hh / 2 + 8}" text-anchor="end">${heading}</text>`
    : `<text class="meter-title" x="${hx + hw / 2}" y="${hy - 12}" text-anchor="middle">${heading}</text>`;
  parts.meter.innerHTML = `${title}${boxes}${mark}${tear}`;
}

// ---------------------------------------------------------------- Max's mouth

/** Max's 2 x 2 mouth at `mouth` ({row, col}), legal or not, with the strength after it; or none. */
export function drawMouth(mouth, preview, { chomp = false } = {}) {
  if (!mouth) {
    parts.mouth.innerHTML = "";
    return;
  }
  const x = PX + mouth.col * CELL;
  const y = PY + mouth.row * CELL;
  const w = CELL * 2;
  const legal = Boolean(preview);
  const label = legal ? `${preview.before} → ${preview.strength}` : t("dcc.mouth.no");
  const bubbleX = x + w + 8 > PX + COLS * CELL - 60 ? x - 104 : x + w + 8;
  parts.mouth.innerHTML = `<g class="mouth ${legal ? "mouth-ok" : "mouth-no"}${chomp ? " chomp" : ""}" data-testid="mouth-box" data-row="${mouth.row}" data-col="${mouth.col}" data-legal="${legal}">
    <rect class="mouth-box" x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${w - 6}" rx="14"/>
    ${legal ? `<path class="mouth-teeth" d="M${x + 22} ${y + 8} l8 12 l8 -12 M${x + w - 38} ${y + 8} l8 12 l8 -12"/>`
    : `<path class="mouth-cross" d="M${x + 24} ${y + 24} L${x + w - 24} ${y + w - 24} M${x + w - 24} ${y + 24} L${x + 24} ${y + w - 24}"/>`}
    <g transform="translate(${x} ${y + 4})">${maxMarkup(w)}</g>
    <g class="mouth-bubble" transform="translate(${bubbleX} ${y + w / 2 - 22})">
      <rect width="96" height="44" rx="14"/>
      <text x="48" y="29" text-anchor="middle">${escapeHtml(label)}</text>
    </g>
  </g>`;
}

/** A word that floats up over the trap (SNAP!, a bite's strength), removed after a while. */
export function floatWord(group, text, x, y, kind = "") {
  const word = document.createElementNS(NS, "text");
  word.setAttribute("class", `fx-word ${kind}`);
  word.setAttribute("x", String(x));
  word.setAttribute("y", String(y));
  word.setAttribute("text-anchor", "middle");
  word.textContent = text;
  group.append(word);
  setTimeout(() => word.remove(), 1600);
}

export { INK };
