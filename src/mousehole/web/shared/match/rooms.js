// The rooms of a match page (docs/web.md, docs/local-play.md, docs/online.md): a new local
// match, an online room (created here or opened from its link), a saved match continued after a
// reload, a rematch, the room the server forgot (set again from the saved record), refusals,
// and which of these the page's address asks for when it opens.

import {
  createOnlineRoom, createRoom, forgetSeat, isCode, loadSeat, normalizeCode, saveName, saveSeat,
} from "/static/shared/net.js";
import { finishedSentence, runningSentence } from "/static/shared/store.js";
import { errorText, levelName, t } from "/static/shared/i18n.js";
import { escapeHtml } from "/static/shared/html.js";

const $ = (id) => document.getElementById(id);

/** Add the room commands to `match` (shared/match/controller.js). */
export function installRooms(match) {
  const { game, state, store } = match;
  const { view, log, announce } = game;
  const serverSeat = game.serverSeat || ((seat) => seat);
  const oneLevel = game.form.levels.length === 1;

  /** "Ann, Whiskers (computer, normal)": the seats in the log's first line. */
  function describeSeats(setup) {
    return setup.seats.map((s) => (s.kind !== "computer" ? s.name
      : oneLevel ? t("match.seat-computer", { name: s.name }) : t("match.seat-computer-level", { name: s.name, level: levelName(s.level) }))).join(", ");
  }

  /** Play the local room `data` ({room, token, snapshot}); `fresh`: a new match begins. */
  match.enterRoom = (data, setup, { fresh }) => {
    match.stop();
    state.room = data.room;
    state.token = data.token;
    state.setup = setup;
    state.snapshot = data.snapshot;
    state.record = data.snapshot.record || null;
    state.online = null;
    state.finishedFor = null;
    match.roomUi.update(null);
    if (new URLSearchParams(window.location.search).has("room")) history.replaceState(null, "", `/play/${game.name}`);
    if (fresh) {
      state.lastHuman = null;
      log.clearLog();
      view.reset?.();
      log.addLine(t("match.new", { seats: describeSeats(setup) }), { kind: "info" });
      view.newMatch?.(data.snapshot);
    }
    match.show();
    match.setupDialog.hide();
    view.hideFinished?.();
    match.save();
    match.connect();
    view.entered?.();
  };

  /** The new-match form's Start: a local room, or an online room with this browser as host. */
  match.start = async (setup) => {
    const dialog = match.setupDialog;
    dialog.error("");
    dialog.busy(true);
    try {
      const options = { seats: setup.seats.length, start_seat: setup.startSeat };
      if (setup.mode === "online") {
        // This browser takes seat 0 as the host; friends join the open seats with the code.
        const hostName = setup.seats[0].name;
        const seats = setup.seats.map((seat, i) => (i === 0 || seat.kind === "open" ? { kind: "open" } : serverSeat(seat)));
        const data = await createOnlineRoom(game.name, { options, seats, hostName });
        saveName(hostName);
        saveSeat(data.code, { token: data.token, seat: data.seat, name: hostName, game: game.name });
        match.enterOnline(data.code, { snapshot: data.snapshot });
        return;
      }
      const data = await createRoom(game.name, { options, seats: setup.seats.map(serverSeat) });
      match.enterRoom(data, setup, { fresh: true });
    } catch (error) {
      dialog.error(t("match.not-set", { reason: errorText(error.code ? error : { code: "network" }) }));
    } finally {
      dialog.busy(false);
    }
  };

  /** Play (or watch) online room `code`: its seat token, if this browser holds one, says which seat. */
  match.enterOnline = (code, { snapshot = null, watch = false } = {}) => {
    match.stop();
    const held = watch ? null : loadSeat(code);
    state.online = { code, token: held?.token || null, seat: held?.seat ?? null };
    state.room = code;
    state.token = null;
    state.setup = null;
    state.snapshot = snapshot;
    state.record = snapshot?.record || null;
    state.lastHuman = null;
    state.finishedFor = null;
    state.lostOnce = false;
    view.reset?.();
    log.clearLog();
    match.setupDialog.hide();
    view.hideFinished?.();
    $("saving-off").hidden = true; // an online seat is kept by its token, not by the autosave
    const url = `/play/${game.name}?room=${code}${state.online.token ? "" : "&watch=1"}`;
    if (`${window.location.pathname}${window.location.search}` !== url) history.replaceState(null, "", url);
    log.addLine(state.online.token ? t("match.online-room", { code }) : t("match.watching-room", { code }), { kind: "info" });
    if (!state.online.token && !watch) {
      match.roomUi.say(t("match.no-seat"));
      $("room-message").insertAdjacentHTML("beforeend", ` <a href="/join/${code}" data-testid="join-link">${escapeHtml(t("join.submit"))}</a>`);
    }
    if (snapshot) {
      match.roomUi.update(snapshot);
      match.show();
    }
    view.render();
    match.connect();
  };

  /** Back to the saved local match (a reload goes straight back to it). */
  match.continueMatch = () => {
    const saved = store.loadMatch();
    if (!saved) {
      match.setupDialog.show({ error: t("match.unreadable") });
      return;
    }
    match.stop();
    state.online = null;
    state.setup = saved.setup;
    state.room = saved.room;
    state.token = saved.token;
    state.record = saved.record;
    state.lastHuman = saved.lastHuman ?? null;
    state.snapshot = null;
    state.finishedFor = null;
    view.reset?.();
    view.restore?.(saved);
    log.restoreLog(saved.log);
    match.setupDialog.hide();
    view.render();
    match.connect();
  };

  /** A new match with the seats of the saved (finished) one. */
  match.rematchSaved = () => {
    const saved = store.loadMatch();
    if (saved) match.start({ ...saved.setup, mode: "local" });
    else match.setupDialog.show({ error: t("match.unreadable") });
  };

  /** The result dialog's Rematch: a new local match with the same seats. */
  match.rematch = () => {
    if (state.setup && !state.online) match.start(state.setup);
  };

  /** The header's New match: the form, filled with this match's seats (cancel goes back). */
  match.newMatch = () => {
    match.setupDialog.fill(state.online ? null : state.setup);
    // A local match not over yet: the form says a new one takes its place (Cancel keeps it).
    const running = !state.online && state.snapshot && !(state.snapshot.winners || []).length;
    match.setupDialog.show({
      canCancel: Boolean(state.snapshot),
      running: running ? t("setup.running-here") : "",
    });
  };

  /** The server no longer knows the local room (it restarted): set it again from the record. */
  async function setAgain() {
    const record = state.record;
    // A save without the match's options or seats cannot set the table again (asking would
    // only be refused): say the match is gone instead.
    if (!record?.options || !state.setup?.seats?.length) {
      match.setupDialog.show({ error: t("match.gone") });
      return;
    }
    try {
      const data = await createRoom(game.name, { options: record.options, seats: state.setup.seats.map(serverSeat), record });
      const lines = log.exportLog();
      match.enterRoom(data, state.setup, { fresh: false });
      log.restoreLog(lines);
      log.addLine(t("match.restored"), { kind: "info" });
      match.save();
    } catch (error) {
      match.setupDialog.show({ error: t("match.not-restored", { reason: errorText(error) }) });
    }
  }

  /** The server refused the socket for good (no such room, a dead token, a policy close). */
  match.refused = (refusal) => {
    state.connected = false;
    if (!state.online) {
      if (refusal.code === "no_room" || refusal.code === "bad_token") {
        match.banner.update("open");
        setAgain();
      } else {
        match.banner.update("closed", {}, t("match.table-closed", { reason: errorText(refusal) }));
      }
      view.render();
      return;
    }
    const { code } = state.online;
    if (refusal.code === "bad_token") {
      // The host reopened our seat: the token is dead. Watch instead, and offer to join again.
      forgetSeat(code);
      state.online = { code, token: null, seat: null };
      log.addLine(t("match.seat-reopened-log"), { kind: "info" });
      match.roomUi.say(t("match.seat-reopened"));
      history.replaceState(null, "", `/play/${game.name}?room=${code}&watch=1`);
      match.connect();
      return;
    }
    const text = refusal.code === "no_room"
      ? t("match.no-room", { code })
      : t("match.room-closed", { reason: errorText(refusal) });
    match.banner.update("closed", {}, text);
    match.roomUi.say(text);
    announce(text);
    view.render();
  };

  /** The address of this room's replay page (docs/replays.md). */
  match.replayUrl = (room = state.room) => `/replay/${game.name}?room=${encodeURIComponent(room)}`;

  /** "Watch the replay" beside the result dialog's Rematch (`#rematch`, every game's), and in
      the new-match form's offer of a finished saved match. */
  function offerReplay(row, href) {
    if (!row) return;
    let link = row.querySelector("[data-testid=watch-replay]");
    if (!link) {
      link = document.createElement("a");
      link.className = "btn";
      link.dataset.testid = "watch-replay";
      link.textContent = t("home.watch-replay");
      row.append(link);
    }
    link.href = href;
  }
  const finished = view.finished;
  view.finished = (snap) => {
    finished(snap);
    const rematch = $("rematch") || document.querySelector("dialog [data-testid=rematch]");
    if (state.room) offerReplay(rematch?.parentElement, match.replayUrl());
  };

  /** What the page's address asks for: an online room, a saved match, or a new one. */
  match.open = () => {
    if (document.body.classList.contains("replay")) {
      // The replay page (/replay/<game>): the same page, driven by shared/replay/.
      import("/static/shared/replay/replay.js").then(({ startReplay }) => startReplay(match));
      return;
    }
    const dialog = match.setupDialog;
    const params = new URLSearchParams(window.location.search);
    const roomParam = params.get("room");
    const saved = store.loadMatch();
    // The home page's links for a finished match: ?saved=rematch or ?saved=result; its "Play
    // <game>": ?new=1, the new-match form even while a match is in progress.
    const savedParam = roomParam === null ? params.get("saved") : null;
    const fresh = roomParam === null && params.get("new") === "1";
    if (savedParam !== null || fresh) history.replaceState(null, "", `/play/${game.name}`);
    if (roomParam !== null) {
      const code = normalizeCode(roomParam);
      if (isCode(code)) {
        match.enterOnline(code, { watch: params.get("watch") === "1" });
      } else {
        dialog.show({ error: t("join.malformed", { code: roomParam, length: 6 }) });
      }
    } else if (saved?.finished && savedParam === "rematch") {
      match.rematchSaved();
    } else if (saved?.finished && savedParam !== "result") {
      // A finished match is never offered as one in progress: its result, or a rematch.
      dialog.fill(saved.setup);
      dialog.show({ finished: finishedSentence(saved) });
      offerReplay($("rematch-last")?.parentElement, `/replay/${game.name}?saved=1`);
    } else if (saved && fresh && !saved.finished) {
      // A new match asked for while one is in progress: the form, which offers the running
      // match too, and says a new one takes its place (the browser keeps one match a game).
      dialog.fill(saved.setup);
      dialog.show({ running: runningSentence(saved) });
    } else if (saved && !fresh) {
      match.continueMatch(); // a reload goes straight back to the match
    } else {
      dialog.show();
    }
    // The home page's "Play online with friends": the form opens on its online choice.
    if (params.get("online") === "new" && roomParam === null) dialog.setMode("online");
  };
}
