// The Don't Cut the Cheese page drawn from its model, at most once a frame: the table (trap.js,
// table.js), Max's mouth over the paper, the Players list, the action bar's prompt, strength
// and buttons. It shows `app.view` (what has been animated so far) and `app.snapshot` (the
// server's truth); every preview of a bite is the server's (each legal bite in the snapshot
// carries the strength after it), never worked out here.

import { drawMeter, drawMouth, drawPaper, setBars } from "./trap.js";
import { chooseLayout, drawBag, drawSeats, showFace } from "./table.js";
import { COLOURS, COLOUR_WORDS, FACES, FACE_WORDS, MICE, mouseSvg, tokenSvg } from "./pieces.js";
import { escapeHtml } from "/static/shared/html.js";
import { byInput } from "/static/shared/input.js";
import { formatList, t } from "/static/shared/i18n.js";

/** Phases after a snap: the paper hangs torn and its threshold is known. */
const AFTER_SNAP = ["draw", "spin_off", "spin_off_spinner", "over"];

let app = null;
let el = {};
let match = null;

/** Draw `m.state` into `elements`, with the match's seat helpers (shared/match/seats.js). */
export function initRender(m, elements) {
  match = m;
  app = m.state;
  el = elements;
}

/** The last face the spinner showed in `record` (its index), or null. */
function lastFace(record) {
  const spins = (record?.moves || []).filter((m) => m.action?.type === "spin_result");
  return spins.length ? FACES.indexOf(spins[spins.length - 1].action.face) : null;
}

/** The table's view model of a snapshot (animations change it; the next snapshot resets it). */
export function viewFromSnapshot(snap, record) {
  const s = snap.state;
  const torn = AFTER_SNAP.includes(s.phase);
  return {
    paper: [...s.paper],
    strength: s.strength,
    phase: s.phase,
    current: s.current,
    direction: s.direction,
    bitesLeft: s.bites_left,
    spinAgain: s.spin_again,
    tokens: s.tokens.map((t) => ({ ...t })),
    bag: { ...s.bag },
    round: s.round,
    snapper: s.snapper,
    lastThreshold: s.last_threshold,
    drawing: [...(s.drawing || [])],
    spinOff: s.spin_off,
    winner: s.winner,
    torn,
    hooked: true,
    threshold: torn ? s.last_threshold : null,
    face: lastFace(record),
  };
}

let queued = false;

/** Ask for a redraw on the next animation frame (many calls, one redraw). */
export function render() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    renderNow();
  });
}

/** Whether a redraw is still waiting for its animation frame. */
export function renderPending() {
  return queued;
}

export function names() {
  const n = app.view?.tokens.length ?? app.snapshot?.state?.seat_count ?? 0;
  return Array.from({ length: n }, (_, i) => match.seatName(i));
}

function letters() {
  return names().map((_, i) => match.letterOf(i));
}

/** Whether this page may act now: the seat to act is one of its own and nothing is pending. */
function mayAct() {
  const snap = app.snapshot;
  if (!snap || app.animating || app.busy || app.blocked || !app.socket || !app.connected) return false;
  if (snap.started === false || match.isOver(snap)) return false;
  const seat = snap.to_act;
  return seat !== null && seat !== undefined && match.isMine(seat);
}

export function canSpin() {
  return mayAct() && match.legal("spin").length > 0;
}

export function canBite() {
  return mayAct() && match.legal("bite").length > 0;
}

/** The server's preview of a bite with the mouth at `mouth`: its legal entry, or null. */
export function previewAt(mouth) {
  if (!mouth) return null;
  const entry = match.legal("bite").find((a) => a.row === mouth.row && a.col === mouth.col);
  return entry ? { ...entry, before: app.snapshot.state.strength } : null;
}

/** The preview in words (for the prompt and the screen reader). */
export function previewWords(mouth) {
  if (!mouth) return "";
  // a player counts from 1: rows 1-5, columns 1-12
  const where = t("dcc.preview.where", { row: mouth.row + 1, col: mouth.col + 1 });
  const p = previewAt(mouth);
  if (!p) return byInput(t("dcc.preview.no-key", { where }), t("dcc.preview.no-tap", { where }));
  const cells = t("dcc.cells", { count: p.cells });
  const eats = p.falls
    ? t("dcc.preview.eats-falls", { where, cells, falls: t("dcc.preview.falls", { count: p.falls }), before: p.before, after: p.strength })
    : t("dcc.preview.eats", { where, cells, before: p.before, after: p.strength });
  return p.strength === 0 ? `${eats} ${t("dcc.preview.snaps")}` : eats;
}

