// The Don't Cut the Cheese match page: the game's view on the shared match controller
// (docs/web.md). The controller runs the room, the record, the pacing and the page's shared
// buttons; this module gives it the trap and the table (trap.js, table.js, render.js), the
// animations (animate.js), the controls and dialogs (controls.js), the log's words (log.js) and
// the new-match form. The server decides everything: the paper's tear threshold never reaches
// the page before its snap, tokens are drawn by the server, and each legal bite comes with the
// strength after it, computed by the rules.

import "./sounds.js";
import { createMatch } from "/static/shared/match/controller.js";
import { createAnnouncer } from "/static/shared/announce.js";
import { t } from "/static/shared/i18n.js";
import { MICE, mouseSvg } from "./pieces.js";
import { initTrap } from "./trap.js";
import { initTable } from "./table.js";
import { initLog, addLine, clearLog, exportLog, restoreLog, describeEvent } from "./log.js";
import { initRender, render, renderPending, viewFromSnapshot } from "./render.js";
import { initAnimate, playMoves, endBatch, skip } from "./animate.js";
import { initControls, onKey, yourTurn, showPass, showWinner, hideWinner } from "./controls.js";
import { coachFirstTurn } from "./coach-marks.js";

const $ = (id) => document.getElementById(id);

/** The new-match form (shared/setup.js): 2 to 6 players, three computer levels. */
const SETUP = {
  seats: { min: 2, max: 6, default: 3 },
  seatColumns: true,
  noun: t("dcc.setup.players"),
  countLabel: (n) => t("dcc.setup.count", { count: n }),
  firstLabel: t("dcc.setup.first"),
  humanNames: ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
  computerNames: ["Whiskers", "Nibbles", "Pip", "Brie", "Gouda", "Feta"],
  levels: ["easy", "normal", "hard"],
  level: "normal",
  token: (seat, letter) => mouseSvg(seat, letter, 38),
  tokenLabel: (seat) => MICE[seat].label,
  note: ({ online, humans, friends }) => (online
    ? friends
      ? t("dcc.setup.note.online", { count: friends })
      : t("dcc.setup.note.open")
    : humans === 0
      ? t("dcc.setup.note.watch")
      : humans === 1
        ? t("dcc.setup.note.solo")
        : t("dcc.setup.note.device", { count: humans })),
};

/** The page's model: the controller keeps its fields here too (docs/web.md). */
const app = {
  view: null, mouth: null, refusal: "", chomp: null, chompPreview: null, spinning: false, story: [],
};

const el = {
  table: $("table"), paper: null, prompt: $("prompt"), promptSub: $("prompt-sub"),
  strength: $("strength"), direction: $("direction-note"), spin: $("spin"), bite: $("bite"),
  skip: $("skip-animation"), speed: $("speed-toggle"), seats: $("seats"),
  connection: $("connection"), download: $("download-record"),
};

const announce = createAnnouncer($("status"));
initLog($("log"));
el.paper = initTrap($("trap-layer"));
initTable({ svg: el.table, trap: $("trap-layer"), spinner: $("spinner-layer"), bag: $("bag-layer"), seats: $("seats-layer") });

function newMatch(snapshot) {
  const first = snapshot.to_act ?? snapshot.state.current;
  if (first !== null && first !== undefined) {
    addLine(t("dcc.turn", { who: match.seatName(first) }), match.turnLine(first));
    announce(t("dcc.new-match", { who: match.seatName(first) }));
  }
}

/** After a batch: a new turn is said (the winner has its own dialog). */
function afterMoves(before) {
  const state = app.view;
  if (state && state.phase !== "over" && before !== undefined && state.current !== before
    && state.current !== null && state.current !== undefined) {
    announce(t("dcc.turn", { who: match.seatName(state.current) }));
  }
}

/** The record with the threshold of a paper that snapped in `moves` filled in: the snap shows
    it to everyone (its event's `last_threshold`), and the server's record shows it from then on
    (docs/games/dontcutthecheese.md), so the saved record can set the match again whole. */
function learn(record, moves) {
  let copy = record;
  for (const move of moves) {
    const snap = (move.events || []).find((e) => e.type === "snap");
    if (!snap) continue;
    // the paper that snapped: the last one hooked on before this move (record index version - 1;
    // the same update may hook the next paper on after it)
    const at = copy.moves.slice(0, move.version - 1).findLastIndex((m) => m.action?.type === "threshold");
    if (at < 0 || copy.moves[at].action.value != null) continue;
    if (copy === record) copy = { ...record, moves: record.moves.slice() };
    copy.moves[at] = { ...copy.moves[at], action: { type: "threshold", value: snap.last_threshold, snapped: true } };
  }
  return copy;
}

const match = createMatch({
  name: "dontcutthecheese",
  model: app,
  form: SETUP,
  log: { addLine, clearLog, exportLog, restoreLog },
  announce,
  turnHeadings: true,
  words: {
    first: (name) => t("dcc.first", { who: name }),
    // a replay's move list; a spin whose result is chance's next move says who spins
    move: (move, { seatName }) => (move.events.length || move.seat === "chance" || move.action?.type !== "spin"
      ? move.events.map((e) => describeEvent(e, seatName))
      : [t("dcc.replay.spin", { who: seatName(move.seat) })]),
  },
  view: {
    learn,
    render,
    pending: renderPending,
    show: (snap) => {
      app.view = viewFromSnapshot(snap, app.record);
      render();
    },
    reset: () => {
      app.view = null;
      app.mouth = null;
      app.refusal = "";
      app.story = [];
    },
    // The end's events, so the winner's explanation survives a reload.
    saved: () => ({ story: app.story.slice(-40) }),
    restore: (saved) => {
      app.story = Array.isArray(saved.story) ? saved.story : [];
    },
    newMatch,
    animate: playMoves,
    skip,
    batchEnd: endBatch,
    beforeMoves: () => app.view?.current,
    afterMoves,
    finished: showWinner,
    hideFinished: hideWinner,
    yourTurn,
    handOver: (seat) => showPass(seat),
    // A computer seat (or a chance step): a watchable pause before the server decides.
    key: onKey,
  },
});

initRender(match, el);
initAnimate(match, { log: addLine, say: announce, layers: { fx: $("fx-layer"), trap: $("trap-layer") } });
initControls(match, el, { say: announce });
match.open();
render();

// `window.dontcutthecheesePage`: a read-only peek for debugging (no authority: the server decides).
match.peek({
  get view() { return app.view; },
  get mouth() { return app.mouth; },
});
coachFirstTurn(app);
