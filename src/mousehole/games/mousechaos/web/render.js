// Drawing Mouse Chaos from the page's model: the pieces where the view model puts them (the
// snapshot, or the moves played so far in an animation), the choices this seat has (highlighted
// squares, pieces and the keyboard cursor), the players beside the board and the prompt.
// Nothing here decides a rule: what may be chosen comes from the server's legal actions
// (choose.js); where a piece stands comes from the server's observation.

import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";
import { CELL, NESTS, TABLE_CENTRE, centre, nestOf, onTable, spotKey, squareName } from "./kitchen.js";
import { catSvg, chairSvg, colourMark, colourWord, holderSvg, mouseSvg, poseWords } from "./pieces.js";
import { describeTarget, promptWords, targets } from "./choose.js";

let app = null;
let match = null;
let el = null;
let queued = false;

export function initRender(theMatch, elements) {
  match = theMatch;
  app = theMatch.state;
  el = elements;
}

/** Schedule a redraw (at most once a frame). */
export function scheduleRender() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    draw();
  });
}

export const renderPending = () => queued;

/** Whether this page may draw the secret parts of the view now (not behind a hand-over). */
export function secretsShown() {
  return !app.blocked;
}

/** Where each piece is drawn: {mice: [{x, y, s}], holders, cats, chairs} from the view model. */
export function layout(view) {
  const place = { mice: [], holders: [], cats: [], chairs: [] };
  const tableHolders = view.holders.map((h, i) => (onTable(h.at) ? i : -1)).filter((i) => i >= 0);
  const tableCats = view.cats.map((at, i) => (onTable(at) ? i : -1)).filter((i) => i >= 0);
  const tableMice = view.mice.map((m, i) => (onTable(m.at) ? i : -1)).filter((i) => i >= 0);
  const { x: tx, y: ty } = TABLE_CENTRE;
  // The holders on the table, full size in two rows of three, 48 units apart: each a tap
  // target of 24 px even on a phone (HIT), their numbers readable.
  view.holders.forEach((h, i) => {
    const k = tableHolders.indexOf(i);
    place.holders[i] = k >= 0
      ? { x: tx + ((k % 3) - 1) * 48, y: ty + (Math.floor(k / 3) - 0.5) * 48, s: 1, table: true }
      : { ...centre(h.at), s: 1 };
  });
  view.cats.forEach((at, i) => {
    const k = tableCats.indexOf(i);
    const chair = view.chairs.some((c) => c.pose !== "L" && sameAt(c.at, at));
    place.cats[i] = k >= 0 ? { x: tx - 30 + k * 20, y: ty + 30, s: 0.6 }
      : { ...centre(at), s: chair ? 0.82 : 1, dy: chair ? -4 : 0 };
  });
  view.chairs.forEach((c, i) => { place.chairs[i] = { ...centre(c.at), s: 1 }; });
  view.mice.forEach((m, i) => {
    const k = tableMice.indexOf(i);
    if (k >= 0) {
      const [dx, dy] = underTable(k);
      place.mice[i] = { x: tx + dx, y: ty + dy, s: 0.68, under: true };
      return;
    }
    const p = centre(m.at);
    const covered = view.holders.some((h) => sameAt(h.at, m.at));
    place.mice[i] = covered ? { x: p.x - 10, y: p.y + 12, s: 0.7, covered: true } : { ...p, s: nestOf(m.at) >= 0 ? 0.9 : 1 };
  });
  return place;
}

/** Where the `k`th mouse under the table sits, from the table's centre: the first eight on the
    carpet round its edge, two a side and each 48 units (24 px on a phone) from the next, so
    each is a tap target of its own (HIT); any more a little further in, between them. */
function underTable(k) {
  const edge = CELL - 12;
  const along = k < 8 ? [-44, 4][Math.floor(k / 4)] : [-20, 28][Math.floor(k / 4) % 2];
  const side = k % 4;
  const out = k < 8 ? edge : edge - 22 - 12 * Math.floor((k - 8) / 8);
  return [[along, -out], [out, along], [-along, out], [-out, -along]][side];
}

export function sameAt(a, b) {
  return Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];
}

