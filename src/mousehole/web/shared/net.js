// The room client, for every game's page: HTTP calls that create, join and peek at rooms, room
// codes, the seat tokens kept in localStorage, and the room socket. Game-agnostic: it knows
// rooms, codes, tokens and sockets, never a game's rules. The messages and endpoints are
// docs/protocol.md's; what a page does on a dropped socket is docs/online.md's ("Reconnect banner").

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

/**
 * One room's socket: `path` is "/ws/rooms/<id>" (local room) or "/ws/online/<CODE>", `hello` the
 * first message ({type: "hello", token} or {type: "hello", spectate: true}), `handlers`
 * onSnapshot, onUpdate, onError, onRefused({code, closeCode, message}) (terminal: no retry) and
 * onStatus("connecting" | "open" | "retrying" | "closed", {attempt, retryAt, offline}).
 *
 * Versions only grow: a snapshot or update older than the newest one handed on (`.version`, -1
 * before the first) is dropped, a `sync` is asked for, and an answer older still reconnects.
 * A dropped socket reconnects with exponential backoff and jitter (0.5 s doubling to 8 s) and
 * gets a fresh snapshot; while the browser is offline the socket is closed at once and retried
 * when it is back. A `said` message goes to `roomTalk` as a "said" event, not to `handlers`.
 */
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
