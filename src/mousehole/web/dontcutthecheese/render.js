// The Don't Cut the Cheese page drawn from its model, at most once a frame: the table (trap.js,
// table.js), Max's mouth over the paper, the Players list, the action bar's prompt, strength
// and buttons. It shows `app.view` (what has been animated so far) and `app.snapshot` (the
// server's truth); every preview of a bite is the server's (each legal bite in the snapshot
// carries the strength after it), never worked out here.

import { drawMeter, drawMouth, drawPaper, setBars } from "./trap.js";
import { chooseLayout, drawBag, drawSeats, showFace } from "./table.js";
import { COLOURS, FACES, FACE_WORDS, MICE, mouseSvg, tokenSvg } from "./pieces.js";
import { escapeHtml } from "/static/shared/html.js";
import { byInput } from "/static/shared/input.js";

/** Phases after a snap: the paper hangs torn and its threshold is known. */
const AFTER_SNAP = ["draw", "spin_off", "spin_off_spinner", "over"];

let app = null;
let el = {};
let match = null;

/** Draw `m.state` into `elements`, with the match's seat helpers (shared/match/seats.js). */
export function initRender(m, elements) {
  match = m;
  app = m.state;
  el = elements;
}

/** The last face the spinner showed in `record` (its index), or null. */
function lastFace(record) {
  const spins = (record?.moves || []).filter((m) => m.action?.type === "spin_result");
  return spins.length ? FACES.indexOf(spins[spins.length - 1].action.face) : null;
}

/** The table's view model of a snapshot (animations change it; the next snapshot resets it). */
export function viewFromSnapshot(snap, record) {
  const s = snap.state;
  const torn = AFTER_SNAP.includes(s.phase);
  return {
    paper: [...s.paper],
    strength: s.strength,
    phase: s.phase,
    current: s.current,
    direction: s.direction,
    bitesLeft: s.bites_left,
    spinAgain: s.spin_again,
    tokens: s.tokens.map((t) => ({ ...t })),
    bag: { ...s.bag },
    round: s.round,
    snapper: s.snapper,
    lastThreshold: s.last_threshold,
    drawing: [...(s.drawing || [])],
    spinOff: s.spin_off,
    winner: s.winner,
    torn,
    hooked: true,
    threshold: torn ? s.last_threshold : null,
    face: lastFace(record),
  };
}

let queued = false;

/** Ask for a redraw on the next animation frame (many calls, one redraw). */
export function render() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    renderNow();
  });
}

/** Whether a redraw is still waiting for its animation frame. */
export function renderPending() {
  return queued;
}

export function names() {
  const n = app.view?.tokens.length ?? app.snapshot?.state?.seat_count ?? 0;
  return Array.from({ length: n }, (_, i) => match.seatName(i));
}

function letters() {
  return names().map((_, i) => match.letterOf(i));
}

/** Whether this page may act now: the seat to act is one of its own and nothing is pending. */
function mayAct() {
  const snap = app.snapshot;
  if (!snap || app.animating || app.busy || app.blocked || !app.socket || !app.connected) return false;
  if (snap.started === false || match.isOver(snap)) return false;
  const seat = snap.to_act;
  return seat !== null && seat !== undefined && match.isMine(seat);
}

export function canSpin() {
  return mayAct() && match.legal("spin").length > 0;
}

export function canBite() {
  return mayAct() && match.legal("bite").length > 0;
}

/** The server's preview of a bite with the mouth at `mouth`: its legal entry, or null. */
export function previewAt(mouth) {
  if (!mouth) return null;
  const entry = match.legal("bite").find((a) => a.row === mouth.row && a.col === mouth.col);
  return entry ? { ...entry, before: app.snapshot.state.strength } : null;
}

