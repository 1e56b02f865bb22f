// The Aus die Maus! match page: the room client, the table, the animations and the controls.
// The server decides everything (every card is drawn by it when it is turned over); this page
// asks, waits for the committed moves, animates them, then shows the snapshot, which is the
// truth. Nobody can see a stack's contents: the page only ever receives stack sizes.

import { getSetting, setSetting, subscribe, reducedMotion, playbackFactor } from "/static/shared/settings.js";
import { unlockAudio, play } from "/static/shared/sound.js";
import { mountSettings } from "/static/shared/settings-panel.js";
import "./sounds.js";
import {
  createRoom, createOnlineRoom, RoomSocket, actionId, applyUpdateToRecord, loadSeat, forgetSeat,
  saveName, saveSeat,
} from "/static/shared/net.js";
import { changes, createBanner, createRoomUi } from "/static/shared/room-ui.js";
import { canSave, finishedSentence, matchStore } from "/static/shared/store.js";
import { createSetup } from "/static/shared/setup.js";
import { coachFirstTurn } from "./coach-marks.js";
import { createPauses } from "/static/shared/pause.js";
import {
  initTable, chooseLayout, drawTable, setViewer, flyFlip, flyPile, flyChip, floatText, cancelFlights,
} from "./table.js";
import { TOKENS, tokenSvg, chipSvg, pawSvg, cardPhrase } from "./cards.js";
import { escapeHtml } from "/static/shared/html.js";
import {
  initLog, addLine, clearLog, exportLog, restoreLog, describeEvent, endingSentence, ranking, CALL,
} from "./log.js";

const { loadMatch, saveMatch } = matchStore("ausdiemaus");

const $ = (id) => document.getElementById(id);

const GAME = "ausdiemaus";
const LEVEL = "auto"; // the only computer level: there are no decisions in this game

/** The new-match form (shared/setup.js): 2 to 6 players, Auto-flip, and the playback speed. */
const SETUP = {
  seats: { min: 2, max: 6, default: 3 },
  noun: "players",
  firstLabel: "First to turn",
  humanNames: ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
  computerNames: ["Whiskers", "Nibbles", "Pip", "Brie", "Gouda", "Feta"],
  levels: [LEVEL],
  autoFlip: true,
  token: (seat, letter) => tokenSvg(seat, letter, 34),
  tokenLabel: (seat) => TOKENS[seat].label,
  note: ({ online, humans }) => (online
    ? "Online: you get a room code to send to your friends. Nobody sees any stack, yours included."
    : humans === 0
    ? "All computer players: sit back and watch."
    : humans === 1
      ? "Solo: you against the computer players. Nobody sees any stack, so there is nothing to hide."
      : `Same device: ${humans} humans share the screen (nobody sees any stack, so no hand-over is needed).`),
  fields: [{ id: "setup-speed", label: "Speed", options: [["normal", "Normal"], ["fast", "Fast"]] }],
  onSync: () => {
    $("setup-speed").value = getSetting("speed");
  },
  onStart: (setup) => start(setup),
  onRematch: () => rematchSaved(),
  onResult: () => continueMatch(),
};

const app = {
  mode: "local", code: null, setup: null, room: null, token: null, socket: null,
  snapshot: null, record: null, view: null, animating: false, busy: false, connected: false,
  fast: false, reduced: false, factor: 1, queue: [], shownVersion: -1, generation: 0,
  advanceTimer: null, ff: false, rankingShownFor: null, ending: null, received: [],
};

const el = {
  table: $("table"), wrap: $("table-wrap"), prompt: $("prompt"), promptSub: $("prompt-sub"),
  turn: $("turn-over"), skip: $("skip-animation"), speed: $("speed-toggle"),
  ff: $("fast-forward"), seats: $("seats"), connection: $("connection"),
  download: $("download-record"), status: $("status"),
};

// ---------------------------------------------------------------- announcer

let pending = [];
let announceTimer = null;

/** Queue `text` for screen readers; sentences said within a few milliseconds are joined. */
function announce(text) {
  if (!text || app.ff) return;
  pending.push(text);
  if (announceTimer) return;
  announceTimer = setTimeout(() => {
    const message = pending.join(" ");
    pending = [];
    announceTimer = null;
    el.status.textContent = "";
    requestAnimationFrame(() => {
      el.status.textContent = message;
    });
  }, 40);
}

function say(text, kind = "", seat = null) {
  if (!text) return;
  addLine(text, { kind, seat });
  announce(text);
}

// ---------------------------------------------------------------- preferences and sound

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
  if (pauses.skipping || app.ff) return;
  try {
    play(name);
  } catch {
    // sound is decoration
  }
}

// ---------------------------------------------------------------- seats

function seatsInfo() {
  return app.snapshot?.seats || app.setup?.seats || [];
}

