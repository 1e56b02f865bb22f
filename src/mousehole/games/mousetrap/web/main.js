// The Mouse Trap match page: the game's view on the shared match controller (docs/web.md). The
// controller runs the room, the record, the pacing and the page's shared buttons; this module
// gives it the board (render.js), the animations (animate.js), the controls and dialogs
// (controls.js), the log's words (log.js) and the new-match form's settings for this game.

import "./sounds.js";
import { createMatch } from "/static/shared/match/controller.js";
import { anyDialogOpen } from "/static/shared/match/page.js";
import { createAnnouncer } from "/static/shared/announce.js";
import { formatList, t } from "/static/shared/i18n.js";
import { createMachine } from "./machine.js";
import { MACHINE_PLACE, SPACES, TOKENS, tokenSvg } from "./board.js";
import { initLog, addLine, clearLog, exportLog, restoreLog, describeAction, describeEvent, quietLanding } from "./log.js";
import { coachFirstTurn } from "./coach-marks.js";
import { initRender, scheduleRender, seatCount, refreshSpaceLabels, renderPending } from "./render.js";
import { boxFor, resetFollow, setBox, zoomToTap } from "./viewbox.js";
import { initAnimate, playMoves, endBatch, skip, replayTrap, onWheel, setDie } from "./animate.js";
import {
  initControls, onKey, confirm, showSplit, hideSplit, showPass, showWinner, hideWinner, focusTrapPanel,
} from "./controls.js";

/** The new-match form (shared/setup.js): 2 to 4 mice, three computer levels. */
const SETUP = {
  seats: { min: 2, max: 4, default: 4 },
  noun: t("mt.setup.mice"),
  countLabel: (n) => t("mt.setup.count", { count: n }),
  firstLabel: t("mt.setup.first"),
  humanNames: ["Ann", "Bo", "Cy", "Di"],
  computerNames: ["Whiskers", "Nibbles", "Pip", "Brie"],
  levels: ["easy", "normal", "hard"],
  level: "normal",
  seatColumns: true,
  token: (seat, letter) => tokenSvg(seat, letter, 38),
  tokenLabel: (seat) => TOKENS[seat].label,
  note: ({ online, humans, friends }) => (online
    ? friends
      ? t("mt.setup.note.online", { count: friends })
      : t("mt.setup.note.open")
    : humans === 0
    ? t("mt.setup.note.watch")
    : humans === 1
      ? t("mt.setup.note.solo")
      : t("mt.setup.note.device", { count: humans })),
};

const $ = (id) => document.getElementById(id);

/** The page's model: the controller keeps its fields here too (docs/web.md). A phone starts in
    the view that follows the mouse to move: the whole board on its narrow screen is a map whose
    labels are too small to read (render.js hides them there). */
const app = {
  view: null, viewMode: matchMedia("(max-width: 40rem)").matches ? "zoom" : "overview",
  lastCrank: null, shownWinners: [], followSeat: null,
  animSeat: null, machinePrompt: null, machineDirty: false,
};

const el = {
  board: $("board"), boardStatic: $("board-static"), miceLayer: $("mice-layer"),
  highlights: $("highlights"), fxLayer: $("fx-layer"), seats: $("seats"), supply: $("supply"),
  components: $("components"), nextPart: $("next-part"), prompt: $("prompt"),
  promptSub: $("prompt-sub"), roll: $("roll"), trapPanel: $("trap-panel"),
  spendList: $("spend-list"), crank: $("crank"), crankReason: $("crank-reason"),
  endTurn: $("end-turn"), skip: $("skip-animation"), replay: $("replay-trap"),
  speed: $("speed-toggle"), connection: $("connection"), die: $("die"),
  download: $("download-record"),
  viewButtons: [...document.querySelectorAll("[data-view]")],
};

const announce = createAnnouncer($("status"));
initLog($("log"));

const machineGroup = $("machine-place");
machineGroup.setAttribute(
  "transform",
  `translate(${MACHINE_PLACE.x} ${MACHINE_PLACE.y}) scale(${MACHINE_PLACE.scale})`,
);
// The parts' numbers large enough to read in the trap close-up (render.js hides them where the
// board is drawn too small for them).
const machine = createMachine(machineGroup, { idPrefix: "play-", numberSize: 18 });

// ---------------------------------------------------------------- the view

/** The snapshot becomes what the board shows (after a batch of moves, at a (re)connect). */
function show(snap) {
  const state = snap.state;
  app.view = {
    mice: state.mice.map((m) => ({ position: m.position, cheese: m.cheese, captured: m.captured })),
    supply: state.supply,
    components: state.components,
    current: state.current,
    phase: state.phase,
  };
  app.shownWinners = snap.winners || [];
  machine.setInstalled(state.components, { animate: false });
  if (!el.die.dataset.value) {
    // Back from a refresh: the die shows the last committed roll (if any yet).
    const dice = (app.record?.moves || []).filter((m) => m.action?.type === "die");
    if (dice.length) setDie(dice[dice.length - 1].action.value);
  }
  if (!app.lastCrank) {
    const cranks = (app.record?.moves || []).filter((m) => m.action?.type === "crank_result");
    if (cranks.length) app.lastCrank = { success: cranks[cranks.length - 1].action.success };
  }
  refreshSpaceLabels();
  scheduleRender();
}

/** Another match begins on this page: the board forgets the last one (die, machine, crank). */
function reset() {
  app.view = null;
  app.lastCrank = null;
  app.machineDirty = false;
  app.shownWinners = [];
  machine.reset();
  setDie(null);
}

