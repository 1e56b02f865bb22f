// The match controller of every game page (docs/web.md): the socket's messages, the page's copy
// of the record, the queue of committed moves and their animation (pump), what happens once the
// page has caught up (settle: a computer's pause, the hand-over, your turn, the result), the
// autosave and a player's action. The server decides everything: this asks, waits for the
// committed moves, lets the game's view animate them, and then shows the snapshot, the truth.
//
//   const match = createMatch({ name, model, form, view, log, announce, ... });
//
// Rooms (start, continue, online, a server that forgot the room) are in rooms.js, the page's
// buttons, keys, preferences and sound in page.js, the seats in seats.js.

import { RoomSocket, actionId, applyUpdateToRecord } from "/static/shared/net.js";
import { changes, createBanner, createRoomUi } from "/static/shared/room-ui.js";
import { canSave, matchStore } from "/static/shared/store.js";
import { createSetup } from "/static/shared/setup.js";
import { errorText, t } from "/static/shared/i18n.js";
import { seatHelpers } from "./seats.js";
import { installRooms } from "./rooms.js";
import { installPage } from "./page.js";
import { rebuildLog } from "./history.js";
import { batchFactor, computerPause } from "./pace.js";

/** Codes the page needs not tell: a race it lost (the next snapshot says what happened). */
const QUIET_ERRORS = ["stale_version", "not_computer_turn", "not_your_turn", "game_over"];

/** How many received messages the debugging peek keeps (`received`). */
const RECEIVED = 3000;

const $ = (id) => document.getElementById(id);

/**
 * Run a match page. `game` (docs/web.md): `name` (the registry's), `model` (the page's state
 * object: the controller keeps its fields there, the view reads them), `form` (the new-match
 * form of shared/setup.js, without its callbacks), `view` (render, show, animate, skip, and the
 * optional hooks), `log` ({addLine, clearLog, exportLog, restoreLog}), `announce(text)`, and
 * optional `turnHeadings` (turn lines are headings of the log), `words` (`first(name)`, who
 * plays first; `move(move, {seatName, before, after, seats})`, a replayed move in the game's
 * log words: shared/replay/bar.js), `serverSeat(seat)` and `seatViews` (the manifest's
 * `seat_views`: same-device seats each see only their own view).
 * Returns the match: its state, seat helpers, act(action), and the room commands.
 */