function seatName(seat) {
  const s = seatsInfo()[seat];
  return s ? s.name : `Seat ${Number(seat) + 1}`;
}

function letterOf(seat) {
  return (seatName(seat).trim()[0] || "?").toUpperCase();
}

function seatCount() {
  return app.snapshot?.state?.seats || app.snapshot?.options?.seats || app.setup?.seats?.length || 3;
}

function isHuman(seat) {
  const s = seatsInfo()[seat];
  return Boolean(s && s.kind === "human");
}

/** The seats this browser plays: every human seat of a local room, or its own online seat. */
function mySeats() {
  const you = app.snapshot?.you;
  if (you) {
    if (you.spectator) return [];
    return you.seats ?? (you.seat !== undefined ? [you.seat] : []);
  }
  if (app.mode === "online") return [];
  return seatsInfo().map((s, i) => (s.kind === "human" ? i : null)).filter((i) => i !== null);
}

function isMine(seat) {
  return mySeats().includes(seat);
}

function serverPaced() {
  const snap = app.snapshot;
  return app.mode === "online" || snap?.pace === "server" || Boolean(snap?.code);
}

function autoFlip(seat) {
  return Boolean(app.setup?.seats?.[seat]?.autoFlip);
}

// ---------------------------------------------------------------- view model

function chaseOf(raw) {
  if (!raw) return null;
  if (Array.isArray(raw)) {
    const [owner, chaser, paws, left] = raw;
    return { mouse_owner: owner, chaser, paws, attempts_left: left };
  }
  return { ...raw };
}

function viewFromSnapshot(snap) {
  const s = snap.state;
  const chase = chaseOf(s.chase);
  return {
    seats: s.seats ?? snap.seats.length,
    stacks: [...s.stacks],
    chips: [...s.chips],
    chipsLeft: s.chips_left,
    pile: [...(s.pile || [])],
    chase,
    bubble: chase ? { seat: chase.mouse_owner } : null,
    current: s.current,
    phase: s.phase,
    ending: s.ending,
    winners: snap.winners || s.winners || [],
    flash: null,
  };
}

function syncView() {
  if (!app.snapshot) return;
  app.view = viewFromSnapshot(app.snapshot);
  app.shownVersion = app.snapshot.version;
  render();
}

// ---------------------------------------------------------------- rendering

let queued = false;
let seatsKey = "";

function render() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    renderNow();
  });
}

function names() {
  return Array.from({ length: seatCount() }, (_, i) => seatName(i));
}

function renderNow() {
  // An online room before its start shows its waiting room instead of the table.
  document.body.classList.toggle("waiting", app.snapshot?.started === false);
  chooseLayout();
  const view = app.view;
  if (view) {
    // Online, your own seat sits at the bottom of the table, nearest you.
    const mine = mySeats();
    setViewer(app.mode === "online" && mine.length === 1 ? mine[0] : 0);
    drawTable(view, names());
    el.table.setAttribute("aria-label", tableSummary(view));
  }
  renderSeats();
  renderBar();
  el.skip.disabled = !app.animating || app.ff;
  el.speed.setAttribute("aria-pressed", String(app.fast));
  const over = !app.snapshot || (app.snapshot.winners || []).length > 0 || app.snapshot.state.phase === "over";
  el.ff.disabled = over || serverPaced() || !app.socket;
  el.ff.setAttribute("aria-pressed", String(app.ff));
  el.ff.textContent = app.ff ? "Fast-forwarding… (stop)" : "Fast-forward to the end";
  el.download.disabled = !app.record;
  el.connection.textContent = app.socket && !app.connected ? "Reconnecting…" : "";
}

function tableSummary(view) {
  const top = view.pile.at(-1);
  const parts = [`Pile: ${view.pile.length} cards${top ? `, top card ${cardPhrase(top)}` : ""}.`];
  for (let i = 0; i < view.seats; i += 1) {
    parts.push(`${seatName(i)}: ${view.stacks[i]} cards, ${view.chips[i]} chips.`);
  }
  parts.push(`${view.chipsLeft} mouse chips left.`);
  return parts.join(" ");
}

