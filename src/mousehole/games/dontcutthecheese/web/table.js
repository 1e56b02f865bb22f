// The table around the trap: where everything sits on a wide or a narrow screen, the spinner
// (its pointer the nose of a mouse), the bag of tokens, and the seats in turn order with arrows
// that show the direction of play. Drawn from the view model; decides nothing.

import { COLOURS, INK, POINTER, dialMarkup, faceAngle, mouseMarkup, noseMarkup, tokenMarkup } from "./pieces.js";
import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";
import { setMeterFlat } from "./trap.js";

const DIAL = 118;
const PLATE_W = 98;
const PLATE_H = 132;
const GAP = 14;

/** Where the groups sit: a wide table, or a tall one for a phone, whose spinner is drawn larger
    (its words at 11 px on a 390 px phone) and whose seats take the width they have (below). */
const LAYOUTS = {
  wide: {
    box: [0, 0, 1200, 720], trap: [150, 4, 1], spinner: [150, 556, 1], bag: [1078, 570], seats: [300, 468],
  },
  narrow: {
    box: [0, 0, 720, 950], trap: [0, 2, 0.92], spinner: [178, 582, 1.12], bag: [556, 578], seats: [8, 774],
  },
};
const NARROW_WIDTH = 704; // the row of seats on a tall table
const PLATES_MAX = 1.3; // how much larger the seats are drawn there at most
// A seat's smallest words (its token counts, 18 units) drawn at least this large on a tall
// table, in table units after the row's scale: 11.5 px on a 390 px phone (half a pixel a unit).
const PLATE_TEXT_MIN = 23;

let el = null;
let layout = "";
let pointerAngle = 0;
let plateScale = 1; // the seats' size on a tall table: as large as their row has room for
let plateText = 1; // the seats' words and initials larger still, where six seats share the row
let seatCount = 0;

/** Remember the table's SVG and its groups (`els`: svg, trap, spinner, bag, seats, fx). */
export function initTable(els) {
  el = els;
  el.spinner.innerHTML = `<g class="spinner-dial">${dialMarkup(DIAL)}</g>
    <g class="spinner-pointer" data-testid="spinner-pointer">${noseMarkup(DIAL * POINTER)}</g>
    <circle class="spinner-pin" r="7"/>
    <text class="spinner-label" y="${DIAL + 32}" text-anchor="middle">${escapeHtml(t("dcc.table.spinner"))}</text>`;
  el.bag.innerHTML = `<g class="bag-art">
      <path class="bag-sack" d="M-58 -20 C-70 40 -50 78 0 80 C50 78 70 40 58 -20 C40 -40 -40 -40 -58 -20 Z"/>
      <path class="bag-neck" d="M-34 -34 C-20 -50 20 -50 34 -34 L26 -22 C10 -30 -10 -30 -26 -22 Z"/>
      <path class="bag-tie" d="M-30 -28 C-10 -20 10 -20 30 -28"/>
    </g>
    <text class="bag-count" data-testid="bag-count" y="30" text-anchor="middle"></text>
    <text class="bag-label" y="106" text-anchor="middle">${escapeHtml(t("dcc.table.bag"))}</text>`;
}

/** Choose the layout for the window's shape; true when it changed. */
export function chooseLayout() {
  const want = window.innerWidth < 640 ? "narrow" : "wide";
  if (want === layout) return false;
  layout = want;
  const l = LAYOUTS[want];
  el.svg.dataset.layout = want;
  setMeterFlat(want === "narrow");
  el.trap.setAttribute("transform", `translate(${l.trap[0]} ${l.trap[1]}) scale(${l.trap[2]})`);
  el.spinner.setAttribute("transform", `translate(${l.spinner[0]} ${l.spinner[1]}) scale(${l.spinner[2]})`);
  el.bag.setAttribute("transform", `translate(${l.bag[0]} ${l.bag[1]})`);
  placeSeats();
  return true;
}

/** The seats' row: on a tall table scaled to the width it has (up to PLATES_MAX), and the
    table's height to hold it. */
function placeSeats() {
  const l = LAYOUTS[layout || "wide"];
  const n = Math.max(2, seatCount);
  plateScale = layout === "narrow" ? Math.min(PLATES_MAX, NARROW_WIDTH / (n * PLATE_W + (n - 1) * GAP)) : 1;
  el.seats.setAttribute("transform", `translate(${l.seats[0]} ${l.seats[1]}) scale(${plateScale})`);
  plateText = layout === "narrow" ? Math.max(1, PLATE_TEXT_MIN / (18 * plateScale)) : 1;
  el.seats.style.setProperty("--plate-text", plateText.toFixed(3));
  const [x, y, w, h] = l.box;
  // Under the plates: the loop of arrows back to the first seat (arrowsMarkup).
  const height = layout === "narrow" ? Math.ceil(l.seats[1] + (PLATE_H + 40) * plateScale) : h;
  el.svg.setAttribute("viewBox", [x, y, w, height].join(" "));
  el.svg.parentElement.style.setProperty("--table-tall", `${w} / ${height}`);
}

/** Where the bag's mouth is, in table coordinates. */
export function bagPoint() {
  const [x, y] = LAYOUTS[layout || "wide"].bag;
  return [x, y - 30];
}

function plateX(seat, n) {
  const width = layout === "narrow" ? NARROW_WIDTH / plateScale : 640;
  const used = n * PLATE_W + (n - 1) * GAP;
  return (width - used) / 2 + seat * (PLATE_W + GAP);
}

