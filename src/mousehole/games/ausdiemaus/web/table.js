// The card table: every seat's face-down stack (its size only: nobody sees a stack's order,
// not even its owner), their mouse chips, the shared pile in the middle (its top cards fanned
// and readable), the chips still to catch, the chase, and the "Mouse, watch out!" bubble.
// It draws a view model (what has been animated so far); it decides nothing.
// The flying card, the sliding pile and the flying chip are HTML elements over the SVG, so the
// card can turn over in 3D with a CSS transform.

import {
  CARD_W, CARD_H, TOKENS, cardBackMarkup, cardFaceMarkup, cardLabel, cardSvg, chipMarkup,
  chipSvg, pawMarkup, tokenMarkup,
} from "./cards.js";
import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";
import { SEAT_W, bubbleMarkup } from "./bubble.js";

// Two arrangements of the same table: a wide one for landscape screens and a tall one for
// phones. The viewer's seat sits at the bottom (seat 0 on a shared device, your own seat
// online); play goes clockwise from there (left, then over the top).
const WIDE = { w: 1200, h: 720, cx: 600, cy: 378, supplyY: 256, pileScale: 1.4, fan: 52 };

// The tall table is as short as its seats allow, so that on a phone the turn's button under it
// is on the screen when a turn starts: up to four seats in 800 units, five or six in 840, the
// player's own seat high enough that the turn's bar kept at the screen's bottom (narrow.css) does
// not cover it. Its pile is drawn large (a card's name at 11 px on a 390 px phone), with no
// seat beside it.
// `seats` are the seats' places from the bottom, clockwise; `supplyY` where the chips left lie.
const TALL_TABLES = {
  2: { h: 800, cy: 455, supplyY: 300, seats: [[300, 700], [300, 108]] },
  3: { h: 800, cy: 455, supplyY: 140, seats: [[300, 700], [114, 300], [486, 300]] },
  4: { h: 800, cy: 400, supplyY: 236, seats: [[300, 700], [114, 520], [300, 108], [486, 520]] },
  5: { h: 840, cy: 455, supplyY: 236, seats: [[300, 724], [114, 562], [114, 318], [486, 318], [486, 562]] },
  6: {
    h: 840, cy: 455, supplyY: 230,
    seats: [[300, 724], [114, 562], [114, 318], [300, 92], [486, 318], [486, 562]],
  },
};

const PILE_FAN = 4; // how many of the pile's top cards are drawn readable

let svg = null;
let layer = null;
let fxLayer = null;
let flyLayer = null;
let wrap = null;
let layoutName = "wide";
let viewer = 0;
let seatsNow = 3; // the tall table's shape follows the seat count

export function initTable(elements) {
  svg = elements.svg;
  layer = elements.layer;
  fxLayer = elements.fx;
  flyLayer = elements.flyLayer;
  wrap = elements.wrap;
}

function tallTable(n = seatsNow) {
  return TALL_TABLES[n] || TALL_TABLES[6];
}

function layout() {
  if (layoutName !== "tall") return WIDE;
  const { h, cy, supplyY } = tallTable();
  return { w: 600, h, cx: 300, cy, supplyY, pileScale: 1.25, fan: 16 };
}

/** Pick the arrangement that fits the box the table has now (a tall one in a frame taller
    than wide: a phone's, narrow.css); true when it changed. */
export function chooseLayout() {
  const box = wrap.getBoundingClientRect();
  const next = box.width > 0 && box.width / Math.max(1, box.height) < 1.05 ? "tall" : "wide";
  const changed = next !== layoutName;
  layoutName = next;
  shape();
  return changed;
}

/** The SVG's viewBox, and the frame's shape on a phone, for the layout and the seat count. */
function shape() {
  const L = layout();
  svg.setAttribute("viewBox", `0 0 ${L.w} ${L.h}`);
  wrap.dataset.layout = layoutName;
  wrap.style.setProperty("--table-tall", `${L.w} / ${tallTable().h}`);
}

export function currentLayout() {
  return layoutName;
}

/** Draw seat `seat` at the bottom of the table, nearest the player (the others follow it). */
export function setViewer(seat) {
  viewer = Number.isInteger(seat) && seat >= 0 ? seat : 0;
}

/** Where seat `i` of `n` sits (the centre of its group). */
export function seatSpot(i, n) {
  const place = (((i - viewer) % n) + n) % n; // 0: the bottom, nearest the viewer
  if (layoutName === "tall") return tallTable(n).seats[place] || [300, 450];
  const L = WIDE;
  const angle = Math.PI / 2 + (place * 2 * Math.PI) / n;
  return [L.cx + 470 * Math.cos(angle), L.cy + 255 * Math.sin(angle)];
}