function renderSeats() {
  const n = app.view ? app.view.seats : 0;
  const key = `${n}|${names().join("|")}|${seatsInfo().map((s) => `${s.kind}${s.state === "open"}`).join("|")}|${mySeats().join(",")}`;
  if (key !== seatsKey) {
    seatsKey = key;
    el.seats.innerHTML = Array.from({ length: n }, (_, i) => {
      const token = TOKENS[i % TOKENS.length];
      const human = isHuman(i);
      const open = seatsInfo()[i]?.state === "open";
      const kind = open ? "open seat" : human ? (isMine(i) ? "human" : "human, online") : "computer";
      const auto = human && isMine(i)
        ? `<label class="auto-flip" title="Turn over by itself after a short pause"><input type="checkbox" data-seat="${i}" data-testid="auto-flip-${i}"> Auto-flip</label>`
        : "";
      return `<li class="seat-panel" data-testid="seat-panel-${i}" data-seat="${i}">
        <span class="seat-token">${tokenSvg(i, letterOf(i), 34)}</span>
        <span class="seat-main">
          <span class="seat-name" data-testid="seat-name-${i}">${escapeHtml(seatName(i))}</span>
          <span class="seat-kind">${kind}<span class="visually-hidden">, ${token.label}</span></span>
        </span>
        <span class="seat-count"><span class="seat-cards" data-testid="seat-cards-${i}"></span>
          <span class="seat-chips" data-testid="seat-chips-${i}"></span></span>
        <span class="seat-badge" data-testid="seat-badge-${i}"></span>
        ${auto}
      </li>`;
    }).join("");
  }
  const view = app.view;
  if (!view) return;
  for (let i = 0; i < n; i += 1) {
    const row = el.seats.querySelector(`[data-seat="${i}"]`);
    if (!row) continue;
    const cards = view.stacks[i] ?? 0;
    const chips = view.chips[i] ?? 0;
    row.querySelector(".seat-cards").textContent = `${cards} ${cards === 1 ? "card" : "cards"}`;
    row.querySelector(".seat-chips").innerHTML = `${chipSvg(18)} ${chips}<span class="visually-hidden"> ${chips === 1 ? "chip" : "chips"}</span>`;
    const over = view.phase === "over";
    const winner = (view.winners || []).includes(i);
    let badge = "";
    if (app.snapshot?.started === false) badge = "";
    else if (over) badge = winner ? "Winner!" : "";
    else if (view.chase?.chaser === i) badge = "Chasing";
    else if (view.chase?.mouse_owner === i) badge = "Mouse out";
    else if (view.current === i) badge = "Turn";
    row.querySelector(".seat-badge").textContent = badge;
    row.classList.toggle("active", !over && view.current === i && app.snapshot?.started !== false);
    row.classList.toggle("winner", over && winner);
    const box = row.querySelector("input[type=checkbox]");
    if (box) box.checked = autoFlip(i);
  }
}

function canTurn() {
  const snap = app.snapshot;
  if (!snap || app.animating || app.busy || app.ff || !app.socket) return false;
  if ((snap.winners || []).length || snap.state.phase === "over") return false;
  const seat = snap.to_act;
  if (seat === null || seat === undefined || !isMine(seat)) return false;
  return (snap.legal || []).some((a) => a.type === "turn");
}

function renderBar() {
  const view = app.view;
  const snap = app.snapshot;
  el.turn.disabled = !canTurn();
  if (snap && snap.started === false) {
    // An online room before its start: the waiting room above (shared room-ui) has the code,
    // the seats and the host's Start.
    el.prompt.textContent = "Waiting for the match to start…";
    el.promptSub.textContent = "";
    return;
  }
  if (app.socket && !app.connected) {
    el.prompt.textContent = "Reconnecting to the table…";
    el.promptSub.textContent = "Your match is safe on the server.";
    return;
  }
  if (!view || !snap) {
    el.prompt.textContent = app.mode === "online" ? "Joining the table…" : "Shuffling the cards…";
    el.promptSub.textContent = "";
    return;
  }
  let prompt = "";
  const current = view.current;
  const who = current === null || current === undefined ? "" : seatName(current);
  if (view.phase === "over") {
    prompt = "Game over.";
  } else if (app.ff) {
    prompt = "Fast-forwarding to the end…";
  } else if (view.phase === "chase" && view.chase) {
    prompt = `${who} chases ${seatName(view.chase.mouse_owner)}'s mouse!`;
  } else if (view.phase === "restart") {
    prompt = `${who} won the pile and starts a new one.`;
  } else if (who) {
    prompt = `${who}'s turn.`;
  } else {
    prompt = "Shuffling the cards…";
  }
  if (!app.animating && !app.ff && view.phase !== "over" && current !== null && current !== undefined) {
    if (isMine(current) && !autoFlip(current)) prompt += ` ${who}, turn over your top card.`;
    else if (isMine(current)) prompt += ` (auto-flip)`;
    else if (!isHuman(current)) prompt += ` ${who} is turning over…`;
    else prompt += ` Waiting for ${who}…`;
  }
  el.prompt.textContent = prompt;
  el.turn.dataset.seat = current ?? "";
  el.turn.setAttribute("aria-label", who && view.phase !== "over" ? `Turn over ${who}'s top card` : "Turn over");
  if (view.phase !== "over" && view.chase) {
    const c = view.chase;
    const left = Math.max(0, c.attempts_left);
    const used = Math.max(0, c.paws - left);
    const paws = `${pawSvg(20).repeat(left)}${pawSvg(20, true).repeat(used)}`;
    el.promptSub.innerHTML = `<span class="chase-paws" aria-hidden="true">${paws}</span>
      <span data-testid="chase-info">${escapeHtml(seatName(c.chaser))} has ${left} of ${c.paws} ${c.paws === 1 ? "try" : "tries"} left to turn up a cat.</span>`;
  } else if (view.phase === "over") {
    el.promptSub.textContent = view.ending ? `It ended because ${endingSentence(view.ending, app.ending?.seat, seatName)}` : "";
  } else {
    const top = view.pile.at(-1);
    // The chips are what is left to catch; the winner is the biggest stack (docs/games/ausdiemaus.md).
    const chips = `${view.chipsLeft} mouse ${view.chipsLeft === 1 ? "chip" : "chips"} left`;
    el.promptSub.textContent = top ? `Top of the pile: ${cardPhrase(top)}. ${chips}; then the biggest stack wins.` : "";
  }
}

