// The Aus die Maus! match page: the game's view on the shared match controller (docs/web.md).
// The controller runs the room, the record, the pacing and the page's shared buttons; this
// module gives it the table (render.js, table.js), the animations (animate.js), the controls
// and the ranking (controls.js), the log's words (log.js) and the new-match form's settings.
// The server decides everything (every card is drawn by it when it is turned over), and nobody
// can see a stack's contents: the page only ever receives stack sizes.

import "./sounds.js";
import { createMatch } from "/static/shared/match/controller.js";
import { createAnnouncer } from "/static/shared/announce.js";
import { getSetting, setSetting } from "/static/shared/settings.js";
import { t } from "/static/shared/i18n.js";
import { initTable } from "./table.js";
import { TOKENS, tokenSvg, cardPhrase } from "./cards.js";
import { initLog, addLine, clearLog, exportLog, restoreLog, CALL, describeEvent } from "./log.js";
import { coachFirstTurn } from "./coach-marks.js";
import { initRender, render, renderPending, viewFromSnapshot } from "./render.js";
import { initAnimate, playMoves, endBatch, skip, skipping } from "./animate.js";
import { FF_PAUSE, initControls, onKey, yourTurn, showRanking, hideRanking } from "./controls.js";

const $ = (id) => document.getElementById(id);

const LEVEL = "auto"; // the only computer level: there are no decisions in this game

/** The new-match form (shared/setup.js): 2 to 6 players, Auto-flip, and the playback speed. */
const SETUP = {
  seats: { min: 2, max: 6, default: 3 },
  noun: t("adm.setup.players"),
  countLabel: (n) => t("adm.setup.count", { count: n }),
  firstLabel: t("adm.setup.first"),
  humanNames: ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
  computerNames: ["Whiskers", "Nibbles", "Pip", "Brie", "Gouda", "Feta"],
  levels: [LEVEL],
  autoFlip: true,
  token: (seat, letter) => tokenSvg(seat, letter, 34),
  tokenLabel: (seat) => TOKENS[seat].label,
  note: ({ online, humans }) => (online
    ? t("adm.setup.note.online")
    : humans === 0
    ? t("adm.setup.note.watch")
    : humans === 1
      ? t("adm.setup.note.solo")
      : t("adm.setup.note.device", { count: humans })),
  fields: [{ id: "setup-speed", label: t("setup.speed"), options: [["normal", t("setup.speed.normal")], ["fast", t("setup.speed.fast")]] }],
  onSync: () => {
    $("setup-speed").value = getSetting("speed");
  },
};

/** The page's model: the controller keeps its fields here too (docs/web.md). */
const app = { view: null, ff: false, ending: null };

const el = {
  table: $("table"), wrap: $("table-wrap"), prompt: $("prompt"), promptSub: $("prompt-sub"),
  turn: $("turn-over"), skip: $("skip-animation"), speed: $("speed-toggle"),
  ff: $("fast-forward"), seats: $("seats"), connection: $("connection"),
  download: $("download-record"), status: $("status"),
};

// Sentences said while fast-forwarding are dropped: the log keeps them.
const announce = createAnnouncer(el.status, { quiet: () => app.ff });
initLog($("log"));
initTable({ svg: el.table, layer: $("table-layer"), fx: $("fx-layer"), flyLayer: $("fly-layer"), wrap: el.wrap });

function newMatch(snapshot) {
  const moves = app.record?.moves || [];
  const start = moves.find((m) => m.action?.type === "start_seat");
  if (start) addLine(t("adm.log.chance-first", { who: match.seatName(start.action.seat) }), { kind: "turn" });
  const first = moves.find((m) => m.action?.type === "card");
  if (first) addLine(t("adm.log.pile-start", { card: cardPhrase(first.action.card) }), { kind: "info" });
  const now = snapshot.to_act;
  if (now !== null && now !== undefined) announce(t("adm.new-match", { who: match.seatName(now) }));
}

const match = createMatch({
  name: "ausdiemaus",
  model: app,
  form: SETUP,
  log: { addLine, clearLog, exportLog, restoreLog },
  announce,
  words: {
    first: (name) => t("adm.first", { who: name }),
    // a replay's move list; a turn whose card is chance's next move says who turns over
    move: (move, { seatName }) => (move.events.length || move.seat === "chance" || move.action?.type !== "turn"
      ? move.events.map((e) => describeEvent(e, seatName))
      : [t("adm.replay.turn", { who: seatName(move.seat) })]),
  },
  // The server's seats: a computer plays the one level; Auto-flip stays on this page.
  serverSeat: (s) => (s.kind === "computer" ? { kind: "computer", name: s.name, level: LEVEL } : { kind: "human", name: s.name }),
  view: {
    render,
    pending: renderPending,
    show: (snap) => {
      app.view = viewFromSnapshot(snap);
      render();
    },
    reset: () => {
      app.view = null;
      app.ending = null;
    },
    saved: () => ({ ending: app.ending }),
    restore: (saved) => {
      app.ending = saved.ending || null;
    },
    newMatch,
    animate: playMoves,
    skip,
    stop: () => {
      app.ff = false;
    },
    batchEnd: endBatch,
    silent: () => skipping() || app.ff,
    over: () => {
      app.ff = false;
      render();
    },
    finished: showRanking,
    hideFinished: hideRanking,
    yourTurn,
    // A computer seat (or a chance step): a watchable pause before the server decides.
    computerPause: () => (app.ff ? FF_PAUSE : null), // else the shared pace (match/pace.js)
    key: onKey,
  },
});

initRender(match, el);
initAnimate(match, { log: addLine, say: announce });
initControls(match, el, { log: addLine, say: announce });
$("setup-speed").addEventListener("change", () => setSetting("speed", $("setup-speed").value));
match.open();
render();

// `window.ausdiemausPage`: a read-only peek for debugging (no authority: the server decides).
match.peek({
  get view() { return app.view; },
  get fastForward() { return app.ff; },
  call: CALL,
});
coachFirstTurn(app);
