// The online-room parts of a match page, for every game (docs/online.md): the waiting room
// (the code, copy buttons, the seats and the host's Start), the room panel during play (the
// seats' presence and the host's controls for absent players), the "you" badge, readable
// refusals, and the reconnect banner. Game-agnostic: it reads only a snapshot's `code`,
// `link`, `started`, `grace`, `you`, `seats` and `to_act`, and sends host commands through `send`.
//
// The host's "Let the computer play" and "Reopen seat" for an away player stay disabled, with
// "available in N s", until the seat's `absent_for` reaches the room's `grace` (counted on
// locally from the last snapshot; a timer wakes the list at each whole second while anyone is
// away and stops when nobody is). Without `grace` (an older server) they are always enabled
// and a press within the grace period is refused with `not_absent`.
//
//   const ui = createRoomUi({waiting, panel, panelSeats, badge, message, send, announce, levels});
//                                  levels: the game's computer levels, easiest first, for a
//                                  snapshot that does not list them
//   ui.update(snapshot)            redraw (call after every snapshot or update)
//   ui.refusal(error) -> bool      show a refused host command readably (true when handled)
//   ui.say(text)                   show a message under the seats (role=alert)
//   ui.connection(open)            this page's own socket is open or not: while it is not,
//                                  its own seats show "Reconnecting…" (data-state
//                                  "reconnecting"), not the "Connected" of the last snapshot
//   changes(previous, next)        sentences for what changed between two snapshots' seats
//   mySeats(snapshot)              you.seats ?? [you.seat]; [] for spectators; null without `you`
//   const banner = createBanner(element, {onRetry});  banner.update(status, info, message)
// Talk (reactions, chat, the host's switch) is shared/talk.js, mounted under the seat list.
// Test ids: waiting-room, room-code, copy-code, copy-link, room-link, copy-feedback,
// room-seats, room-seat-{i} (data-state), room-seat-state-{i}, room-host-{i}, room-bot-{i} (a
// seat a program plays, docs/protocol.md), replace-{i},
// replace-level-{i}, reopen-{i}, host-wait-{i} (the countdown), make-host-{i}, start-online,
// start-reason, waiting-host,
// room-message, reconnect-banner, reconnect-text, reconnect-now.

import { escapeHtml } from "/static/shared/html.js";
import { createTalk } from "/static/shared/talk.js";
import { errorText, formatList, levelChoice, levelName, t } from "/static/shared/i18n.js";

/** The computer levels of the snapshot's game, else `fallback` (the page's game's). */
function levelsOfGame(snap, fallback) {
  return Array.isArray(snap?.levels) && snap.levels.length ? snap.levels : fallback;
}

/** The level offered first: the middle one ("normal" for three levels). */
function defaultLevel(levels) {
  return levels[Math.floor((levels.length - 1) / 2)] ?? "";
}

export function mySeats(snapshot) {
  const you = snapshot?.you;
  if (!you) return null;
  if (you.spectator) return [];
  return you.seats ?? (you.seat !== undefined && you.seat !== null ? [you.seat] : []);
}

function duration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return t("time.seconds", { s });
  const m = Math.floor(s / 60);
  return m < 60 ? t("time.minutes", { m }) : t("time.hours", { h: Math.floor(m / 60), m: m % 60 });
}

/** Where a seat row's counting texts go in its shape (no escaped text contains it). */
const COUNTER = "\u0000";

// Small hand-drawn state icons (decorative: the state is also written out).
const ICONS = {
  connected: '<circle cx="9" cy="9" r="6" fill="#4caf50" stroke="#3a2817" stroke-width="2"/>',
  absent: '<circle cx="9" cy="9" r="6" fill="#fff" stroke="#3a2817" stroke-width="2" stroke-dasharray="3 2"/><path d="M9 6 V9.5 L11 11" stroke="#3a2817" stroke-width="1.8" fill="none" stroke-linecap="round"/>',
  computer: '<rect x="3" y="4" width="12" height="9" rx="2" fill="#cfe0f5" stroke="#3a2817" stroke-width="2"/><path d="M6 16 H12" stroke="#3a2817" stroke-width="2" stroke-linecap="round"/><circle cx="7" cy="8.5" r="1.2" fill="#3a2817"/><circle cx="11" cy="8.5" r="1.2" fill="#3a2817"/>',
  assisted: '<rect x="3" y="4" width="12" height="9" rx="2" fill="#f6d5dc" stroke="#3a2817" stroke-width="2"/><path d="M6 16 H12" stroke="#3a2817" stroke-width="2" stroke-linecap="round"/><circle cx="7" cy="8.5" r="1.2" fill="#3a2817"/><circle cx="11" cy="8.5" r="1.2" fill="#3a2817"/>',
  open: '<circle cx="9" cy="9" r="6" fill="none" stroke="#3a2817" stroke-width="2"/><path d="M6 9 H12 M9 6 V12" stroke="#3a2817" stroke-width="1.8" stroke-linecap="round"/>',
};

