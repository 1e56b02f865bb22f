// The room client (docs/protocol.md): create a room over HTTP, then talk to it over a
// WebSocket with the owner token. Reconnects with backoff when the socket drops; tells the
// page when the server no longer knows the room (it restarted), so the page can re-create it.

/** POST /api/rooms; resolves {room, token, snapshot} or rejects with {code, message}. */
export async function createRoom({ options, seats, record = null }) {
  const response = await fetch("/api/rooms", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "mousetrap", options, seats, record }),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok || !data || !data.room) {
    const error = (data && data.error) || { code: "http_error", message: `HTTP ${response.status}` };
    throw error;
  }
  return data;
}

let idCounter = 0;

/** A unique id for an `act` message (a retried id is never applied twice by the server). */
export function actionId() {
  idCounter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `${Date.now().toString(36)}-${idCounter}-${random}`;
}

export class RoomSocket {
  /**
   * handlers: onSnapshot(snapshot), onUpdate(update), onError(error), onNoRoom(),
   * onStatus("connecting" | "open" | "retrying" | "closed").
   */
  constructor(room, token, handlers) {
    this.room = room;
    this.token = token;
    this.handlers = handlers;
    this.socket = null;
    this.closed = false;
    this.attempt = 0;
    this.retryTimer = null;
    this.ready = false;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${window.location.host}/ws/rooms/${encodeURIComponent(this.room)}`;
    this.handlers.onStatus?.(this.attempt ? "retrying" : "connecting");
    const socket = new WebSocket(url);
    this.socket = socket;
    this.ready = false;
    let refused = null;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "hello", token: this.token }));
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "snapshot") {
        this.attempt = 0;
        if (!this.ready) {
          this.ready = true;
          this.handlers.onStatus?.("open");
        }
        this.handlers.onSnapshot?.(message);
      } else if (message.type === "update") {
        this.handlers.onUpdate?.(message);
      } else if (message.type === "error") {
        if (!this.ready) refused = message.code;
        this.handlers.onError?.(message);
      }
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.ready = false;
      if (this.closed) return;
      if (refused === "no_room" || event.code === 4404) {
        this.closed = true;
        this.handlers.onStatus?.("closed");
        this.handlers.onNoRoom?.();
        return;
      }
      if (refused === "bad_token" || event.code === 4401) {
        this.closed = true;
        this.handlers.onStatus?.("closed");
        this.handlers.onNoRoom?.();
        return;
      }
      this.scheduleRetry();
    });
  }

  scheduleRetry() {
    this.attempt += 1;
    const delay = Math.min(8000, 400 * 2 ** Math.min(this.attempt - 1, 5));
    this.handlers.onStatus?.("retrying");
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Send a message; false when the socket is not open (the page waits for the resync). */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || !this.ready) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  isOpen() {
    return Boolean(this.socket && this.socket.readyState === WebSocket.OPEN && this.ready);
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    if (this.socket) {
      try {
        this.socket.close(1000);
      } catch {
        // already closed
      }
    }
  }
}
