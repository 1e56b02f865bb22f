// The replay page (`/replay/<game>`, docs/replays.md): the game's own match page, whose
// controller hands over here (shared/match/rooms.js) instead of opening a room. It asks the
// server for the replay (a finished room: `?room=<code>`; this browser's saved finished match:
// `?saved=1`; or a record file, opened or dropped), then lets the player (player.js) drive the
// game's view step by step and the bar (bar.js) control it. No game has replay code of its own.

import { createBar, promptAt, viewName } from "./bar.js";
import { createPlayer } from "./player.js";
import { publicRecord, shareLink, sharedRecord } from "./share.js";
import { errorText, has, t } from "/static/shared/i18n.js";
import {
  ReplayRefused, fileReplay, readRecordFile, roomReplay, savedFinished, savedRecord, tokenFor,
} from "./source.js";

const $ = (id) => document.getElementById(id);

/** Run the replay page over `match` (shared/match/controller.js's answer). */
export function startReplay(match) {
  const { game, state } = match;
  const { announce, log } = game;
  const name = game.name;
  let source = null; // how to ask again for another view: (view) => Promise<replay>
  let how = ""; // what is replayed, for the log's first line ("the match", a file's name)
  let roomCode = null; // the room replayed, when it is one (its share link asks for its public record)
  let shared = null; // the record a file or a shared link gave

  // The game's prompt says where the replay is, never a live match's words (docs/replays.md).
  // Until a replay is loaded the prompt says so, and how to get one.
  const NOTHING = { main: t("replay.choose"), sub: t("replay.choose-sub") };
  state.replayPrompt = NOTHING;
  const player = createPlayer(match, {
    onChange: () => {
      if (player.data) state.replayPrompt = promptAt(player.data, player.step);
      bar.update();
      game.view.render();
    },
    // Playing, the bar says nothing of each step: the end is said here (once).
    onEnd: () => {
      if (player.playing) announce(`${$("replay-now").textContent}`);
    },
  });
  const barElement = $("replay-bar");
  // The move list and the "now" line are worded by the game's own `words.move` (bar.js, moveLine).
  const bar = createBar(barElement, player, { openFile, chooseView, announce, share, words: game.words?.move });
  // The game's page lays itself out in the screen's height less the bar's (--view-height,
  // shared/page.css), so the bar never makes the page scroll.
  new ResizeObserver(() => {
    document.body.style.setProperty("--replay-bar-height", `${barElement.offsetHeight}px`);
  }).observe(barElement);

  const badge = $("mode-badge");
  badge.textContent = t("replay.label");
  badge.dataset.mode = "replay";
  badge.hidden = false;

  // The header's "New match" leads to the game's match page; the download is the whole record.
  const newMatch = $("new-match");
  const link = document.createElement("a");
  link.className = newMatch.className;
  link.id = "new-match";
  link.dataset.testid = "new-match";
  link.href = `/play/${name}`;
  link.textContent = t("replay.play-match");
  newMatch.replaceWith(link);
  document.addEventListener("click", (event) => {
    if (!event.target.closest?.("#download-record")) return;
    event.stopPropagation(); // the page's own download saves the record up to the step shown
    if (!player.data) return;
    const shown = state.record;
    state.record = player.data.record;
    match.downloadRecord();
    state.record = shown;
  }, { capture: true });

  /** The log's first line: what is replayed, from whose view. */
  function intro(replay) {
    return t("replay.intro", { what: how, count: replay.moves.length, view: viewName(replay, replay.viewer) });
  }

  /** Show `replay` from step `at` (the end of a finished room's match, or the start). */
  function begin(replay, at, what) {
    bar.message("");
    how = what;
    const shown = player.load(replay, Math.min(at, replay.moves.length), intro(replay));
    const whose = viewName(replay, replay.viewer);
    announce(t("replay.begin", { what, view: whose, count: replay.moves.length }));
    shown.then(() => $("replay-play").focus()); // once the game's view has shown the step
  }

  function refused(error, what) {
    // A record the server cannot read: its message names the place in the file (a JSON path
    // such as moves[6]), which is the same in every language.
    // A file read here says why by its code (source.js, readRecordFile).
    const text = !(error instanceof ReplayRefused)
      ? (error?.code && has(`replay.${error.code}`) ? t(`replay.${error.code}`, error) : t("replay.bad-file"))
      : error.code === "bad_record" && error.message ? error.message : errorText(error);
    bar.message(t("replay.refused", { what, reason: text }));
    announce(t("replay.refused", { what, reason: text }));
  }

  async function openRoom(code) {
    source = (view) => roomReplay(name, code, view);
    roomCode = code;
    shared = null;
    try {
      begin(await source(undefined), 0, t("replay.what.match"));
      history.replaceState(null, "", `/replay/${name}?room=${encodeURIComponent(code)}`);
    } catch (error) {
      const saved = savedFinished(name);
      if (error instanceof ReplayRefused && error.code === "no_room" && saved?.room === code) {
        openSaved(saved, t("replay.saved-note"));
        return;
      }
      refused(error, t("replay.what.room", { code }));
    }
  }

  /** This browser's saved finished match: its room while the server keeps it, else its record. */
  async function openSaved(saved, note = "") {
    const record = savedRecord(saved);
    if (!note && saved.room && saved.token) {
      await openRoom(saved.room);
      return;
    }
    source = (view) => fileReplay(record, view);
    roomCode = null;
    shared = null;
    try {
      begin(await source(undefined), 0, t("replay.what.last-lower"));
      if (note) bar.message(note);
    } catch (error) {
      refused(error, t("replay.what.last"));
    }
  }

  async function openFile(file) {
    player.pause();
    try {
      const record = await readRecordFile(file);
      source = (view) => fileReplay(record, view);
      roomCode = null;
      shared = record;
      begin(await source(undefined), 0, file.name);
      history.replaceState(null, "", `/replay/${name}`);
    } catch (error) {
      refused(error, file?.name || t("replay.what.file"));
    }
  }

  /** The share link of the match replayed: its public record (asked for when another view is
      shown), with the seats' names as a record file carries them. */
  async function share() {
    const data = player.data;
    if (!data || !source) return null;
    try {
      // A room's public record comes from the server (its seed exact); a file's or a shared
      // link's is the one the page sent.
      const record = shared ?? (roomCode ? await publicRecord(roomCode, tokenFor(name, roomCode)) : (await source(null)).record);
      const players = data.seats.map((s) => (s.kind === "computer" ? `${s.name}, ${s.level ? `${s.level} ` : ""}computer` : s.name));
      return await shareLink(name, { ...record, players });
    } catch (error) {
      refused(error, t("replay.what.share-link"));
      return null;
    }
  }

  /** A shared link's match: the record its address carries, as a file. */
  async function openShared() {
    try {
      const record = await sharedRecord();
      source = (view) => fileReplay(record, view);
      roomCode = null;
      shared = record;
      begin(await source(undefined), 0, t("replay.what.shared-lower"));
    } catch (error) {
      refused(error, t("replay.what.shared"));
    }
  }

  async function chooseView(viewer) {
    if (!source) return;
    const at = player.step;
    player.pause();
    try {
      const replay = await source(viewer);
      player.load(replay, at, intro(replay));
      announce(t("replay.now-watching", { view: viewName(replay, viewer) }));
    } catch (error) {
      refused(error, t("replay.what.view"));
    }
  }

  // `window.replayPage`: a read-only peek for the console and the tests (no authority).
  window.replayPage = {
    get step() { return player.step; },
    get steps() { return player.steps; },
    get playing() { return player.playing; },
    get animating() { return player.animating; },
    get viewer() { return player.data?.viewer; },
    get viewers() { return player.data?.viewers; },
    get source() { return player.data?.source; },
    get idle() { return !player.jumping && !player.animating && !state.animating && !game.view.pending(); },
  };

  const params = new URLSearchParams(window.location.search);
  const room = params.get("room");
  if (window.location.hash.includes("record=")) {
    openShared();
  } else if (room) {
    openRoom(room.trim());
  } else if (params.get("saved") !== null) {
    const saved = savedFinished(name);
    if (saved) openSaved(saved);
    else bar.message(t("replay.none-saved"));
  } else {
    bar.update();
    announce(t("replay.open-hint"));
  }
  game.view.render(); // the prompt's words, until a replay is shown
}
