// State -> DOM, batched per animation frame: the seat panels, supply and machine counts, the
// mice on the board, the action bar (what the server says is legal now) and the view's mode
// (its viewBox is viewbox.js's).
// It shows `app.view` (what has been animated so far) and `app.snapshot` (the server's truth);
// `app` is the page's model, kept by the shared match controller (docs/web.md).

import {
  COMPONENT_COUNT, COMPONENT_NAMES, SPACES, boardMarkup, createSvg,
  mouseSpots, spaceAria, tokenMarkup, tokenSvg, POSITIONS, CHEESE_WHEEL,
} from "./board.js";
import { escapeHtml } from "/static/shared/html.js";
import { byInput } from "/static/shared/input.js";
import { formatList, levelName, t } from "/static/shared/i18n.js";
import { getSetting, setSetting, subscribe } from "/static/shared/settings.js";
import { boxFor, followMouse, initViewBox, legible, setBox } from "./viewbox.js";

let app = null;
let el = {};
let seatName = null;
let letterOf = null;
let isHuman = null;
let isMine = null;
let queued = false;
let seatKey = "";
let boardSeatCount = 0;
let textChanged = false; // new text on the board: its legibility is checked after the redraw
let shownComponents = -1;

// The bars drawn over a caught mouse's token in the pen (its colour and shape show through).
const CAGE_BARS = "M-14 -22 V22 M-5 -24 V24 M5 -24 V24 M14 -22 V22 M-17 -22 H17 M-17 22 H17";

/** Draw `match.state` into `elements`, with the match's seat helpers (shared/match/seats.js). */
export function initRender(match, elements) {
  app = match.state;
  el = elements;
  ({ seatName, letterOf, isHuman, isMine } = match);
  initViewBox(app, el.board);
  // The view is fitted to the frame's shape (fitBox): again whenever the frame changes size.
  new ResizeObserver(() => setBox(boxFor(app.viewMode), { instant: true })).observe(el.board);
  initSidePanel();
}

// ---------------------------------------------------------------- the side panel

/** The side panel collapses (its button, or P) so that the board takes its room; the choice
    is remembered in the settings (`sidePanel`). */
function initSidePanel() {
  const button = document.getElementById("side-toggle");
  const panel = document.getElementById("side-panel");
  const main = panel?.closest(".play-main");
  if (!button || !panel || !main) return;
  const show = () => {
    const closed = getSetting("sidePanel") === "closed";
    main.classList.toggle("side-collapsed", closed);
    panel.hidden = closed;
    button.setAttribute("aria-expanded", String(!closed));
    button.title = closed ? t("mt.panel.show") : t("mt.panel.hide");
  };
  const toggle = () => setSetting("sidePanel", getSetting("sidePanel") === "closed" ? "open" : "closed");
  button.addEventListener("click", toggle);
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.key.toLowerCase() !== "p") return;
    const target = event.target;
    if (target instanceof Element && target.closest("input, select, textarea, [contenteditable]")) return;
    if ([...document.querySelectorAll("dialog")].some((d) => d.open)) return;
    event.preventDefault();
    toggle();
  });
  subscribe((key) => {
    if (key === "sidePanel") show();
  });
  show();
}

/** Whether a redraw is still waiting for its animation frame (the page shows an older state). */
export function renderPending() {
  return queued;
}

/** Ask for a redraw on the next animation frame (many calls, one redraw). */
export function scheduleRender() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    renderNow();
  });
}

export function seatCount() {
  return app.snapshot?.options?.seats || app.setup?.seats?.length || 4;
}

/** Draw the static board for a seat count (ineligible builds faded). */
export function drawBoard(count) {
  if (count === boardSeatCount) return;
  boardSeatCount = count;
  el.boardStatic.innerHTML = boardMarkup(count);
  textChanged = true;
}

function legalOf(type) {
  return (app.snapshot?.legal || []).filter((a) => a.type === type);
}

function inputOpen() {
  return Boolean(app.snapshot) && !app.animating && !app.busy && !app.blocked
    && app.connected && !(app.snapshot.winners || []).length;
}

