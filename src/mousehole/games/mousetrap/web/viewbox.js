// The view onto the board: its viewBox for each view mode (the whole board, the trap, the path,
// the mouse to follow), fitted to the frame's shape and moved smoothly; dragged round the board
// (pan.js); zoomed in by a tap on a phone's whole-board map; and the board's texts too small to
// read at the scale it is drawn now hidden (shared/legible.js).

import { BOARD_BOX, POSITIONS, VIEWS, mouseSpots, zoomBox } from "./board.js";
import { hideIllegible } from "/static/shared/legible.js";
import { initPan } from "./pan.js";

let app = null;
let board = null;

/** Own the viewBox of `svg` for the page's model `model` (its viewMode, view, reduced...). */
export function initViewBox(model, svg) {
  app = model;
  board = svg;
  // A zoomed-in view (every view but the overview) moves round the board by dragging it.
  initPan(board, { enabled: () => app.viewMode !== "overview", moveBy: panBy });
}

/** The frame is a phone's (narrow): its views come closer, so their labels can be read. */
function narrow() {
  return board.clientWidth < 560;
}

/** How many screen px a board unit is drawn at now. */
function scale() {
  return board.getScreenCTM()?.a || 1;
}

/** Hide the board's texts that are too small to read at the scale it is drawn now (a phone's
    whole-board map), and its floating effects' words with them (shared/legible.js). */
export function legible() {
  board.classList.toggle("fx-too-small", 20 * scale() < 11); // .fx-build, the smallest effect
  hideIllegible(board);
}

let boxNow = VIEWS.overview.slice();
let boxAnim = null;

export function currentBox() {
  return boxNow.slice();
}

function applyBox(box) {
  boxNow = box;
  board.setAttribute("viewBox", box.map((v) => Math.round(v * 10) / 10).join(" "));
}

/** `box` widened (or heightened) to the board frame's shape, kept on the drawn board where it
    fits: the frame shows more of the board round a view instead of empty bands beside it. */
function fitBox(box) {
  const { clientWidth: w, clientHeight: h } = board;
  if (!w || !h) return box.slice();
  const [bx, by, bw, bh] = BOARD_BOX;
  let [x, y, width, height] = box;
  const along = (start, size, grown, min, span) => {
    const at = start - (grown - size) / 2;
    return grown >= span ? min + (span - grown) / 2 : Math.min(Math.max(at, min), min + span - grown);
  };
  if (width / height < w / h) {
    const grown = (height * w) / h;
    x = along(x, width, grown, bx, bw);
    width = grown;
  } else {
    const grown = (width * h) / w;
    y = along(y, height, grown, by, bh);
    height = grown;
  }
  return [x, y, width, height];
}

/** Move the viewBox to `target` (fitted to the frame), animated unless `instant`. */
export function setBox(target, { instant = false, duration = 520 } = {}) {
  if (boxAnim) cancelAnimationFrame(boxAnim);
  boxAnim = null;
  target = fitBox(target);
  if (instant || duration <= 0) {
    applyBox(target.slice());
    legible();
    return;
  }
  const from = boxNow.slice();
  const start = performance.now();
  const step = (now) => {
    const t = Math.min(1, (now - start) / duration);
    const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    applyBox(from.map((v, i) => v + (target[i] - v) * e));
    boxAnim = t < 1 ? requestAnimationFrame(step) : null;
    if (!boxAnim) legible();
  };
  boxAnim = requestAnimationFrame(step);
}

/** How wide the view that follows a mouse is: a phone's narrow frame comes a little closer, so
    every label and token is drawn at 13 px or more. */
function zoomWidth() {
  return narrow() ? 440 : 480;
}

/** The viewBox of a view mode ("zoom" centres on the mouse to follow). */
export function boxFor(mode) {
  if (mode !== "zoom") return VIEWS[mode].slice();
  const view = app.view;
  const seat = app.followSeat ?? view?.current ?? 0;
  const mouse = view?.mice?.[seat];
  const p = mouse && !mouse.captured ? mouseSpots(view.mice)[seat] : POSITIONS[0];
  return zoomBox(p.x, p.y, zoomWidth());
}

/** Move the view by a drag of (dx, dy) screen px, kept on the drawn board (pan.js). */
function panBy(dx, dy) {
  if (boxAnim) cancelAnimationFrame(boxAnim);
  boxAnim = null;
  const k = scale();
  const [bx, by, bw, bh] = BOARD_BOX;
  const [x, y, width, height] = boxNow;
  const along = (start, size, delta, min, span) => (size >= span ? start : Math.min(Math.max(start - delta, min), min + span - size));
  applyBox([along(x, width, dx / k, bx, bw), along(y, height, dy / k, by, bh), width, height]);
  legible();
}

let followKey = "";

/** In the view that follows a mouse, move to it when it has moved (after a drag, only then). */
export function followMouse() {
  const target = boxFor("zoom");
  const key = target.join(",");
  if (key === followKey) return;
  followKey = key;
  setBox(target, { instant: app.reduced, duration: 380 * app.factor });
}

export function resetFollow() {
  followKey = "";
}

/** A tap on a board drawn too small to read (a phone's whole-board map) zooms in there, in the
    view that follows the mouse; the view stays on that spot until the mouse moves. True when
    it did: the tap then opens no space. */
export function zoomToTap(event) {
  const matrix = board.getScreenCTM();
  if (app.viewMode !== "overview" || !matrix || 18 * matrix.a >= 11) return false;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  app.viewMode = "zoom";
  followKey = boxFor("zoom").join(",");
  setBox(zoomBox(p.x, p.y, zoomWidth()), { instant: app.reduced, duration: 420 * app.factor });
  return true;
}
