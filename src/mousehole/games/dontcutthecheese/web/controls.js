// The Don't Cut the Cheese controls: Spin (the button, Space or Enter), Max's mouth over the
// paper (moved by the mouse or a finger, or by the arrow keys; a click, a second tap or Enter
// bites), the hand-over screen between humans on one device, and the winner's dialog. Every
// choice is a request to the server: a bite the table refuses comes back with its reason.

import { escapeHtml } from "/static/shared/html.js";
import { errorText, t } from "/static/shared/i18n.js";
import { canBite, canSpin, previewAt, previewWords, render } from "./render.js";
import { mouthAt, onPaper, COLS, ROWS } from "./trap.js";
import { chooseLayout } from "./table.js";
import { COLOURS, COLOUR_WORDS, mouseSvg, tokenSvg } from "./pieces.js";
import { explainWin } from "./log.js";

const $ = (id) => document.getElementById(id);

let match = null;
let app = null;
let el = {};
let announce = null;
let offered = -1; // the version whose turn was last offered

/** Wire the controls of `elements` to the match; `say` tells the screen reader. */
export function initControls(m, elements, { say }) {
  match = m;
  app = m.state;
  el = elements;
  announce = say;
  bind();
}

function open(dialog) {
  if (!dialog.open) dialog.showModal();
}

function close(dialog) {
  if (dialog.open) dialog.close();
}

// ---------------------------------------------------------------- spin and bite

export function spin() {
  if (!canSpin()) return;
  if (match.act({ type: "spin" })) el.spin.disabled = true;
}

/** Bite with the mouth where it is. A bite the server does not list is still asked for: the
 * table's refusal says why (the page never judges a bite itself). */
export function bite() {
  const mouth = app.mouth;
  if (!mouth || !canBite()) return;
  const legal = Boolean(previewAt(mouth));
  const seen = app.received.length;
  if (!match.act({ type: "bite", row: mouth.row, col: mouth.col })) return;
  el.bite.disabled = true;
  if (!legal) waitForRefusal(seen);
}

/** The reasons the rules give for a bite they refuse (games/dontcutthecheese/paper.py,
    bite_refusal), by the stable code the server's refusal carries (`reason`, with `details`),
    each with its words here. The message itself is for developers (shared/i18n.js,
    errorText): the page says the reason in its reader's language, and a reason it does not
    know by the table's general refusal. */
const REASONS = {
  off_paper: () => t("dcc.why.bottom"),
  peg_column: () => t("dcc.why.peg"),
  nibble: (details) => t("dcc.why.nibble", { count: Number(details.cells) }),
  closed: () => t("dcc.why.closed"),
};

/** A refused bite in the reader's words. */
export function refusalWords(error) {
  const words = REASONS[error.reason];
  if (words) return t("dcc.refusal", { why: words(error.details || {}) });
  return t("dcc.refusal.other", { reason: errorText(error) });
}

function waitForRefusal(seen) {
  const check = () => {
    if (app.busy) {
      setTimeout(check, 50);
      return;
    }
    const error = app.received.slice(seen).find((m) => m.type === "error");
    if (error) {
      app.refusal = refusalWords(error);
      announce(app.refusal);
    }
    render();
  };
  check();
}

/** Put Max's mouth at `mouth` (top-left row and column); says the preview when asked. */
export function moveMouth(mouth, { speak = false } = {}) {
  const same = app.mouth && mouth && app.mouth.row === mouth.row && app.mouth.col === mouth.col;
  if (same) return;
  app.mouth = mouth;
  app.refusal = "";
  if (speak) announce(previewWords(mouth));
  render();
}

const STEPS = { arrowup: [-1, 0], arrowdown: [1, 0], arrowleft: [0, -1], arrowright: [0, 1] };

function stepMouth(key) {
  const [dr, dc] = STEPS[key];
  const at = app.mouth || { row: 0, col: 1 };
  const row = Math.max(0, Math.min(ROWS - 2, at.row + dr));
  const col = Math.max(0, Math.min(COLS - 2, at.col + dc));
  moveMouth({ row, col }, { speak: true });
}

/** The first mouth of a turn: where it was (if the paper still has it), else the first bite listed. */
function startMouth() {
  if (app.mouth && previewAt(app.mouth)) return app.mouth;
  const first = match.legal("bite")[0];
  return first ? { row: first.row, col: first.col } : { row: 0, col: 1 };
}

function paperPoint(event) {
  const matrix = el.paper.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return onPaper(point.x, point.y) ? point : null;
}

function bindPointer() {
  el.table.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse" || !canBite()) return;
    const point = paperPoint(event);
    if (point) moveMouth(mouthAt(point.x, point.y));
  });
  el.table.addEventListener("click", (event) => {
    if (!canBite()) return;
    const point = paperPoint(event);
    if (!point) return;
    const mouth = mouthAt(point.x, point.y);
    const there = app.mouth && app.mouth.row === mouth.row && app.mouth.col === mouth.col;
    // A mouse bites where it points; a finger's first tap shows the preview, a second bites.
    if (there || event.pointerType === "mouse") {
      moveMouth(mouth);
      bite();
    } else {
      moveMouth(mouth, { speak: true });
    }
  });
}

