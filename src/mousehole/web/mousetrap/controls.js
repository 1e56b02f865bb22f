// Buttons, dialogs and the keyboard: the new-match form, inspecting a space, the split and
// paid-move confirmations, the "Pass to" hand-over, the winner screen, and key shortcuts
// (1–4 views, R / Space roll, S skip, arrows between spaces). Every choice is only a request
// to the server; the page shows the result when it comes back.

import { SPACES, TOKENS, describeSpace, escapeText, tokenSvg } from "./board.js";

const COMPUTER_NAMES = ["Whiskers", "Nibbles", "Pip", "Brie"];
const HUMAN_NAMES = ["Ann", "Bo", "Cy", "Di"];
const LEVELS = ["easy", "normal", "hard"];

let el = {};
let handlers = {};

export function initControls(elements, callbacks) {
  el = elements;
  handlers = callbacks;
  bindButtons();
  bindBoard();
  bindKeys();
  bindSetup();
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

export function anyDialogOpen() {
  return [...document.querySelectorAll("dialog")].some((d) => d.open);
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
  el.skip.addEventListener("click", () => handlers.skip());
  el.replay.addEventListener("click", () => handlers.replay());
  el.speed.addEventListener("click", () => handlers.speed());
  el.download.addEventListener("click", () => handlers.download());
  $("new-match").addEventListener("click", () => handlers.newMatch());
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
  $("inspect-title").textContent = `Space ${index}: ${space.label}`;
  $("inspect-text").textContent = describeSpace(index, count);
  const here = handlers.miceOn(index);
  $("inspect-who").textContent = here.length ? `Here now: ${here.join(", ")}.` : "No mouse here now.";
  open($("inspect-dialog"));
  $("inspect-close").focus();
}

// ---------------------------------------------------------------- decisions

/** A yes/no question; resolves true for yes. */
export function confirm(text, { yes = "Move them", no = "Keep them there", title = "Are you sure?" } = {}) {
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
  $("split-text").textContent = `${who} may take ${amount} cheese from the richest rivals, who are tied. Choose how:`;
  const box = $("split-options");
  box.replaceChildren();
  options.forEach((action, i) => {
    const parts = Object.entries(action.take).map(([seat, n]) => `${n} from ${seatName(Number(seat))}`);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn split-option";
    button.dataset.testid = "split-option";
    button.dataset.index = String(i);
    button.textContent = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0];
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
  $("pass-title").textContent = `Pass to ${name}`;
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
  $("winner-title").textContent = `${name} wins!`;
  $("winner-text").textContent = text;
  $("winner-art").innerHTML = `${tokenSvg(seat, letter, 96)}`;
  open($("winner-dialog"));
  $("rematch").focus();
}

export function hideWinner() {
  close($("winner-dialog"));
}

// ---------------------------------------------------------------- keyboard

function typing(target) {
  return target instanceof Element && target.closest("input, select, textarea, [contenteditable]");
}

function bindKeys() {
  document.addEventListener("keydown", (event) => {
    handlers.gesture();
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (typing(event.target) || anyDialogOpen()) return;
    const key = event.key.toLowerCase();
    const views = { 1: "overview", 2: "trap", 3: "path", 4: "zoom" };
    if (views[key]) {
      event.preventDefault();
      handlers.view(views[key]);
    } else if (key === "r" || (key === " " && !(event.target instanceof Element && event.target.closest("button, a, [role=button]")))) {
      if (!el.roll.disabled && !el.roll.hidden) {
        event.preventDefault();
        handlers.roll();
      }
    } else if (key === "s") {
      handlers.skip();
    } else if (key === "f") {
      handlers.speed();
    }
  });
  document.addEventListener("pointerdown", () => handlers.gesture(), { capture: true });
}

// ---------------------------------------------------------------- new match

function seatRow(i) {
  const token = TOKENS[i];
  return `<li class="seat-row" data-row="${i}">
    <span class="seat-row-token" id="seat-${i}-token">${tokenSvg(i, "?", 38)}</span>
    <label class="visually-hidden" for="seat-${i}-name">Seat ${i + 1} name</label>
    <input id="seat-${i}-name" data-testid="seat-${i}-name" maxlength="24" autocomplete="off" spellcheck="false">
    <label class="visually-hidden" for="seat-${i}-kind">Seat ${i + 1} player</label>
    <select id="seat-${i}-kind" data-testid="seat-${i}-kind">
      <option value="human">Human</option><option value="computer">Computer</option>
    </select>
    <label class="visually-hidden" for="seat-${i}-level">Seat ${i + 1} computer level</label>
    <select id="seat-${i}-level" data-testid="seat-${i}-level">
      ${LEVELS.map((l) => `<option value="${l}"${l === "normal" ? " selected" : ""}>${l[0].toUpperCase()}${l.slice(1)}</option>`).join("")}
    </select>
    <span class="seat-row-desc">${escapeText(token.label)}</span>
  </li>`;
}

function setupMode() {
  return document.querySelector("input[name=mode]:checked")?.value === "online" ? "online" : "local";
}

/** Online: seat 1 is you (the host), the others are open for friends or computers. */
function setKindOptions(mode) {
  for (let i = 0; i < 4; i += 1) {
    const kind = $(`seat-${i}-kind`);
    const previous = kind.value;
    const options = mode === "online"
      ? (i === 0 ? [["you", "You (host)"]] : [["open", "Open for a friend"], ["computer", "Computer"]])
      : [["human", "Human"], ["computer", "Computer"]];
    kind.innerHTML = options.map(([value, label]) => `<option value="${value}">${label}</option>`).join("");
    const fallback = mode === "online" ? (i === 0 ? "you" : "open") : (i === 0 ? "human" : "computer");
    // A mode switch starts from its usual table: friends' seats online, computers on one device.
    kind.value = options.some(([value]) => value === previous) && kind.dataset.mode === mode ? previous : fallback;
    kind.dataset.mode = mode;
    kind.disabled = options.length === 1;
  }
}

function applyMode(mode) {
  setKindOptions(mode);
  const online = mode === "online";
  document.querySelector(".dlg-setup").classList.toggle("is-online", online);
  $("start-match").textContent = online ? "Create room" : "Start match";
  $("setup-title").textContent = online ? "New online room" : "New match";
  $("seat-0-name").placeholder = online ? "Your name" : "";
  if (online && handlers.savedName) {
    const saved = handlers.savedName();
    if (saved && HUMAN_NAMES.includes($("seat-0-name").value.trim())) $("seat-0-name").value = saved;
  }
  syncSetup(null, false);
}

/** Choose "On this device" or "Online with friends" in the setup dialog. */
export function setSetupMode(mode) {
  const radio = document.querySelector(`input[name=mode][value="${mode}"]`);
  if (radio) radio.checked = true;
  applyMode(mode);
}

function bindSetup() {
  $("seat-setup").innerHTML = [0, 1, 2, 3].map(seatRow).join("");
  for (const radio of document.querySelectorAll("input[name=mode]")) {
    radio.addEventListener("change", () => applyMode(setupMode()));
  }
  for (let i = 0; i < 4; i += 1) {
    $(`seat-${i}-kind`).value = i === 0 ? "human" : "computer";
    $(`seat-${i}-name`).value = i === 0 ? HUMAN_NAMES[0] : COMPUTER_NAMES[i - 1];
    $(`seat-${i}-kind`).addEventListener("change", () => syncSetup(i, true));
    $(`seat-${i}-name`).addEventListener("input", () => syncSetup(i, false));
  }
  $("seat-count").addEventListener("change", () => syncSetup(null, false));
  $("setup-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const setup = readSetup();
    if (!setup) return;
    handlers.start(setup);
  });
  $("setup-cancel").addEventListener("click", () => close($("setup-dialog")));
  $("continue").addEventListener("click", () => handlers.continueMatch());
  syncSetup(null, false);
}

function syncSetup(changed, kindChanged) {
  const count = Number($("seat-count").value);
  const online = setupMode() === "online";
  for (let i = 0; i < 4; i += 1) {
    const row = document.querySelector(`[data-row="${i}"]`);
    row.hidden = i >= count;
    const kind = $(`seat-${i}-kind`).value;
    $(`seat-${i}-level`).disabled = kind !== "computer";
    row.classList.toggle("is-human", kind === "human" || kind === "you");
    // An open seat is named by the friend who joins it.
    const nameInput = $(`seat-${i}-name`);
    nameInput.disabled = kind === "open";
    if (kind === "open") {
      nameInput.dataset.kept = nameInput.value || nameInput.dataset.kept || "";
      nameInput.value = "";
    } else if (!nameInput.value && nameInput.dataset.kept) {
      nameInput.value = nameInput.dataset.kept;
    }
    nameInput.placeholder = kind === "open" ? "A friend joins here" : i === 0 && online ? "Your name" : "";
    if (kind === "computer" && !nameInput.value.trim()) nameInput.value = COMPUTER_NAMES[Math.max(0, i - 1)];
    if (kindChanged && changed === i && kind !== "open") {
      const name = $(`seat-${i}-name`);
      const defaults = [...COMPUTER_NAMES, ...HUMAN_NAMES];
      if (!name.value.trim() || defaults.includes(name.value.trim())) {
        name.value = kind === "computer" ? COMPUTER_NAMES[Math.max(0, i - 1)] : HUMAN_NAMES[i];
      }
    }
    const letter = ($(`seat-${i}-name`).value.trim()[0] || "?").toUpperCase();
    $(`seat-${i}-token`).innerHTML = tokenSvg(i, letter, 38);
  }
  const start = $("start-seat");
  const previous = start.value;
  start.innerHTML = `<option value="random">Random</option>${Array.from({ length: count }, (_, i) =>
    `<option value="${i}">${escapeText($(`seat-${i}-name`).value.trim() || `Seat ${i + 1}`)}</option>`).join("")}`;
  start.value = [...start.options].some((o) => o.value === previous) ? previous : "random";
  const humans = Array.from({ length: count }, (_, i) => $(`seat-${i}-kind`).value).filter((k) => k === "human").length;
  const friends = Array.from({ length: count }, (_, i) => $(`seat-${i}-kind`).value).filter((k) => k === "open").length;
  $("setup-note").textContent = online
    ? friends
      ? `Online: you get a room code and a link for ${friends === 1 ? "your friend" : `your ${friends} friends`}. They join from their own devices; you start when everyone is in.`
      : "Online: at least one seat must be open for a friend (or play on this device)."
    : humans === 0
    ? "All computer mice: sit back and watch."
    : humans === 1
      ? "Solo: you against the computer mice."
      : `Same device: ${humans} humans pass the screen between turns.`;
}

function readSetup() {
  const count = Number($("seat-count").value);
  const mode = setupMode();
  const seats = [];
  for (let i = 0; i < count; i += 1) {
    const name = $(`seat-${i}-name`).value.trim();
    const kind = $(`seat-${i}-kind`).value;
    if (kind === "open") {
      seats.push({ kind: "open" });
      continue;
    }
    if (!name) {
      $("setup-error").textContent = `Give seat ${i + 1} a name.`;
      $(`seat-${i}-name`).focus();
      return null;
    }
    const seat = { kind: kind === "you" ? "open" : kind, name };
    if (kind === "computer") seat.level = $(`seat-${i}-level`).value;
    seats.push(seat);
  }
  if (mode === "online" && !seats.slice(1).some((s) => s.kind === "open")) {
    $("setup-error").textContent = "Open at least one seat for a friend, or choose “On this device”.";
    return null;
  }
  const start = $("start-seat").value;
  $("setup-error").textContent = "";
  return { mode, seats, startSeat: start === "random" ? null : Number(start) };
}

/** Fill the form from a setup (for "New match" after a match: same seats as before). */
export function fillSetup(setup) {
  if (!setup) return;
  if (setup.mode !== "online") setSetupMode("local");
  $("seat-count").value = String(setup.seats.length);
  setup.seats.forEach((seat, i) => {
    $(`seat-${i}-kind`).value = seat.kind;
    $(`seat-${i}-name`).value = seat.name;
    if (seat.level) $(`seat-${i}-level`).value = seat.level;
  });
  syncSetup(null, false);
  $("start-seat").value = setup.startSeat === null || setup.startSeat === undefined ? "random" : String(setup.startSeat);
}

export function showSetup({ canContinue = false, canCancel = false, error = "" } = {}) {
  $("resume").hidden = !canContinue;
  $("setup-cancel").hidden = !canCancel;
  $("setup-error").textContent = error;
  const dialog = $("setup-dialog");
  dialog.oncancel = canCancel ? null : (event) => event.preventDefault();
  open(dialog);
  (canContinue ? $("continue") : $("seat-count")).focus();
}

export function hideSetup() {
  close($("setup-dialog"));
}

export function setupError(text) {
  $("setup-error").textContent = text;
}
