// The Mouse Trap match page: wires the room client, the renderer, the animations and the
// controls together. The server decides everything; this page asks, waits for the committed
// moves, animates them, and then shows the snapshot, which is the truth.

import { getSetting, setSetting, subscribe, reducedMotion, playbackFactor } from "/static/shared/settings.js";
import { unlockAudio, play } from "/static/shared/sound.js";
import { mountSettings } from "/static/shared/settings-panel.js";
import "./sounds.js";
import { createMachine } from "./machine.js";
import { MACHINE_PLACE, SPACES, TOKENS, tokenSvg } from "./board.js";
import { initAnnouncer, announce } from "./announce.js";
import { initLog, addLine, clearLog, exportLog, restoreLog } from "./log.js";
import { canSave, finishedSentence, matchStore } from "/static/shared/store.js";
import {
  createRoom, createOnlineRoom, RoomSocket, actionId, applyUpdateToRecord, forgetSeat, isCode,
  loadSeat, normalizeCode, saveName, saveSeat,
} from "/static/shared/net.js";
import { changes, createBanner, createRoomUi } from "/static/shared/room-ui.js";
import { createSetup } from "/static/shared/setup.js";
import { coachFirstTurn } from "./coach-marks.js";
import {
  initRender, scheduleRender, seatName, letterOf, isHuman, isMine, seatCount, setBox, boxFor,
  resetFollow, refreshSpaceLabels, renderPending,
} from "./render.js";
import { initAnimate, playMoves, endBatch, skip, replayTrap, onWheel, setDie } from "./animate.js";
import {
  initControls, confirm, showSplit, hideSplit, showPass, showWinner, hideWinner, anyDialogOpen,
  focusTrapPanel,
} from "./controls.js";

const { loadMatch, saveMatch } = matchStore("mousetrap");

const GAME = "mousetrap";

/** The new-match form (shared/setup.js): 2 to 4 mice, three computer levels. */
const SETUP = {
  seats: { min: 2, max: 4, default: 4 },
  noun: "mice",
  firstLabel: "First to roll",
  humanNames: ["Ann", "Bo", "Cy", "Di"],
  computerNames: ["Whiskers", "Nibbles", "Pip", "Brie"],
  levels: ["easy", "normal", "hard"],
  level: "normal",
  token: (seat, letter) => tokenSvg(seat, letter, 38),
  tokenLabel: (seat) => TOKENS[seat].label,
  note: ({ online, humans, friends }) => (online
    ? friends
      ? `Online: you get a room code and a link for ${friends === 1 ? "your friend" : `your ${friends} friends`}. They join from their own devices; you start when everyone is in.`
      : "Online: at least one seat must be open for a friend (or play on this device)."
    : humans === 0
    ? "All computer mice: sit back and watch."
    : humans === 1
      ? "Solo: you against the computer mice."
      : `Same device: ${humans} humans pass the screen between turns.`),
  onStart: (setup) => start(setup),
  onRematch: () => rematchSaved(),
  onResult: () => continueMatch(),
};

const $ = (id) => document.getElementById(id);