// ---------------------------------------------------------------- animation

const pauses = createPauses();
const { sleep } = pauses;

/** A readable pause at the current speed (shorter with reduced motion, none when skipping). */
function beat(base) {
  if (pauses.skipping || app.ff) return 0;
  return Math.round(base * app.factor * (app.reduced ? 0.45 : 1));
}

/** A flight's duration: none when skipping, fast-forwarding or with reduced motion. */
function flight(base) {
  if (pauses.skipping || app.ff || app.reduced) return 0;
  return Math.round(base * app.factor);
}

function skip() {
  if (!app.animating) return;
  pauses.skip();
  cancelFlights();
}

function drawNow() {
  if (app.view) drawTable(app.view, names());
}

async function playEvent(event) {
  const view = app.view;
  const line = describeEvent(event, seatName);
  const seat = event.seat;
  switch (event.type) {
    case "start":
      view.current = seat;
      say(line?.text, line?.kind, seat);
      break;
    case "pile_start":
      view.pile = [event.card];
      say(line?.text, line?.kind);
      break;
    case "flip": {
      view.current = seat;
      view.stacks[seat] = Math.max(0, (view.stacks[seat] ?? 1) - 1);
      view.bubble = null;
      drawNow();
      await flyFlip(seat, event.card, flight(560));
      const idle = event.card === "cat" && !view.chase; // a cat with no mouse to catch
      view.pile.push(event.card);
      sound("flip");
      say(idle ? `${line.text.slice(0, -1)}: no mouse to catch.` : line?.text, line?.kind, seat);
      drawNow();
      render();
      await sleep(beat(event.card === "cheese" ? 280 : 420));
      break;
    }
    case "call":
    case "pass_chase":
      view.chase = { mouse_owner: seat, chaser: event.chaser, paws: event.paws, attempts_left: event.paws };
      view.bubble = { seat };
      view.current = event.chaser;
      view.phase = "chase";
      sound("call");
      say(line?.text, line?.kind, seat);
      render();
      await sleep(beat(1200));
      break;
    case "missed":
      if (view.chase) view.chase.attempts_left = event.attempts_left;
      say(line?.text, line?.kind, seat);
      render();
      await sleep(beat(200));
      break;
    case "caught":
    case "escaped": {
      const caught = event.type === "caught";
      view.flash = seat;
      sound(caught ? "capture" : "redirect");
      say(line?.text, line?.kind, seat);
      drawNow();
      await sleep(beat(380));
      await flyPile(seat, event.cards, flight(650));
      view.pile = [];
      view.stacks[seat] = (view.stacks[seat] ?? 0) + event.cards;
      view.chase = null;
      view.bubble = null;
      drawNow();
      if (!pauses.skipping && !app.ff && !app.reduced) floatText(seat, `+${event.cards} cards`, view.seats);
      if (caught) {
        await flyChip(seat, flight(700));
        view.chips[seat] = (view.chips[seat] ?? 0) + 1;
        view.chipsLeft = Math.max(0, view.chipsLeft - 1);
        sound("cheese");
        drawNow();
      }
      render();
      await sleep(beat(450));
      view.flash = null;
      break;
    }
    case "restart":
      view.current = seat;
      view.phase = "restart";
      say(line?.text, line?.kind, seat);
      render();
      break;
    case "end":
      view.phase = "over";
      view.current = null;
      view.chase = null;
      view.bubble = null;
      view.winners = event.winners || [];
      app.ending = { reason: event.reason, seat };
      sound("win");
      say(line?.text, line?.kind, seat);
      render();
      break;
    default:
      if (line) say(line.text, line.kind, seat);
  }
}

async function playMoves(moves) {
  for (const move of moves) {
    if (move.version <= app.shownVersion) continue;
    for (const event of move.events || []) await playEvent(event);
    app.shownVersion = move.version;
  }
}

// ---------------------------------------------------------------- saving

