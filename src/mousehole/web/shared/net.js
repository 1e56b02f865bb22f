// The room client, for every game's page (docs/protocol.md, docs/online.md). Game-agnostic:
// it knows rooms, codes, tokens and sockets, never a game's rules.
//
// HTTP (each resolves the server's JSON, or rejects with {code, message, status}):
//   createRoom(game, {options, seats, record})   POST /api/rooms -> {room, token, snapshot}
//   createOnlineRoom(game, {options, seats, hostName})
//                                                POST /api/online -> {code, link, seat, token, snapshot}
//   joinOnlineRoom(code, {name, seat})           POST /api/online/<CODE>/join -> {code, seat, token}
//   peekOnlineRoom(code)                         GET /api/online/<CODE> -> the room's public summary
//                                                {code, link, game, options, started, over, host,
//                                                 grace, seats: [{seat, kind, name, level, state,
//                                                 absent_for, host}]} (404 no_room, 429
//                                                 too_many_attempts: unknown codes count like joins)
// Codes:
//   normalizeCode(text)  upper case, spaces and dashes dropped ("k7q-m4x" -> "K7QM4X")
//   isCode(text)         six letters/digits from the room-code alphabet (no 0/O, 1/I/L)
// Seat tokens (localStorage "mousehole.online.<CODE>" -> {token, seat, name, game}; kept in
// memory when storage is blocked, so a page still plays but a refresh loses the seat):
//   loadSeat(code), saveSeat(code, {token, seat, name, game}), forgetSeat(code)
//   loadName(), saveName(name)       the player's name, to prefill the next form
// Messages:
//   actionId()           a unique id for an `act` (a repeated id is never applied twice)
//   applyUpdateToRecord(record, update)
//                        the page's own copy of the record after an update: the update's
//                        snapshot.record when it carries one, else record.moves + its moves
// The socket:
//   new RoomSocket(path, hello, handlers)
//     path      "/ws/rooms/<id>" (local room) or "/ws/online/<CODE>"
//     hello     the first message, e.g. {type: "hello", token} or {type: "hello", spectate: true}
//     handlers  onSnapshot(snapshot), onUpdate(update), onError(error),
//               onRefused({code, closeCode, message}): terminal, no retry (no_room 4404,
//                 bad_token 4401, a policy close 1008: rate_limited, too_many_attempts),
//               onStatus(status, info): status is "connecting" | "open" | "retrying" | "closed";
//                 info = {attempt, retryAt (ms since 1970, for "retrying"), offline (bool)}
//   .send(message) -> false when not open (the page waits for the resync snapshot)
//   A `said` message (a line of talk, docs/online.md) is not handed to `handlers`: it is
//   dispatched as a "said" event (detail: the message) on `roomTalk`, which shared/talk.js
//   listens to, so that no game page has to route talk.
//   .isOpen(), .retryNow() (skip the wait), .close()
//   Versions only grow: a snapshot or update older than the newest version this socket has
//   handed to `handlers` (a server that answered from a stale copy) is not handed on; the
//   page keeps what it shows, the socket asks for a `sync`, and when the answer is older
//   still it reconnects (another server, or the same one once it reloaded the room).
//   .version is the newest version handed on (-1 before the first snapshot).
//   A dropped socket (network, 1011 "stored but cannot be loaded", a server restart) reconnects
//   with exponential backoff and jitter (0.5 s doubling, capped at 8 s); each reconnection gets
//   a fresh snapshot. While the browser says it is offline the socket is dropped at once (an
//   open WebSocket may otherwise linger for minutes) and retried when it is back online.

/** Where the open room socket posts the lines of talk it receives (`said` events). */
export const roomTalk = new EventTarget();

export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;

/** Upper case, without spaces and dashes: what a person typed, as a code. */
export function normalizeCode(text) {
  return String(text ?? "").toUpperCase().replace(/[\s\-–—_.]+/g, "");
}

/** True when `text` (already normalized) has the shape of a room code. */
export function isCode(text) {
  return typeof text === "string" && text.length === CODE_LENGTH
    && [...text].every((c) => CODE_ALPHABET.includes(c));
}