/** A mouse in words, as this seat knows it: "mouse under the table (you peeked: red)". */
export function mouseWords(view, i, { secrets = secretsShown() } = {}) {
  const m = view.mice[i];
  const nest = nestOf(m.at);
  const where = onTable(m.at) ? t("mc.where.table")
    : nest >= 0 ? t("mc.where.nest-square", { nest: nest + 1, square: squareName(m.at) })
      : t("mc.where.square", { square: squareName(m.at) });
  const known = m.colour && (secrets || m.revealed) ? m.colour : null;
  const mouse = t(i < 4 ? "mc.mouse.mother" : "mc.mouse", { where });
  if (!known) return mouse;
  const peeked = !m.revealed && m.peeked !== null && m.peeked !== undefined;
  return t(peeked ? "mc.mouse.peeked" : "mc.mouse.colour", { mouse, colour: colourWord(known) });
}

/** How far round a piece a tap still takes it, in kitchen units: half a square on the floor,
    half the 48 units between the holders on the table or the mice under it. */
function hitRadius(pos) {
  return pos.table || pos.under ? 24 : 30;
}

/** A piece; one this seat may choose now (`choice`) takes taps round it (only choices do:
    play.css), and says so (`data-choice`). */
function piece(kind, index, pos, inner, extra = "", choice = false) {
  const flying = app.flying?.has(`${kind}:${index}`);
  const hit = choice ? `<circle class="mc-hit" r="${hitRadius(pos) / pos.s}"/>` : "";
  return `<g class="mc-piece mc-${kind}${extra}${flying ? " mc-away" : ""}" data-piece="${kind}:${index}"${choice ? " data-choice" : ""} transform="translate(${pos.x} ${pos.y + (pos.dy || 0)}) scale(${pos.s})">${hit}${inner}</g>`;
}

function drawPieces(view, place, list = []) {
  const choice = new Set(list.filter((t) => t.piece).map((t) => `${t.piece.kind}:${t.piece.index}`));
  const secrets = secretsShown();
  const parts = [];
  view.mice.forEach((m, i) => {
    if (!place.mice[i].covered) return; // a mouse under a holder: only its tail and back show
    parts.push(piece("mouse", i, place.mice[i], mouseSvg({}), " mc-covered"));
  });
  view.chairs.forEach((c, i) => parts.push(piece("chair", i, place.chairs[i], chairSvg(c.pose), c.pose === "L" ? " mc-lying-chair" : "", choice.has(`chair:${i}`))));
  const mouse = (i) => {
    const m = view.mice[i];
    const known = m.colour && (secrets || m.revealed);
    const peeked = secrets && !m.revealed && m.peeked !== null && m.peeked !== undefined;
    const art = mouseSvg({ colour: known ? m.colour : null, peeked, lying: m.revealed, mother: i < 4 });
    return piece("mouse", i, place.mice[i], art, place.mice[i].under ? " mc-under" : "", choice.has(`mouse:${i}`));
  };
  // A mouse under the table this seat may choose is drawn last, over the holders on the table:
  // seen, and its tap circle (reaching over the table's edge) first there; a ring mouse's own
  // taps stay clear of it.
  const onTop = (i) => place.mice[i].under && choice.has(`mouse:${i}`);
  view.mice.forEach((m, i) => {
    if (!place.mice[i].covered && !onTop(i)) parts.push(mouse(i));
  });
  // Upright chairs cover the mice under them: their seats are drawn again, see-through, on top.
  view.chairs.forEach((c, i) => {
    if (c.pose !== "L" && view.mice.some((m) => sameAt(m.at, c.at))) {
      parts.push(`<g class="mc-chair-over" transform="translate(${place.chairs[i].x} ${place.chairs[i].y})">${chairSvg(c.pose)}</g>`);
    }
  });
  view.holders.forEach((h, i) => parts.push(piece("holder", i, place.holders[i], holderSvg({ number: h.number }), view.picked === i ? " mc-picked" : "", choice.has(`holder:${i}`))));
  view.cats.forEach((at, i) => parts.push(piece("cat", i, place.cats[i], catSvg(), "", choice.has(`cat:${i}`))));
  view.mice.forEach((m, i) => {
    if (onTop(i)) parts.push(mouse(i));
  });
  // A mouse under a holder that this seat knows: its colour and the eye peek out beside it.
  view.mice.forEach((m, i) => {
    const p = place.mice[i];
    const known = m.colour && (secrets || m.revealed);
    if (!p.covered || !known || app.flying?.has(`mouse:${i}`)) return;
    const eye = secrets && m.peeked !== null && m.peeked !== undefined;
    parts.push(`<g class="mc-covered-mark" transform="translate(${p.x - 12} ${p.y + 8})"><circle class="mc-badge" r="10"/>${colourMark(m.colour, 6.5)}
      ${eye ? '<g class="mc-peek-mark" transform="translate(15 4) scale(0.8)"><circle r="7.5"/><path d="M-5 0 Q0 -4.5 5 0 Q0 4.5 -5 0 Z"/><circle class="mc-pupil" r="1.8"/></g>' : ""}</g>`);
  });
  return parts.join("");
}