ICONS.reconnecting = ICONS.absent;

function icon(state) {
  return `<svg class="room-icon" viewBox="0 0 18 18" width="18" height="18" aria-hidden="true" focusable="false">${ICONS[state] || ICONS.open}</svg>`;
}

function stateText(seat, absent, level) {
  switch (seat.state) {
    case "open":
      return t("room.state.open");
    case "connected":
      return t("room.state.connected");
    case "reconnecting":
      return t("room.reconnecting");
    case "absent":
      return absent === null ? t("room.state.away") : t("room.state.away-for", { time: duration(absent) });
    case "computer":
      return t("seat.computer-level", { level: levelName(seat.level || level) });
    case "assisted":
      return absent === null ? t("room.state.assisted", { level: levelName(seat.level || level) })
        : t("room.state.assisted-away", { level: levelName(seat.level || level), time: duration(absent) });
    default:
      return seat.state;
  }
}

/** Sentences for what changed between two snapshots' seats (joins, absences, host, start). */
export function changes(previous, next) {
  if (!previous || !next?.seats || !previous.seats) return [];
  const lines = [];
  const mine = mySeats(next) || [];
  next.seats.forEach((seat, i) => {
    const was = previous.seats[i];
    if (mine.includes(i) && was && was.state !== "open" && seat.state !== "open") {
      if (!was.host && seat.host) lines.push(t("room.you-host"));
      return; // your own presence is the reconnect banner's business
    }
    if (!was || was.state === seat.state) {
      if (was && !was.host && seat.host) lines.push(t("room.host-now", { who: seat.name }));
      return;
    }
    if (was.state === "open") lines.push(t(seat.bot ? "room.joined-bot" : "room.joined", { who: seat.name, seat: i + 1 }));
    else if (seat.state === "absent") lines.push(t("room.lost", { who: seat.name }));
    else if (seat.state === "connected" && was.state === "assisted") lines.push(t("room.back", { who: seat.name }));
    else if (seat.state === "connected") lines.push(t("room.connected", { who: seat.name }));
    else if (seat.state === "assisted") lines.push(t("room.assisted", { level: levelName(seat.level), who: seat.name }));
    else if (seat.state === "open") lines.push(t("room.reopened", { seat: i + 1 }));
    if (!was.host && seat.host) lines.push(t("room.host-now", { who: seat.name }));
  });
  if (!previous.started && next.started) {
    const host = next.seats.find((s) => s.host);
    lines.push(host ? t("room.started", { who: host.name }) : t("room.started-host"));
  }
  return lines;
}

async function copyText(text, fallbackNode) {
  try {
    await navigator.clipboard.writeText(text);
    return t("room.copied");
  } catch {
    // no clipboard permission: select the text so a keyboard copy works
  }
  try {
    const range = document.createRange();
    range.selectNodeContents(fallbackNode);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    if (document.execCommand && document.execCommand("copy")) return t("room.copied");
    return t("room.selected");
  } catch {
    return t("room.copy-by-hand");
  }
}

