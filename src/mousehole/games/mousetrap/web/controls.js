// Buttons, dialogs and the keyboard: inspecting a space, the split and paid-move confirmations,
// the "Pass to" hand-over, the winner screen, and key shortcuts (1–4 views, R / Space roll;
// in the trap phase C crank, 5–7 pay to move a rival, E finish; arrows between spaces). The
// shared buttons and keys (New match, S skip, F faster, Download record) and the new-match form
// are the match controller's (shared/match/page.js, shared/setup.js). Every choice is only a
// request to the server; the page shows the result when it comes back.

import { SPACES, describeSpace, tokenSvg } from "./board.js";
import { formatList, t } from "/static/shared/i18n.js";

let el = {};
let handlers = {};

export function initControls(elements, callbacks) {
  el = elements;
  handlers = callbacks;
  bindButtons();
  bindBoard();
}

function $(id) {
  return document.getElementById(id);
}

function open(dialog) {
  if (!dialog.open) dialog.showModal();
}

function close(dialog) {
  if (dialog.open) dialog.close();
}

// ---------------------------------------------------------------- action buttons

function bindButtons() {
  el.roll.addEventListener("click", () => handlers.roll());
  el.crank.addEventListener("click", () => handlers.crank());
  el.endTurn.addEventListener("click", () => handlers.end());
  el.spendList.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-target]");
    if (button) handlers.spend(Number(button.dataset.target));
  });
  for (const button of el.viewButtons) {
    button.addEventListener("click", () => handlers.view(button.dataset.view));
  }
  el.replay.addEventListener("click", () => handlers.replay());
  $("inspect-close").addEventListener("click", () => close($("inspect-dialog")));
  $("winner-close").addEventListener("click", () => close($("winner-dialog")));
  $("winner-new").addEventListener("click", () => {
    close($("winner-dialog"));
    handlers.newMatch();
  });
  $("rematch").addEventListener("click", () => {
    close($("winner-dialog"));
    handlers.rematch();
  });
}

// ---------------------------------------------------------------- inspecting spaces

function spaceOf(target) {
  return target instanceof Element ? target.closest(".space[data-space]") : null;
}

function bindBoard() {
  const board = el.board;
  board.addEventListener("click", (event) => {
    if (handlers.zoomTo(event)) return; // a tap on a map too small to read: it zooms in there
    const node = spaceOf(event.target);
    if (node) {
      focusSpace(Number(node.dataset.space), false);
      openInspect(Number(node.dataset.space));
    }
  });
  board.addEventListener("keydown", (event) => {
    const node = spaceOf(event.target);
    if (!node) return;
    const index = Number(node.dataset.space);
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      openInspect(index);
    } else if (event.key in moves) {
      event.preventDefault();
      focusSpace((index + moves[event.key] + SPACES.length) % SPACES.length);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      focusSpace(event.key === "Home" ? 0 : SPACES.length - 1);
    }
  });
}

/** Roving tabindex: one space is in the tab order; arrows move between spaces. */
export function focusSpace(index, moveFocus = true) {
  for (const node of el.board.querySelectorAll(".space[data-space]")) {
    node.setAttribute("tabindex", Number(node.dataset.space) === index ? "0" : "-1");
  }
  if (moveFocus) el.board.querySelector(`.space[data-space="${index}"]`)?.focus();
}

export function openInspect(index) {
  const count = handlers.seatCount();
  const space = SPACES[index];
  $("inspect-title").textContent = t("mt.space.aria", { space: index, text: space.label });
  $("inspect-text").textContent = describeSpace(index, count);
  const here = handlers.miceOn(index);
  $("inspect-who").textContent = here.length ? t("mt.inspect.here", { names: formatList(here) }) : t("mt.inspect.nobody");
  open($("inspect-dialog"));
  $("inspect-close").focus();
}

// ---------------------------------------------------------------- decisions

