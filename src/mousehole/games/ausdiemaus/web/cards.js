// Hand-drawn SVG art for the Aus die Maus! table: the cards (cheese, cat, a mouse with one to
// three paws, the back), the mouse chip, the paw icon and the seat tokens (a colour-blind-safe
// colour AND a shape AND the name, as every game's seat tokens have). Pure markup builders: no DOM.

import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";

const INK = "#3a2817";

/** Seat colours and shapes: every seat differs by shape, so colour is never the only cue. */
export const TOKENS = [
  { shape: "circle", colour: "#1f5fbf", light: "#cfe0fb", label: t("adm.token.circle") },
  { shape: "square", colour: "#b8500a", light: "#fbdcc4", label: t("adm.token.square") },
  { shape: "triangle", colour: "#23783a", light: "#cdeccf", label: t("adm.token.triangle") },
  { shape: "diamond", colour: "#7034a8", light: "#e6d4f6", label: t("adm.token.diamond") },
  { shape: "pentagon", colour: "#a3195b", light: "#f7d3e3", label: t("adm.token.pentagon") },
  { shape: "star", colour: "#45484d", light: "#dfe1e4", label: t("adm.token.star") },
];

export const CARD_W = 80;
export const CARD_H = 112;

function polygon(points) {
  return `M${points.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join(" L")} Z`;
}

function regular(n, r, turn = -Math.PI / 2, inner = null) {
  const points = [];
  const count = inner ? n * 2 : n;
  for (let k = 0; k < count; k += 1) {
    const a = turn + (k * 2 * Math.PI) / count;
    const rad = inner && k % 2 ? inner : r;
    points.push([Math.cos(a) * rad, Math.sin(a) * rad]);
  }
  return polygon(points);
}

/** The outline of a seat's shape, centred at 0,0, about 2*s across. */
export function shapePath(shape, s) {
  switch (shape) {
    case "square": return `<rect x="${-s}" y="${-s}" width="${2 * s}" height="${2 * s}" rx="${s * 0.2}"/>`;
    case "triangle": return `<path d="M0 ${-s * 1.2} L${s * 1.2} ${s * 0.85} L${-s * 1.2} ${s * 0.85} Z"/>`;
    case "diamond": return `<path d="M0 ${-s * 1.3} L${s * 1.15} 0 L0 ${s * 1.3} L${-s * 1.15} 0 Z"/>`;
    case "pentagon": return `<path d="${regular(5, s * 1.15)}"/>`;
    case "star": return `<path d="${regular(5, s * 1.3, -Math.PI / 2, s * 0.62)}"/>`;
    default: return `<circle r="${s}"/>`;
  }
}

/** A seat's marker (its shape in its colour, the initial in white), centred at 0,0. */
export function tokenMarkup(seat, letter, s = 12) {
  const token = TOKENS[seat % TOKENS.length];
  return `<g class="token token-${token.shape}">
    <g fill="${token.colour}" stroke="${INK}" stroke-width="2.2" stroke-linejoin="round">${shapePath(token.shape, s)}</g>
    <text class="token-letter" y="${token.shape === "triangle" ? s * 0.22 : 0}" dy="0.36em" text-anchor="middle" fill="#ffffff">${escapeHtml(letter)}</text>
  </g>`;
}

/** The marker as a small standalone <svg> (for lists and dialogs). */
export function tokenSvg(seat, letter, px = 30) {
  return `<svg class="token-svg" viewBox="-17 -17 34 34" width="${px}" height="${px}" aria-hidden="true" focusable="false">${tokenMarkup(seat, letter, 12)}</svg>`;
}

// ---------------------------------------------------------------- small icons

/** A paw print centred at 0,0 (about 2*s across); `used` draws it hollow and dashed. */
export function pawMarkup(s = 10, used = false) {
  const fill = used ? "none" : INK;
  const dash = used ? ` stroke-dasharray="2 2"` : "";
  const toe = (x, y, r) => `<ellipse cx="${x * s}" cy="${y * s}" rx="${r * s}" ry="${r * s * 1.2}"/>`;
  return `<g class="paw${used ? " paw-used" : ""}" fill="${fill}" stroke="${INK}" stroke-width="${used ? 1.4 : 0.8}"${dash}>
    <path d="M${-0.55 * s} ${0.55 * s} C${-0.75 * s} ${0.05 * s} ${-0.3 * s} ${-0.2 * s} 0 ${-0.2 * s} C${0.3 * s} ${-0.2 * s} ${0.75 * s} ${0.05 * s} ${0.55 * s} ${0.55 * s} C${0.4 * s} ${0.85 * s} ${-0.4 * s} ${0.85 * s} ${-0.55 * s} ${0.55 * s} Z"/>
    ${toe(-0.72, -0.42, 0.2)}${toe(-0.26, -0.78, 0.2)}${toe(0.26, -0.78, 0.2)}${toe(0.72, -0.42, 0.2)}
  </g>`;
}

