// The kitchen floor, drawn new (the physical game has no printed board; docs/games/mousechaos.md):
// a 10 x 10 tiled floor inside a wooden wall with eight mouse-holes, the four straw nests in the
// corners, the red carpet and the kitchen table in the centre. Also the geometry every other
// module uses: where a square, the table, a nest or a mouse-hole is in the SVG.
// Squares are the server's [row, col] pairs; "table" is under (or on) the table, "wall" inside it.

import { t } from "/static/shared/i18n.js";

export const CELL = 64;
export const EDGE = 44; // the wall's thickness, outside the floor
export const SIZE = 10;
export const VIEW = EDGE * 2 + CELL * SIZE; // the kitchen, wall to wall
// The margin above and left of the wall that holds the coordinates (the wall holds the nests'
// name plates); play.html's viewBox is the kitchen with it: "-34 -34 762 762".
export const MARGIN = 34;

/** The nests' squares, as the server numbers them (nest k is seat k's corner, clockwise). */
export const NESTS = [
  [[0, 0], [0, 1], [1, 0], [1, 1]],
  [[0, 9], [0, 8], [1, 9], [1, 8]],
  [[9, 9], [9, 8], [8, 9], [8, 8]],
  [[9, 0], [9, 1], [8, 0], [8, 1]],
];
const TABLE_CELLS = [[4, 4], [4, 5], [5, 4], [5, 5]];
const HOLES = [[0, 3], [0, 6], [3, 9], [6, 9], [9, 6], [9, 3], [6, 0], [3, 0]];

/** The centre of a square [row, col] in the SVG. */
export function centre([row, col]) {
  return { x: EDGE + col * CELL + CELL / 2, y: EDGE + row * CELL + CELL / 2 };
}

export const TABLE_CENTRE = { x: EDGE + 5 * CELL, y: EDGE + 5 * CELL };

/** The nest a square belongs to, or -1. */
export function nestOf(at) {
  if (!Array.isArray(at)) return -1;
  return NESTS.findIndex((squares) => squares.some(([r, c]) => r === at[0] && c === at[1]));
}

export function onTable(at) {
  return at === "table" || (Array.isArray(at) && TABLE_CELLS.some(([r, c]) => r === at[0] && c === at[1]));
}

/** The key of a spot: "r,c" or "table". */
export function spotKey(at) {
  return onTable(at) ? "table" : `${at[0]},${at[1]}`;
}

export function sameSpot(a, b) {
  return a !== null && b !== null && a !== undefined && b !== undefined && spotKey(a) === spotKey(b);
}

/** Where the mouse-hole beside square `at` opens in the wall (for a path's "wall" steps). */
export function holeAt(at) {
  const { x, y } = centre(at);
  const [row, col] = at;
  if (row === 0) return { x, y: EDGE - 12 };
  if (row === SIZE - 1) return { x, y: VIEW - EDGE + 12 };
  if (col === 0) return { x: EDGE - 12, y };
  return { x: VIEW - EDGE + 12, y };
}

/** "C4": a square as a player reads it (columns A..J, rows 1..10 from the top). */
export function squareName(at) {
  if (onTable(at)) return t("mc.square.table");
  return `${"ABCDEFGHIJ"[at[1]]}${at[0] + 1}`;
}

/** A hand-drawn wobble: a path through the points with each corner nudged by `wobble`. */
function wobblyRect(x, y, w, h, seed, wobble = 1.6) {
  const j = (k) => (Math.sin(seed * 12.9898 + k * 78.233) * 43758.5453 % 1) * wobble;
  return `M${x + j(1)} ${y + j(2)} L${x + w + j(3)} ${y + j(4)} L${x + w + j(5)} ${y + h + j(6)} L${x + j(7)} ${y + h + j(8)} Z`;
}

function floorTiles() {
  let out = "";
  for (let row = 0; row < SIZE; row += 1) {
    for (let col = 0; col < SIZE; col += 1) {
      const tone = (row + col) % 2 ? "mc-tile-b" : "mc-tile-a";
      out += `<path class="mc-tile ${tone}" d="${wobblyRect(EDGE + col * CELL + 1.5, EDGE + row * CELL + 1.5, CELL - 3, CELL - 3, row * 10 + col)}"/>`;
    }
  }
  return out;
}