function renderNow() {
  chooseLayout();
  const view = app.view;
  if (view) {
    drawPaper(view);
    setBars(view.torn);
    const biting = canBite() && app.mouth;
    const preview = biting ? previewAt(app.mouth) : null;
    drawMeter(view.strength, { after: preview ? preview.strength : null, threshold: view.threshold });
    drawMouth(biting || app.chomp ? (app.chomp || app.mouth) : null, app.chomp ? app.chompPreview : preview, { chomp: Boolean(app.chomp) });
    drawBag(view.bag);
    drawSeats(view, names(), letters());
    if (!app.spinning) showFace(view.face);
    el.table.setAttribute("aria-label", tableSummary(view));
  }
  renderSeatList();
  renderBar();
  el.skip.disabled = !app.animating;
  el.speed.setAttribute("aria-pressed", String(app.fast));
  el.download.disabled = !app.record;
  el.connection.textContent = app.socket && !app.connected ? t("room.reconnecting") : "";
}

function tokensInWords(held) {
  return t("dcc.summary.held", { orange: held.orange || 0, white: held.white || 0, yellow: held.yellow || 0 });
}

function tableSummary(view) {
  const eaten = view.paper.join("").split("").filter((c) => c === ".").length;
  const parts = [
    view.torn ? t("dcc.summary.torn", { round: view.round, eaten }) : t("dcc.summary.paper", { round: view.round, strength: view.strength, eaten }),
    t(view.direction > 0 ? "dcc.summary.forwards" : "dcc.summary.backwards"),
  ];
  if (view.face !== null) parts.push(t("dcc.summary.face", { face: FACE_WORDS[FACES[view.face]] }));
  names().forEach((name, i) => parts.push(t("dcc.summary.seat", { who: name, held: tokensInWords(view.tokens[i]) })));
  const total = COLOURS.reduce((sum, c) => sum + (view.bag[c] || 0), 0);
  parts.push(t("dcc.summary.bag", { count: total }));
  return parts.join(" ");
}

let listKey = "";

function renderSeatList() {
  const view = app.view;
  const n = view ? view.tokens.length : 0;
  const info = match.seatsInfo();
  const key = `${n}|${names().join("|")}|${info.map((s) => `${s.kind}${s.state === "open"}`).join("|")}|${match.mySeats().join(",")}|${match.replaying()}`;
  if (key !== listKey) {
    listKey = key;
    el.seats.innerHTML = Array.from({ length: n }, (_, i) => {
      const human = match.isHuman(i);
      const open = info[i]?.state === "open";
      // A replay's seat is a player of a finished match: who played it, never "online".
      const kind = match.replaying() ? escapeHtml(match.playedBy(i))
        : escapeHtml(open ? t("dcc.seat.open") : human ? (match.isMine(i) ? t("dcc.seat.human") : t("dcc.seat.online")) : t("dcc.seat.computer"));
      return `<li class="seat-panel" data-testid="seat-panel-${i}" data-seat="${i}">
        <span class="seat-token">${mouseSvg(i, match.letterOf(i), 36)}</span>
        <span class="seat-main">
          <span class="seat-name" data-testid="seat-name-${i}">${escapeHtml(match.seatName(i))}</span>
          <span class="seat-kind">${kind}<span class="visually-hidden">${escapeHtml(t("dcc.seat.mouse", { mouse: MICE[i % MICE.length].label }))}</span></span>
        </span>
        <span class="seat-tokens" data-testid="seat-tokens-${i}"></span>
        <span class="seat-badge" data-testid="seat-badge-${i}"></span>
      </li>`;
    }).join("");
  }
  if (!view) return;
  for (let i = 0; i < n; i += 1) {
    const row = el.seats.querySelector(`[data-seat="${i}"]`);
    if (!row) continue;
    const held = view.tokens[i];
    row.querySelector(".seat-tokens").innerHTML = COLOURS.map((c) => `<span class="held${held[c] ? "" : " held-none"}" title="${escapeHtml(COLOUR_WORDS[c])}">${tokenSvg(c, 20)}<span class="held-n">${held[c] || 0}</span><span class="visually-hidden"> ${escapeHtml(COLOUR_WORDS[c])}</span></span>`).join("");
    const over = view.phase === "over";
    const badge = over ? (view.winner === i ? t("dcc.badge.winner") : "") : view.current === i && view.phase !== "draw" ? t("dcc.badge.turn") : "";
    row.querySelector(".seat-badge").textContent = badge;
    row.classList.toggle("active", !over && view.current === i && app.snapshot?.started !== false);
    row.classList.toggle("winner", over && view.winner === i);
  }
}