// ---------------------------------------------------------------- the turn

/** This device's seat is to act: a spin, or a bite with the mouth on the paper. */
export function yourTurn(seat, snap) {
  const name = match.seatName(seat);
  if (snap.version === offered && app.mouth) {
    render(); // the same turn again (a refused bite's snapshot): the mouth stays where it is
    return;
  }
  offered = snap.version;
  if (match.legal("bite").length) {
    app.mouth = startMouth();
    app.refusal = "";
    const left = app.snapshot.state.bites_left;
    announce(t("dcc.say.bite", {
      who: name, bites: t("dcc.bites", { count: left }), strength: app.snapshot.state.strength, preview: previewWords(app.mouth),
    }));
    render();
    focusSoon(el.table);
  } else if (match.legal("spin").length) {
    app.mouth = null;
    announce(t(app.snapshot.state.phase === "spin_off" ? "dcc.say.spin-off" : "dcc.say.spin", { who: name }));
    render();
    focusSoon(el.spin);
  }
}

function focusSoon(target) {
  requestAnimationFrame(() => {
    const lost = !document.activeElement || document.activeElement === document.body
      || document.activeElement === el.spin || document.activeElement === el.bite;
    if (lost && !anyOpen() && !target.disabled) target.focus();
  });
}

function anyOpen() {
  return [...document.querySelectorAll("dialog")].some((d) => d.open);
}

// ---------------------------------------------------------------- hand-over and the winner

/** The hand-over screen between two humans on one device; resolves when they are ready. */
export async function showPass(seat) {
  const dialog = $("pass-dialog");
  const ready = $("pass-ready");
  $("pass-title").textContent = t("dcc.pass.title", { who: match.seatName(seat) });
  $("pass-token").innerHTML = mouseSvg(seat, match.letterOf(seat), 80);
  const pressed = new Promise((resolve) => ready.addEventListener("click", resolve, { once: true }));
  open(dialog);
  ready.focus();
  announce(t("dcc.pass.say", { who: match.seatName(seat) }));
  await pressed;
  close(dialog);
}

/** The end: who won, why (tie-breaks, the spin-off), and every seat's tokens by colour. */
export function showWinner(snap) {
  const state = snap.state;
  const winner = state.winner;
  const order = state.tokens.map((held, seat) => ({
    seat, held,
    colours: COLOURS.filter((c) => held[c]).length,
    total: COLOURS.reduce((sum, c) => sum + held[c], 0),
  })).sort((a, b) => (b.seat === winner) - (a.seat === winner) || b.colours - a.colours || b.total - a.total || a.seat - b.seat);
  $("winner-title").textContent = t("dcc.wins", { who: match.seatName(winner) });
  $("winner-art").innerHTML = mouseSvg(winner, match.letterOf(winner), 96);
  $("winner-text").textContent = explainWin(snap, app.story, match.seatName);
  $("winner-list").innerHTML = order.map((row) => `
    <li class="rank-row${row.seat === winner ? " rank-winner" : ""}" data-testid="rank-${row.seat}">
      ${mouseSvg(row.seat, match.letterOf(row.seat), 36)}
      <span class="rank-name">${escapeHtml(match.seatName(row.seat))}</span>
      <span class="rank-tokens">${COLOURS.map((c) => `<span class="held${row.held[c] ? "" : " held-none"}">${tokenSvg(c, 20)}<span class="held-n">${row.held[c]}</span><span class="visually-hidden"> ${escapeHtml(COLOUR_WORDS[c])}</span></span>`).join("")}</span>
    </li>`).join("");
  $("rematch").hidden = Boolean(app.online);
  open($("winner-dialog"));
  ($("rematch").hidden ? $("winner-close") : $("rematch")).focus();
  announce(`${$("winner-title").textContent} ${$("winner-text").textContent}`);
}

export function hideWinner() {
  close($("winner-dialog"));
}

// ---------------------------------------------------------------- keys and buttons

/** A key of this game (the match controller has handled S and F, typing and open dialogs). */
export function onKey(key, event) {
  const onButton = event.target instanceof Element && event.target.closest("button, a, summary, [role=button]");
  if (STEPS[key] && canBite()) {
    event.preventDefault();
    stepMouth(key);
  } else if (key === "enter" && canBite() && !onButton) {
    event.preventDefault();
    bite();
  } else if ((key === " " || key === "enter") && canSpin() && !onButton) {
    event.preventDefault();
    spin();
  }
}

function bind() {
  el.spin.addEventListener("click", () => spin());
  el.bite.addEventListener("click", () => bite());
  bindPointer();
  $("pass-dialog").addEventListener("cancel", (event) => event.preventDefault()); // Ready, not Escape
  $("winner-close").addEventListener("click", () => hideWinner());
  $("winner-new").addEventListener("click", () => {
    hideWinner();
    match.newMatch();
  });
  $("rematch").addEventListener("click", () => {
    hideWinner();
    match.rematch();
  });
  window.addEventListener("resize", () => {
    if (chooseLayout()) render();
  });
}