/** The preview in words (for the prompt and the screen reader). */
export function previewWords(mouth) {
  if (!mouth) return "";
  const where = `Row ${mouth.row + 1}, column ${mouth.col + 1}`; // a player counts from 1: rows 1-5, columns 1-12
  const p = previewAt(mouth);
  if (!p) return `${where}: Max cannot bite here. ${byInput("Press Enter", "Tap again")} to hear why from the table.`;
  const falls = p.falls ? `, and ${p.falls} loose ${p.falls === 1 ? "scrap falls" : "scraps fall"}` : "";
  const risk = p.strength === 0 ? " That cuts the paper through: it snaps!" : "";
  return `${where}: eats ${p.cells} ${p.cells === 1 ? "cell" : "cells"}${falls}; strength ${p.before} → ${p.strength}.${risk}`;
}

function renderNow() {
  document.body.classList.toggle("waiting", app.snapshot?.started === false);
  chooseLayout();
  const view = app.view;
  if (view) {
    drawPaper(view);
    setBars(view.torn);
    const biting = canBite() && app.mouth;
    const preview = biting ? previewAt(app.mouth) : null;
    drawMeter(view.strength, { after: preview ? preview.strength : null, threshold: view.threshold });
    drawMouth(biting || app.chomp ? (app.chomp || app.mouth) : null, app.chomp ? app.chompPreview : preview, { chomp: Boolean(app.chomp) });
    drawBag(view.bag);
    drawSeats(view, names(), letters());
    if (!app.spinning) showFace(view.face);
    el.table.setAttribute("aria-label", tableSummary(view));
  }
  renderSeatList();
  renderBar();
  el.skip.disabled = !app.animating;
  el.speed.setAttribute("aria-pressed", String(app.fast));
  el.download.disabled = !app.record;
  el.connection.textContent = app.socket && !app.connected ? "Reconnecting…" : "";
}

function tokensInWords(held) {
  return COLOURS.map((c) => `${held[c] || 0} ${c}`).join(", ");
}

function tableSummary(view) {
  const eaten = view.paper.join("").split("").filter((c) => c === ".").length;
  const parts = [
    `Paper ${view.round}: ${view.torn ? "torn" : `strength ${view.strength} of 5`}, ${eaten} of 60 cells eaten.`,
    `Play goes ${view.direction > 0 ? "forwards" : "backwards"}.`,
  ];
  if (view.face !== null) parts.push(`The spinner shows ${FACE_WORDS[FACES[view.face]]}.`);
  names().forEach((name, i) => parts.push(`${name}: ${tokensInWords(view.tokens[i])}.`));
  const total = COLOURS.reduce((sum, c) => sum + (view.bag[c] || 0), 0);
  parts.push(`${total} tokens in the bag.`);
  return parts.join(" ");
}

let listKey = "";

function renderSeatList() {
  const view = app.view;
  const n = view ? view.tokens.length : 0;
  const info = match.seatsInfo();
  const key = `${n}|${names().join("|")}|${info.map((s) => `${s.kind}${s.state === "open"}`).join("|")}|${match.mySeats().join(",")}|${match.replaying()}`;
  if (key !== listKey) {
    listKey = key;
    el.seats.innerHTML = Array.from({ length: n }, (_, i) => {
      const human = match.isHuman(i);
      const open = info[i]?.state === "open";
      // A replay's seat is a player of a finished match: who played it, never "online".
      const kind = match.replaying() ? escapeHtml(match.playedBy(i))
        : open ? "open seat" : human ? (match.isMine(i) ? "human" : "human, online") : "computer";
      return `<li class="seat-panel" data-testid="seat-panel-${i}" data-seat="${i}">
        <span class="seat-token">${mouseSvg(i, match.letterOf(i), 36)}</span>
        <span class="seat-main">
          <span class="seat-name" data-testid="seat-name-${i}">${escapeHtml(match.seatName(i))}</span>
          <span class="seat-kind">${kind}<span class="visually-hidden">, the ${MICE[i % MICE.length].label}</span></span>
        </span>
        <span class="seat-tokens" data-testid="seat-tokens-${i}"></span>
        <span class="seat-badge" data-testid="seat-badge-${i}"></span>
      </li>`;
    }).join("");
  }
  if (!view) return;
  for (let i = 0; i < n; i += 1) {
    const row = el.seats.querySelector(`[data-seat="${i}"]`);
    if (!row) continue;
    const held = view.tokens[i];
    row.querySelector(".seat-tokens").innerHTML = COLOURS.map((c) => `<span class="held${held[c] ? "" : " held-none"}" title="${c}">${tokenSvg(c, 20)}<span class="held-n">${held[c] || 0}</span><span class="visually-hidden"> ${c}</span></span>`).join("");
    const over = view.phase === "over";
    const badge = over ? (view.winner === i ? "Winner!" : "") : view.current === i && view.phase !== "draw" ? "Turn" : "";
    row.querySelector(".seat-badge").textContent = badge;
    row.classList.toggle("active", !over && view.current === i && app.snapshot?.started !== false);
    row.classList.toggle("winner", over && view.winner === i);
  }
}