function bites(n) {
  return t("dcc.bites", { count: n });
}

function promptFor(view, snap) {
  // A replay says where it is (shared/replay/), never whose turn it is to play now.
  if (app.replayPrompt) return [app.replayPrompt.main, app.replayPrompt.sub];
  if (snap.started === false) return [t("dcc.prompt.waiting-start"), ""];
  if (app.socket && !app.connected) return [t("dcc.prompt.reconnecting"), t("dcc.prompt.safe")];
  const who = match.seatName(view.current);
  const mine = !app.animating && snap.to_act === view.current && match.isMine(view.current);
  switch (view.phase) {
    case "over":
      return [t("dcc.wins", { who: match.seatName(view.winner) }), t("dcc.prompt.over")];
    case "spin":
      return mine ? [t("dcc.prompt.spin-yours", { who }), byInput(t("dcc.prompt.spin-key"), t("dcc.prompt.spin-tap"))]
        : [t("dcc.prompt.spin", { who }), waiting(view.current)];
    case "spinner":
    case "spin_off_spinner":
      return [t("dcc.prompt.spinning", { who }), ""];
    case "bite": {
      const left = t(view.spinAgain ? "dcc.prompt.left-again" : "dcc.prompt.left", { bites: bites(view.bitesLeft) });
      if (!mine) return [t("dcc.prompt.bites", { who, left }), waiting(view.current)];
      const sub = app.refusal || previewWords(app.mouth) || byInput(t("dcc.prompt.bite-key"), t("dcc.prompt.bite-tap"));
      return [t("dcc.prompt.bite-yours", { who, left }), sub];
    }
    case "draw": {
      const next = view.drawing[0];
      return [
        t("dcc.prompt.snap", { who: match.seatName(view.snapper) }),
        next === undefined ? "" : t("dcc.prompt.drawing", { who: match.seatName(next) }),
      ];
    }
    case "spin_off": {
      const names = formatList((view.spinOff?.contestants || []).map((s) => match.seatName(s)));
      return mine ? [t("dcc.prompt.spin-off-yours", { who }), t("dcc.prompt.spin-off-between", { names })]
        : [t("dcc.prompt.spin-off", { names }), t("dcc.prompt.spin-off-next", { who })];
    }
    default:
      return [t("dcc.prompt.new-paper"), ""];
  }
}

function waiting(seat) {
  if (!match.isHuman(seat)) return t("dcc.prompt.thinking", { who: match.seatName(seat) });
  return match.isMine(seat) ? "" : t("dcc.prompt.waiting", { who: match.seatName(seat) });
}

function renderBar() {
  const view = app.view;
  const snap = app.snapshot;
  el.spin.disabled = !canSpin();
  el.bite.disabled = !canBite() || !app.mouth;
  el.bite.hidden = !(view && view.phase === "bite");
  el.spin.hidden = Boolean(view && view.phase === "bite");
  if (!view || !snap) {
    el.prompt.textContent = app.replayPrompt?.main ?? (app.online ? t("dcc.prompt.joining") : t("dcc.prompt.hooking"));
    el.promptSub.textContent = app.replayPrompt?.sub ?? "";
    el.strength.textContent = t("dcc.strength", { strength: 5 });
    return;
  }
  const [prompt, sub] = promptFor(view, snap);
  el.prompt.textContent = prompt;
  el.promptSub.textContent = sub;
  el.strength.textContent = view.torn ? t("dcc.strength.torn", { threshold: view.threshold }) : t("dcc.strength", { strength: view.strength });
  el.direction.textContent = t(view.direction > 0 ? "dcc.direction.ltr" : "dcc.direction.rtl");
  el.direction.dataset.direction = String(view.direction);
}