export function createRoomUi({ waiting, panel, panelSeats, badge, message, send, announce, levels: gameLevels = [] }) {
  const levelsOf = (snap) => levelsOfGame(snap, gameLevels);
  let snapshot = null;
  let linked = true; // this page's socket is open (the snapshot's presence is then its own)
  let receivedAt = 0;
  let ticker = null; // a timeout: the next moment a shown duration or countdown changes
  const list = document.createElement("ul");
  list.className = "room-seats";
  list.dataset.testid = "room-seats";
  list.setAttribute("role", "list");
  const talk = createTalk({ send, announce });

  const w = (key) => escapeHtml(t(key));
  waiting.innerHTML = `
    <h2 class="waiting-title">${w("room.waiting")}</h2>
    <p class="waiting-lead">${w("room.lead")}</p>
    <div class="code-card">
      <span class="code-label">${w("room.code")}</span>
      <span class="room-code big" data-testid="room-code" data-role="code"></span>
      <span class="code-buttons">
        <button type="button" class="btn" data-testid="copy-code" data-role="copy-code">${w("room.copy-code")}</button>
        <button type="button" class="btn" data-testid="copy-link" data-role="copy-link">${w("room.copy-link")}</button>
      </span>
      <span class="room-link" data-testid="room-link" data-role="link"></span>
      <span class="copy-feedback" data-testid="copy-feedback" data-role="feedback" aria-hidden="true"></span>
    </div>
    <h3 class="waiting-sub">${w("join.seats")}</h3>
    <div data-role="seats-slot"></div>
    <div class="waiting-start">
      <button type="button" class="btn btn-big" data-testid="start-online" data-role="start" hidden>${w("room.start")}</button>
      <p class="start-reason" data-testid="start-reason" data-role="reason"></p>
    </div>`;
  const part = (role) => waiting.querySelector(`[data-role="${role}"]`);

  const feedback = (text) => {
    const node = part("feedback");
    node.textContent = text;
    announce(text);
    clearTimeout(feedback.timer);
    feedback.timer = setTimeout(() => {
      node.textContent = "";
    }, 4000);
  };
  part("copy-code").addEventListener("click", async () => {
    if (snapshot) feedback(await copyText(snapshot.code, part("code")));
  });
  part("copy-link").addEventListener("click", async () => {
    if (snapshot) feedback(await copyText(linkOf(snapshot), part("link")));
  });
  part("start").addEventListener("click", () => {
    if (send({ type: "start" })) say("");
  });
  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-command]");
    if (!button || !snapshot) return;
    const seat = Number(button.dataset.seat);
    const command = button.dataset.command;
    const message = { type: command, seat };
    if (command === "replace") message.level = list.querySelector(`[data-testid="replace-level-${seat}"]`)?.value || defaultLevel(levelsOf(snapshot));
    if (send(message)) say("");
  });

  function linkOf(snap) {
    return `${window.location.origin}${snap.link || `/join/${snap.code}`}`;
  }

  function say(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  function absentNow(seat) {
    if (seat.absent_for === null || seat.absent_for === undefined) return null;
    return seat.absent_for + (Date.now() - receivedAt) / 1000;
  }

  /** Seconds until the host may step in for away seat `seat` (0: now, or no grace known). */
  function waitLeft(seat) {
    const grace = snapshot?.grace;
    const absent = absentNow(seat);
    if (seat.state !== "absent" || typeof grace !== "number" || absent === null) return 0;
    return Math.max(0, grace - absent);
  }

  function seatRow(seat, i, mine, host) {
    if (!linked && mine.includes(i) && seat.state === "connected") seat = { ...seat, state: "reconnecting" };
    const absent = absentNow(seat);
    const you = mine.includes(i) ? ` <span class="room-tag room-you">${escapeHtml(t("room.tag.you"))}</span>` : "";
    const hostTag = seat.host ? ` <span class="room-tag room-host" data-testid="room-host-${i}">${escapeHtml(t("room.tag.host"))}</span>` : "";
    const botTag = seat.bot ? ` <span class="room-tag room-bot" data-testid="room-bot-${i}" title="${escapeHtml(t("room.tag.bot-title"))}">${escapeHtml(t("room.tag.bot"))}</span>` : "";
    const name = seat.state === "open" ? escapeHtml(t("seat.name", { seat: i + 1 })) : escapeHtml(seat.name);
    let actions = "";
    let waitText = "";
    if (host && !mine.includes(i)) {
      if (seat.state === "absent" || seat.state === "assisted") {
        const left = Math.ceil(waitLeft(seat));
        const wait = left > 0 ? ` disabled aria-describedby="host-wait-${i}"` : "";
        if (seat.state === "absent") {
          actions += `<label class="visually-hidden" for="replace-level-${i}">${escapeHtml(t("room.level-for", { who: seat.name }))}</label>
            <select id="replace-level-${i}" data-testid="replace-level-${i}">${levelsOf(snapshot).map((l) => `<option value="${l}"${l === defaultLevel(levelsOf(snapshot)) ? " selected" : ""}>${escapeHtml(levelChoice(l))}</option>`).join("")}</select>
            <button type="button" class="btn btn-small" data-command="replace" data-seat="${i}" data-testid="replace-${i}"${wait}>${escapeHtml(t("room.replace"))}</button>`;
        }
        actions += `<button type="button" class="btn btn-small" data-command="reopen" data-seat="${i}" data-testid="reopen-${i}"${wait}>${escapeHtml(t("room.reopen"))}</button>`;
        if (left > 0) {
          waitText = t("room.available-in", { seconds: left });
          actions += `<span class="room-wait" id="host-wait-${i}" data-testid="host-wait-${i}">${COUNTER}</span>`;
        }
      }
      if (seat.state === "connected") {
        actions += `<button type="button" class="btn btn-small" data-command="hand_host" data-seat="${i}" data-testid="make-host-${i}">${escapeHtml(t("room.make-host"))}</button>`;
      }
    }
    const shape = `<li class="room-seat state-${escapeHtml(seat.state)}" data-testid="room-seat-${i}" data-state="${escapeHtml(seat.state)}">
      ${icon(seat.state)}
      <span class="room-seat-main"><span class="room-seat-name">${name}${botTag}${hostTag}${you}</span>
        <span class="room-seat-state" data-testid="room-seat-state-${i}">${COUNTER}</span></span>
      ${actions ? `<span class="room-seat-actions">${actions}</span>` : ""}
    </li>`;
    return { shape, state: stateText(seat, absent, defaultLevel(levelsOf(snapshot))), wait: waitText };
  }

  /** A row's markup: its shape with its two counting texts (away for, available in) put in. */
  function rowHtml(row) {
    const texts = [escapeHtml(row.state), escapeHtml(row.wait)];
    return row.shape.replaceAll(COUNTER, () => texts.shift());
  }

  // Rows drawn last, as seatRow returned them (null: none yet).
  let shownRows = null;

  /** Draw the seat list. A row whose shape is unchanged keeps its nodes and only has its
      counting texts set, so the second-by-second count never replaces a button between a
      press and its release (which would lose the click) nor moves the focus; a row whose
      shape changed is redrawn alone. */
  function renderSeats() {
    if (!snapshot) return;
    const mine = mySeats(snapshot) || [];
    const host = Boolean(snapshot.you?.host) && !snapshot.you?.spectator;
    const rows = snapshot.seats.map((s, i) => seatRow(s, i, mine, host));
    const before = shownRows;
    shownRows = rows;
    if (before && before.length === rows.length && list.children.length === rows.length) {
      const changed = [];
      rows.forEach((row, i) => {
        const item = list.children[i];
        if (row.shape !== before[i].shape) changed.push(i);
        else {
          const state = item.querySelector(".room-seat-state");
          if (state && state.textContent !== row.state) state.textContent = row.state;
          const wait = item.querySelector(".room-wait");
          if (wait && wait.textContent !== row.wait) wait.textContent = row.wait;
        }
      });
      if (!changed.length) return;
      const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
      for (const i of changed) {
        const item = list.children[i];
        const level = item.querySelector("select")?.value;
        const fresh = document.createElement("template");
        fresh.innerHTML = rowHtml(rows[i]).trim();
        item.replaceWith(fresh.content.firstElementChild);
        const select = list.children[i].querySelector("select");
        if (select && level) select.value = level;
      }
      talk.decorate(list);
      if (focused) list.querySelector(`[data-testid="${focused}"]`)?.focus();
      return;
    }
    // Keep focus and chosen levels across a redraw.
    const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    const levels = Object.fromEntries([...list.querySelectorAll("select")].map((s) => [s.dataset.testid, s.value]));
    list.innerHTML = rows.map(rowHtml).join("");
    talk.decorate(list);
    for (const [id, value] of Object.entries(levels)) {
      const select = list.querySelector(`[data-testid="${id}"]`);
      if (select) select.value = value;
    }
    if (focused) list.querySelector(`[data-testid="${focused}"]`)?.focus();
  }

  /** Wake up when the next shown second changes (an away time, a countdown), while any. */
  function tick() {
    clearTimeout(ticker);
    ticker = null;
    let next = Infinity;
    for (const seat of snapshot?.seats || []) {
      const absent = absentNow(seat);
      if (absent === null) continue;
      next = Math.min(next, Math.floor(absent) + 1 - absent); // the next whole second away
      const left = waitLeft(seat);
      if (left > 0) next = Math.min(next, left - Math.floor(left) || 1); // the countdown's next step
    }
    if (next === Infinity) return; // nobody is away: nothing to count
    ticker = setTimeout(() => {
      ticker = null;
      renderSeats();
      tick();
    }, Math.ceil(next * 1000) + 15);
  }

  function update(next) {
    snapshot = next;
    receivedAt = Date.now();
    talk.update(snapshot);
    if (!snapshot || !snapshot.code) {
      waiting.hidden = true;
      panel.hidden = true;
      badge.hidden = true;
      tick(); // stops the timer
      return;
    }
    const started = Boolean(snapshot.started);
    const slot = started ? panelSeats : part("seats-slot");
    if (list.parentElement !== slot) slot.append(list, talk.element);
    waiting.hidden = started;
    panel.hidden = !started;
    document.body.classList.toggle("room-waiting", !started);
    part("code").textContent = snapshot.code;
    part("link").textContent = linkOf(snapshot);
    for (const node of document.querySelectorAll("[data-room-code]")) node.textContent = snapshot.code;
    const spectator = Boolean(snapshot.you?.spectator);
    const host = Boolean(snapshot.you?.host) && !spectator;
    badge.hidden = false;
    badge.textContent = spectator ? t("room.badge.watching") : host ? t("room.badge.host") : t("room.badge.online");
    badge.dataset.mode = spectator ? "watching" : "online";
    const open = snapshot.seats.filter((s) => s.state === "open");
    const hostSeat = snapshot.seats.find((s) => s.host);
    const start = part("start");
    const reason = part("reason");
    start.hidden = !host;
    start.disabled = open.length > 0;
    if (host) {
      reason.dataset.testid = "start-reason";
      reason.textContent = open.length
        ? t("room.still-open", { count: open.length })
        : t("room.everyone");
    } else {
      reason.dataset.testid = "waiting-host";
      const waitFor = hostSeat ? t("room.waiting-for", { who: hostSeat.name }) : t("room.waiting-for-host");
      reason.textContent = spectator ? `${t("room.you-watch")} ${waitFor}` : waitFor;
    }
    renderSeats();
    tick();
  }

  function refusal(error) {
    if (talk.refusal(error)) return true;
    const seatName = (text) => {
      const match = /seat (\d+)/.exec(text || "");
      const seat = match ? snapshot?.seats?.[Number(match[1])] : null;
      return seat ? seat.name : t("room.that-player");
    };
    const texts = {
      not_absent: () => {
        const grace = /(\d+(?:\.\d+)?) s/.exec(error.message || "");
        return grace ? t("room.not-absent-grace", { who: seatName(error.message), seconds: Number(grace[1]) })
          : t("room.not-absent", { who: seatName(error.message) });
      },
      seats_open: () => t("errors.seats_open"),
      already_started: () => t("errors.already_started"),
      not_host: () => t("errors.not_host"),
      spectator: () => t("errors.spectator"),
      bad_seat: () => t("errors.bad_seat"),
      bad_level: () => t("room.bad-level", { levels: formatList(levelsOf(snapshot).map(levelName)) }),
      not_started: () => t("errors.not_started"),
      not_your_seat: () => t("errors.not_your_seat"),
    };
    const text = texts[error.code];
    if (!text) return false;
    say(text());
    announce(text());
    return true;
  }

  function connection(open) {
    if (linked === open) return;
    linked = open;
    renderSeats();
  }

  return { update, refusal, say, connection };
}

