// The page's controls: clicks on the kitchen floor, the action bar's buttons (the chair's
// poses, Back, Leave the chairs), the keys of the board, the hand-over screen between humans on
// one device and the result dialog with every colour shown.

import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";
import { nameList } from "/static/shared/log-list.js";
import { colourMark, colourWord, mouseSvg } from "./pieces.js";
import { back, boardClick, boardKey, placeChair, rotate } from "./choose.js";
import { capResult, endingWords } from "./log.js";

const $ = (id) => document.getElementById(id);

let match = null;
let app = null;

function open(dialog) {
  if (!dialog.open) dialog.showModal();
}

function close(dialog) {
  if (dialog.open) dialog.close();
}

/** Wire the board and the buttons; `handlers`: {newMatch, rematch, render}. */
export function initControls(theMatch, handlers) {
  match = theMatch;
  app = theMatch.state;
  const kitchen = $("kitchen");
  kitchen.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const piece = target?.closest("[data-piece]")?.getAttribute("data-piece") || null;
    const spot = target?.closest("[data-spot]")?.getAttribute("data-spot") || spotFromPoint(kitchen, event);
    boardClick(piece, spot);
  });
  $("poses").addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    if (button.id === "place-chair") placeChair();
    else if (button.dataset.pose) rotate(button.dataset.pose);
  });
  $("back").addEventListener("click", () => back());
  $("keep-chairs").addEventListener("click", () => boardKey("k"));
  $("mc-result-look").addEventListener("click", () => close($("mc-result")));
  $("mc-result-new").addEventListener("click", () => {
    close($("mc-result"));
    handlers.newMatch();
  });
  $("mc-rematch").addEventListener("click", () => {
    close($("mc-result"));
    handlers.rematch();
  });
}

/** The square under a click (for clicks between pieces): "r,c", "table" or null. */
function spotFromPoint(svg, event) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const col = Math.floor((p.x - 44) / 64);
  const row = Math.floor((p.y - 44) / 64);
  if (row < 0 || row > 9 || col < 0 || col > 9) return null;
  return row >= 4 && row <= 5 && col >= 4 && col <= 5 ? "table" : `${row},${col}`;
}

/** A key of the game (the controller has handled S, F, typing and open dialogs). */
export function onKey(key, event) {
  const onBoard = event.target instanceof Element && event.target.closest("#kitchen");
  const boardKeys = ["arrowup", "arrowdown", "arrowleft", "arrowright", "enter", " "];
  if (boardKeys.includes(key) && !onBoard) return; // Enter and Space still press buttons
  if (boardKey(key)) {
    event.preventDefault();
    if (!onBoard && boardKeys.includes(key)) $("kitchen").focus();
  }
}

/** The hand-over screen: the kitchen is hidden until the next player says they are ready. */
export function showPass(seat) {
  const dialog = $("mc-pass");
  $("mc-pass-title").textContent = t("mc.pass.title", { who: match.seatName(seat) });
  $("mc-pass-art").innerHTML = mouseSvg({ mother: true });
  $("status").textContent = ""; // the live region may still hold the last player's words
  $("cursor-label").textContent = "";
  return new Promise((resolve) => {
    $("mc-pass-ready").onclick = () => {
      close(dialog);
      resolve();
    };
    dialog.oncancel = (event) => event.preventDefault();
    open(dialog);
    $("mc-pass-ready").focus();
  });
}

/** The result: who won (or why nobody did), every player's card(s), Rematch. */
export function showResult(snap) {
  const state = snap.state;
  const winners = snap.winners || [];
  const n = state.seats;
  const cap = state.ending === "cap" && state.ranking ? capResult(state.ranking, match.seatName) : null;
  const title = cap ? cap.title
    : state.ending === "phantom" ? t("mc.result.phantom")
      : winners.length ? t("mc.result.wins", { names: nameList(winners.map(match.seatName)), count: winners.length }) : t("mc.result.end");
  $("mc-result-title").textContent = title;
  $("mc-result-text").textContent = cap
    ? t("mc.result.cap", { why: cap.text })
    : `${endingWords(state.ending)}.`.replace(/^./, (c) => c.toUpperCase());
  const ranking = $("mc-result-ranking");
  ranking.hidden = !cap;
  ranking.innerHTML = cap ? cap.rows.map((row) => `
    <li class="mc-rank${row.winner ? " mc-rank-winner" : ""}" data-testid="rank-${row.seat === null ? "phantom" : row.seat}">
      <span class="mc-rank-place">${row.place}.</span>
      <span class="mc-rank-name">${escapeHtml(row.name)}</span>
      <span class="mc-rank-count">${escapeHtml(t("mc.result.rank", { home: row.home, free: row.free }))}</span></li>`).join("") : "";
  $("mc-result-cards").innerHTML = state.hands.map((h) => {
    const who = h.owner === null || h.owner === undefined || h.owner >= n ? t("mc.phantom.name") : match.seatName(h.owner);
    return `<li><svg viewBox="-10 -10 20 20" width="20" height="20" aria-hidden="true">${colourMark(h.colour, 8)}</svg>
      ${escapeHtml(who)}: ${escapeHtml(colourWord(h.colour))}</li>`;
  }).join("");
  $("mc-rematch").hidden = Boolean(app.online);
  open($("mc-result"));
  $("mc-rematch").hidden ? $("mc-result-look").focus() : $("mc-rematch").focus();
}

export function hideResult() {
  close($("mc-result"));
}