/** "Computer · hard", "Human", or "Open seat" while an online seat waits for a player. */
function seatKind(s) {
  if (s.state === "open") return escapeHtml(t("mt.seat.open"));
  return escapeHtml(s.kind === "computer" ? t("seat.computer-level", { level: levelName(s.level) }) : t("seat.human"));
}

function renderSeats() {
  const seats = app.snapshot?.seats || [];
  const key = seats.map((s) => `${s.kind}:${s.name}:${s.level}:${s.state === "open"}`).join("|");
  if (key !== seatKey) {
    seatKey = key;
    el.seats.innerHTML = seats.map((s, i) => `
      <li class="seat-panel" data-testid="seat-panel-${i}" data-seat="${i}">
        <span class="seat-token">${tokenSvg(i, letterOf(i), 40)}</span>
        <span class="seat-main">
          <span class="seat-name" data-testid="seat-name-${i}">${escapeHtml(s.name)}</span>
          <span class="seat-kind">${seatKind(s)}</span>
          <span class="seat-where" data-testid="position-${i}"></span>
        </span>
        <span class="seat-cheese" aria-label="${escapeHtml(t("mt.cheese"))}">
          <svg viewBox="-12 -12 24 22" width="22" height="20" aria-hidden="true"><path d="M-10 5 L10 -4 L10 7 L-10 9 Z" fill="#f6c945" stroke="#3a2817" stroke-width="1.6"/><path d="M-10 5 L6 -9 L10 -4 Z" fill="#fbe08a" stroke="#3a2817" stroke-width="1.6"/></svg>
          <span class="cheese-count" data-testid="cheese-${i}">0</span>
        </span>
        <span class="seat-badge" data-testid="seat-badge-${i}"></span>
      </li>`).join("");
  }
  const view = app.view;
  if (!view) return;
  const winners = app.shownWinners || [];
  seats.forEach((s, i) => {
    const panel = el.seats.children[i];
    if (!panel) return;
    const mouse = view.mice[i];
    const waiting = Boolean(app.online) && app.snapshot && !app.snapshot.started;
    const active = !winners.length && !waiting && view.current === i && !mouse.captured;
    panel.classList.toggle("active", active);
    panel.classList.toggle("captured", mouse.captured);
    panel.classList.toggle("winner", winners.includes(i));
    panel.setAttribute("aria-current", active ? "true" : "false");
    panel.querySelector(".cheese-count").textContent = String(mouse.cheese);
    const where = mouse.captured ? t("mt.seat.captured") : t("mt.seat.where", { space: mouse.position, label: SPACES[mouse.position].label });
    panel.querySelector(".seat-where").textContent = where;
    let badge = "";
    if (winners.includes(i)) badge = t("mt.badge.winner");
    else if (mouse.captured) badge = t("mt.badge.caught");
    else if (active) badge = t("mt.badge.turn");
    panel.querySelector(".seat-badge").textContent = badge;
  });
}

function renderStats() {
  const view = app.view;
  if (!view) return;
  el.supply.textContent = String(view.supply);
  el.components.textContent = `${view.components} / ${COMPONENT_COUNT}`;
  if (view.components !== shownComponents) {
    shownComponents = view.components;
    textChanged = true; // the machine's new parts have their numbers
  }
  el.nextPart.textContent = view.components >= COMPONENT_COUNT
    ? t("mt.next-part.complete")
    : t("mt.next-part", { part: t("mt.part", { number: view.components + 1, name: COMPONENT_NAMES[view.components] }) });
}