function shortName(name, max = 13) {
  const text = String(name);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}


// ---------------------------------------------------------------- drawing

function stackMarkup(seat, size) {
  const scale = 0.72;
  const w = CARD_W * scale;
  const h = CARD_H * scale;
  const x0 = -100;
  const y0 = -30;
  let layers = "";
  const count = size > 0 ? Math.min(10, 1 + Math.floor(size / 5)) : 0;
  for (let j = 0; j < count; j += 1) {
    layers += `<g transform="translate(${x0 + j * 1.6} ${y0 - j * 2.2}) scale(${scale})">${cardBackMarkup()}</g>`;
  }
  const topX = x0 + Math.max(0, count - 1) * 1.6;
  const topY = y0 - Math.max(0, count - 1) * 2.2;
  const empty = size > 0
    ? ""
    : `<rect class="stack-empty" x="${x0}" y="${y0}" width="${w}" height="${h}" rx="7"/>`;
  return `<g class="stack" data-testid="stack-${seat}" data-size="${size}">
    ${empty}${layers}
    <rect class="stack-top" data-stack-top="${seat}" x="${topX}" y="${topY}" width="${w}" height="${h}" fill="none" stroke="none"/>
    <circle class="stack-count-bg" cx="${topX + w / 2}" cy="${topY + h / 2}" r="21"/>
    <text class="stack-count" x="${topX + w / 2}" y="${topY + h / 2 + 8}" text-anchor="middle">${size}</text>
    <text class="stack-label" x="${x0 + w / 2}" y="${y0 + h + 20}" text-anchor="middle">${escapeHtml(t("adm.table.cards", { count: size }))}</text>
  </g>`;
}

function chipRows(chips) {
  return chips > 5 ? 2 : 1;
}

function chipsMarkup(seat, chips) {
  let out = "";
  for (let k = 0; k < chips; k += 1) {
    const row = Math.floor(k / 5);
    const col = k % 5;
    out += `<g transform="translate(${-14 + col * 23} ${-36 + row * 23})">${chipMarkup(11)}</g>`;
  }
  if (!chips) out = `<circle class="chip-empty" cx="-14" cy="-36" r="11"/>`;
  const labelY = -4 + (chipRows(chips) - 1) * 23;
  const slot = Math.min(chips, 9);
  return `<g class="seat-chips" data-chips="${seat}">
    ${out}
    <rect data-chip-target="${seat}" x="${-25 + (slot % 5) * 23}" y="${-47 + Math.floor(slot / 5) * 23}" width="22" height="22" fill="none" stroke="none"/>
    <text class="chip-label" x="-25" y="${labelY + 5}">${escapeHtml(chips ? t("adm.chips", { count: chips }) : t("adm.table.no-chips"))}</text>
  </g>`;
}

function badgeMarkup(seat, view) {
  const chase = view.chase;
  const y = 14 + (chipRows(view.chips[seat] ?? 0) - 1) * 20;
  const pill = (cls, text, width = 120) => `<g class="tbadge ${cls}"><rect x="-26" y="${y}" width="${width}" height="30" rx="12"/><text x="${-26 + width / 2}" y="${y + 21}" text-anchor="middle">${text}</text></g>`;
  if (view.phase === "over") return (view.winners || []).includes(seat) ? pill("badge-win", escapeHtml(t("adm.badge.winner"))) : "";
  if (chase && chase.chaser === seat) {
    const left = Math.max(0, chase.attempts_left ?? 0);
    const total = Math.max(left, chase.paws ?? left);
    let paws = "";
    for (let k = 0; k < total; k += 1) {
      paws += `<g transform="translate(${48 + k * 19} ${y + 15})">${pawMarkup(8.5, k >= left)}</g>`;
    }
    return `<g class="tbadge badge-chase"><rect x="-30" y="${y}" width="${78 + total * 19}" height="30" rx="12"/>
      <text x="-22" y="${y + 21}">${escapeHtml(t("adm.table.catch"))}</text>${paws}</g>`;
  }
  if (chase && chase.mouse_owner === seat) return pill("badge-mouse", escapeHtml(t("adm.table.mouse-out")), 126);
  if (view.current === seat) return pill("badge-turn", escapeHtml(t("adm.badge.turn")));
  return "";
}

