// The Aus die Maus! page drawn from its model, at most once a frame: the table (table.js), the
// Players list, the action bar's prompt and the toolbar. It shows `app.view` (what has been
// animated so far) and `app.snapshot` (the server's truth); `app` is the page's model, kept by
// the shared match controller (docs/web.md).

import { chooseLayout, drawTable, setViewer } from "./table.js";
import { TOKENS, tokenSvg, chipSvg, pawSvg, cardPhrase } from "./cards.js";
import { endingSentence } from "./log.js";
import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";

let app = null;
let el = {};
let seatName = null;
let letterOf = null;
let isHuman = null;
let isMine = null;
let mySeats = null;
let seatsInfo = null;
let replaying = null;
let playedBy = null;

/** Draw `match.state` into `elements`, with the match's seat helpers (shared/match/seats.js). */
export function initRender(match, elements) {
  app = match.state;
  el = elements;
  ({ seatName, letterOf, isHuman, isMine, mySeats, seatsInfo, replaying, playedBy } = match);
}

/** Whether a redraw is still waiting for its animation frame. */
export function renderPending() {
  return queued;
}

export function seatCount() {
  return app.snapshot?.state?.seats || app.snapshot?.options?.seats || app.setup?.seats?.length || 3;
}

/** Whether the server paces this room (an online room): no fast-forward, no `advance`. */
export function serverPaced() {
  const snap = app.snapshot;
  return Boolean(app.online) || snap?.pace === "server" || Boolean(snap?.code);
}

/** Whether this human seat turns over by itself (set up so, or ticked in the Players list). */
export function autoFlip(seat) {
  return Boolean(app.setup?.seats?.[seat]?.autoFlip);
}

function chaseOf(raw) {
  if (!raw) return null;
  if (Array.isArray(raw)) {
    const [owner, chaser, paws, left] = raw;
    return { mouse_owner: owner, chaser, paws, attempts_left: left };
  }
  return { ...raw };
}

/** The table's view model of a snapshot (animations change it; the next snapshot resets it). */
export function viewFromSnapshot(snap) {
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

let queued = false;
let seatsKey = "";

/** Ask for a redraw on the next animation frame (many calls, one redraw). */
export function render() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    renderNow();
  });
}

export function names() {
  return Array.from({ length: seatCount() }, (_, i) => seatName(i));
}