function save() {
  if (app.mode !== "local" || !app.record || !app.room) return;
  const snap = app.snapshot;
  const winners = snap?.winners?.length ? snap.winners : snap?.state?.winners || [];
  const finished = winners.length > 0 || snap?.state?.phase === "over";
  const ok = saveMatch({
    room: app.room, token: app.token, record: app.record, setup: app.setup, log: exportLog(),
    ending: app.ending, finished, winners: winners.map(seatName),
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
  app.ff = false;
  skip();
  pauses.end();
  app.animating = false;
  cancelFlights();
}

function connect(path, hello) {
  const generation = app.generation;
  const guard = (fn) => (...args) => {
    if (generation === app.generation) fn(...args);
  };
  app.socket = new RoomSocket(path, hello, {
    onSnapshot: guard(onSnapshot),
    onUpdate: guard(onUpdate),
    onError: guard(onError),
    onRefused: guard(onRefused),
    onStatus: guard(onStatus),
  });
}

function connectLocal() {
  connect(`/ws/rooms/${encodeURIComponent(app.room)}`, { type: "hello", token: app.token });
}

function describeSeats(setup) {
  return setup.seats.map((s) => (s.kind === "computer" ? `${s.name} (computer)` : s.name)).join(", ");
}

function serverSeats(setup) {
  return setup.seats.map((s) => (s.kind === "computer" ? { kind: "computer", name: s.name, level: LEVEL } : { kind: "human", name: s.name }));
}

function enterRoom(data, setup, { fresh }) {
  stopRoom();
  app.mode = "local";
  app.room = data.room;
  app.token = data.token;
  app.setup = setup;
  app.snapshot = data.snapshot;
  app.record = data.snapshot.record || null;
  app.rankingShownFor = null;
  roomUi.update(null);
  if (fresh) {
    app.ending = null;
    clearLog();
    addLine(`New match: ${describeSeats(setup)}.`, { kind: "info" });
    const start = (app.record?.moves || []).find((m) => m.action?.type === "start_seat");
    if (start) addLine(`Chance picks ${seatName(start.action.seat)} to turn over first.`, { kind: "turn" });
    const first = (app.record?.moves || []).find((m) => m.action?.type === "card");
    if (first) addLine(`The undealt card starts the pile: ${cardPhrase(first.action.card)} (it does nothing).`, { kind: "info" });
    const now = data.snapshot.to_act;
    if (now !== null && now !== undefined) announce(`New match. ${seatName(now)} turns over first.`);
  }
  syncView();
  setupDialog.hide();
  hideDialog("ranking-dialog");
  save();
  connectLocal();
}

async function start(setup) {
  setupDialog.error("");
  setupDialog.busy(true);
  try {
    const options = { seats: setup.seats.length, start_seat: setup.startSeat };
    if (setup.mode === "online") {
      // An online room (docs/online.md): this browser takes seat 0 as the host; friends join
      // the open seats with the code. The page then opens the room like any invited player.
      const hostName = setup.seats[0].name;
      const seats = setup.seats.map((seat, i) => (i === 0 || seat.kind === "open"
        ? { kind: "open" } : { kind: "computer", name: seat.name, level: LEVEL }));
      const data = await createOnlineRoom(GAME, { options, seats, hostName });
      saveName(hostName);
      saveSeat(data.code, { token: data.token, seat: data.seat, name: hostName, game: GAME });
      window.location.href = `/play/${GAME}?room=${encodeURIComponent(data.code)}`;
      return;
    }
    const data = await createRoom(GAME, { options, seats: serverSeats(setup) });
    enterRoom(data, setup, { fresh: true });
  } catch (error) {
    setupDialog.error(`The table could not be set: ${error.message || error.code || "network error"}`);
  } finally {
    setupDialog.busy(false);
  }
}

function continueMatch() {
  const saved = loadMatch();
  if (!saved) {
    setupDialog.show({ error: "That match could not be read. Set up a new one." });
    return;
  }
  stopRoom();
  app.mode = "local";
  app.setup = saved.setup;
  app.room = saved.room;
  app.token = saved.token;
  app.record = saved.record;
  app.ending = saved.ending || null;
  app.snapshot = null;
  app.view = null;
  app.rankingShownFor = null;
  restoreLog(saved.log);
  setupDialog.hide();
  render();
  connectLocal();
}

/** A new match with the seats of the saved (finished) one. */
function rematchSaved() {
  const saved = loadMatch();
  if (saved) start({ ...saved.setup, mode: "local" });
  else setupDialog.show({ error: "That match could not be read. Set up a new one." });
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

/**
 * The server refused the socket for good. Local: it no longer knows the room (it restarted,
 * or the token is not accepted): re-create it from the saved record. Online: say so.
 */
async function onRefused(refusal) {
  app.connected = false;
  if (app.mode === "online") {
    if (refusal.code === "bad_token") {
      // The host reopened this seat: the token is dead. Watch instead.
      forgetSeat(app.code);
      addLine("Your seat in this room was given up (the host reopened it). You are watching now.", { kind: "info" });
      roomUi.say("Your seat was reopened by the host: you are watching. Join again from the room’s link.");
      history.replaceState(null, "", `/play/${GAME}?room=${app.code}&watch=1`);
      connect(`/ws/online/${encodeURIComponent(app.code)}`, { type: "hello", spectate: true });
      return;
    }
    const text = refusal.code === "no_room"
      ? `There is no room ${app.code} (any more). Check the code, or set up a new match.`
      : `The room closed the connection: ${refusal.message}. Reload the page to try again.`;
    banner.update("closed", {}, text);
    roomUi.say(text);
    announce(text);
    render();
    return;
  }
  if (refusal.code !== "no_room" && refusal.code !== "bad_token") {
    banner.update("closed", {}, `The table closed the connection: ${refusal.message}. Reload the page to try again.`);
    render();
    return;
  }
  banner.update("open");
  const record = app.record;
  if (!record || !app.setup) {
    setupDialog.show({ error: "That match is gone. Set up a new one." });
    return;
  }
  try {
    const data = await createRoom(GAME, { options: record.options, seats: serverSeats(app.setup), record });
    const log = exportLog();
    const ending = app.ending;
    enterRoom(data, app.setup, { fresh: false });
    app.ending = ending;
    restoreLog(log);
    addLine("The table was set again: the match continues where it was.", { kind: "info" });
    save();
  } catch (error) {
    setupDialog.show({ error: `That match could not be restored (${error.message || error.code}).` });
  }
}

// ---------------------------------------------------------------- messages

/** Keep what the page received (a debugging peek; also lets tests check nothing secret came). */
function remember(message) {
  // The record (public actions and card outcomes, the save file) is kept apart in app.record.
  const light = message.snapshot ? { ...message, snapshot: { ...message.snapshot, record: undefined } }
    : message.record ? { ...message, record: undefined } : message;
  app.received.push(light);
  if (app.received.length > 3000) app.received.shift();
}

/** Online: who joined, left, came back or was replaced, and the start, in words. */
function roomChanged(previous, snap) {
  if (app.mode !== "online") return;
  for (const line of changes(previous, snap)) {
    addLine(line, { kind: "info" });
    announce(line);
  }
  if (previous && !previous.started && snap.started && snap.to_act !== null && snap.to_act !== undefined) {
    const text = isMine(snap.to_act) ? "Your turn first!" : `${seatName(snap.to_act)} turns over first.`;
    addLine(text, { kind: "turn" });
    announce(text);
  }
  roomUi.update(snap);
}

function onSnapshot(snap) {
  remember(snap);
  const first = !app.snapshot;
  const previous = app.snapshot;
  app.snapshot = snap;
  roomChanged(previous, snap);
  if (snap.record) app.record = snap.record;
  app.busy = false;
  if (first && snap.to_act !== null && snap.to_act !== undefined && snap.started !== false) {
    addLine(`Welcome back: ${seatName(snap.to_act)}'s turn.`, { kind: "turn" });
  }
  if (!app.animating) {
    syncView();
    save();
    settle();
  }
}

function onUpdate(update) {
  remember(update);
  const previous = app.snapshot;
  app.snapshot = update.snapshot;
  roomChanged(previous, update.snapshot);
  app.record = applyUpdateToRecord(app.record, update);
  app.busy = false;
  save(); // the committed result is saved before anything moves
  app.queue.push(update);
  pump();
}

function onError(error) {
  remember(error);
  app.busy = false;
  if (app.mode === "online" && roomUi.refusal(error)) return;
  if (["stale_version", "not_computer_turn", "not_your_turn", "game_over"].includes(error.code)) return;
  addLine(`The table refused that: ${error.message}`, { kind: "info" });
}

async function pump() {
  if (app.animating) return;
  const generation = app.generation;
  app.animating = true;
  render();
  while (app.queue.length && generation === app.generation) {
    const update = app.queue.shift();
    const moves = (update.moves || []).filter((m) => m.version > app.shownVersion);
    if (!app.view) syncView();
    await playMoves(moves);
  }
  pauses.end();
  app.animating = false;
  if (generation !== app.generation) return;
  syncView();
  save();
  settle();
}

/** Milliseconds between two messages while fast-forwarding: at most ~66 a second, under the
 * server's limit for a local match (100 a second, docs/protocol.md), however fast the
 * connection answers. */
const FF_PAUSE = 15;

/** After the page has caught up with the server: what happens next? */
function settle() {
  const snap = app.snapshot;
  if (!snap || app.animating || app.queue.length) return;
  clearTimeout(app.advanceTimer);
  render();
  if ((snap.winners || []).length || snap.state.phase === "over") {
    app.ff = false;
    render();
    if (app.rankingShownFor !== (app.room || app.code)) {
      app.rankingShownFor = app.room || app.code;
      showRanking();
    }
    return;
  }
  const seat = snap.to_act;
  const version = snap.version;
  if (seat === null || seat === undefined || !isHuman(seat)) {
    if (serverPaced()) return;
    // A computer seat (or a chance step): a watchable pause, then let the server decide.
    const pause = app.ff ? FF_PAUSE : 650 * app.factor * (app.reduced ? 0.5 : 1);
    app.advanceTimer = setTimeout(() => {
      if (app.snapshot?.version !== version || app.animating || !app.socket) return;
      if (app.socket.send({ type: "advance", version })) app.busy = true;
    }, pause);
    return;
  }
  if (!isMine(seat)) return;
  if (app.ff || autoFlip(seat)) {
    const pause = app.ff ? FF_PAUSE : 700 * app.factor * (app.reduced ? 0.5 : 1);
    app.advanceTimer = setTimeout(() => {
      if (app.snapshot?.version === version && !app.animating) turnOver({ automatic: true });
    }, pause);
    return;
  }
  announce(`${seatName(seat)}, turn over your top card.`);
  requestAnimationFrame(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && !anyDialogOpen() && !el.turn.disabled) el.turn.focus();
  });
}

function turnOver({ automatic = false } = {}) {
  const snap = app.snapshot;
  if (!snap || app.busy || app.animating || !app.socket) return;
  if (!automatic && app.ff) return;
  const seat = snap.to_act;
  if (seat === null || seat === undefined || !isMine(seat)) return;
  if (!(snap.legal || []).some((a) => a.type === "turn")) return;
  const sent = app.socket.send({ type: "act", seat, action: { type: "turn" }, version: snap.version, id: actionId() });
  if (sent) {
    app.busy = true;
    el.turn.disabled = true; // at once, not at the next frame: one press, one card
    render();
  }
}

function toggleFastForward() {
  if (serverPaced()) return;
  app.ff = !app.ff;
  if (app.ff) {
    addLine("Fast-forward: every card is turned over automatically until the game ends.", { kind: "info" });
    skip();
  } else {
    announce("Fast-forward stopped.");
  }
  render();
  settle();
}

// ---------------------------------------------------------------- the record

function downloadRecord() {
  if (!app.record) return;
  const players = seatsInfo().map((s) => (s.kind === "computer" ? `${s.name}, computer` : s.name));
  const text = `${JSON.stringify({ ...app.record, players }, null, 2)}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "ausdiemaus-record.json";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  announce("The match record is downloading as ausdiemaus-record.json.");
}

// ---------------------------------------------------------------- dialogs

function anyDialogOpen() {
  return [...document.querySelectorAll("dialog")].some((d) => d.open);
}

function hideDialog(id) {
  const dialog = $(id);
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

function showRanking() {
  const snap = app.snapshot;
  const state = snap.state;
  const winners = snap.winners || state.winners || [];
  const result = ranking(state.stacks, state.chips, winners, seatName);
  const seat = endingSeat(state);
  let reason = endingSentence(state.ending, seat, seatName);
  if (seat === null && state.ending === "last_chip") reason = "the last mouse chip was won.";
  if (seat === null && state.ending === "run_out") reason = "a player had no card left to turn.";
  $("ranking-title").textContent = winners.length > 1
    ? "A shared win!"
    : `${seatName(winners[0])} wins!`;
  $("ranking-reason").textContent = `How it ended: ${reason}`;
  $("ranking-tiebreak").textContent = result.text;
  $("ranking-list").innerHTML = result.rows.map((row) => `
    <li class="rank-row${row.winner ? " rank-winner" : ""}" data-testid="rank-${row.seat}">
      <span class="rank-place">${row.place}.</span>
      ${tokenSvg(row.seat, letterOf(row.seat), 30)}
      <span class="rank-name">${escapeHtml(seatName(row.seat))}</span>
      <span class="rank-cards">${row.cards} ${row.cards === 1 ? "card" : "cards"}</span>
      <span class="rank-chips">${chipSvg(18)} ${row.chips}<span class="visually-hidden"> ${row.chips === 1 ? "chip" : "chips"}</span></span>
    </li>`).join("");
  $("rematch").hidden = app.mode !== "local";
  const dialog = $("ranking-dialog");
  if (!dialog.open) dialog.showModal();
  $("rematch").hidden ? $("ranking-close").focus() : $("rematch").focus();
  announce(`${$("ranking-title").textContent} ${result.text} How it ended: ${reason}`);
}

// ---------------------------------------------------------------- keys and buttons

function typing(target) {
  return target instanceof Element && target.closest("input, select, textarea, [contenteditable]");
}

function bindControls() {
  el.turn.addEventListener("click", () => turnOver());
  el.skip.addEventListener("click", () => skip());
  el.speed.addEventListener("click", () => setSetting("speed", app.fast ? "normal" : "fast"));
  el.ff.addEventListener("click", () => toggleFastForward());
  el.download.addEventListener("click", () => downloadRecord());
  $("new-match").addEventListener("click", () => {
    if (app.mode === "online") {
      window.location.href = `/play/${GAME}`;
      return;
    }
    setupDialog.fill(app.setup);
    setupDialog.show({ canCancel: Boolean(app.snapshot) });
  });
  $("ranking-close").addEventListener("click", () => hideDialog("ranking-dialog"));
  $("ranking-new").addEventListener("click", () => {
    hideDialog("ranking-dialog");
    setupDialog.fill(app.setup);
    setupDialog.show({ canCancel: true });
  });
  $("rematch").addEventListener("click", () => {
    hideDialog("ranking-dialog");
    if (app.setup) start(app.setup);
  });
  el.seats.addEventListener("change", (event) => {
    const box = event.target.closest("input[type=checkbox][data-seat]");
    if (!box) return;
    const seat = Number(box.dataset.seat);
    if (!app.setup) app.setup = { seats: [] }; // an online room: remembered for this page only
    app.setup.seats[seat] = { ...(app.setup.seats[seat] || {}), autoFlip: box.checked };
    announce(`${seatName(seat)}: auto-flip ${box.checked ? "on" : "off"}.`);
    save();
    render();
    settle();
  });
  document.addEventListener("keydown", (event) => {
    gesture();
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (typing(event.target) || anyDialogOpen()) return;
    const key = event.key.toLowerCase();
    const onControl = event.target instanceof Element && event.target !== el.turn
      && event.target.closest("button, a, summary, [role=button]");
    if (key === "t" || ((key === " " || key === "enter") && !onControl)) {
      if (!el.turn.disabled) {
        event.preventDefault();
        turnOver();
      }
    } else if (key === "s") {
      skip();
    } else if (key === "f") {
      setSetting("speed", app.fast ? "normal" : "fast");
    }
  });
  document.addEventListener("pointerdown", () => gesture(), { capture: true });
  window.addEventListener("resize", () => {
    if (chooseLayout()) render();
  });
}

// ---------------------------------------------------------------- start up

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

initLog($("log"));
initTable({ svg: el.table, layer: $("table-layer"), fx: $("fx-layer"), flyLayer: $("fly-layer"), wrap: el.wrap });
const setupDialog = createSetup($("setup-dialog"), SETUP);
$("setup-speed").addEventListener("change", () => setSetting("speed", $("setup-speed").value));
bindControls();
try {
  mountSettings($("settings"));
} catch {
  // the settings panel is optional decoration of the header
}
subscribe(readPrefs);
readPrefs();
if (!canSave()) $("saving-off").hidden = false;

const params = new URLSearchParams(window.location.search);
const code = params.get("room");
if (code) {
  // An online room (docs/online.md): server-paced; this browser plays its own seat, or watches.
  app.mode = "online";
  app.code = code.toUpperCase();
  const seat = params.get("watch") ? null : loadSeat(app.code);
  const hello = seat ? { type: "hello", token: seat.token } : { type: "hello", spectate: true };
  connect(`/ws/online/${encodeURIComponent(app.code)}`, hello);
  $("saving-off").hidden = true;
  addLine(seat ? `Online room ${app.code}.` : `Watching online room ${app.code}.`, { kind: "info" });
  if (!seat && !params.get("watch")) {
    roomUi.say("This device holds no seat in this room: you are watching.");
    $("room-message").insertAdjacentHTML("beforeend", ` <a href="/join/${encodeURIComponent(app.code)}" data-testid="join-link">Join the room</a>`);
  }
} else {
  const saved = loadMatch();
  // The home page's links for a finished match: ?saved=rematch or ?saved=result.
  const savedParam = params.get("saved");
  if (savedParam !== null) history.replaceState(null, "", `/play/${GAME}`);
  if (saved?.finished && savedParam === "rematch") {
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
  if (params.get("online") === "new") {
    // the home page's "Play online with friends": open the setup on its online choice
    setupDialog.setMode("online");
  }
}
render();

// A read-only peek for debugging in the console (no authority: the server decides).
window.ausdiemausPage = {
  get snapshot() { return app.snapshot; },
  get view() { return app.view; },
  get record() { return app.record; },
  get received() { return app.received; },
  get animating() { return app.animating; },
  // The page shows its snapshot: nothing animating, queued or waiting for its frame to be drawn.
  get idle() { return !app.animating && !app.queue.length && !queued; },
  get fastForward() { return app.ff; },
  call: CALL,
};
coachFirstTurn(app);