export function createMatch(game) {
  const { view, log, announce } = game;
  const state = Object.assign(game.model, {
    snapshot: null, record: null, setup: null, room: null, token: null, online: null, held: null, fresh: false,
    socket: null, animating: false, busy: false, blocked: false, connected: false,
    lostOnce: false, fast: false, reduced: false, factor: 1, playback: 1, lastHuman: null, queue: [],
    shownVersion: -1, generation: 0, advanceTimer: null, asked: -1, finishedFor: null, received: [], passing: false,
  });
  const seats = seatHelpers(state);
  const store = matchStore(game.name);
  const match = { game, state, store, ...seats };
  const words = {
    first: (name) => t("match.first", { who: name }),
    ...game.words,
  };

  /** The log options of a line that says whose turn it is. */
  match.turnLine = (seat) => (game.turnHeadings ? { kind: "turn", turn: true, seat } : { kind: "turn" });

  /** Whether the match in `snap` is over (it names winners, or its state says so). */
  match.isOver = (snap) => Boolean(snap && ((snap.winners || []).length || snap.state?.phase === "over"));

  /** The snapshot becomes what the page shows (after a batch of moves, a connect, a new room). */
  match.show = () => {
    if (!state.snapshot) return;
    state.shownVersion = state.snapshot.version;
    view.show(state.snapshot);
  };

  // ------------------------------------------------------------ the autosave

  /** Keep a local match in localStorage (an online seat is kept by its token instead). */
  match.save = () => {
    if (!state.room || state.online || !state.record) return;
    const snap = state.snapshot;
    const winners = snap?.winners?.length ? snap.winners : snap?.state?.winners || [];
    // Same device, seats that know different things: the record the page holds is the view of
    // the seat at the screen; the save keeps it without that seat's secrets (view.publicRecord).
    const record = game.seatViews && humansHere(snap) > 1 ? view.publicRecord(state.record) : state.record;
    const ok = store.saveMatch({
      room: state.room, token: state.token, record, setup: state.setup,
      log: log.exportLog(), lastHuman: state.lastHuman, ...view.saved?.(),
      finished: match.isOver(snap), winners: winners.map(seats.seatName),
    });
    $("saving-off").hidden = ok;
  };

  // ------------------------------------------------------------ the socket

  /** Close the room's socket and forget what was queued: a new room (or none) follows. */
  match.stop = () => {
    state.generation += 1;
    clearTimeout(state.advanceTimer);
    state.asked = -1;
    if (state.socket) state.socket.close();
    state.socket = null;
    state.queue = [];
    state.busy = false;
    state.blocked = false;
    state.passing = false;
    state.connected = false;
    state.shownVersion = -1;
    view.stop?.();
    view.skip();
  };

  /** Open the socket of the current room (a local room with its token, or an online one). */
  match.connect = () => {
    const generation = state.generation;
    const guard = (fn) => (...args) => {
      if (generation === state.generation) fn(...args);
    };
    const online = state.online;
    const path = online ? `/ws/online/${online.code}` : `/ws/rooms/${encodeURIComponent(state.room)}`;
    const hello = online
      ? online.token ? { type: "hello", token: online.token } : { type: "hello", spectate: true }
      : { type: "hello", token: state.token };
    state.socket = new RoomSocket(path, hello, {
      onSnapshot: guard(onSnapshot),
      onUpdate: guard(onUpdate),
      onError: guard(onError),
      onRefused: guard((refusal) => match.refused(refusal)),
      onStatus: guard(onStatus),
    });
  };

  /** Keep what the page received (a debugging peek; tests check that no secret came). */
  function remember(message) {
    // The record (public actions and outcomes, the save file) is kept apart in state.record.
    const light = message.snapshot ? { ...message, snapshot: { ...message.snapshot, record: undefined } }
      : message.record ? { ...message, record: undefined } : message;
    state.received.push(light);
    if (state.received.length > RECEIVED) state.received.shift();
  }

  function onStatus(status, info) {
    const was = state.connected;
    state.connected = status === "open";
    if (status !== "closed") match.banner.update(status, info);
    match.roomUi.connection(status !== "retrying" && status !== "connecting"); // own seat: "Reconnecting…"
    if (was && !state.connected) {
      announce(t("match.lost"));
      log.addLine(t("match.lost"), { kind: "info" });
    } else if (!was && state.connected && state.lostOnce) {
      announce(t("match.reconnected"));
      log.addLine(t("match.reconnected"), { kind: "info" });
    }
    if (was && !state.connected) state.lostOnce = true;
    if (!was && state.connected && state.online) state.fresh = true; // its first snapshot rebuilds the log
    view.render();
  }

  /** Online: who joined, left, came back or was replaced, and the start, in words. */
  function roomChanged(previous, snap) {
    if (!state.online) return;
    for (const line of changes(previous, snap)) {
      log.addLine(line, { kind: "info" });
      announce(line);
    }
    if (previous && !previous.started && snap.started && snap.to_act !== null && snap.to_act !== undefined) {
      const text = seats.isMine(snap.to_act) ? t("match.you-first") : words.first(seats.seatName(snap.to_act));
      log.addLine(text, match.turnLine(snap.to_act));
      announce(text);
    }
    match.roomUi.update(snap);
  }

  function onSnapshot(snap) {
    if (state.held) {
      state.held.push([onSnapshot, snap]); // the log is being written again: this comes after it
      return;
    }
    remember(snap);
    const previous = state.snapshot;
    state.snapshot = snap;
    const rebuild = state.fresh && state.online && snap.started !== false && snap.version > 0;
    state.fresh = false;
    if (!previous && !rebuild && snap.to_act !== null && snap.to_act !== undefined && snap.started !== false) {
      welcome(snap);
    }
    if (snap.record) state.record = snap.record;
    state.busy = false;
    state.asked = -1; // a (re)connect or a resync: what the page asked for may not have arrived
    roomChanged(previous, snap);
    if (rebuild) {
      retell();
      return;
    }
    if (!state.animating) {
      match.show();
      match.save();
      settle();
    }
  }

  function welcome(snap) {
    if (snap.to_act === null || snap.to_act === undefined || match.isOver(snap)) return;
    log.addLine(t("match.welcome-back", { who: seats.seatName(snap.to_act) }), match.turnLine(snap.to_act));
  }

  /**
   * An online room's first snapshot on a (re)connection: "What happened" is written again from
   * the room's moves so far (history.js), so a reload or a dropped socket loses no line. What
   * arrives meanwhile is held, then handled in order; the moves the log told are not told again.
   */
  async function retell() {
    const generation = state.generation;
    state.held = [];
    clearTimeout(state.advanceTimer);
    if (state.animating) view.skip();
    while (state.animating) await new Promise((resolve) => setTimeout(resolve, 20));
    const told = await rebuildLog(match, state.online.code, state.online.token,
      t(state.online.token ? "match.online-room" : "match.watching-room", { code: state.online.code }));
    const held = state.held;
    state.held = null;
    if (generation !== state.generation) return;
    match.show();
    if (told !== null) state.shownVersion = Math.max(state.shownVersion, told);
    welcome(state.snapshot);
    match.save();
    settle();
    for (const [handle, message] of held) handle(message);
  }

  function onUpdate(update) {
    if (state.held) {
      state.held.push([onUpdate, update]);
      return;
    }
    remember(update);
    const previous = state.snapshot;
    state.snapshot = update.snapshot;
    state.record = applyUpdateToRecord(state.record, update);
    // An outcome the record hid until now, which these moves showed (a snapped paper's threshold)
    if (state.record && view.learn) state.record = view.learn(state.record, update.moves || []);
    if (state.record && state.record.moves.length !== update.snapshot.version) {
      state.socket?.send({ type: "sync" }); // a gap in our copy of the record: ask for a full snapshot
    }
    state.busy = false;
    roomChanged(previous, update.snapshot);
    match.save(); // the committed result is saved before anything moves
    state.queue.push(update);
    pump();
    askAhead();
  }

  /** Whether the page paces the computer seats of this room (a local match): else the server
      moves them by itself, a little after each move. */
  function pagePaced(snap) {
    return (snap.pace ?? (state.online || snap.code ? "server" : "client")) === "client";
  }

  /** Whether a computer seat (or chance) is to act in `snap`, which this page must ask for. */
  function computerNext(snap) {
    if (!snap || match.isOver(snap) || !pagePaced(snap)) return false;
    const seat = snap.to_act;
    return seat === null || seat === undefined || !seats.isHuman(seat);
  }

  /**
   * A local match's computer seat is to act: ask the server for its move now, while the page
   * still animates the last ones (docs/web.md, "Pace"). Its answer joins the queue and plays
   * straight after, so consecutive computer moves follow each other without a round trip (or
   * the computer's thinking, which the server began when the last move was made) between
   * them. One request per version; `settle` asks only if none went out.
   */
  function askAhead() {
    const snap = state.snapshot;
    if (!computerNext(snap) || state.asked === snap.version || !state.socket) return;
    if (state.socket.send({ type: "advance", version: snap.version })) state.asked = snap.version;
  }

  function onError(error) {
    remember(error);
    state.busy = false;
    state.asked = -1; // a refused request may be asked again
    if (QUIET_ERRORS.includes(error.code)) return;
    if (state.online && match.roomUi.refusal(error)) return;
    if (["no_room", "bad_token"].includes(error.code)) return; // match.refused says what happens next
    log.addLine(t("match.refused", { reason: errorText(error) }), { kind: "info" });
  }

  // ------------------------------------------------------------ animation and what comes next

  /** Animate the queued updates' moves, one batch; then show the snapshot and settle. */
  async function pump() {
    if (state.animating) return;
    const generation = state.generation;
    let mark = view.beforeMoves?.();
    state.animating = true;
    view.render();
    while (state.queue.length && generation === state.generation) {
      const update = state.queue.shift();
      const moves = (update.moves || []).filter((m) => m.version > state.shownVersion);
      if (state.shownVersion < 0) match.show();
      // Another seat's moves play briskly (pace.js); the player's own at the playback speed.
      state.factor = batchFactor(state, moves, seats.isMine);
      await view.animate(moves);
      if (moves.length && generation === state.generation) state.shownVersion = moves[moves.length - 1].version;
      if (view.afterMoves && update.snapshot && state.queue.length && generation === state.generation) {
        // Updates that came one after another (pace.js asks a move ahead): each one's position
        // is shown in turn, so the turns each one ended are said in order, not only the last.
        view.show(update.snapshot);
        view.afterMoves(mark);
        mark = view.beforeMoves?.();
      }
    }
    view.batchEnd?.();
    state.factor = state.playback;
    state.animating = false;
    if (generation !== state.generation) {
      // Another room began while this batch played: show it, if its snapshot is already here.
      if (state.queue.length) pump();
      else if (state.snapshot) {
        match.show();
        settle();
      }
      return;
    }
    match.show();
    view.afterMoves?.(mark);
    match.save();
    settle();
  }

  /** After the page has caught up with the server: what happens next? */
  async function settle() {
    const snap = state.snapshot;
    if (!snap || state.animating || state.queue.length) return;
    clearTimeout(state.advanceTimer);
    if (match.isOver(snap)) {
      view.over?.();
      if (state.finishedFor !== state.room) {
        state.finishedFor = state.room;
        view.finished(snap);
      }
      return;
    }
    if (state.online && !snap.started) return;
    const seat = snap.to_act;
    if (seat === null || seat === undefined || !seats.isHuman(seat)) {
      // Online, the server moves computer seats by itself, a little after each move.
      if (!computerNext(snap)) return;
      // A computer seat (or a chance step) the page has not asked for yet (after a connect):
      // a short pause, then let the server decide.
      const version = snap.version;
      if (state.asked === version) return;
      state.advanceTimer = setTimeout(() => {
        if (state.snapshot?.version !== version || state.animating || !state.socket) return;
        if (state.asked === version) return;
        if (state.socket.send({ type: "advance", version })) {
          state.asked = version;
          state.busy = true;
        }
      }, view.computerPause?.() ?? computerPause(state));
      return;
    }
    if (!seats.isMine(seat)) return; // another player's turn (or we are watching): wait for their move
    const humans = humansHere(snap);
    if (game.seatViews && humans > 1) {
      if (!(await passScreen(seat, snap))) return; // that seat's own snapshot settles again
    } else if (view.handOver && humans > 1 && state.lastHuman !== seat && !state.blocked) {
      // Same device: the screen goes to the next human first.
      state.blocked = true;
      view.render();
      await view.handOver(seat);
      state.blocked = false;
      state.lastHuman = seat;
      match.save();
      view.render();
    }
    state.lastHuman = seat;
    view.yourTurn(seat, snap);
  }
  match.settle = settle;

  /** The human seats this page plays (on one device: every human seat). */
  function humansHere(snap) {
    return (snap?.seats || []).filter((s, i) => s.kind === "human" && seats.isMine(i)).length;
  }

  /**
   * Same device, seats that know different things (`game.seatViews`, the manifest's
   * `seat_views`): true once the server shows the page `seat`'s view. Until then the page is
   * blocked (the view draws no seat's secrets); the next human gets the hand-over screen, then
   * the page tells the server who now has the screen, `{"type": "screen", "seat"}`, and its
   * answer, that seat's snapshot, settles again (docs/local-play.md).
   */
  async function passScreen(seat, snap) {
    if (snap.you?.screen === seat) {
      if (state.blocked) {
        state.blocked = false;
        state.received = state.received.slice(-1); // the debugging peek keeps no other seat's view
        state.lastHuman = seat;
        match.save();
        view.render();
      }
      return true;
    }
    if (state.passing) return false; // the hand-over screen is up
    const generation = state.generation;
    state.blocked = true;
    conceal();
    view.render();
    if (state.lastHuman !== seat && view.handOver) {
      state.passing = true;
      await view.handOver(seat);
      if (generation !== state.generation) return false;
      state.passing = false;
      state.lastHuman = seat;
    }
    // A reload or a reconnect asks again: the server does not store who has the screen.
    state.socket?.send({ type: "screen", seat });
    return false;
  }

  /**
   * Behind the hand-over screen the page's memory holds no seat's secrets either: the view
   * drops what the last seat saw (`view.conceal(snapshot)` answers the snapshot without them),
   * the record keeps its public moves, and the messages kept for the debugging peek go. The
   * next seat's own snapshot brings its view back.
   */
  function conceal() {
    state.received = [];
    if (state.record && view.publicRecord) state.record = view.publicRecord(state.record);
    if (state.snapshot && view.conceal) state.snapshot = view.conceal(state.snapshot);
  }

  /** Ask the server to play `action` for the seat to act (one of this page's). */
  match.act = (action) => {
    const snap = state.snapshot;
    if (!snap || state.busy || state.animating || !state.socket) return false;
    const seat = snap.to_act;
    if (seat === null || seat === undefined || !seats.isMine(seat)) return false;
    const sent = state.socket.send({ type: "act", seat, action, version: snap.version, id: actionId() });
    if (sent) {
      state.busy = true;
      state.lastHuman = seat;
      view.render();
    }
    return sent;
  };

  /** What the snapshot says is legal now, of one type. */
  match.legal = (type) => (state.snapshot?.legal || []).filter((a) => a.type === type);

  // ------------------------------------------------------------ the page around the match

  match.roomUi = createRoomUi({
    waiting: $("waiting-room"), panel: $("room-panel"), panelSeats: $("room-panel-seats"),
    badge: $("mode-badge"), message: $("room-message"), announce, levels: game.form.levels,
    send: (message) => {
      const sent = Boolean(state.socket?.send(message));
      if (!sent) match.roomUi.say(t("match.not-connected"));
      return sent;
    },
  });
  match.banner = createBanner($("reconnect-banner"), { onRetry: () => state.socket?.retryNow() });
  installRooms(match);
  match.setupDialog = createSetup($("setup-dialog"), {
    ...game.form,
    onStart: (setup) => match.start(setup),
    onRematch: () => match.rematchSaved(),
    onResult: () => match.continueMatch(),
    onContinue: () => match.continueMatch(),
  });
  installPage(match);
  if (!canSave()) $("saving-off").hidden = false;
  return match;
}