/** A yes/no question; resolves true for yes. */
export function confirm(text, { yes = t("mt.confirm.yes"), no = t("mt.confirm.no"), title = t("mt.confirm.title") } = {}) {
  const dialog = $("confirm-dialog");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = no;
  return new Promise((resolve) => {
    const done = (answer) => {
      $("confirm-yes").onclick = null;
      $("confirm-no").onclick = null;
      dialog.onclose = null;
      close(dialog);
      resolve(answer);
    };
    $("confirm-yes").onclick = () => done(true);
    $("confirm-no").onclick = () => done(false);
    dialog.onclose = () => done(false);
    open(dialog);
    $("confirm-no").focus();
  });
}

/** One button per legal split ("2 from Ann", "1 from Ann and 1 from Bo"). */
export function showSplit(options, { who, amount, seatName, onPick }) {
  const dialog = $("split-dialog");
  $("split-text").textContent = t("mt.split.text", { who, count: amount });
  const box = $("split-options");
  box.replaceChildren();
  options.forEach((action, i) => {
    const parts = Object.entries(action.take).map(([seat, n]) => t("mt.log.took-from", { count: n, whom: seatName(Number(seat)) }));
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn split-option";
    button.dataset.testid = "split-option";
    button.dataset.index = String(i);
    button.textContent = formatList(parts);
    button.addEventListener("click", () => {
      close(dialog);
      onPick(action);
    });
    box.append(button);
  });
  dialog.oncancel = (event) => event.preventDefault(); // a choice must be made
  open(dialog);
  box.querySelector("button")?.focus();
}

export function hideSplit() {
  close($("split-dialog"));
}

/** The hand-over screen between two humans on one device. */
export function showPass(seat, name, letter) {
  const dialog = $("pass-dialog");
  $("pass-title").textContent = t("mt.pass.title", { who: name });
  $("pass-token").innerHTML = tokenSvg(seat, letter, 72);
  return new Promise((resolve) => {
    $("pass-ready").onclick = () => {
      close(dialog);
      resolve();
    };
    dialog.oncancel = (event) => event.preventDefault();
    open(dialog);
    $("pass-ready").focus();
  });
}

export function showWinner(seat, name, letter, text) {
  $("winner-title").textContent = t("mt.wins", { who: name });
  $("winner-text").textContent = text;
  $("winner-art").innerHTML = `${tokenSvg(seat, letter, 96)}`;
  open($("winner-dialog"));
  $("rematch").focus();
}

export function hideWinner() {
  close($("winner-dialog"));
}

// ---------------------------------------------------------------- keyboard

/** A trap-phase key (C crank, E finish, 5–7 pay): press its button; false if it is none. */
function trapKey(key) {
  const button = key === "c" ? el.crank
    : key === "e" ? el.endTurn
      : el.spendList.querySelector(`button[data-key="${CSS.escape(key)}"]`);
  if (!button || button.disabled) return false;
  button.click();
  return true;
}

/** Where focus starts in the trap phase: the safest useful control, never "Finish turn" (an
    Enter there would give up the crank). The crank when it can turn, else the first rival to
    pay for, else the panel itself, from where Tab reaches "Finish turn". */
export function focusTrapPanel() {
  const target = !el.crank.disabled ? el.crank : [...el.spendList.querySelectorAll("button")].find((b) => !b.disabled);
  if (target) {
    target.focus();
  } else {
    el.spendList.setAttribute("tabindex", "-1");
    el.spendList.focus();
  }
}

/** A key of this game (the match controller has handled S and F, typing and open dialogs). */
export function onKey(key, event) {
  const views = { 1: "overview", 2: "trap", 3: "path", 4: "zoom" };
  if (views[key]) {
    event.preventDefault();
    handlers.view(views[key]);
  } else if (key === "r" || (key === " " && !(event.target instanceof Element && event.target.closest("button, a, [role=button]")))) {
    if (!el.roll.disabled && !el.roll.hidden) {
      event.preventDefault();
      handlers.roll();
    }
  } else if (!el.trapPanel.hidden && trapKey(key)) {
    event.preventDefault();
  }
}
