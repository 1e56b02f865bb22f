// The "Mouse, watch out, the cat is coming!" bubble: beside the seat that called, where it hides
// the least of the table (never a seat's name), its tail pointing at the caller's card and
// stopping at its edge. `g` is the table's shape now (table.js: its layout, where each seat
// sits, how large the pile is drawn, where the chips left lie).

import { CARD_H, CARD_W } from "./cards.js";
import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";

/** A seat's card on the table is this wide (table.js draws it). */
export const SEAT_W = 220;

function overlap(a, b) {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A seat's card on the table, round its centre (x, y). */
function seatBox(x, y) {
  return { x1: x - SEAT_W / 2, y1: y - 100, x2: x + SEAT_W / 2, y2: y + 80 };
}

/** What the bubble must not cover, each with a weight (what an overlap's area costs): every
    seat's card (3), above all its name (20), its stack's count (20: the number on its top
    card and the words under it; `g.counts`, their boxes as drawn) and its badge (40: the
    chaser's tries left, the called mouse's "Mouse out!"; `g.badges`), the pile with its label
    (2), the chips left (2) and the label that counts them (20: `g.supplyLabel` is its box as
    drawn; without it, the box its text would take). */
function obstacles(view, g) {
  const { L } = g;
  const boxes = [];
  for (let i = 0; i < view.seats; i += 1) {
    const [x, y] = g.seatSpot(i, view.seats);
    boxes.push({ ...seatBox(x, y), weight: 3 }, { x1: x - SEAT_W / 2, y1: y - 96, x2: x + SEAT_W / 2, y2: y - 56, weight: 20 });
  }
  const w = CARD_W * g.pileScale;
  const h = CARD_H * g.pileScale;
  const span = 1.5 * g.fan + w / 2 + 14;
  boxes.push({ x1: L.cx - span, y1: L.cy - h / 2 - 14, x2: L.cx + span, y2: L.cy + h / 2 + 56, weight: 2 });
  const sy = g.supplyY;
  const half = Math.max(20, (view.chipsLeft ?? 0) * 13 + 8);
  boxes.push({ x1: L.cx - half, y1: sy - 16, x2: L.cx + half, y2: sy + 14, weight: 2 });
  const label = g.supplyLabel ?? { x: L.cx - 110, y: sy - 42, width: 220, height: 26 };
  boxes.push({
    x1: label.x - 6, y1: label.y - 4, x2: label.x + label.width + 6, y2: label.y + label.height + 4, weight: 20,
  });
  // a box as drawn ({x, y, width, height}) with room round it
  const around = (b, pad, weight) => ({
    x1: b.x - pad, y1: b.y - pad, x2: b.x + b.width + pad, y2: b.y + b.height + pad, weight,
  });
  for (const b of g.counts ?? []) boxes.push(around(b, 4, 20));
  for (const b of g.badges ?? []) boxes.push(around(b, 6, 40));
  return boxes;
}

/** The tail from a bubble at (bx, by) towards the caller's card at (sx, sy): where it leaves
    the bubble's edge and where its tip stops (at the edge of that card, never over its name,
    and at most 34 units out). */
function tail(bx, by, sx, sy, bw, bh) {
  const tx = sx - bx;
  const ty = sy - by;
  const tlen = Math.hypot(tx, ty) || 1;
  const edge = Math.min(bw / 2 / Math.abs(tx / tlen || 1e-6), bh / 2 / Math.abs(ty / tlen || 1e-6));
  const reach = Math.min(edge + 34, Math.max(edge + 10, entry(seatBox(tx, ty), tx / tlen, ty / tlen) - 3));
  return { tx, ty, tlen, edge, tip: [(tx / tlen) * reach, (ty / tlen) * reach] };
}

/** What a bubble centred at (x, y) hides: each obstacle's overlap with its body and its tail
    (the tail's box), times the obstacle's weight. */
function hidden(blocks, x, y, sx, sy, bw, bh) {
  const body = { x1: x - bw / 2, y1: y - bh / 2, x2: x + bw / 2, y2: y + bh / 2 };
  const { tx, ty, tlen, edge, tip } = tail(x, y, sx, sy, bw, bh);
  const ex = x + (tx / tlen) * edge;
  const ey = y + (ty / tlen) * edge;
  const [px, py] = [x + tip[0], y + tip[1]];
  const spike = {
    x1: Math.min(ex, px) - 6, y1: Math.min(ey, py) - 6, x2: Math.max(ex, px) + 6, y2: Math.max(ey, py) + 6,
  };
  return blocks.reduce((sum, b) => sum + (overlap(body, b) + overlap(spike, b)) * (b.weight ?? 1), 0);
}

/** The bubble's centre: next to the caller, where it hides the least of the table. The
    places round the caller's card come first; on a crowded table (a phone's) a place on a
    grid over the table may win, each unit it lies from the nearest of those places costing
    as much as AWAY units of felt covered under a seat's card. */
const AWAY = 40;

function bubblePlace(view, g, seat, bw, bh) {
  const { L } = g;
  const [sx, sy] = g.seatSpot(seat, view.seats);
  const gapX = SEAT_W / 2 + bw / 2 + 8;
  const gapUp = 100 + bh / 2 + 8;
  const gapDown = 80 + bh / 2 + 8;
  const near = [
    [sx, sy - gapUp], [sx + gapX, sy], [sx - gapX, sy], [sx, sy + gapDown],
    [sx + gapX * 0.8, sy - gapUp * 0.8], [sx - gapX * 0.8, sy - gapUp * 0.8],
    [sx + gapX * 0.8, sy + gapDown * 0.8], [sx - gapX * 0.8, sy + gapDown * 0.8],
  ];
  const blocks = obstacles(view, g);
  let best = null;
  const consider = (cx, cy, away) => {
    const x = Math.min(L.w - bw / 2 - 6, Math.max(bw / 2 + 6, cx));
    const y = Math.min(L.h - bh / 2 - 6, Math.max(bh / 2 + 6, cy));
    const moved = away + Math.hypot(x - cx, y - cy);
    const score = hidden(blocks, x, y, sx, sy, bw, bh) + moved * AWAY;
    if (!best || score < best.score - 1) best = { x, y, score };
  };
  for (const [x, y] of near) consider(x, y, 0);
  // a place round the card that hides nothing and needs no move wins outright (every grid
  // place costs its distance): the grid is searched only on a crowded table
  if (best.score > 0) {
    for (let y = bh / 2 + 6; y <= L.h - bh / 2 - 6; y += 10) {
      for (let x = bw / 2 + 6; x <= L.w - bw / 2 - 6; x += 10) {
        consider(x, y, Math.min(...near.map(([nx, ny]) => Math.hypot(x - nx, y - ny))));
      }
    }
  }
  return [best.x, best.y];
}

/** How far a ray from 0,0 along (dx, dy) (a unit vector) goes before it enters `box`. */
function entry(box, dx, dy) {
  const slab = (lo, hi, d) => (Math.abs(d) < 1e-9 ? [-Infinity, Infinity] : [Math.min(lo / d, hi / d), Math.max(lo / d, hi / d)]);
  const [xin] = slab(box.x1, box.x2, dx);
  const [yin] = slab(box.y1, box.y2, dy);
  return Math.max(xin, yin, 0);
}

export function bubbleMarkup(view, g) {
  const bubble = view.bubble;
  if (!bubble) return "";
  const { tall } = g;
  const [sx, sy] = g.seatSpot(bubble.seat, view.seats);
  const bw = tall ? 250 : 320;
  const bh = tall ? 82 : 90;
  const [bx, by] = bubblePlace(view, g, bubble.seat, bw, bh);
  // The tail points from the bubble's edge towards the seat that called.
  const { tx, ty, tlen, edge, tip } = tail(bx, by, sx, sy, bw, bh);
  const ex = (tx / tlen) * edge;
  const ey = (ty / tlen) * edge;
  const px = (-ty / tlen) * 14;
  const py = (tx / tlen) * 14;
  return `<g class="call-bubble" data-testid="call-bubble" data-seat="${bubble.seat}" transform="translate(${bx.toFixed(1)} ${by.toFixed(1)})">
    <path class="bubble-tail" d="M${(ex * 0.8 + px).toFixed(1)} ${(ey * 0.8 + py).toFixed(1)} L${tip[0].toFixed(1)} ${tip[1].toFixed(1)} L${(ex * 0.8 - px).toFixed(1)} ${(ey * 0.8 - py).toFixed(1)} Z"/>
    <rect class="bubble-body" x="${-bw / 2}" y="${-bh / 2}" width="${bw}" height="${bh}" rx="28"/>
    <path class="bubble-tail-cover" d="M${(ex * 0.8 + px * 0.8).toFixed(1)} ${(ey * 0.8 + py * 0.8).toFixed(1)} L${(ex * 0.8 - px * 0.8).toFixed(1)} ${(ey * 0.8 - py * 0.8).toFixed(1)}"/>
    <text class="bubble-text" text-anchor="middle" y="${tall ? -6 : -7}">${escapeHtml(t("adm.bubble.first"))}</text>
    <text class="bubble-text" text-anchor="middle" y="${tall ? 24 : 26}">${escapeHtml(t("adm.bubble.second"))}</text>
  </g>`;
}
