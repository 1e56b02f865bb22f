// The Aus die Maus! controls: Turn over (the button, T, Space and Enter), Auto-flip for a human
// seat (in the setup or the Players list), Fast-forward to the end, your turn's focus, and the
// ranking dialog at the end. The shared buttons and keys (New match, S skip, F faster, Download
// record) are the match controller's (shared/match/page.js). Every choice is only a request to
// the server; the page shows the result when it comes back.

import { anyDialogOpen } from "/static/shared/match/page.js";
import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";
import { chooseLayout } from "./table.js";
import { tokenSvg, chipSvg } from "./cards.js";
import { endingSentence, ranking } from "./log.js";
import { autoFlip, render, serverPaced } from "./render.js";
import { skip } from "./animate.js";

/** Milliseconds between two messages while fast-forwarding: at most ~66 a second, under the
 * server's limit for a local match (100 a second, docs/protocol.md), however fast the
 * connection answers. */
export const FF_PAUSE = 15;

const $ = (id) => document.getElementById(id);

let match = null;
let app = null;
let el = {};
let addLine = null;
let announce = null;

/** Wire the controls of `elements` to `matchToPlay`; `log` and `say` tell what happens. */
export function initControls(matchToPlay, elements, { log, say }) {
  match = matchToPlay;
  app = match.state;
  el = elements;
  addLine = log;
  announce = say;
  bindControls();
}

/** Ask to turn over the top card of the seat to act (one of this page's). */
export function turnOver({ automatic = false } = {}) {
  const snap = app.snapshot;
  if (!snap || app.busy || app.animating || !app.socket) return;
  if (!automatic && app.ff) return;
  if (!match.legal("turn").length) return;
  if (match.act({ type: "turn" })) {
    el.turn.disabled = true; // at once, not at the next frame: one press, one card
  }
}

function toggleFastForward() {
  if (serverPaced()) return;
  app.ff = !app.ff;
  if (app.ff) {
    addLine(t("adm.ff.on"), { kind: "info" });
    skip();
  } else {
    announce(t("adm.ff.off"));
  }
  render();
  match.settle();
}

/** This device's seat is to act: auto-flip (or fast-forward) turns over by itself, else ask. */
export function yourTurn(seat, snap) {
  const version = snap.version;
  if (app.ff || autoFlip(seat)) {
    const pause = app.ff ? FF_PAUSE : 700 * app.factor * (app.reduced ? 0.5 : 1);
    app.advanceTimer = setTimeout(() => {
      if (app.snapshot?.version === version && !app.animating) turnOver({ automatic: true });
    }, pause);
    return;
  }
  announce(t("adm.prompt.yours", { who: match.seatName(seat) }));
  requestAnimationFrame(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && !anyDialogOpen() && !el.turn.disabled) el.turn.focus();
  });
}

// ---------------------------------------------------------------- the ranking

export function hideRanking() {
  const dialog = $("ranking-dialog");
  if (dialog.open) dialog.close();
}

function endingSeat(state) {
  if (app.ending?.seat !== undefined && app.ending?.seat !== null) return app.ending.seat;
  if (state.ending === "run_out") {
    const empty = state.stacks.findIndex((size) => size === 0);
    return empty >= 0 ? empty : null;
  }
  return null;
}

/** The end: places, how the game ended and the tie-break in words. */
export function showRanking(snap) {
  const { seatName, letterOf } = match;
  const state = snap.state;
  const winners = snap.winners || state.winners || [];
  const result = ranking(state.stacks, state.chips, winners, seatName);
  const seat = endingSeat(state);
  let reason = endingSentence(state.ending, seat, seatName);
  if (seat === null && state.ending === "last_chip") reason = t("adm.ending.last-chip-anyone");
  if (seat === null && state.ending === "run_out") reason = t("adm.ending.run-out-anyone");
  $("ranking-title").textContent = winners.length > 1
    ? t("adm.rank.title-shared")
    : t("adm.rank.title", { who: seatName(winners[0]) });
  const how = t("adm.rank.how", { reason });
  $("ranking-reason").textContent = how;
  $("ranking-tiebreak").textContent = result.text;
  $("ranking-list").innerHTML = result.rows.map((row) => `
    <li class="rank-row${row.winner ? " rank-winner" : ""}" data-testid="rank-${row.seat}">
      <span class="rank-place">${escapeHtml(t("adm.rank.place", { place: row.place }))}</span>
      ${tokenSvg(row.seat, letterOf(row.seat), 30)}
      <span class="rank-name">${escapeHtml(seatName(row.seat))}</span>
      <span class="rank-cards">${escapeHtml(t("adm.cards", { count: row.cards }))}</span>
      <span class="rank-chips">${chipSvg(18)} ${row.chips}<span class="visually-hidden"> ${escapeHtml(t("adm.chip-word", { count: row.chips }))}</span></span>
    </li>`).join("");
  $("rematch").hidden = Boolean(app.online);
  const dialog = $("ranking-dialog");
  if (!dialog.open) dialog.showModal();
  $("rematch").hidden ? $("ranking-close").focus() : $("rematch").focus();
  announce(`${$("ranking-title").textContent} ${result.text} ${how}`);
}

// ---------------------------------------------------------------- keys and buttons

/** A key of this game (the match controller has handled S and F, typing and open dialogs). */
export function onKey(key, event) {
  const onControl = event.target instanceof Element && event.target !== el.turn
    && event.target.closest("button, a, summary, [role=button]");
  if (key === "t" || ((key === " " || key === "enter") && !onControl)) {
    if (!el.turn.disabled) {
      event.preventDefault();
      turnOver();
    }
  }
}

function bindControls() {
  el.turn.addEventListener("click", () => turnOver());
  el.ff.addEventListener("click", () => toggleFastForward());
  $("ranking-close").addEventListener("click", () => hideRanking());
  $("ranking-new").addEventListener("click", () => {
    hideRanking();
    match.newMatch();
  });
  $("rematch").addEventListener("click", () => {
    hideRanking();
    match.rematch();
  });
  el.seats.addEventListener("change", (event) => {
    const box = event.target.closest("input[type=checkbox][data-seat]");
    if (!box) return;
    const seat = Number(box.dataset.seat);
    if (!app.setup) app.setup = { seats: [] }; // an online room: remembered for this page only
    app.setup.seats[seat] = { ...(app.setup.seats[seat] || {}), autoFlip: box.checked };
    announce(t(box.checked ? "adm.auto-flip.on" : "adm.auto-flip.off", { who: match.seatName(seat) }));
    match.save();
    render();
    match.settle();
  });
  window.addEventListener("resize", () => {
    if (chooseLayout()) render();
  });
}