/** The highlighted choices, the chair's preview and the keyboard cursor. */
function drawChoices(view, place, list) {
  const out = [];
  const spots = new Set();
  for (const t of list) {
    if (t.piece) {
      const p = place[`${t.piece.kind === "mouse" ? "mice" : `${t.piece.kind}s`}`][t.piece.index];
      out.push(`<circle class="mc-choosable" cx="${p.x}" cy="${p.y}" r="${p.table ? 23 : 26 * p.s + 4}"/>`);
    } else if (!spots.has(spotKey(t.at))) {
      spots.add(spotKey(t.at));
      out.push(spotRect(t.at, "mc-reach", true));
    }
  }
  const chosen = app.choice;
  if (chosen?.to && chosen.pose) {
    const { x, y } = centre(chosen.to);
    out.push(spotRect(chosen.to, "mc-target"));
    out.push(`<g class="mc-preview" transform="translate(${x} ${y})">${chairSvg(chosen.pose)}</g>`);
  }
  if (chosen?.piece) {
    const key = chosen.piece.kind === "mouse" ? "mice" : `${chosen.piece.kind}s`;
    const p = place[key][chosen.piece.index];
    if (p) out.push(`<circle class="mc-selected" cx="${p.x}" cy="${p.y}" r="${26 * p.s + 6}"/>`);
  }
  return out.join("");
}

/** The keyboard cursor, over the pieces: a thick solid ink frame with a white rim inside and
    corner ticks outside, never like a lit square (a thin green dashed line on a green tint). */
function drawCursor(list) {
  if (!app.cursor || !list.length || app.animating) return "";
  const table = onTable(app.cursor);
  const { x, y } = table ? TABLE_CENTRE : centre(app.cursor);
  const half = table ? CELL : CELL / 2;
  const ticks = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([sx, sy]) => {
    const cx = x + sx * (half + 3);
    const cy = y + sy * (half + 3);
    return `M${cx - sx * 14} ${cy} H${cx} V${cy - sy * 14}`;
  }).join(" ");
  return `<g class="mc-cursor" data-testid="cursor" data-spot="${spotKey(app.cursor)}">
    <rect class="mc-cursor-frame" x="${x - half + 3}" y="${y - half + 3}" width="${2 * half - 6}" height="${2 * half - 6}" rx="8"/>
    <rect class="mc-cursor-rim" x="${x - half + 7.5}" y="${y - half + 7.5}" width="${2 * half - 15}" height="${2 * half - 15}" rx="5"/>
    <path class="mc-cursor-ticks" d="${ticks}"/></g>`;
}

function spotRect(at, cls, choice = false) {
  const mark = choice ? " data-choice" : "";
  if (onTable(at)) {
    const { x, y } = TABLE_CENTRE;
    return `<rect class="${cls}" x="${x - CELL + 4}" y="${y - CELL + 4}" width="${CELL * 2 - 8}" height="${CELL * 2 - 8}" rx="12" data-spot="table"${mark}/>`;
  }
  const { x, y } = centre(at);
  return `<rect class="${cls}" x="${x - CELL / 2 + 4}" y="${y - CELL / 2 + 4}" width="${CELL - 8}" height="${CELL - 8}" rx="9" data-spot="${spotKey(at)}"${mark}/>`;
}

/** The players: name, nest(s), mice in the nest, the colour card(s) this seat may see. */
function drawSeats(view) {
  const n = view.seats;
  const secrets = secretsShown();
  return Array.from({ length: n }, (_, seat) => {
    const nests = n === 2 ? [seat, seat + 2] : [seat];
    const counts = nests.map((k) => view.mice.filter((m) => nestOf(m.at) === k).length);
    const cards = view.hands.filter((h) => h.owner === seat).map((h) => (h.colour && (secrets || view.shown?.[view.hands.indexOf(h)]) ? h.colour : null));
    const cardsHtml = cards.map((c) => (c
      ? `<span class="mc-card" data-testid="card-${seat}"><svg viewBox="-10 -10 20 20" width="18" height="18" aria-hidden="true">${colourMark(c, 8)}</svg>${escapeHtml(colourWord(c))}</span>`
      : `<span class="mc-card mc-card-down">${escapeHtml(t("mc.seat.card-down"))}</span>`)).join(" ");
    const mine = match.isMine(seat);
    const current = view.current === seat && view.phase !== "over";
    return `<li class="mc-seat${current ? " mc-current" : ""}" data-seat="${seat}">
      <span class="mc-seat-nest" aria-hidden="true">${nests.map((k) => k + 1).join("+")}</span>
      <span class="mc-seat-name">${escapeHtml(mine && match.mySeats().length === 1 ? t("mc.seat.you", { name: match.seatName(seat) }) : match.seatName(seat))}</span>
      <span class="mc-seat-info">${escapeHtml(t("mc.seat.nests", { nests: nests.map((k, j) => `${k + 1}: ${counts[j]}/4`).join(", ") }))}${view.complete?.some((k) => nests.includes(k)) ? " ✓" : ""}</span>
      <span class="mc-seat-cards">${cardsHtml}</span>
    </li>`;
  }).join("");
}

