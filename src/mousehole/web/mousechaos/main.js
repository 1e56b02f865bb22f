// The Mouse Chaos match page: the game's view on the shared match controller (docs/web.md).
// The controller runs the room, the record, the pacing, the autosave and the hand-over; this
// module gives it the kitchen (kitchen.js, pieces.js, render.js), the choices read from the
// server's legal actions (choose.js), the animations (animate.js), the buttons and dialogs
// (controls.js), the log's words (log.js) and the new-match form. The seats know different
// things (the manifest's `seat_views`): the page is only ever sent the view of the seat at its
// screen, and draws no seat's secrets while the hand-over screen is up.

import "./sounds.js";
import { createMatch } from "/static/shared/match/controller.js";
import { anyDialogOpen } from "/static/shared/match/page.js";
import { createAnnouncer } from "/static/shared/announce.js";
import { kitchenSvg } from "./kitchen.js";
import { mouseSvg } from "./pieces.js";
import { initLog, addLine, clearLog, exportLog, restoreLog } from "./log.js";
import { initRender, mouseWords, renderPending, scheduleRender } from "./render.js";
import { initChoose, promptWords, targets } from "./choose.js";
import { initAnimate, playMoves, endBatch, skip, skipping } from "./animate.js";
import { initControls, onKey, showPass, showResult, hideResult } from "./controls.js";
import { coachFirstTurn } from "./coach-marks.js";

const $ = (id) => document.getElementById(id);

/** The new-match form (shared/setup.js): 2 to 4 players, three computer levels. */
const SETUP = {
  seats: { min: 2, max: 4, default: 4 },
  noun: "players",
  firstLabel: "First to move",
  humanNames: ["Ann", "Bo", "Cy", "Di"],
  computerNames: ["Whiskers", "Nibbles", "Pip", "Brie"],
  levels: ["easy", "normal", "hard"],
  level: "normal",
  token: () => `<svg viewBox="-24 -26 48 56" width="34" height="38" aria-hidden="true">${mouseSvg({})}</svg>`,
  tokenLabel: (seat) => `nest ${seat + 1} (${["top left", "top right", "bottom right", "bottom left"][seat]})`,
  note: ({ online, humans, friends }) => (online
    ? friends
      ? `Online: you get a room code and a link for ${friends === 1 ? "your friend" : `your ${friends} friends`}. Each player sees only their own card and peeks.`
      : "Online: at least one seat must be open for a friend (or play on this device)."
    : humans === 0
      ? "All computer players: sit back and watch (you see only what everyone sees)."
      : humans === 1
        ? "Solo: you against the computer players. You see your own card and peeks only."
        : `Same device: ${humans} humans pass the screen; each sees only their own card and peeks.`),
};

/** The page's model: the controller keeps its fields here too (docs/web.md). */
const app = { view: null, choice: null, cursor: null, focus: null, flying: new Set() };

const el = {
  board: $("kitchen"), pieces: $("pieces"), choices: $("choices"), cursor: $("cursor-layer"), labels: $("nest-labels"),
  fx: $("fx"), seats: $("seats"), prompt: $("prompt"), promptSub: $("prompt-sub"),
  cursorLabel: $("cursor-label"), number: $("steps-number"), poses: $("poses"), back: $("back"),
  keep: $("keep-chairs"), hint: $("hint"), skipButton: $("skip-animation"),
  speed: $("speed-toggle"), download: $("download-record"),
};

$("kitchen-static").innerHTML = kitchenSvg();
const announce = createAnnouncer($("status"), { quiet: () => skipping() });
initLog($("log"));

/** The snapshot becomes what the kitchen shows (the view model is reset to it). */
function show(snap) {
  app.view = structuredClone(snap.state);
  app.choice = null;
  scheduleRender();
  requestAnimationFrame(() => coach?.check()); // the first solo turn's tips, once drawn
}

function reset() {
  app.view = null;
  app.choice = null;
  app.cursor = null;
}

function newMatch(snapshot) {
  const state = snapshot.state;
  const draws = (state.draws || []).map((n, seat) => `${match.seatName(seat)} ${n}`);
  if (draws.length && draws.some((n) => n)) addLine(`The holders drawn: ${draws.join(", ")}.`, { kind: "info" });
  const first = snapshot.to_act;
  if (first !== null && first !== undefined) {
    addLine(`${match.seatName(first)}'s turn.`, match.turnLine(first));
    announce(`New match. ${match.seatName(first)} goes first.`);
  }
}

/** This device's seat is to act: the cursor on the first choice, the focus on the kitchen. */
function yourTurn(seat, snap) {
  if (app.snapshot !== snap) return;
  app.choice = null;
  app.focus = null;
  const list = targets();
  if (list.length) app.cursor = list[0].at;
  scheduleRender();
  announce(promptWords(list).main);
  requestAnimationFrame(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && !anyDialogOpen()) el.board.focus({ preventScroll: true });
  });
}

/** The record without this screen's own secret (its colour cards): the autosave's copy on a
    device several players share. Mouse colours never come in a record (docs/games/mousechaos.md). */
function publicRecord(record) {
  if (!record) return record;
  const moves = record.moves.map((m) => (m.action?.type === "card" ? { ...m, action: { ...m.action, colour: null } } : m));
  return { ...record, moves };
}

/** The snapshot without the last screen's secrets (its colour cards, the mice it peeked at),
    for the page's memory behind the hand-over screen; the kitchen's view becomes that. */
function conceal(snap) {
  const state = snap.state;
  const hidden = {
    ...state,
    you: null,
    mice: state.mice.map((m) => ({ ...m, colour: m.revealed ? m.colour : null, peeked: null })),
    hands: (state.hands || []).map((h, k) => ({ ...h, colour: state.shown?.[k] ? h.colour : null })),
  };
  app.view = structuredClone(hidden);
  app.choice = null;
  return { ...snap, state: hidden, legal: [] };
}

const match = createMatch({
  name: "mousechaos",
  model: app,
  form: SETUP,
  log: { addLine, clearLog, exportLog, restoreLog },
  announce,
  turnHeadings: true,
  seatViews: true, // the manifest's seat_views: each seat knows its own card and peeks
  view: {
    render: scheduleRender,
    pending: renderPending,
    show,
    reset,
    newMatch,
    animate: playMoves,
    skip,
    batchEnd: endBatch,
    finished: showResult,
    hideFinished: hideResult,
    yourTurn,
    handOver: (seat) => showPass(seat),
    publicRecord,
    conceal,
    computerPause: () => 650 * app.factor * (app.reduced ? 0.5 : 1),
    key: onKey,
    silent: () => skipping(),
  },
});

initRender(match, el);
initChoose(match, { render: scheduleRender, mouseWords, announce });
initAnimate(match, { fx: el.fx, render: scheduleRender, addLine, announce });
initControls(match, { newMatch: () => match.newMatch(), rematch: () => match.rematch() });
const coach = coachFirstTurn(app); // before the match opens: its first snapshot may be the turn
scheduleRender();
match.open();

// `window.mousechaosPage`: a read-only peek for debugging (no authority: the server decides).
match.peek({
  get view() { return app.view; },
  get blocked() { return app.blocked; },
});