export function pawSvg(px = 18, used = false) {
  return `<svg class="paw-svg" viewBox="-11 -11 22 22" width="${px}" height="${px}" aria-hidden="true" focusable="false">${pawMarkup(9, used)}</svg>`;
}

/** A mouse chip: a round cheese-yellow token with a mouse face on it, centred at 0,0. */
export function chipMarkup(r = 13) {
  const k = r / 13;
  return `<g class="chip-token">
    <circle r="${r}" fill="#f6c945" stroke="${INK}" stroke-width="2"/>
    <circle r="${r - 3.2 * k}" fill="none" stroke="#b8860b" stroke-width="${1.2 * k}" stroke-dasharray="${2.5 * k} ${2 * k}"/>
    <circle cx="${-4.6 * k}" cy="${-4 * k}" r="${3 * k}" fill="#e9a3ad" stroke="${INK}" stroke-width="${1.2 * k}"/>
    <circle cx="${4.6 * k}" cy="${-4 * k}" r="${3 * k}" fill="#e9a3ad" stroke="${INK}" stroke-width="${1.2 * k}"/>
    <ellipse cy="${1.6 * k}" rx="${5.2 * k}" ry="${4.4 * k}" fill="#a39a8f" stroke="${INK}" stroke-width="${1.2 * k}"/>
    <circle cx="${-1.9 * k}" cy="${0.8 * k}" r="${0.9 * k}" fill="${INK}"/>
    <circle cx="${1.9 * k}" cy="${0.8 * k}" r="${0.9 * k}" fill="${INK}"/>
    <circle cy="${4.2 * k}" r="${1.1 * k}" fill="#c95a6a"/>
  </g>`;
}

export function chipSvg(px = 24) {
  return `<svg class="chip-svg" viewBox="-14 -14 28 28" width="${px}" height="${px}" aria-hidden="true" focusable="false">${chipMarkup(13)}</svg>`;
}

// ---------------------------------------------------------------- cards

/** What a card is called in sentences ("a cat", "a mouse with 2 paws"). */
export function cardPhrase(card) {
  if (card === "cheese") return t("adm.card.cheese");
  if (card === "cat") return t("adm.card.cat");
  const paws = pawsOf(card);
  if (paws) return t("adm.card.mouse", { count: paws });
  return String(card);
}

/** Short name for labels ("Cheese", "Cat", "Mouse 2"). */
export function cardLabel(card) {
  if (card === "cheese") return t("adm.label.cheese");
  if (card === "cat") return t("adm.label.cat");
  const paws = pawsOf(card);
  return paws ? t("adm.label.mouse", { paws }) : String(card);
}

export function pawsOf(card) {
  const match = /^mouse([1-3])$/.exec(String(card));
  return match ? Number(match[1]) : 0;
}

const FACE = {
  cheese: { band: "#f6c945", paper: "#fff8dc", label: t("adm.face.cheese") },
  cat: { band: "#5d7f9e", paper: "#eef3f7", label: t("adm.face.cat") },
  mouse: { band: "#c95a6a", paper: "#fdf0f0", label: t("adm.face.mouse") },
};

function cheeseArt() {
  return `<g stroke="${INK}" stroke-width="2.2" stroke-linejoin="round">
    <path d="M14 70 L62 46 L68 58 Z" fill="#fbe08a"/>
    <path d="M14 70 L68 58 L68 80 L14 86 Z" fill="#f6c945"/>
    <path d="M68 58 L62 46 L62 66 L68 80" fill="#e39b2d"/>
    <ellipse cx="28" cy="76" rx="4.5" ry="3.4" fill="#d9a21c" stroke-width="1.6"/>
    <ellipse cx="46" cy="71" rx="3.4" ry="2.6" fill="#d9a21c" stroke-width="1.6"/>
    <ellipse cx="56" cy="78" rx="2.6" ry="2" fill="#d9a21c" stroke-width="1.6"/>
    <ellipse cx="42" cy="61" rx="2.4" ry="1.4" fill="#d9a21c" stroke-width="1.4"/>
  </g>`;
}