function wall() {
  const outer = wobblyRect(6, 6, VIEW - 12, VIEW - 12, 3, 2.5);
  const planks = [];
  for (let i = 1; i < 14; i += 1) {
    const p = EDGE + (i * (VIEW - 2 * EDGE)) / 14;
    planks.push(`M${p} 8 l0 ${EDGE - 10}`, `M${p} ${VIEW - 8} l0 -${EDGE - 10}`, `M8 ${p} l${EDGE - 10} 0`, `M${VIEW - 8} ${p} l-${EDGE - 10} 0`);
  }
  const holes = HOLES.map((at) => {
    const { x, y } = holeAt(at);
    const turn = at[0] === 0 ? 0 : at[0] === SIZE - 1 ? 180 : at[1] === 0 ? -90 : 90; // the arch into the wall
    return `<g class="mc-hole" transform="translate(${x} ${y}) rotate(${turn})">
      <path d="M-16 12 L-16 -1 Q-16 -19 0 -19 Q16 -19 16 -1 L16 12 Z"/>
      <path class="mc-hole-rim" d="M-16 12 L-16 -1 Q-16 -19 0 -19 Q16 -19 16 -1 L16 12"/></g>`;
  }).join("");
  return `<path class="mc-wall" d="${outer}"/>
    <path class="mc-plank" d="${planks.join(" ")}"/>
    <rect class="mc-skirting" x="${EDGE - 5}" y="${EDGE - 5}" width="${VIEW - 2 * EDGE + 10}" height="${VIEW - 2 * EDGE + 10}" rx="4"/>
    ${holes}`;
}

function nests() {
  return NESTS.map((squares, k) => {
    const rows = squares.map(([r]) => r);
    const cols = squares.map(([, c]) => c);
    const x = EDGE + Math.min(...cols) * CELL;
    const y = EDGE + Math.min(...rows) * CELL;
    const straws = [];
    for (let i = 0; i < 16; i += 1) {
      const a = (i / 16) * Math.PI * 2 + k;
      const r1 = 44 + (i % 3) * 6;
      const r2 = 60 - (i % 4) * 3;
      straws.push(`M${x + CELL + Math.cos(a) * r1} ${y + CELL + Math.sin(a) * r1} Q${x + CELL + Math.cos(a + 0.3) * 58} ${y + CELL + Math.sin(a + 0.3) * 58} ${x + CELL + Math.cos(a + 0.6) * r2} ${y + CELL + Math.sin(a + 0.6) * r2}`);
    }
    return `<g class="mc-nest" data-nest="${k}">
      <path class="mc-nest-bed" d="${wobblyRect(x + 3, y + 3, CELL * 2 - 6, CELL * 2 - 6, 40 + k, 3)}"/>
      <path class="mc-straw" d="${straws.join(" ")}"/>
      <path class="mc-nest-line" d="M${x + CELL} ${y + 8} L${x + CELL} ${y + CELL * 2 - 8} M${x + 8} ${y + CELL} L${x + CELL * 2 - 8} ${y + CELL}"/>
    </g>`;
  }).join("");
}

function table() {
  const x = EDGE + 4 * CELL;
  const y = EDGE + 4 * CELL;
  const s = CELL * 2;
  const fringe = [];
  for (let i = 0; i <= 12; i += 1) {
    const p = x - 10 + (i * (s + 20)) / 12;
    fringe.push(`M${p} ${y - 12} l0 -5`, `M${p} ${y + s + 12} l0 5`);
  }
  return `<g class="mc-table-art">
    <path class="mc-carpet" d="${wobblyRect(x - 10, y - 12, s + 20, s + 24, 7, 2)}"/>
    <rect class="mc-carpet-border" x="${x - 4}" y="${y - 6}" width="${s + 8}" height="${s + 12}" rx="6"/>
    <path class="mc-fringe" d="${fringe.join(" ")}"/>
    <rect class="mc-tabletop" x="${x + 18}" y="${y + 18}" width="${s - 36}" height="${s - 36}" rx="10"/>
    <rect class="mc-table-grain" x="${x + 26}" y="${y + 26}" width="${s - 52}" height="${s - 52}" rx="6"/>
    <circle class="mc-table-leg" cx="${x + 24}" cy="${y + 24}" r="4"/><circle class="mc-table-leg" cx="${x + s - 24}" cy="${y + 24}" r="4"/>
    <circle class="mc-table-leg" cx="${x + 24}" cy="${y + s - 24}" r="4"/><circle class="mc-table-leg" cx="${x + s - 24}" cy="${y + s - 24}" r="4"/>
  </g>`;
}

/** Every column's letter above the wall and every row's number left of it, outside the
    kitchen (the wall's name plates cover the corner columns), as squareName words them. */
function labels() {
  let out = "";
  for (let i = 0; i < SIZE; i += 1) {
    out += `<text class="mc-coord" data-coord="col" x="${EDGE + i * CELL + CELL / 2}" y="${-MARGIN / 2}">${"ABCDEFGHIJ"[i]}</text>`;
    out += `<text class="mc-coord" data-coord="row" x="${-MARGIN / 2}" y="${EDGE + i * CELL + CELL / 2}">${i + 1}</text>`;
  }
  return out;
}

/** The static kitchen: wall, holes, floor, nests, carpet and table (drawn once). */
export function kitchenSvg() {
  return `${wall()}<g class="mc-floor">${floorTiles()}</g>${nests()}${table()}<g aria-hidden="true">${labels()}</g>`;
}