function seatMarkup(seat, view, names) {
  const [x, y] = seatSpot(seat, view.seats);
  const token = TOKENS[seat % TOKENS.length];
  const name = names[seat] || t("seat.name", { seat: seat + 1 });
  const classes = ["seat"];
  if (view.current === seat && view.phase !== "over") classes.push("active");
  if (view.chase?.chaser === seat) classes.push("chaser");
  if (view.chase?.mouse_owner === seat) classes.push("owner");
  if ((view.winners || []).includes(seat)) classes.push("winner");
  if (view.flash === seat) classes.push("flash");
  const stack = view.stacks[seat] ?? 0;
  const chips = view.chips[seat] ?? 0;
  const letter = (String(name).trim()[0] || "?").toUpperCase();
  return `<g class="${classes.join(" ")}" data-testid="table-seat-${seat}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)})">
    <rect class="seat-bg" x="${-SEAT_W / 2}" y="-100" width="${SEAT_W}" height="180" rx="18"/>
    <rect class="seat-plate" x="${-SEAT_W / 2 + 6}" y="-94" width="${SEAT_W - 12}" height="36" rx="12" fill="${token.light}"/>
    <g transform="translate(-85 -76)">${tokenMarkup(seat, letter, 13)}</g>
    <text class="seat-name" x="-64" y="-68">${escapeHtml(shortName(name))}</text>
    ${stackMarkup(seat, stack)}
    <g transform="translate(0 0)">${chipsMarkup(seat, chips)}</g>
    ${badgeMarkup(seat, view)}
  </g>`;
}

/** How big the pile's cards are drawn (on a tall table, as large as the seats beside the pile
    leave room for: a card's name reads at 11 px on a phone), and how far apart they fan. */
function pileScale() {
  return layout().pileScale;
}

function fanStep() {
  return layout().fan;
}

/** Positions of the pile's drawn cards (the top card last), in table coordinates. */
function pileSlots(count) {
  const L = layout();
  const fan = fanStep();
  const k = Math.min(PILE_FAN, count);
  const slots = [];
  for (let i = 0; i < k; i += 1) {
    const offset = i - (k - 1) / 2;
    slots.push({ x: L.cx + offset * fan, y: L.cy + Math.abs(offset) * 5, rot: offset * 7 });
  }
  return slots;
}

function pileMarkup(view) {
  const L = layout();
  const pile = view.pile || [];
  const shown = pile.slice(-PILE_FAN);
  const slots = pileSlots(pile.length);
  const s = pileScale();
  const w = CARD_W * s;
  const h = CARD_H * s;
  let under = "";
  const depth = Math.min(6, Math.max(0, Math.ceil((pile.length - shown.length) / 3)));
  for (let j = depth; j > 0; j -= 1) {
    under += `<rect class="pile-under" x="${L.cx - w / 2 - j * 2}" y="${L.cy - h / 2 + j * 2.4}" width="${w}" height="${h}" rx="10"/>`;
  }
  const cards = shown.map((card, i) => {
    const slot = slots[i];
    const top = i === shown.length - 1;
    return `<g class="pile-card${top ? " pile-top" : ""}" data-card="${escapeHtml(card)}"
      transform="translate(${slot.x} ${slot.y}) rotate(${slot.rot}) translate(${-w / 2} ${-h / 2}) scale(${s})">${cardFaceMarkup(card)}</g>`;
  }).join("");
  // Where the next card lands: the top slot of a pile one card taller.
  const next = pileSlots(pile.length + 1).at(-1);
  const empty = pile.length
    ? ""
    : `<rect class="pile-empty" x="${L.cx - w / 2}" y="${L.cy - h / 2}" width="${w}" height="${h}" rx="10"/>
       <text class="pile-empty-text" x="${L.cx}" y="${L.cy + 6}" text-anchor="middle">${escapeHtml(t("adm.table.no-pile"))}</text>`;
  const label = pile.length ? escapeHtml(t("adm.table.pile", { count: pile.length })) : "";
  return `<g class="pile" data-testid="pile" data-size="${pile.length}" data-top="${escapeHtml(pile.at(-1) ?? "")}">
    ${empty}${under}${cards}
    <rect id="pile-target" data-rot="${next.rot}" x="${next.x - w / 2}" y="${next.y - h / 2}" width="${w}" height="${h}" fill="none" stroke="none"/>
    <rect id="pile-box" x="${L.cx - w / 2}" y="${L.cy - h / 2}" width="${w}" height="${h}" fill="none" stroke="none"/>
    <text class="pile-label" data-testid="pile-label" x="${L.cx}" y="${L.cy + h / 2 + 48}" text-anchor="middle">${label}</text>
  </g>`;
}

