// Joining an online room, for every game: the "Have a code?" box (home page, join page) and the
// invitation page /join/<CODE> (server-rendered shell from pages.py, filled in here).
// The room is read from its public summary (peekOnlineRoom: GET /api/online/<CODE>, no socket);
// joining POSTs the seat and keeps its token in localStorage ("mousehole.online.<CODE>"), then
// opens /play/<game>?room=<CODE>.

import { escapeHtml } from "/static/shared/html.js";
import {
  CODE_LENGTH, isCode, joinOnlineRoom, loadName, loadSeat, normalizeCode, peekOnlineRoom,
  saveName, saveSeat,
} from "/static/shared/net.js";
import { errorText, levelName, t } from "/static/shared/i18n.js";

const MAX_NAME = 24;

export function playUrl(game, code, { watch = false } = {}) {
  return `/play/${encodeURIComponent(game)}?room=${encodeURIComponent(code)}${watch ? "&watch=1" : ""}`;
}

/** A readable sentence for a refused code or join. */
export function explain(error, code) {
  switch (error?.code) {
    case "no_room":
      return t("join.no-room", { code });
    case "too_many_attempts":
    case "rate_limited":
      return t("join.too-many");
    case "room_full":
      return t("join.room-full");
    case "seat_taken":
      return t("join.seat-taken");
    case "bad_name":
      return t("join.bad-name", { most: MAX_NAME });
    case "network":
    case "timeout":
      return t("errors.network");
    default:
      return t("join.failed", { reason: errorText(error) });
  }
}

export function malformed(text) {
  const shown = String(text ?? "").trim();
  return shown ? t("join.malformed", { code: shown, length: CODE_LENGTH }) : t("join.type-code", { length: CODE_LENGTH });
}

/** The "Have a code?" form: check the code, make sure the room exists, open its join page. */
function bindCodeForm(form) {
  const input = form.querySelector("[data-code-input]");
  const error = form.querySelector("[data-code-error]");
  const button = form.querySelector("button[type=submit]");
  input.addEventListener("input", () => {
    error.textContent = "";
    input.removeAttribute("aria-invalid");
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = normalizeCode(input.value);
    const fail = (text) => {
      error.textContent = text;
      input.setAttribute("aria-invalid", "true");
      input.focus();
    };
    if (!isCode(code)) {
      fail(malformed(input.value));
      return;
    }
    button.disabled = true;
    error.textContent = "";
    try {
      await peekOnlineRoom(code);
      window.location.href = `/join/${code}`;
    } catch (refusal) {
      fail(explain(refusal, code));
    } finally {
      button.disabled = false;
    }
  });
}

// ---------------------------------------------------------------- the join page

const STATE_TEXT = {
  open: t("join.state.open"),
  connected: t("join.state.playing"),
  absent: t("room.state.away"),
  computer: t("seat.computer"),
  assisted: t("join.state.assisted"),
};

async function gameTitles(root) {
  // The server writes each game's name in the reader's language (pages.py, join_endpoint).
  const titles = JSON.parse(root.dataset.titles || "{}");
  if (Object.keys(titles).length) return titles;
  try {
    const response = await fetch("/api/games");
    const games = await response.json();
    return Object.fromEntries(games.map((g) => [g.name, g.title]));
  } catch {
    return {};
  }
}

function seatLine(seat, chosen) {
  const open = seat.state === "open";
  const who = open ? escapeHtml(t("seat.name", { seat: seat.seat + 1 })) : escapeHtml(seat.name);
  const level = seat.level && (seat.state === "computer" || seat.state === "assisted") ? ` · ${escapeHtml(levelName(seat.level))}` : "";
  const host = seat.host ? ` <span class="join-host">${escapeHtml(t("room.tag.host"))}</span>` : "";
  const status = `<span class="state-dot state-${escapeHtml(seat.state)}" aria-hidden="true"></span><span class="join-state">${escapeHtml(STATE_TEXT[seat.state] || seat.state)}${level}</span>`;
  if (open) {
    return `<li class="join-seat is-open"><label>
      <input type="radio" name="join-seat" value="${seat.seat}" data-testid="join-seat-${seat.seat}"${chosen ? " checked" : ""}>
      <span class="join-who">${who}</span>${status}</label></li>`;
  }
  return `<li class="join-seat" data-testid="join-seat-${seat.seat}"><span class="join-who">${who}${host}</span>${status}</li>`;
}