function newMatch(snapshot) {
  const start = (app.record?.moves || []).find((m) => m.action?.type === "start_seat");
  if (start) addLine(t("mt.log.fate", { who: match.seatName(start.action.seat) }), { kind: "turn" });
  const first = snapshot.to_act;
  if (first !== null && first !== undefined) {
    addLine(t("mt.turn", { who: match.seatName(first) }), match.turnLine(first));
    announce(t("mt.new-match", { who: match.seatName(first) }));
  }
}

/** After an update's moves are shown: a new turn is said (the winner has its own dialog). The
    seat is the shown view's (animate.js), which follows each update of a batch in turn. */
function afterMoves(before) {
  const now = app.view?.current;
  if (!app.shownWinners.length && now !== before && now !== null && now !== undefined
    && app.view.phase !== "over") {
    addLine(t("mt.turn", { who: match.seatName(now) }), match.turnLine(now));
    announce(t("mt.turn", { who: match.seatName(now) }));
    match.sound("turn");
  }
}

function finished(snap) {
  const w = snap.winners[0];
  const caught = snap.state.mice.map((m, i) => (m.captured ? match.seatName(i) : null)).filter(Boolean);
  $("rematch").hidden = Boolean(app.online);
  const why = caught.length ? t("mt.winner.caught", { names: formatList(caught), count: caught.length }) : t("mt.winner.last");
  showWinner(w, match.seatName(w), match.letterOf(w), why);
}

/** This device's seat is to act: a split to choose, else the focus on what plays the turn. */
function yourTurn(seat, snap) {
  const splits = match.legal("split");
  if (splits.length && app.snapshot === snap) {
    const pending = snap.state.pending || {};
    showSplit(splits, {
      who: match.seatName(seat), amount: pending.amount ?? "", seatName: match.seatName,
      onPick: (action) => match.act(action),
    });
  } else {
    hideSplit();
    requestAnimationFrame(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && !anyDialogOpen() && !el.roll.disabled && !el.roll.hidden) el.roll.focus();
      if (lost && !anyDialogOpen() && !el.trapPanel.hidden) focusTrapPanel();
    });
  }
}

const match = createMatch({
  name: "mousetrap",
  model: app,
  form: SETUP,
  log: { addLine, clearLog, exportLog, restoreLog },
  announce,
  turnHeadings: true,
  // A replay's move list: the action where it says more than its events, then the events.
  words: {
    move: (move, { seatName, seats }) => {
      const said = [describeAction(move, seatName), ...move.events.flatMap((e) => [
        describeEvent(e, seatName, { seatCount: seats.length }), quietLanding(e, move.events, seatName)])];
      // a roll tells nothing itself (the die is chance's next move): it says who rolled
      if (said.some(Boolean) || move.seat === "chance" || move.action?.type !== "roll") return said;
      return [t("mt.replay.roll", { who: seatName(move.seat) })];
    },
  },
  view: {
    render: scheduleRender,
    pending: renderPending,
    show,
    reset,
    newMatch,
    animate: playMoves,
    skip,
    batchEnd: endBatch,
    beforeMoves: () => app.view?.current,
    afterMoves,
    finished,
    hideFinished: hideWinner,
    yourTurn,
    handOver: (seat) => showPass(seat, match.seatName(seat), match.letterOf(seat)),
    // A computer seat (or a chance step): a watchable pause before the server decides.
    key: onKey,
    entered: () => {
      if (app.viewMode === "zoom") resetFollow();
    },
  },
});

// ---------------------------------------------------------------- controls

function setView(mode) {
  app.viewMode = mode;
  resetFollow();
  setBox(boxFor(mode), { instant: app.reduced, duration: 520 * app.factor });
  scheduleRender();
}

initRender(match, el);
initAnimate(app, {
  machine, die: el.die, board: el.board, miceLayer: el.miceLayer, fxLayer: el.fxLayer,
  play: match.sound, announce, addLine, seatName: match.seatName, render: scheduleRender,
});
initControls(el, {
  roll: () => {
    if (match.legal("roll").length) match.act({ type: "roll" });
  },
  spend: async (target) => {
    if (!match.legal("spend").some((a) => a.target === target)) return;
    if (onWheel(target)) {
      const yes = await confirm(t("mt.confirm.spend", { who: match.seatName(target) }));
      if (!yes) return;
    }
    match.act({ type: "spend", target });
  },
  crank: () => {
    if (match.legal("crank").length) match.act({ type: "crank" });
  },
  end: async () => {
    if (!match.legal("end").length) return;
    if (match.legal("crank").length) {
      // Finishing with a rival on the Wheel gives up the crank: ask once.
      const yes = await confirm(t("mt.confirm.end"), {
        title: t("mt.confirm.end.title"), yes: t("mt.confirm.end.yes"), no: t("mt.confirm.end.no"),
      });
      if (!yes || !match.legal("end").length) return;
    }
    match.act({ type: "end" });
  },
  view: setView,
  zoomTo: (event) => {
    const zoomed = zoomToTap(event);
    if (zoomed) scheduleRender();
    return zoomed;
  },
  replay: () => replayTrap(),
  newMatch: () => match.newMatch(),
  rematch: () => match.rematch(),
  seatCount,
  miceOn: (index) => (app.view ? app.view.mice.map((m, i) => (!m.captured && m.position === index ? match.seatName(i) : null)).filter(Boolean) : []),
});
scheduleRender();
match.open();

// `window.mousetrapPage`: a read-only peek for debugging (no authority: the server decides).
match.peek({ spaces: SPACES });
coachFirstTurn(app);