/** Fetch `path` and resolve its JSON, or reject with {code, message, status}. */
async function requestJson(path, init = {}) {
  let response;
  try {
    response = await fetch(path, { cache: "no-store", ...init });
  } catch {
    throw { code: "network", message: "the server could not be reached", status: 0 };
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok || !data || data.error) {
    const error = (data && data.error) || { code: "http_error", message: `HTTP ${response.status}` };
    throw { ...error, status: response.status };
  }
  return data;
}

function postJson(path, body) {
  return requestJson(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** POST /api/rooms: a local room; resolves {room, token, snapshot}. */
export async function createRoom(game, { options, seats, record = null }) {
  const data = await postJson("/api/rooms", { game, options, seats, record });
  if (!data.room) throw { code: "http_error", message: "no room in the answer", status: 0 };
  return data;
}

/** POST /api/online: an online room; resolves {code, link, seat, token, snapshot}. */
export async function createOnlineRoom(game, { options, seats, hostName }) {
  return postJson("/api/online", { game, options, seats, host_name: hostName });
}

/** POST /api/online/<CODE>/join: take a seat (`seat` undefined: the first open one). */
export async function joinOnlineRoom(code, { name, seat }) {
  const body = { name };
  if (seat !== undefined && seat !== null) body.seat = seat;
  return postJson(`/api/online/${encodeURIComponent(code)}/join`, body);
}

function socketUrl(path) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}${path}`;
}

/**
 * GET /api/online/<CODE>: the room's public summary (no match state, no tokens); rejects with
 * {code, message, status} (no_room 404, too_many_attempts 429, network, timeout).
 */
export async function peekOnlineRoom(code, { timeout = 8000 } = {}) {
  const controller = typeof AbortController === "function" ? new AbortController() : null;
  const timer = controller ? setTimeout(() => controller.abort(), timeout) : null;
  try {
    return await requestJson(`/api/online/${encodeURIComponent(code)}`, {
      headers: { Accept: "application/json" },
      signal: controller?.signal,
    });
  } catch (error) {
    if (controller?.signal.aborted) throw { code: "timeout", message: "the server did not answer", status: 0 };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------- seat tokens

const memory = new Map();

function storage() {
  try {
    const store = window.localStorage;
    const probe = "mousehole.probe";
    store.setItem(probe, "1");
    store.removeItem(probe);
    return store;
  } catch {
    return null;
  }
}

function readKey(key) {
  const store = storage();
  try {
    const text = store ? store.getItem(key) : memory.get(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function writeKey(key, value) {
  const text = JSON.stringify(value);
  memory.set(key, text);
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

const seatKey = (code) => `mousehole.online.${code}`;

/** The seat this browser holds in room `code`: {token, seat, name, game}, or null. */
export function loadSeat(code) {
  const data = readKey(seatKey(code));
  return data && typeof data.token === "string" ? data : null;
}

/** Keep a seat token; false when it could only be kept in memory (storage blocked). */
export function saveSeat(code, data) {
  return writeKey(seatKey(code), { ...data, savedAt: Date.now() });
}

export function forgetSeat(code) {
  memory.delete(seatKey(code));
  const store = storage();
  try {
    store?.removeItem(seatKey(code));
  } catch {
    // storage went away
  }
}

export function loadName() {
  const data = readKey("mousehole.online.name");
  return data && typeof data.name === "string" ? data.name : "";
}

export function saveName(name) {
  writeKey("mousehole.online.name", { name });
}

// ---------------------------------------------------------------- messages

let idCounter = 0;

/** A unique id for an `act` message (a retried id is never applied twice by the server). */
export function actionId() {
  idCounter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `${Date.now().toString(36)}-${idCounter}-${random}`;
}

/**
 * The record after `update`: the snapshot's own record when it has one (full snapshots and
 * the update that ends the game), else `record` with the update's moves appended.
 */
export function applyUpdateToRecord(record, update) {
  const fresh = update?.snapshot?.record;
  if (fresh) return fresh;
  if (!record) return record;
  const moves = record.moves.slice();
  for (const move of update.moves || []) {
    if (move.version === moves.length + 1) moves.push({ seat: move.seat, action: move.action });
  }
  return { ...record, moves };
}

// ---------------------------------------------------------------- the socket

const TERMINAL_CLOSE = new Map([[4404, "no_room"], [4401, "bad_token"], [1008, "policy"]]);
const TERMINAL_ERRORS = new Set(["no_room", "bad_token", "too_many_attempts", "rate_limited"]);
const BASE_DELAY = 500;
const MAX_DELAY = 8000;

export class RoomSocket {
  constructor(path, hello, handlers = {}) {
    this.path = path;
    this.hello = hello;
    this.handlers = handlers;
    this.socket = null;
    this.closed = false;
    this.attempt = 0;
    this.retryTimer = null;
    this.ready = false;
    this.version = -1;
    this.onOffline = () => this.drop();
    this.onOnline = () => this.retryNow();
    window.addEventListener("offline", this.onOffline);
    window.addEventListener("online", this.onOnline);
    this.connect();
  }

  status(status, extra = {}) {
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    this.handlers.onStatus?.(status, { attempt: this.attempt, offline, ...extra });
  }

  connect() {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      this.scheduleRetry();
      return;
    }
    this.status("connecting");
    let socket;
    try {
      socket = new WebSocket(socketUrl(this.path));
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.ready = false;
    let refused = null;
    let older = 0; // snapshots and updates of this socket that would have stepped back
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify(this.hello));
    });
    socket.addEventListener("message", (event) => {
      if (this.socket !== socket) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "snapshot" || message.type === "update") {
        const version = message.type === "snapshot" ? message.version : message.snapshot?.version;
        if (typeof version === "number" && version < this.version) {
          older += 1;
          if (older === 1) socket.send(JSON.stringify({ type: "sync" }));
          else this.drop(); // still older: reconnect, and be answered from the store
          return;
        }
        if (typeof version === "number") this.version = version;
      }
      if (message.type === "snapshot") {
        this.attempt = 0;
        if (!this.ready) {
          this.ready = true;
          this.status("open");
        }
        this.handlers.onSnapshot?.(message);
      } else if (message.type === "update") {
        this.handlers.onUpdate?.(message);
      } else if (message.type === "said") {
        roomTalk.dispatchEvent(new CustomEvent("said", { detail: message }));
      } else if (message.type === "error") {
        const final = TERMINAL_ERRORS.has(message.code) && message.about !== "talk"; // talk's limit is no flood
        if (!this.ready || final) refused = message;
        this.handlers.onError?.(message);
      }
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      if (this.closed) return;
      const terminal = TERMINAL_CLOSE.get(event.code)
        || (refused && ["no_room", "bad_token"].includes(refused.code) ? refused.code : null);
      if (terminal) {
        this.shutdown();
        this.status("closed");
        this.handlers.onRefused?.({
          code: refused?.code || terminal,
          closeCode: event.code,
          message: refused?.message || event.reason || terminal,
        });
        return;
      }
      this.scheduleRetry();
    });
  }

  /** The connection is lost (or the browser went offline): close it and retry later. */
  drop() {
    if (this.closed) return;
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    if (socket) {
      try {
        socket.close(1000);
      } catch {
        // already closed
      }
    }
    if (!this.retryTimer) this.scheduleRetry();
  }

  scheduleRetry() {
    this.attempt += 1;
    const base = Math.min(MAX_DELAY, BASE_DELAY * 2 ** Math.min(this.attempt - 1, 6));
    const delay = Math.round(Math.min(MAX_DELAY, base * (0.75 + Math.random() * 0.5)));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
    this.status("retrying", { retryAt: Date.now() + delay });
  }

  /** Try again now instead of waiting for the next attempt ("Retry now"). */
  retryNow() {
    if (this.closed || this.isOpen() || (this.socket && this.socket.readyState === WebSocket.CONNECTING)) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  /** Send a message; false when the socket is not open (the page waits for the resync). */
  send(message) {
    if (!this.isOpen()) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  isOpen() {
    return Boolean(this.socket && this.socket.readyState === WebSocket.OPEN && this.ready);
  }

  shutdown() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    window.removeEventListener("offline", this.onOffline);
    window.removeEventListener("online", this.onOnline);
  }

  close() {
    this.shutdown();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      try {
        socket.close(1000);
      } catch {
        // already closed
      }
    }
  }
}