function drawNestLabels(view) {
  return NESTS.map((squares, k) => {
    const owner = view.seats === 2 ? k % 2 : k < view.seats ? k : null;
    const name = owner === null ? t("mc.phantom.label") : match.seatName(owner);
    const corner = centre(squares[0]);
    const x = corner.x + (k === 0 || k === 3 ? 32 : -32);
    const y = k < 2 ? 22 : 728 - 22; // in the wall, beside the nest
    const shown = name.length > 12 ? `${name.slice(0, 11)}…` : name;
    const w = Math.min(150, 24 + shown.length * 11); // the plate fits the name (23 units, play.css)
    return `<g class="mc-nest-label" transform="translate(${x} ${y})"><rect x="${-w / 2}" y="-15" width="${w}" height="30" rx="15"/>
      <text y="8">${escapeHtml(shown)}</text></g>`;
  }).join("");
}

function draw() {
  if (!app) return;
  const view = app.view;
  el.board.classList.toggle("mc-hidden", Boolean(app.blocked));
  if (!view) {
    el.pieces.innerHTML = "";
    el.choices.innerHTML = "";
    el.seats.innerHTML = "";
    el.prompt.textContent = app.replayPrompt?.main ?? t(app.online ? "mc.prompt.waiting-room" : "mc.prompt.setting");
    el.promptSub.textContent = app.replayPrompt?.sub ?? "";
    return;
  }
  const place = layout(view);
  const list = app.blocked || app.animating || app.busy ? [] : targets();
  el.labels.innerHTML = drawNestLabels(view);
  el.pieces.innerHTML = drawPieces(view, place, list);
  el.choices.innerHTML = drawChoices(view, place, list);
  el.cursor.innerHTML = drawCursor(list);
  el.seats.innerHTML = drawSeats(view);
  // A replay says where it is (shared/replay/), never whose turn it is to play now.
  const words = app.replayPrompt ?? promptWords(list);
  el.prompt.textContent = words.main;
  el.promptSub.textContent = words.sub;
  el.number.textContent = view.steps ?? (view.picked !== null && view.holders[view.picked]?.number) ?? "";
  el.number.closest(".mc-steps").hidden = !view.steps;
  const focus = list.length && app.cursor ? describeTarget(list, app.cursor) : "";
  el.cursorLabel.textContent = focus;
  drawTools(list);
  el.skipButton.disabled = !app.animating;
  el.speed.setAttribute("aria-pressed", String(app.fast));
  el.download.disabled = !app.record;
}

/** The action bar's buttons: leave the chairs, the chair's poses, back. */
function drawTools(list) {
  const legal = app.blocked || app.animating || app.busy ? [] : app.snapshot?.legal || [];
  const chair = app.choice?.poses;
  el.keep.hidden = !legal.some((a) => a.type === "skip") || Boolean(chair); // K still leaves them
  el.back.hidden = !app.choice;
  el.poses.hidden = !chair;
  if (chair) {
    el.poses.innerHTML = chair.map((p) => `<button type="button" class="chip mc-pose" data-pose="${p}" aria-pressed="${p === app.choice.pose}" title="${escapeHtml(poseWords(p))}"><svg viewBox="-32 -32 64 64" width="30" height="30" aria-hidden="true">${chairSvg(p)}</svg>${escapeHtml(p === "L" ? t("mc.pose.lying") : t(`mc.pose.letter.${p}`))}</button>`).join("")
      + `<button type="button" class="btn btn-big" data-testid="place-chair" id="place-chair"><kbd>Enter</kbd> ${escapeHtml(t("mc.pose.place"))}</button>`;
  }
  el.hint.hidden = !list.length;
}