async function joinPage(root) {
  const $ = (id) => document.getElementById(id);
  const raw = root.dataset.code || "";
  const code = normalizeCode(raw);
  const status = $("join-status");
  const errorBox = $("join-error");
  const form = $("join-form");
  const showError = (text) => {
    errorBox.textContent = text;
    errorBox.hidden = !text;
  };
  if (!isCode(code)) {
    status.textContent = "";
    showError(malformed(raw));
    $("join-another").hidden = false;
    return;
  }
  $("join-code").textContent = code;
  if (code !== raw) window.history.replaceState(null, "", `/join/${code}`);
  const titles = gameTitles(root);
  let summary;
  const load = async () => {
    status.textContent = t("join.looking");
    try {
      summary = await peekOnlineRoom(code);
    } catch (error) {
      status.textContent = "";
      showError(explain(error, code));
      $("join-another").hidden = false;
      return false;
    }
    const title = (await titles)[summary.game] || summary.game;
    document.title = `${t("join.title-game", { game: title, code })} — Mousehole`;
    const host = summary.seats[summary.host] || summary.seats.find((s) => s.host);
    const open = summary.over ? [] : summary.seats.filter((s) => s.state === "open");
    const stage = summary.over ? t("join.stage.over") : summary.started ? t("join.stage.playing") : t("join.stage.waiting");
    status.textContent = t("join.status", { game: title, seats: t("join.seat-count", { count: summary.seats.length }), host: host ? host.name : "—", stage });
    const picked = form.querySelector("input[name=join-seat]:checked");
    const chosen = picked && open.some((o) => o.seat === Number(picked.value)) ? Number(picked.value) : open[0]?.seat;
    $("join-seats").innerHTML = summary.seats.map((s) => seatLine(s, s.seat === chosen)).join("");
    $("join-watch").href = playUrl(summary.game, code, { watch: true });
    $("join-room").hidden = false;
    const held = loadSeat(code);
    const mine = held && summary.seats[held.seat];
    if (mine && mine.state !== "open") {
      $("join-held").hidden = false;
      $("join-held-text").textContent = t("join.held", { seat: held.seat + 1, name: mine.name });
      $("join-continue").href = playUrl(summary.game, code);
    }
    // The seats are always listed; the name and Join button only while a seat is open.
    form.querySelector(".join-name-row").hidden = !open.length;
    $("join-full").hidden = Boolean(open.length);
    $("join-full").textContent = summary.over ? t("join.over") : t("join.full");
    return true;
  };
  $("join-name").value = loadName();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("join-name").value.trim();
    if (!name || name.length > MAX_NAME) {
      showError(explain({ code: "bad_name" }, code));
      $("join-name").focus();
      return;
    }
    const picked = form.querySelector("input[name=join-seat]:checked");
    const seat = picked ? Number(picked.value) : undefined;
    $("join-submit").disabled = true;
    showError("");
    try {
      const data = await joinOnlineRoom(code, { name, seat });
      saveName(name);
      saveSeat(code, { token: data.token, seat: data.seat, name, game: summary.game });
      window.location.href = playUrl(summary.game, code);
    } catch (error) {
      showError(explain(error, code));
      if (["seat_taken", "room_full"].includes(error.code)) await load();
    } finally {
      $("join-submit").disabled = false;
    }
  });
  const found = await load();
  if (found && !form.querySelector(".join-name-row").hidden) $("join-name").focus();
}

for (const form of document.querySelectorAll("form[data-code-form]")) bindCodeForm(form);
const root = document.getElementById("join-app");
if (root) joinPage(root);
