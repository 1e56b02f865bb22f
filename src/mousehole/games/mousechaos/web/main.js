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
import { t } from "/static/shared/i18n.js";
import { kitchenSvg } from "./kitchen.js";
import { mouseSvg } from "./pieces.js";
import { initLog, addLine, clearLog, exportLog, restoreLog, describeEvent } from "./log.js";
import { initRender, mouseWords, renderPending, scheduleRender } from "./render.js";
import { initChoose, promptWords, targets } from "./choose.js";
import { initAnimate, playMoves, endBatch, skip, skipping } from "./animate.js";
import { initControls, onKey, showPass, showResult, hideResult } from "./controls.js";
import { coachFirstTurn } from "./coach-marks.js";

const $ = (id) => document.getElementById(id);

/** The new-match form (shared/setup.js): 2 to 4 players, three computer levels. */
const SETUP = {
  seats: { min: 2, max: 4, default: 4 },
  noun: t("mc.setup.players"),
  countLabel: (n) => t("mc.setup.count", { count: n }),
  firstLabel: t("mc.setup.first"),
  humanNames: ["Ann", "Bo", "Cy", "Di"],
  computerNames: ["Whiskers", "Nibbles", "Pip", "Brie"],
  levels: ["easy", "normal", "hard"],
  level: "normal",
  seatColumns: true,
  token: () => `<svg viewBox="-24 -26 48 56" width="34" height="38" aria-hidden="true">${mouseSvg({})}</svg>`,
  tokenLabel: (seat) => t("mc.setup.token", { nest: seat + 1, corner: t(`mc.corner.${seat}`) }),
  note: ({ online, humans, friends }) => (online
    ? friends
      ? t("mc.setup.note.online", { count: friends })
      : t("mc.setup.note.online-none")
    : humans === 0
      ? t("mc.setup.note.watch")
      : humans === 1
        ? t("mc.setup.note.solo")
        : t("mc.setup.note.device", { count: humans })),
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
  const numbers = state.draws || [];
  const draws = numbers.map((number, seat) => t("mc.log.drawn-one", { who: match.seatName(seat), number }));
  if (numbers.some((n) => n)) addLine(t("mc.log.drawn", { draws: draws.join(", ") }), { kind: "info" });
  const first = snapshot.to_act;
  if (first !== null && first !== undefined) {
    addLine(t("mc.turn", { who: match.seatName(first) }), match.turnLine(first));
    announce(t("mc.new-match", { who: match.seatName(first) }));
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
  // A replay's move list: the move's events as the log words them (a peek: where the mouse is).
  words: { move: (move, { seatName, after }) => move.events.map((e) => describeEvent(e, seatName, after)) },
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