function renderMice() {
  const view = app.view;
  const layer = el.miceLayer;
  const count = view ? view.mice.length : 0;
  if (layer.dataset.key !== `${count}:${seatKey}`) {
    layer.dataset.key = `${count}:${seatKey}`;
    layer.replaceChildren();
    for (let i = 0; i < count; i += 1) {
      const g = createSvg("g", { class: "mouse", "data-testid": `mouse-${i}`, "data-seat": String(i) });
      g.innerHTML = `<g class="mouse-hop"><ellipse class="mouse-glow" rx="22" ry="9" cy="16"/>${tokenMarkup(i, letterOf(i), 13)}</g>
        <path class="mouse-bars" d="${CAGE_BARS}"/>
        <title>${escapeHtml(seatName(i))}</title>`;
      layer.append(g);
    }
    textChanged = true;
  }
  if (!view) return;
  const spots = mouseSpots(view.mice);
  const winners = app.shownWinners || [];
  view.mice.forEach((mouse, i) => {
    const g = layer.querySelector(`.mouse[data-seat="${i}"]`);
    const p = spots[i];
    g.style.transform = `translate(${p.x}px, ${p.y}px)${mouse.captured ? " scale(0.85)" : ""}`;
    g.classList.toggle("active", !winners.length && view.current === i && !mouse.captured);
    if (g.classList.contains("captured") !== Boolean(mouse.captured)) {
      g.classList.toggle("captured", Boolean(mouse.captured));
      g.querySelector("title").textContent = mouse.captured ? `${seatName(i)} (caught)` : seatName(i);
    }
    g.dataset.position = String(mouse.position);
  });
  const pen = el.boardStatic.querySelector(".caught-pen");
  if (pen) pen.setAttribute("display", view.mice.some((m) => m.captured) ? "inline" : "none");
  // The active mouse is drawn last, on top of any others on its space.
  const active = layer.querySelector(".mouse.active");
  if (active && layer.lastElementChild !== active) layer.append(active);
}

/** The key that pays to move `target`: 5, 6, 7 for the rivals in seat order (1–4 are views). */
export function spendKey(target) {
  const current = app.view?.current ?? app.snapshot?.state?.current ?? 0;
  return String(5 + target - (target > current ? 1 : 0));
}

function spendButton(target) {
  const name = escapeHtml(seatName(target));
  const onWheel = app.view?.mice[target]?.position === CHEESE_WHEEL;
  const key = spendKey(target);
  // The token is too small for its letter here: the name beside it says who.
  return `<button type="button" class="btn btn-small" data-testid="spend-${target}" data-target="${target}"
    data-key="${key}" aria-keyshortcuts="${key}" title="${escapeHtml(t("mt.spend.title", { who: seatName(target), key }))}"><kbd>${key}</kbd>
    ${tokenSvg(target, "", 20)} ${name}${onWheel ? ` <span class="on-wheel">${escapeHtml(t("mt.spend.on-wheel"))}</span>` : ""}</button>`;
}

function setPrompt(main, sub = "") {
  if (el.prompt.textContent !== main) el.prompt.textContent = main;
  if (el.promptSub.textContent !== sub) el.promptSub.textContent = sub;
}