function bites(n) {
  return `${n} ${n === 1 ? "bite" : "bites"}`;
}

function promptFor(view, snap) {
  // A replay says where it is (shared/replay/), never whose turn it is to play now.
  if (app.replayPrompt) return [app.replayPrompt.main, app.replayPrompt.sub];
  if (snap.started === false) return ["Waiting for the match to start…", ""];
  if (app.socket && !app.connected) return ["Reconnecting to the table…", "Your match is safe on the server."];
  const who = match.seatName(view.current);
  const mine = !app.animating && snap.to_act === view.current && match.isMine(view.current);
  switch (view.phase) {
    case "over":
      return [`${match.seatName(view.winner)} wins!`, "The paper stays torn; start a new match when you like."];
    case "spin":
      return mine ? [`${who}, spin the spinner!`, byInput("Press Spin (or Space).", "Tap Spin.")] : [`${who}'s turn to spin.`, waiting(view.current)];
    case "spinner":
    case "spin_off_spinner":
      return [`${who} spins…`, ""];
    case "bite": {
      const left = `${bites(view.bitesLeft)} to take${view.spinAgain ? ", then spin again" : ""}`;
      if (!mine) return [`${who} bites: ${left}.`, waiting(view.current)];
      const sub = app.refusal || previewWords(app.mouth) || byInput(
        "Move Max's mouth over the paper (mouse, or arrow keys) and bite (click, or Enter).",
        "Tap the paper where Max should bite, then tap there again (or Bite here).",
      );
      return [`${who}, bite the paper: ${left}.`, sub];
    }
    case "draw": {
      const next = view.drawing[0];
      return [`SNAP! ${match.seatName(view.snapper)} cut the cheese.`, next === undefined ? "" : `${match.seatName(next)} draws a token from the bag…`];
    }
    case "spin_off": {
      const them = (view.spinOff?.contestants || []).map((s) => match.seatName(s)).join(", ");
      return mine ? [`Spin-off! ${who}, spin.`, `Between ${them}: the fewest bites shown wins.`]
        : [`Spin-off between ${them}.`, `${who} spins next; the fewest bites shown wins.`];
    }
    default:
      return ["A new paper is hooked on the trap…", ""];
  }
}

function waiting(seat) {
  if (!match.isHuman(seat)) return `${match.seatName(seat)} is thinking…`;
  return match.isMine(seat) ? "" : `Waiting for ${match.seatName(seat)}…`;
}

function renderBar() {
  const view = app.view;
  const snap = app.snapshot;
  el.spin.disabled = !canSpin();
  el.bite.disabled = !canBite() || !app.mouth;
  el.bite.hidden = !(view && view.phase === "bite");
  el.spin.hidden = Boolean(view && view.phase === "bite");
  if (!view || !snap) {
    el.prompt.textContent = app.replayPrompt?.main ?? (app.online ? "Joining the table…" : "Hooking the paper on the trap…");
    el.promptSub.textContent = app.replayPrompt?.sub ?? "";
    el.strength.textContent = "Strength 5 of 5";
    return;
  }
  const [prompt, sub] = promptFor(view, snap);
  el.prompt.textContent = prompt;
  el.promptSub.textContent = sub;
  el.strength.textContent = view.torn ? `Torn! Tear point ${view.threshold}` : `Strength ${view.strength} of 5`;
  el.direction.textContent = view.direction > 0 ? "Play goes left to right ➜" : "⬅ Play goes right to left";
  el.direction.dataset.direction = String(view.direction);
}