function renderNow() {
  chooseLayout();
  const view = app.view;
  if (view) {
    // Online, your own seat sits at the bottom of the table, nearest you.
    const mine = mySeats();
    setViewer(app.online && mine.length === 1 ? mine[0] : 0);
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
  el.ff.textContent = app.ff ? t("adm.play.ff-stop") : t("adm.play.ff");
  el.download.disabled = !app.record;
  el.connection.textContent = app.socket && !app.connected ? t("room.reconnecting") : "";
}

function tableSummary(view) {
  const top = view.pile.at(-1);
  const pile = t("adm.cards", { count: view.pile.length });
  const parts = [top ? t("adm.summary.pile-top", { pile, card: cardPhrase(top) }) : t("adm.summary.pile", { pile })];
  for (let i = 0; i < view.seats; i += 1) {
    parts.push(t("adm.summary.seat", { who: seatName(i), cards: t("adm.cards", { count: view.stacks[i] }), chips: t("adm.chips", { count: view.chips[i] }) }));
  }
  parts.push(t("adm.summary.chips-left", { count: view.chipsLeft }));
  return parts.join(" ");
}

function renderSeats() {
  const n = app.view ? app.view.seats : 0;
  const key = `${n}|${names().join("|")}|${seatsInfo().map((s) => `${s.kind}${s.state === "open"}`).join("|")}|${mySeats().join(",")}|${replaying()}`;
  if (key !== seatsKey) {
    seatsKey = key;
    el.seats.innerHTML = Array.from({ length: n }, (_, i) => {
      const token = TOKENS[i % TOKENS.length];
      const human = isHuman(i);
      const open = seatsInfo()[i]?.state === "open";
      // A replay's seat is a player of a finished match: who played it, never "online".
      const kind = replaying() ? escapeHtml(playedBy(i))
        : escapeHtml(open ? t("adm.seat.open") : human ? (isMine(i) ? t("adm.seat.human") : t("adm.seat.online")) : t("adm.seat.computer"));
      const auto = human && isMine(i)
        ? `<label class="auto-flip" title="${escapeHtml(t("adm.auto-flip.title"))}"><input type="checkbox" data-seat="${i}" data-testid="auto-flip-${i}"> ${escapeHtml(t("adm.auto-flip"))}</label>`
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
    row.querySelector(".seat-cards").textContent = t("adm.cards", { count: cards });
    row.querySelector(".seat-chips").innerHTML = `${chipSvg(18)} ${chips}<span class="visually-hidden"> ${escapeHtml(t("adm.chip-word", { count: chips }))}</span>`;
    const over = view.phase === "over";
    const winner = (view.winners || []).includes(i);
    let badge = "";
    if (app.snapshot?.started === false) badge = "";
    else if (over) badge = winner ? t("adm.badge.winner") : "";
    else if (view.chase?.chaser === i) badge = t("adm.badge.chasing");
    else if (view.chase?.mouse_owner === i) badge = t("adm.badge.mouse-out");
    else if (view.current === i) badge = t("adm.badge.turn");
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
  if (app.replayPrompt) {
    // A replay says where it is (shared/replay/), never whose turn it is to play now.
    el.prompt.textContent = app.replayPrompt.main;
    el.promptSub.textContent = app.replayPrompt.sub;
    return;
  }
  if (snap && snap.started === false) {
    // An online room before its start: the waiting room above (shared room-ui) has the code,
    // the seats and the host's Start.
    el.prompt.textContent = t("adm.prompt.waiting-start");
    el.promptSub.textContent = "";
    return;
  }
  if (app.socket && !app.connected) {
    el.prompt.textContent = t("adm.prompt.reconnecting");
    el.promptSub.textContent = t("adm.prompt.safe");
    return;
  }
  if (!view || !snap) {
    el.prompt.textContent = app.online ? t("adm.prompt.joining") : t("adm.prompt.shuffling");
    el.promptSub.textContent = "";
    return;
  }
  let prompt = "";
  const current = view.current;
  const who = current === null || current === undefined ? "" : seatName(current);
  if (view.phase === "over") {
    prompt = t("adm.prompt.over");
  } else if (app.ff) {
    prompt = t("adm.prompt.ff");
  } else if (view.phase === "chase" && view.chase) {
    prompt = t("adm.prompt.chase", { who, owner: seatName(view.chase.mouse_owner) });
  } else if (view.phase === "restart") {
    prompt = t("adm.prompt.restart", { who });
  } else if (who) {
    prompt = t("adm.prompt.turn", { who });
  } else {
    prompt = t("adm.prompt.shuffling");
  }
  if (!app.animating && !app.ff && view.phase !== "over" && current !== null && current !== undefined) {
    if (isMine(current) && !autoFlip(current)) prompt += ` ${t("adm.prompt.yours", { who })}`;
    else if (isMine(current)) prompt += ` ${t("adm.prompt.auto")}`;
    else if (!isHuman(current)) prompt += ` ${t("adm.prompt.computer", { who })}`;
    else prompt += ` ${t("adm.prompt.waiting", { who })}`;
  }
  el.prompt.textContent = prompt;
  el.turn.dataset.seat = current ?? "";
  el.turn.setAttribute("aria-label", who && view.phase !== "over" ? t("adm.turn.label", { who }) : t("adm.turn"));
  if (view.phase !== "over" && view.chase) {
    const c = view.chase;
    const left = Math.max(0, c.attempts_left);
    const used = Math.max(0, c.paws - left);
    const paws = `${pawSvg(20).repeat(left)}${pawSvg(20, true).repeat(used)}`;
    el.promptSub.innerHTML = `<span class="chase-paws" aria-hidden="true">${paws}</span>
      <span data-testid="chase-info">${escapeHtml(t("adm.prompt.chase-info", { who: seatName(c.chaser), left, count: c.paws }))}</span>`;
  } else if (view.phase === "over") {
    el.promptSub.textContent = view.ending ? t("adm.prompt.ended", { reason: endingSentence(view.ending, app.ending?.seat, seatName) }) : "";
  } else {
    const top = view.pile.at(-1);
    // The chips are what is left to catch; the winner is the biggest stack (docs/games/ausdiemaus.md).
    el.promptSub.textContent = top ? t("adm.prompt.top", { card: cardPhrase(top), count: view.chipsLeft }) : "";
  }
}