const app = {
  setup: null, room: null, token: null, socket: null, snapshot: null, view: null,
  animating: false, busy: false, blocked: false, connected: false, viewMode: "overview",
  fast: false, reduced: false, factor: 1, lastHuman: null, lastCrank: null, shownWinners: [],
  queue: [], followSeat: null, animSeat: null, shownVersion: -1, winnerShownFor: null,
  advanceTimer: null, generation: 0,
  // Online rooms: {code, token, seat} (token null: watching); null for a local match.
  online: null,
  // The page's own copy of the match record: updates may carry only their moves.
  record: null,
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

const render = scheduleRender;

// ---------------------------------------------------------------- preferences

function readPrefs() {
  app.fast = getSetting("speed") === "fast";
  app.reduced = Boolean(reducedMotion());
  app.factor = Number(playbackFactor()) || 1;
  document.body.classList.toggle("reduced", app.reduced);
  render();
}

let unlocked = false;
function gesture() {
  if (unlocked) return;
  unlocked = true;
  try {
    unlockAudio();
  } catch {
    // no audio in this browser: the game is silent
  }
}

function sound(name) {
  try {
    play(name);
  } catch {
    // sound is decoration
  }
}

// ---------------------------------------------------------------- the machine

const machineGroup = $("machine-place");
machineGroup.setAttribute(
  "transform",
  `translate(${MACHINE_PLACE.x} ${MACHINE_PLACE.y}) scale(${MACHINE_PLACE.scale})`,
);
const machine = createMachine(machineGroup, { idPrefix: "play-" });

// ---------------------------------------------------------------- view state

function syncView() {
  const snap = app.snapshot;
  if (!snap) return;
  const state = snap.state;
  app.view = {
    mice: state.mice.map((m) => ({ position: m.position, cheese: m.cheese, captured: m.captured })),
    supply: state.supply,
    components: state.components,
    current: state.current,
    phase: state.phase,
  };
  app.shownWinners = snap.winners || [];
  app.shownVersion = snap.version;
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
  render();
}

function save() {
  if (!app.snapshot || !app.room || app.online) return; // an online seat is kept by its token
  const winners = app.snapshot.winners || [];
  const ok = saveMatch({
    room: app.room, token: app.token, record: app.record, setup: app.setup,
    log: exportLog(), lastHuman: app.lastHuman,
    finished: winners.length > 0, winners: winners.map(seatName),
  });
  $("saving-off").hidden = ok;
}

// ---------------------------------------------------------------- rooms

function stopRoom() {
  app.generation += 1;
  clearTimeout(app.advanceTimer);
  if (app.socket) app.socket.close();
  app.socket = null;
  app.queue = [];
  app.busy = false;
  app.blocked = false;
  app.connected = false;
  skip();
}

function connect() {
  const generation = app.generation;
  const guard = (fn) => (...args) => {
    if (generation === app.generation) fn(...args);
  };
  const online = app.online;
  const path = online ? `/ws/online/${online.code}` : `/ws/rooms/${encodeURIComponent(app.room)}`;
  const hello = online
    ? online.token ? { type: "hello", token: online.token } : { type: "hello", spectate: true }
    : { type: "hello", token: app.token };
  app.socket = new RoomSocket(path, hello, {
    onSnapshot: guard(onSnapshot),
    onUpdate: guard(onUpdate),
    onError: guard(onError),
    onRefused: guard(onRefused),
    onStatus: guard(onStatus),
  });
}

function onStatus(status, info) {
  const was = app.connected;
  app.connected = status === "open";
  if (status !== "closed") banner.update(status, info);
  roomUi.connection(status !== "retrying" && status !== "connecting"); // own seat: "Reconnecting…"
  if (was && !app.connected) {
    announce("Connection lost. Retrying…");
    addLine("Connection lost: retrying…", { kind: "info" });
  } else if (!was && app.connected && app.lostOnce) {
    announce("Reconnected.");
    addLine("Reconnected.", { kind: "info" });
  }
  if (was && !app.connected) app.lostOnce = true;
  render();
}

/** The server refused the socket for good (no such room, a dead token, a policy close). */
function onRefused(refusal) {
  app.connected = false;
  if (!app.online) {
    if (refusal.code === "no_room" || refusal.code === "bad_token") {
      banner.update("open");
      onNoRoom();
    } else {
      banner.update("closed", {}, `The table closed the connection: ${refusal.message}. Reload the page to try again.`);
    }
    render();
    return;
  }
  const { code } = app.online;
  if (refusal.code === "bad_token") {
    // The host reopened our seat: the token is dead. Watch instead, and offer to join again.
    forgetSeat(code);
    app.online = { code, token: null, seat: null };
    addLine("Your seat in this room was given up (the host reopened it). You are watching now.", { kind: "info" });
    roomUi.say("Your seat was reopened by the host: you are watching. Join again from the room’s link.");
    history.replaceState(null, "", `/play/${GAME}?room=${code}&watch=1`);
    connect();
    return;
  }
  const text = refusal.code === "no_room"
    ? `There is no room ${code} (any more). Check the code, or set up a new match.`
    : `The room closed the connection: ${refusal.message}. Reload the page to try again.`;
  banner.update("closed", {}, text);
  roomUi.say(text);
  announce(text);
  render();
}

function describeSeats(setup) {
  return setup.seats.map((s) => (s.kind === "computer" ? `${s.name} (computer, ${s.level})` : s.name)).join(", ");
}

function enterRoom(data, setup, { fresh }) {
  stopRoom();
  app.room = data.room;
  app.token = data.token;
  app.setup = setup;
  app.snapshot = data.snapshot;
  app.record = data.snapshot.record || null;
  app.online = null;
  app.shownWinners = [];
  app.winnerShownFor = null;
  roomUi.update(null);
  if (new URLSearchParams(window.location.search).has("room")) history.replaceState(null, "", `/play/${GAME}`);
  if (fresh) {
    app.lastCrank = null;
    app.lastHuman = null;
    app.machineDirty = false;
    clearLog();
    machine.reset();
    setDie(null);
    addLine(`New match: ${describeSeats(setup)}.`, { kind: "info" });
    const start = (app.record?.moves || []).find((m) => m.action?.type === "start_seat");
    if (start) addLine(`The die of fate says ${seatName(start.action.seat)} rolls first.`, { kind: "turn" });
    const first = data.snapshot.to_act;
    if (first !== null && first !== undefined) {
      addLine(`${seatName(first)}'s turn.`, { kind: "turn", turn: true, seat: first });
      announce(`New match. ${seatName(first)}'s turn.`);
    }
  }
  syncView();
  refreshSpaceLabels();
  setupDialog.hide();
  hideWinner();
  save();
  connect();
  if (app.viewMode === "zoom") resetFollow();
}

async function start(setup) {
  setupDialog.error("");
  setupDialog.busy(true);
  try {
    const options = { seats: setup.seats.length, start_seat: setup.startSeat };
    if (setup.mode === "online") {
      const hostName = setup.seats[0].name;
      const seats = setup.seats.map((seat, i) => (i === 0 ? { kind: "open" } : seat));
      const data = await createOnlineRoom(GAME, { options, seats, hostName });
      saveName(hostName);
      saveSeat(data.code, { token: data.token, seat: data.seat, name: hostName, game: GAME });
      enterOnline(data.code, { snapshot: data.snapshot });
      return;
    }
    const data = await createRoom(GAME, { options, seats: setup.seats });
    enterRoom(data, setup, { fresh: true });
  } catch (error) {
    setupDialog.error(`The table could not be set: ${error.message || error.code || "network error"}`);
  } finally {
    setupDialog.busy(false);
  }
}

/** Play (or watch) online room `code`: its seat token, if this browser holds one, says which seat. */
function enterOnline(code, { snapshot = null, watch = false } = {}) {
  stopRoom();
  const held = watch ? null : loadSeat(code);
  app.online = { code, token: held?.token || null, seat: held?.seat ?? null };
  app.room = code;
  app.token = null;
  app.setup = null;
  app.snapshot = snapshot;
  app.record = snapshot?.record || null;
  app.view = null;
  app.lastCrank = null;
  app.lastHuman = null;
  app.shownWinners = [];
  app.winnerShownFor = null;
  app.lostOnce = false;
  machine.reset();
  setDie(null);
  clearLog();
  setupDialog.hide();
  hideWinner();
  $("rematch").hidden = true;
  const url = `/play/${GAME}?room=${code}${app.online.token ? "" : "&watch=1"}`;
  if (`${window.location.pathname}${window.location.search}` !== url) history.replaceState(null, "", url);
  addLine(app.online.token ? `Online room ${code}.` : `Watching online room ${code}.`, { kind: "info" });
  if (!app.online.token && !watch) {
    roomUi.say("This device holds no seat in this room: you are watching.");
    $("room-message").insertAdjacentHTML("beforeend", ` <a href="/join/${code}" data-testid="join-link">Join the room</a>`);
  }
  if (snapshot) {
    roomUi.update(snapshot);
    syncView();
    refreshSpaceLabels();
  }
  render();
  connect();
}

function continueMatch() {
  const saved = loadMatch();
  if (!saved) {
    setupDialog.show({ error: "That match could not be read. Set up a new one." });
    return;
  }
  stopRoom();
  app.setup = saved.setup;
  app.room = saved.room;
  app.token = saved.token;
  app.lastHuman = saved.lastHuman ?? null;
  app.savedRecord = saved.record;
  app.snapshot = null;
  app.view = null;
  app.machineDirty = false;
  machine.reset();
  setDie(null);
  restoreLog(saved.log);
  setupDialog.hide();
  render();
  connect();
}

/** A new match with the seats of the saved (finished) one. */
function rematchSaved() {
  const saved = loadMatch();
  if (saved) start({ ...saved.setup, mode: "local" });
  else setupDialog.show({ error: "That match could not be read. Set up a new one." });
}

/** The server no longer knows the room (it restarted): re-create it from the saved record. */
async function onNoRoom() {
  const record = app.record || app.savedRecord;
  if (!record || !app.setup) {
    setupDialog.show({ error: "That match is gone. Set up a new one." });
    return;
  }
  try {
    const data = await createRoom(GAME, { options: record.options, seats: app.setup.seats, record });
    const log = exportLog();
    enterRoom(data, app.setup, { fresh: false });
    restoreLog(log);
    addLine("The table was set again: the match continues where it was.", { kind: "info" });
    save();
  } catch (error) {
    setupDialog.show({ error: `That match could not be restored (${error.message || error.code}).` });
  }
}

// ---------------------------------------------------------------- messages

function roomChanged(previous, snap) {
  if (!app.online) return;
  for (const line of changes(previous, snap)) {
    addLine(line, { kind: "info" });
    announce(line);
  }
  if (previous && !previous.started && snap.started && snap.to_act !== null && snap.to_act !== undefined) {
    const text = isMine(snap.to_act) ? "Your turn first!" : `${seatName(snap.to_act)} goes first.`;
    addLine(text, { kind: "turn", turn: true, seat: snap.to_act });
    announce(text);
  }
  roomUi.update(snap);
  refreshSpaceLabels();
}

function onSnapshot(snap) {
  const previous = app.snapshot;
  if (!app.snapshot && snap.to_act !== null && snap.to_act !== undefined && snap.started !== false) {
    addLine(`Welcome back: ${snap.seats[snap.to_act].name}'s turn.`, { kind: "turn", turn: true, seat: snap.to_act });
  }
  app.snapshot = snap;
  if (snap.record) app.record = snap.record;
  app.busy = false;
  roomChanged(previous, snap);
  if (!app.animating) {
    syncView();
    save();
    settle();
  }
}

function onUpdate(update) {
  const previous = app.snapshot;
  app.snapshot = update.snapshot;
  app.record = applyUpdateToRecord(app.record, update);
  if (app.record && app.record.moves.length !== update.snapshot.version) {
    app.socket?.send({ type: "sync" }); // a gap in our copy of the record: ask for a full snapshot
  }
  app.busy = false;
  roomChanged(previous, update.snapshot);
  save(); // the committed result is saved before anything moves
  app.queue.push(update);
  pump();
}

function onError(error) {
  app.busy = false;
  if (["stale_version", "not_computer_turn", "not_your_turn", "game_over"].includes(error.code)) return;
  if (app.online && roomUi.refusal(error)) return;
  if (["no_room", "bad_token"].includes(error.code)) return; // onRefused says what happens next
  addLine(`The table refused that: ${error.message}`, { kind: "info" });
}

async function pump() {
  if (app.animating) return;
  const generation = app.generation;
  const before = app.view?.current;
  app.animating = true;
  render();
  while (app.queue.length && generation === app.generation) {
    const update = app.queue.shift();
    const moves = update.moves.filter((m) => m.version > app.shownVersion);
    await playMoves(moves);
    if (moves.length) app.shownVersion = moves[moves.length - 1].version;
  }
  endBatch();
  app.animating = false;
  if (generation !== app.generation) return;
  // After a crank the machine keeps its final pose (the cage down, or stuck) until the next
  // turn begins: playMoves resets it when the next seat acts.
  syncView();
  const now = app.snapshot.state.current;
  if (!app.shownWinners.length && now !== before && app.snapshot.to_act !== null) {
    addLine(`${seatName(now)}'s turn.`, { kind: "turn", turn: true, seat: now });
    announce(`${seatName(now)}'s turn.`);
    sound("turn");
  }
  save();
  settle();
}

/** After the page has caught up with the server: what happens next? */
async function settle() {
  const snap = app.snapshot;
  if (!snap || app.animating || app.queue.length) return;
  clearTimeout(app.advanceTimer);
  if ((snap.winners || []).length) {
    if (app.winnerShownFor !== app.room) {
      app.winnerShownFor = app.room;
      const w = snap.winners[0];
      const caught = snap.state.mice.map((m, i) => (m.captured ? seatName(i) : null)).filter(Boolean);
      showWinner(w, seatName(w), letterOf(w), `The last free mouse${caught.length ? `: ${caught.join(", ")} ${caught.length > 1 ? "were" : "was"} caught` : ""}.`);
    }
    return;
  }
  if (app.online && !snap.started) return;
  const seat = snap.to_act;
  const pace = snap.pace ?? (app.online ? "server" : "client");
  if (seat === null || seat === undefined || !isHuman(seat)) {
    // Online, the server moves computer seats by itself, a little after each move.
    if (pace !== "client") return;
    // A computer seat (or a chance step): a watchable pause, then let the server decide.
    const pause = 700 * app.factor * (app.reduced ? 0.5 : 1);
    const version = snap.version;
    app.advanceTimer = setTimeout(() => {
      if (app.snapshot?.version !== version || app.animating || !app.socket) return;
      if (app.socket.send({ type: "advance", version })) app.busy = true;
    }, pause);
    return;
  }
  if (!isMine(seat)) return; // another player's turn (or we are watching): wait for their move
  const humans = snap.seats.filter((s, i) => s.kind === "human" && isMine(i)).length;
  if (humans > 1 && app.lastHuman !== seat && !app.blocked) {
    app.blocked = true;
    render();
    await showPass(seat, seatName(seat), letterOf(seat));
    app.blocked = false;
    app.lastHuman = seat;
    save();
    render();
  }
  app.lastHuman = seat;
  const splits = (snap.legal || []).filter((a) => a.type === "split");
  if (splits.length && app.snapshot === snap) {
    const pending = snap.state.pending || {};
    showSplit(splits, {
      who: seatName(seat), amount: pending.amount ?? "", seatName,
      onPick: (action) => act(action),
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

function act(action) {
  const snap = app.snapshot;
  if (!snap || app.busy || app.animating || !app.socket) return;
  if (snap.to_act === null || !isMine(snap.to_act)) return;
  const sent = app.socket.send({ type: "act", seat: snap.to_act, action, version: snap.version, id: actionId() });
  if (sent) {
    app.busy = true;
    app.lastHuman = snap.to_act;
    render();
  }
}

function legal(type) {
  return (app.snapshot?.legal || []).filter((a) => a.type === type);
}

// ---------------------------------------------------------------- the record

/** The match record as a file for `mousehole replay` (the seat names ride along as players). */
function downloadRecord() {
  const snap = app.snapshot;
  if (!app.record) return;
  const players = (snap?.seats || []).map((s) => (s.kind === "computer" ? `${s.name}, ${s.level} computer` : s.name));
  const text = `${JSON.stringify({ ...app.record, players }, null, 2)}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "mousetrap-record.json";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  announce("The match record is downloading as mousetrap-record.json.");
}

// ---------------------------------------------------------------- handlers

function setView(mode) {
  app.viewMode = mode;
  resetFollow();
  setBox(boxFor(mode), { instant: app.reduced, duration: 520 * app.factor });
  render();
}

initAnnouncer($("status"));
initLog($("log"));
initRender(app, el);
initAnimate(app, {
  machine, die: el.die, board: el.board, miceLayer: el.miceLayer, fxLayer: el.fxLayer,
  play: sound, announce, addLine, seatName, render,
});
initControls(el, {
  roll: () => {
    if (legal("roll").length) act({ type: "roll" });
  },
  spend: async (target) => {
    if (!legal("spend").some((a) => a.target === target)) return;
    if (onWheel(target)) {
      const yes = await confirm(`Moving ${seatName(target)} may take them off the Wheel.`);
      if (!yes) return;
    }
    act({ type: "spend", target });
  },
  crank: () => {
    if (legal("crank").length) act({ type: "crank" });
  },
  end: async () => {
    if (!legal("end").length) return;
    if (legal("crank").length) {
      // Finishing with a rival on the Wheel gives up the crank: ask once.
      const yes = await confirm("A rival is on the Cheese Wheel. Finish the turn without turning the crank?", {
        title: "Finish without the crank?", yes: "Finish without cranking", no: "Back to the trap",
      });
      if (!yes || !legal("end").length) return;
    }
    act({ type: "end" });
  },
  view: setView,
  skip: () => skip(),
  replay: () => replayTrap(),
  download: downloadRecord,
  speed: () => setSetting("speed", app.fast ? "normal" : "fast"),
  newMatch: () => {
    setupDialog.fill(app.setup);
    setupDialog.show({ canCancel: Boolean(app.snapshot) });
  },
  rematch: () => {
    if (app.setup && !app.online) start(app.setup);
  },
  gesture,
  seatCount,
  miceOn: (index) => (app.view ? app.view.mice.map((m, i) => (!m.captured && m.position === index ? seatName(i) : null)).filter(Boolean) : []),
});
const setupDialog = createSetup($("setup-dialog"), SETUP);

try {
  mountSettings($("settings"));
} catch {
  // the settings panel is optional decoration of the header
}
subscribe(readPrefs);
readPrefs();
if (!canSave()) $("saving-off").hidden = false;
render();

const roomUi = createRoomUi({
  waiting: $("waiting-room"), panel: $("room-panel"), panelSeats: $("room-panel-seats"),
  badge: $("mode-badge"), message: $("room-message"), announce,
  send: (message) => {
    const sent = Boolean(app.socket?.send(message));
    if (!sent) roomUi.say("Not connected: try again once the connection is back.");
    return sent;
  },
});
const banner = createBanner($("reconnect-banner"), { onRetry: () => app.socket?.retryNow() });

const params = new URLSearchParams(window.location.search);
const roomParam = params.get("room");
const saved = loadMatch();
// The home page's links for a finished match: ?saved=rematch or ?saved=result.
const savedParam = roomParam === null ? params.get("saved") : null;
if (savedParam !== null) history.replaceState(null, "", `/play/${GAME}`);
if (roomParam !== null) {
  const code = normalizeCode(roomParam);
  if (isCode(code)) {
    enterOnline(code, { watch: params.get("watch") === "1" });
  } else {
    setupDialog.show({ error: `“${roomParam}” is not a room code: a code has 6 letters and digits, like K7QM4X.` });
  }
} else if (saved?.finished && savedParam === "rematch") {
  rematchSaved();
} else if (saved?.finished && savedParam !== "result") {
  // A finished match is never offered as one in progress: its result, or a rematch.
  setupDialog.fill(saved.setup);
  setupDialog.show({ finished: finishedSentence(saved) });
} else if (saved) {
  continueMatch(); // a reload goes straight back to the match
} else {
  setupDialog.show();
}
if (params.get("online") === "new" && roomParam === null) setupDialog.setMode("online");

// Expose a read-only peek for debugging in the console (no authority: the server decides).
// `idle`: the page shows its snapshot: nothing animating, queued or waiting to be drawn.
window.mousetrapPage = {
  get snapshot() { return app.snapshot; },
  get record() { return app.record; },
  get idle() { return !app.animating && !app.queue.length && !renderPending(); },
  spaces: SPACES,
};
coachFirstTurn(app);