/** Where seat `seat`'s tokens go, in table coordinates. */
export function seatPoint(seat, n) {
  const [sx, sy] = LAYOUTS[layout || "wide"].seats;
  return [sx + (plateX(seat, n) + PLATE_W / 2) * plateScale, sy + (PLATE_H - 30) * plateScale];
}

// ---------------------------------------------------------------- the spinner

/** Turn the pointer to `angle` degrees (clockwise from straight up). */
export function setPointer(angle) {
  pointerAngle = angle;
  el.spinner.querySelector(".spinner-pointer").setAttribute("transform", `rotate(${angle.toFixed(2)})`);
}

export function pointer() {
  return pointerAngle;
}

/** Point at `face` (an index, or null: straight up) and light its segment. */
export function showFace(face) {
  if (face !== null && face !== undefined) setPointer(faceAngle(face));
  for (const seg of el.spinner.querySelectorAll(".dial-face")) seg.classList.remove("lit");
  if (face !== null && face !== undefined) el.spinner.querySelectorAll(".dial-face")[face]?.classList.add("lit");
}

// ---------------------------------------------------------------- the bag and the seats

export function drawBag(bag) {
  const total = COLOURS.reduce((sum, c) => sum + (bag[c] || 0), 0);
  el.bag.querySelector(".bag-count").textContent = `${total}`;
  el.bag.classList.toggle("empty", total === 0);
}

function arrowsMarkup(n, direction) {
  const arrows = [];
  for (let i = 0; i + 1 < n; i += 1) {
    const x = plateX(i, n) + PLATE_W + GAP / 2;
    arrows.push(`<path class="dir-arrow" transform="translate(${x} ${PLATE_H / 2}) scale(${direction})" d="M-6 -9 L6 0 L-6 9"/>`);
  }
  // The way round from the last seat back to the first, below the plates.
  const x0 = plateX(0, n) + PLATE_W / 2;
  const x1 = plateX(n - 1, n) + PLATE_W / 2;
  const y = PLATE_H + 8;
  const head = direction > 0 ? `M${x0 + 10} ${y + 2} l-10 -10 l-6 13` : `M${x1 - 10} ${y + 2} l10 -10 l6 13`;
  arrows.push(`<path class="dir-loop" d="M${x1} ${y - 4} C${x1} ${y + 26} ${x0} ${y + 26} ${x0} ${y - 4}"/><path class="dir-loop-head" d="${head}"/>`);
  return `<g class="dir-arrows" data-testid="direction" data-direction="${direction}">${arrows.join("")}</g>`;
}

/** The seats in turn order: each mouse, its name, its tokens by colour, and the play arrows. */
export function drawSeats(view, names, letters) {
  const n = view.tokens.length;
  if (n !== seatCount) {
    seatCount = n;
    placeSeats();
  }
  const plates = view.tokens.map((held, seat) => {
    const x = plateX(seat, n);
    const classes = ["plate"];
    if (view.phase !== "over" && view.current === seat && view.phase !== "draw") classes.push("active");
    if (view.winner === seat) classes.push("winner");
    if ((view.spinOff?.contestants || []).includes(seat) && view.phase !== "over") classes.push("contest");
    const tokens = COLOURS.map((colour, k) => {
      const count = held[colour] || 0;
      const tx = 20 + k * 29;
      return `<g transform="translate(${tx} ${PLATE_H - 30})" class="${count ? "" : "none"}">${tokenMarkup(colour, 11)}
        <text class="plate-count" y="26" text-anchor="middle">${count}</text></g>`;
    }).join("");
    const name = names[seat].length > 9 ? `${names[seat].slice(0, 8)}…` : names[seat];
    const badge = view.phase === "over" ? (view.winner === seat ? t("dcc.badge.winner") : "")
      : view.phase === "draw" && view.drawing?.[0] === seat ? t("dcc.badge.draws")
        : view.current === seat ? t("dcc.badge.turn") : view.snapper === seat && view.phase === "draw" ? t("dcc.badge.snapped") : "";
    return `<g class="${classes.join(" ")}" transform="translate(${x} 0)" data-testid="table-seat-${seat}">
      <rect class="plate-bg" width="${PLATE_W}" height="${PLATE_H}" rx="16"/>
      <g transform="translate(${PLATE_W / 2} 33)">${mouseMarkup(seat, letters[seat], 21 * plateText)}</g>
      <text class="plate-name" x="${PLATE_W / 2}" y="${Math.round(78 + (plateText - 1) * 24)}" text-anchor="middle">${escapeHtml(name)}</text>
      ${badge ? `<g class="plate-badge" transform="translate(${PLATE_W / 2} 0) scale(${plateText.toFixed(3)})"><rect x="-42" y="-15" width="84" height="26" rx="13"/><text y="4" text-anchor="middle">${escapeHtml(badge)}</text></g>` : ""}
      ${tokens}
    </g>`;
  }).join("");
  el.seats.innerHTML = `${arrowsMarkup(n, view.direction)}${plates}`;
}

/** Flip the direction arrows round (Reverse), animated unless `ms` is 0. */
export function turnArrows(ms) {
  const arrows = el.seats.querySelector(".dir-arrows");
  if (!arrows || !ms) return;
  arrows.classList.add("reversing");
  arrows.style.setProperty("--turn-ms", `${ms}ms`);
  setTimeout(() => arrows.classList.remove("reversing"), ms);
}

export { INK };