function catArt() {
  return `<g stroke="${INK}" stroke-width="2.2" stroke-linejoin="round" stroke-linecap="round">
    <path d="M16 54 L20 32 L32 44 Q40 40 48 44 L60 32 L64 54 Q66 78 40 82 Q14 78 16 54 Z" fill="#8fa3b3"/>
    <path d="M21 38 L30 46 M59 38 L50 46" stroke-width="1.6" fill="none"/>
    <ellipse cx="31" cy="58" rx="4.2" ry="5" fill="#f6e27a"/>
    <ellipse cx="49" cy="58" rx="4.2" ry="5" fill="#f6e27a"/>
    <path d="M31 55 v6 M49 55 v6" stroke-width="2.2"/>
    <path d="M37 66 L43 66 L40 69 Z" fill="#e9a3ad" stroke-width="1.6"/>
    <path d="M40 69 Q36 74 33 71 M40 69 Q44 74 47 71" fill="none" stroke-width="1.6"/>
    <path d="M28 67 L12 64 M28 70 L13 72 M52 67 L68 64 M52 70 L67 72" stroke-width="1.3"/>
  </g>`;
}

function mouseArt() {
  return `<g stroke="${INK}" stroke-width="2.2" stroke-linejoin="round" stroke-linecap="round">
    <path d="M58 70 C70 70 72 60 66 56" fill="none"/>
    <path d="M18 72 C16 56 28 46 42 48 C54 50 62 60 58 72 Z" fill="#a39a8f"/>
    <circle cx="26" cy="46" r="8" fill="#e9a3ad"/>
    <circle cx="44" cy="42" r="8" fill="#e9a3ad"/>
    <circle cx="28" cy="58" r="2" fill="${INK}" stroke="none"/>
    <circle cx="40" cy="57" r="2" fill="${INK}" stroke="none"/>
    <circle cx="34" cy="64" r="2.4" fill="#c95a6a" stroke-width="1.4"/>
    <path d="M30 65 L20 63 M38 65 L48 62" stroke-width="1.2"/>
  </g>`;
}

/**
 * The face of `card` as markup in a CARD_W × CARD_H box at 0,0 (no <svg> around it).
 * Every face says what it is in words too, so colour and picture are never the only cue.
 */
export function cardFaceMarkup(card) {
  const paws = pawsOf(card);
  const kind = paws ? "mouse" : card === "cat" ? "cat" : "cheese";
  const face = FACE[kind];
  const art = kind === "cheese" ? cheeseArt() : kind === "cat" ? catArt() : mouseArt();
  let pawRow = "";
  if (paws) {
    const gap = 20;
    const start = 40 - ((paws - 1) * gap) / 2;
    pawRow = Array.from({ length: paws }, (_, i) => `<g transform="translate(${start + i * gap} 98)">${pawMarkup(8)}</g>`).join("");
  }
  return `<g class="card-face card-${kind}" data-card="${escapeHtml(card)}">
    <rect x="1.5" y="1.5" width="${CARD_W - 3}" height="${CARD_H - 3}" rx="9" fill="${face.paper}" stroke="${INK}" stroke-width="2.6"/>
    <path d="M1.5 26 V10.5 Q1.5 1.5 10.5 1.5 H69.5 Q78.5 1.5 78.5 10.5 V26 Z" fill="${face.band}" stroke="${INK}" stroke-width="2.2"/>
    <text class="card-name" x="40" y="19.5" text-anchor="middle" fill="${kind === "cheese" ? INK : "#ffffff"}">${face.label}</text>
    ${art}
    ${pawRow}
  </g>`;
}

/** A face-down card (the red back of the deck): no information at all. */
export function cardBackMarkup() {
  return `<g class="card-back">
    <rect x="1.5" y="1.5" width="${CARD_W - 3}" height="${CARD_H - 3}" rx="9" fill="#a63d4f" stroke="${INK}" stroke-width="2.6"/>
    <rect x="8" y="8" width="${CARD_W - 16}" height="${CARD_H - 16}" rx="6" fill="none" stroke="#f6d5dc" stroke-width="1.6" stroke-dasharray="4 3"/>
    <path d="M26 70 V56 A14 14 0 0 1 54 56 V70 Z" fill="#3a2817" stroke="#f6d5dc" stroke-width="1.8"/>
    <circle cx="30" cy="38" r="3" fill="#f6c945" opacity="0.8"/>
    <circle cx="52" cy="34" r="2.2" fill="#f6c945" opacity="0.8"/>
    <circle cx="44" cy="86" r="2.6" fill="#f6c945" opacity="0.8"/>
  </g>`;
}

/** A whole card as a standalone <svg> (for the flying card's faces and for the log). */
export function cardSvg(card, px = CARD_W) {
  const inner = card ? cardFaceMarkup(card) : cardBackMarkup();
  const h = Math.round((px * CARD_H) / CARD_W);
  return `<svg class="card-svg" viewBox="0 0 ${CARD_W} ${CARD_H}" width="${px}" height="${h}" aria-hidden="true" focusable="false">${inner}</svg>`;
}