/** The reconnect banner: "Connection lost — retrying in 3 s…" with a Retry now button. */
export function createBanner(element, { onRetry }) {
  element.innerHTML = `<span class="reconnect-text" data-testid="reconnect-text"></span>
    <button type="button" class="btn btn-small" data-testid="reconnect-now">${escapeHtml(t("banner.retry"))}</button>`;
  const text = element.querySelector(".reconnect-text");
  const button = element.querySelector("button");
  button.addEventListener("click", () => onRetry());
  let timer = null;
  let state = { status: "connecting", info: {}, seenOpen: false };

  function draw() {
    const { status, info, message } = state;
    clearTimeout(timer);
    timer = null;
    if (status === "open" || (status === "connecting" && !state.seenOpen)) {
      element.hidden = true;
      return;
    }
    element.hidden = false;
    button.hidden = status === "closed";
    if (status === "closed") {
      text.textContent = message || t("banner.closed");
      return;
    }
    if (status === "connecting") {
      text.textContent = t("banner.reconnecting");
      return;
    }
    const seconds = Math.max(0, Math.ceil(((info.retryAt || Date.now()) - Date.now()) / 1000));
    const offline = info.offline ? ` ${t("banner.offline")}` : "";
    text.textContent = seconds > 0
      ? `${t("banner.retrying-in", { seconds })}${offline}`
      : `${t("banner.retrying")}${offline}`;
    timer = setTimeout(draw, 250);
  }

  return {
    update(status, info = {}, message = "") {
      state = { status, info, message, seenOpen: state.seenOpen || status === "open" || status === "retrying" };
      draw();
    },
  };
}