/** Where the chips still to catch lie. */
function supplyY() {
  return layout().supplyY;
}

function supplyMarkup(view) {
  const L = layout();
  const y = supplyY();
  const left = view.chipsLeft ?? 0;
  const gap = 26;
  const startX = L.cx - ((Math.max(1, left) - 1) * gap) / 2;
  let chips = "";
  for (let k = 0; k < left; k += 1) chips += `<g transform="translate(${startX + k * gap} ${y})">${chipMarkup(11)}</g>`;
  return `<g class="supply" data-testid="chip-supply" data-left="${left}">
    ${chips}
    <rect id="supply-box" x="${startX + Math.max(0, left - 1) * gap - 11}" y="${y - 11}" width="22" height="22" fill="none" stroke="none"/>
    <text class="supply-label" x="${L.cx}" y="${y - 22}" text-anchor="middle">${escapeHtml(left ? t("adm.table.chips-left", { count: left }) : t("adm.table.no-chips-left"))}</text>
  </g>`;
}


/** `element`'s box in the user space of `outer`, one of its ancestors ({x, y, width,
    height}), or null where it is drawn empty or not at all. */
function boxIn(outer, element) {
  const b = element.getBBox();
  const to = outer.getCTM()?.inverse().multiply(element.getCTM() ?? new DOMMatrix());
  if (!to || b.width <= 0) return null;
  const xs = [];
  const ys = [];
  for (const [x, y] of [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]) {
    const p = new DOMPoint(x, y).matrixTransform(to);
    xs.push(p.x);
    ys.push(p.y);
  }
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

/** The table's shape now, for what is placed round its seats (bubble.js). */
function geometry() {
  return {
    L: layout(), tall: layoutName === "tall", seatSpot, pileScale: pileScale(), fan: fanStep(),
    supplyY: supplyY(),
  };
}

/** Redraw the whole table from `view` (cheap: a few dozen groups). */
export function drawTable(view, names) {
  if (!svg) return;
  if (view.seats !== seatsNow) {
    seatsNow = view.seats;
    shape();
  }
  const L = layout();
  const seats = Array.from({ length: view.seats }, (_, i) => seatMarkup(i, view, names)).join("");
  const felt = layoutName === "tall"
    ? `<rect class="felt" x="20" y="180" width="${L.w - 40}" height="${L.h - 330}" rx="150"/>`
    : `<ellipse class="felt" cx="${L.cx}" cy="${L.cy}" rx="${L.w / 2 - 40}" ry="${L.h / 2 - 40}"/>`;
  layer.innerHTML = `
    <rect class="table-bg" x="0" y="0" width="${L.w}" height="${L.h}"/>
    ${felt}
    ${supplyMarkup(view)}
    ${pileMarkup(view)}
    <g class="seats-layer">${seats}</g>
    <g class="bubble-layer"></g>`;
  if (view.bubble) {
    // placed once the rest is drawn: it must keep clear of the chips-left label, of the
    // seats' badges (the chaser's tries left, "Mouse out!") and of their stacks' counts
    // (the number on the top card and the words under the stack), as drawn
    const label = layer.querySelector(".supply-label")?.getBBox();
    const drawn = (selector) => [...layer.querySelectorAll(selector)].map((el) => boxIn(layer, el)).filter(Boolean);
    layer.querySelector(".bubble-layer").innerHTML = bubbleMarkup(view, {
      ...geometry(),
      supplyLabel: label && label.width > 0 ? label : null,
      badges: drawn(".tbadge"),
      counts: drawn(".stack-count-bg, .stack-label"),
    });
  }
}

// ---------------------------------------------------------------- flying things

function boxOf(element) {
  const outer = wrap.getBoundingClientRect();
  const r = element.getBoundingClientRect();
  return { x: r.left - outer.left, y: r.top - outer.top, w: r.width, h: r.height };
}

function find(selector) {
  return svg?.querySelector(selector) || null;
}

function flyer(className, html, box) {
  const node = document.createElement("div");
  node.className = `flyer ${className}`;
  node.innerHTML = html;
  node.style.width = `${box.w}px`;
  node.style.height = `${box.h}px`;
  node.style.left = "0px";
  node.style.top = "0px";
  flyLayer.append(node);
  return node;
}

async function run(animation) {
  try {
    await animation.finished;
  } catch {
    // cancelled (skip): the snapshot is drawn next anyway
  }
}

const running = new Set();

/** Stop every flight at once (skip, or a new match). */
export function cancelFlights() {
  for (const animation of [...running]) animation.cancel();
  running.clear();
  flyLayer?.replaceChildren();
}

function animate(node, frames, ms) {
  const animation = node.animate(frames, { duration: ms, easing: "cubic-bezier(.3,.7,.3,1)", fill: "forwards" });
  running.add(animation);
  animation.finished.finally?.(() => running.delete(animation)).catch(() => {});
  return animation;
}

/** A card leaves `seat`'s stack face down and lands on the pile face up (a 3D turn). */
export async function flyFlip(seat, card, ms) {
  const from = find(`[data-stack-top="${seat}"]`);
  const to = find("#pile-target");
  if (!from || !to || ms <= 0) return;
  const a = boxOf(from);
  const b = boxOf(to);
  const html = `<div class="flip"><div class="face face-back">${cardSvg(null)}</div><div class="face face-front">${cardSvg(card)}</div></div>`;
  const node = flyer("flyer-card", html, b);
  const sx = a.w / b.w;
  const lift = -Math.max(30, b.h * 0.35);
  const rot = Number(to.dataset.rot) || 0;
  const at = (x, y, scale, angle) =>
    `translate(${x}px, ${y}px) translate(${b.w / 2}px, ${b.h / 2}px) rotate(${angle}deg) scale(${scale}) translate(${-b.w / 2}px, ${-b.h / 2}px)`;
  const frames = [
    { transform: at(a.x - (b.w - a.w) / 2, a.y - (b.h - a.h) / 2, sx, 0), offset: 0 },
    { transform: at((a.x + b.x) / 2, (a.y + b.y) / 2 + lift, 1.15, rot / 2), offset: 0.55 },
    { transform: at(b.x, b.y, 1, rot), offset: 1 },
  ];
  const turn = node.querySelector(".flip");
  const spin = turn.animate(
    [{ transform: "rotateY(0deg)" }, { transform: "rotateY(180deg)" }],
    { duration: ms * 0.8, delay: ms * 0.1, easing: "ease-in-out", fill: "forwards" },
  );
  running.add(spin);
  await Promise.all([run(animate(node, frames, ms)), run(spin)]);
  running.delete(spin);
  node.remove();
}

/** The pile slides, face down, to the winner's stack. */
export async function flyPile(seat, count, ms) {
  const from = find("#pile-box");
  const to = find(`[data-stack-top="${seat}"]`);
  if (!from || !to || ms <= 0) return;
  const a = boxOf(from);
  const b = boxOf(to);
  const layers = Math.min(6, Math.max(1, Math.ceil(count / 3)));
  let html = "";
  for (let j = 0; j < layers; j += 1) {
    html += `<div class="pile-layer">${cardSvg(null)}</div>`; // offset per layer: table.css
  }
  html += `<span class="pile-count">${count}</span>`;
  const node = flyer("flyer-pile", html, a);
  const sx = b.w / a.w;
  await run(animate(node, [
    { transform: `translate(${a.x}px, ${a.y}px) scale(1)` },
    { transform: `translate(${b.x}px, ${b.y}px) scale(${sx})` },
  ], ms));
  node.remove();
}

/** A mouse chip flies from the middle to the catcher's chips. */
export async function flyChip(seat, ms) {
  const from = find("#supply-box");
  const to = find(`[data-chip-target="${seat}"]`);
  if (!from || !to || ms <= 0) return;
  const a = boxOf(from);
  const b = boxOf(to);
  const node = flyer("flyer-chip", chipSvg(Math.max(16, a.w)), a);
  await run(animate(node, [
    { transform: `translate(${a.x}px, ${a.y}px) scale(1) rotate(0deg)` },
    { transform: `translate(${(a.x + b.x) / 2}px, ${Math.min(a.y, b.y) - 40}px) scale(1.6) rotate(180deg)`, offset: 0.5 },
    { transform: `translate(${b.x}px, ${b.y}px) scale(${b.w / Math.max(1, a.w)}) rotate(360deg)` },
  ], ms));
  node.remove();
}

/** A short text rising from a seat ("+7 cards"). */
export function floatText(seat, text, n) {
  const [x, y] = seatSpot(seat, n);
  const node = document.createElementNS("http://www.w3.org/2000/svg", "text");
  node.setAttribute("class", "fx-float");
  node.setAttribute("x", String(x));
  node.setAttribute("y", String(y - 110));
  node.setAttribute("text-anchor", "middle");
  node.textContent = text;
  fxLayer.append(node);
  setTimeout(() => node.remove(), 1400);
}

export { cardLabel };