function renderActions() {
  const snap = app.snapshot;
  const open = inputOpen();
  const roll = legalOf("roll").length > 0;
  const spends = legalOf("spend");
  const crank = legalOf("crank").length > 0;
  const end = legalOf("end").length > 0;
  const trap = open && (spends.length > 0 || crank || end);
  el.roll.disabled = !(open && roll);
  el.roll.hidden = trap;
  el.trapPanel.hidden = !trap;
  el.crankReason.hidden = !trap;
  if (trap) {
    const key = spends.map((a) => a.target).join(",") + (app.view ? `:${app.view.mice.map((m) => m.position).join(",")}` : "");
    if (el.spendList.dataset.key !== key) {
      el.spendList.dataset.key = key;
      el.spendList.innerHTML = spends.length
        ? `<p class="spend-title">${escapeHtml(t("mt.spend.heading"))}</p>${spends.map((a) => spendButton(a.target)).join("")}`
        : `<p class="no-spend">${escapeHtml(t("mt.spend.none"))}</p>`;
    }
    el.crank.disabled = !crank;
    const caught = (app.view?.mice || [])
      .map((m, i) => (i !== app.view.current && !m.captured && m.position === CHEESE_WHEEL ? seatName(i) : null))
      .filter(Boolean);
    const reason = crank && caught.length
      ? t("mt.crank.on-wheel", { names: formatList(caught), count: caught.length })
      : crank ? t("mt.crank.rival") : t("mt.crank.waits");
    if (el.crankReason.textContent !== reason) el.crankReason.textContent = reason;
    el.endTurn.disabled = !end;
  }
  // The prompt: whose turn and what to do, in one fixed-height box. A replay says where it is
  // (shared/replay/), and the trap's chain reaction what happens.
  if (app.replayPrompt && !(app.animating && app.machinePrompt)) {
    setPrompt(app.replayPrompt.main, app.replayPrompt.sub);
    return;
  }
  if (!snap) {
    setPrompt(t("mt.prompt.set-up"));
    return;
  }
  const winners = app.shownWinners || [];
  if (winners.length) {
    setPrompt(t("mt.wins", { who: seatName(winners[0]) }), t("mt.prompt.over"));
    return;
  }
  if (!app.connected) {
    setPrompt(t("mt.prompt.reconnecting"), t("mt.prompt.safe"));
    return;
  }
  if (app.online && !snap.started) {
    setPrompt(t("mt.prompt.waiting-start"));
    return;
  }
  const seat = app.view?.current;
  if (app.animating && app.machinePrompt) {
    // The trap's chain reaction: say what happens, not whose turn it is (animate.js).
    setPrompt(app.machinePrompt.main, app.machinePrompt.sub || skipWords());
    return;
  }
  if (app.animating) {
    setPrompt(t("mt.prompt.moving", { who: seatName(app.animSeat ?? seat) }), skipWords());
    return;
  }
  if (snap.to_act === null || snap.to_act === undefined) {
    setPrompt("…");
    return;
  }
  const who = seatName(snap.to_act);
  const watching = Boolean(snap.you?.spectator);
  if (!isHuman(snap.to_act)) {
    setPrompt(t("mt.prompt.thinking", { who }), watching ? t("mt.prompt.computer-watching") : t("mt.prompt.computer"));
    return;
  }
  if (!isMine(snap.to_act)) {
    const away = snap.seats?.[snap.to_act]?.state === "absent";
    setPrompt(t("mt.prompt.waiting", { who }), watching
      ? t("mt.prompt.watching")
      : away ? t("mt.prompt.away", { who }) : t("mt.prompt.own-device"));
    return;
  }
  if (trap) {
    setPrompt(t("mt.prompt.trap", { who })); // the crank's reason is the second line
  } else if (legalOf("split").length) {
    setPrompt(t("mt.prompt.split", { who }));
  } else if (roll) {
    setPrompt(t("mt.prompt.yours", { who }), byInput(t("mt.prompt.roll-key"), t("mt.prompt.roll-tap")));
  } else {
    setPrompt(`${who}…`);
  }
}

function skipWords() {
  return byInput(t("mt.prompt.skip-key"), t("mt.prompt.skip-tap"));
}

function renderToolbar() {
  el.skip.disabled = !app.animating;
  el.replay.disabled = app.animating || !app.lastCrank;
  for (const button of el.viewButtons) {
    button.setAttribute("aria-pressed", String(button.dataset.view === app.viewMode));
  }
  el.speed.setAttribute("aria-pressed", String(app.fast));
  el.download.disabled = !app.record;
  el.connection.textContent = app.connected || !app.snapshot ? "" : t("room.reconnecting");
  if (el.board.dataset.view !== app.viewMode) {
    el.board.dataset.view = app.viewMode;
    textChanged = true; // a view may draw its texts at another size (board.css): check them again
  }
}

function renderSpaces() {
  // Mark the spaces the active mouse may soon care about: where it stands.
  const view = app.view;
  const key = view ? `${view.current}:${view.mice[view.current]?.position}` : "";
  if (el.highlights.dataset.key === key) return;
  el.highlights.dataset.key = key;
  el.highlights.replaceChildren();
  if (!view || view.current === null || view.current === undefined) return;
  const mouse = view.mice[view.current];
  if (!mouse || mouse.captured) return;
  const p = POSITIONS[mouse.position];
  el.highlights.append(createSvg("circle", { class: "here-ring", cx: p.x, cy: p.y, r: mouse.position >= 44 ? 46 : 40 }));
}

export function refreshSpaceLabels() {
  const count = seatCount();
  for (const node of el.boardStatic.querySelectorAll(".space")) {
    const index = Number(node.dataset.space);
    node.setAttribute("aria-label", spaceAria(SPACES[index], count));
  }
}

function renderNow() {
  drawBoard(seatCount());
  renderSeats();
  renderStats();
  renderMice();
  renderSpaces();
  renderActions();
  renderToolbar();
  if (app.viewMode === "zoom") followMouse();
  if (textChanged) {
    textChanged = false;
    legible();
  }
}

