// Hand-drawn SVG pieces of Don't Cut the Cheese: the seats' mice, the three token colours (each
// with its own shape and pattern as well as its colour, so no colour is told by colour alone),
// the spinner's six faces and Max the Mouse. Markup builders only: no DOM, no rules.

import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";

export const INK = "#3a2817";

/** The seats' mice: a fur colour and a collar of its own, named in words for screen readers. */
export const MICE = [
  { fur: "#8d99a6", collar: "#1f5fbf", label: t("dcc.mouse.0") },
  { fur: "#b07a4f", collar: "#a3195b", label: t("dcc.mouse.1") },
  { fur: "#e8e1d3", collar: "#23783a", label: t("dcc.mouse.2") },
  { fur: "#5d5148", collar: "#b8500a", label: t("dcc.mouse.3") },
  { fur: "#c9a36b", collar: "#7034a8", label: t("dcc.mouse.4") },
  { fur: "#9c6b6b", collar: "#136f74", label: t("dcc.mouse.5") },
];

/** The token colours, in the server's order, with their shape and pattern. */
export const COLOURS = ["orange", "white", "yellow"];
/** A token colour's name in the reader's language ("orange", "Weiß"). */
export const COLOUR_WORDS = {
  orange: t("dcc.colour.orange"),
  white: t("dcc.colour.white"),
  yellow: t("dcc.colour.yellow"),
};
export const TOKEN_LOOK = {
  orange: { fill: "#ef8a2c", mark: "#8a3f06", shape: "round", pattern: "stripes" },
  white: { fill: "#fbf8ef", mark: "#6b5a48", shape: "square", pattern: "dots" },
  yellow: { fill: "#f6d33c", mark: "#8a6a06", shape: "wedge", pattern: "holes" },
};

/** The spinner's faces, in the server's order (docs/games/dontcutthecheese.md), and their words. */
export const FACES = ["bite1", "bite2", "bite3", "skip", "reverse", "bite_spin"];
export const FACE_WORDS = Object.fromEntries(FACES.map((face) => [face, t(`dcc.face.${face}`)]));
/** The dial's shorter words, a line break where a face's words take two lines (plain text). */
const DIAL_WORDS = Object.fromEntries(FACES.map((face) => [face, t(`dcc.dial.${face}`)]));
const FACE_FILL = ["#fbe08a", "#f6c945", "#e9b53a", "#d9e6f2", "#f3c6cf", "#cfe8c9"];

/** A seat's mouse face centred at 0,0 (about 2.4 * s across), its initial on the collar (a
    bib large enough for the letter to read at 11 px wherever the mouse is drawn). */
export function mouseMarkup(seat, letter, s = 14) {
  const m = MICE[seat % MICE.length];
  return `<g class="seat-mouse">
    <circle cx="${-s * 0.78}" cy="${-s * 0.72}" r="${s * 0.5}" fill="${m.fur}" stroke="${INK}" stroke-width="2"/>
    <circle cx="${s * 0.78}" cy="${-s * 0.72}" r="${s * 0.5}" fill="${m.fur}" stroke="${INK}" stroke-width="2"/>
    <circle cx="${-s * 0.78}" cy="${-s * 0.72}" r="${s * 0.26}" fill="#f2b6c0"/>
    <circle cx="${s * 0.78}" cy="${-s * 0.72}" r="${s * 0.26}" fill="#f2b6c0"/>
    <ellipse rx="${s}" ry="${s * 0.92}" fill="${m.fur}" stroke="${INK}" stroke-width="2.2"/>
    <circle cx="${-s * 0.34}" cy="${-s * 0.18}" r="${s * 0.11}" fill="${INK}"/>
    <circle cx="${s * 0.34}" cy="${-s * 0.18}" r="${s * 0.11}" fill="${INK}"/>
    <circle cy="${s * 0.12}" r="${s * 0.13}" fill="#d9606f"/>
    <rect x="${-s * 0.65}" y="${s * 0.36}" width="${s * 1.3}" height="${s * 0.8}" rx="${s * 0.22}" fill="${m.collar}" stroke="${INK}" stroke-width="1.6"/>
    <text class="mouse-letter" y="${s * 0.76}" dy="0.36em" text-anchor="middle" font-size="${s * 0.9}" fill="#ffffff">${escapeHtml(letter)}</text>
  </g>`;
}

/** The seat's mouse as a small standalone <svg> (lists, dialogs, the new-match form). */
export function mouseSvg(seat, letter, px = 32) {
  return `<svg class="mouse-svg" viewBox="-22 -24 44 46" width="${px}" height="${px}" aria-hidden="true" focusable="false">${mouseMarkup(seat, letter, 16)}</svg>`;
}

/** One token centred at 0,0 (about 2 * r across): its colour, its shape and its pattern. */
export function tokenMarkup(colour, r = 12) {
  const look = TOKEN_LOOK[colour];
  const body = look.shape === "square"
    ? `<rect x="${-r * 0.9}" y="${-r * 0.9}" width="${r * 1.8}" height="${r * 1.8}" rx="${r * 0.3}"/>`
    : look.shape === "wedge"
      ? `<path d="M${-r} ${r * 0.8} L${r} ${r * 0.8} L${r * 0.25} ${-r} Z" stroke-linejoin="round"/>`
      : `<circle r="${r}"/>`;
  let marks = "";
  if (look.pattern === "stripes") {
    marks = [-0.45, 0, 0.45].map((k) => `<line x1="${(k - 0.3) * r}" y1="${(0.55 - Math.abs(k) * 0.3) * r}" x2="${(k + 0.3) * r}" y2="${(-0.55 + Math.abs(k) * 0.3) * r}"/>`).join("");
    marks = `<g stroke="${look.mark}" stroke-width="${r * 0.16}" stroke-linecap="round">${marks}</g>`;
  } else if (look.pattern === "dots") {
    marks = [[-0.4, -0.4], [0.4, -0.4], [0, 0], [-0.4, 0.4], [0.4, 0.4]]
      .map(([x, y]) => `<circle cx="${x * r}" cy="${y * r}" r="${r * 0.13}"/>`).join("");
    marks = `<g fill="${look.mark}">${marks}</g>`;
  } else {
    marks = [[0.05, -0.15, 0.17], [-0.35, 0.45, 0.13], [0.4, 0.45, 0.11]]
      .map(([x, y, k]) => `<circle cx="${x * r}" cy="${y * r}" r="${k * r}"/>`).join("");
    marks = `<g fill="${look.mark}" opacity="0.75">${marks}</g>`;
  }
  return `<g class="token token-${colour}"><g fill="${look.fill}" stroke="${INK}" stroke-width="${Math.max(1.4, r * 0.14)}">${body}</g>${marks}</g>`;
}

/** A token face down (as drawn from the bag): plain rind-brown with a question mark. */
export function tokenBackMarkup(r = 12) {
  return `<g class="token token-back"><circle r="${r}" fill="#a9713c" stroke="${INK}" stroke-width="${Math.max(1.4, r * 0.14)}"/>
    <text y="${r * 0.38}" text-anchor="middle" font-size="${r * 1.1}" fill="#fff8e4">?</text></g>`;
}

/** A token as a standalone <svg>. */
export function tokenSvg(colour, px = 22) {
  return `<svg class="token-svg" viewBox="-14 -14 28 28" width="${px}" height="${px}" aria-hidden="true" focusable="false">${tokenMarkup(colour, 12)}</svg>`;
}

/** The point at `angle` degrees (clockwise from straight up) at radius `r`. */
export function polar(angle, r) {
  const a = ((angle - 90) * Math.PI) / 180;
  return [Math.cos(a) * r, Math.sin(a) * r];
}

/** The middle of face `index`'s segment, in degrees clockwise from straight up. */
export function faceAngle(index) {
  return index * 60 + 30;
}

function faceIcon(face, r) {
  const dot = (x, y) => `<circle cx="${x}" cy="${y}" r="${r * 0.05}" fill="${INK}"/>`;
  if (face.startsWith("bite") && face !== "bite_spin") {
    const n = Number(face.slice(4));
    return Array.from({ length: n }, (_, i) => dot((i - (n - 1) / 2) * r * 0.127, 0)).join("");
  }
  if (face === "bite_spin") return `${dot(-r * 0.07, 0)}<path d="M${r * 0.01} ${-r * 0.06} a${r * 0.07} ${r * 0.07} 0 1 1 0 ${r * 0.12}" fill="none" stroke="${INK}" stroke-width="2.2"/>`;
  if (face === "skip") return `<path d="M${-r * 0.1} ${-r * 0.08} l${r * 0.1} ${r * 0.08} l${-r * 0.1} ${r * 0.08} M0 ${-r * 0.08} l${r * 0.1} ${r * 0.08} l${-r * 0.1} ${r * 0.08}" fill="none" stroke="${INK}" stroke-width="2.4"/>`;
  return `<path d="M${-r * 0.12} ${r * 0.02} a${r * 0.1} ${r * 0.08} 0 1 1 ${r * 0.2} 0" fill="none" stroke="${INK}" stroke-width="2.4"/><path d="M${-r * 0.17} ${-r * 0.02} l${r * 0.05} ${r * 0.08} l${r * 0.06} ${-r * 0.06}" fill="none" stroke="${INK}" stroke-width="2.2"/>`;
}

/** The size the spinner's pointer is drawn at (noseMarkup's r), in dial radii. */
export const POINTER = 0.5;

/** Where each face's words and icon sit, in units of the dial's radius (x right, y down): the
    middle of the words' ink and the icon's centre. Each face has its own: the widest words of
    either language (on two lines where a language breaks them) keep clear of the segment's
    edges, of the rim, of the icon and of the pointer resting on that face. On the faces at the
    sides the words sit off the middle, below the pointer's nose, and the icon above them; a
    segment is too narrow there for both along its middle. tests/games/dontcutthecheese/
    browser/test_spinner.py measures the drawn ink on a phone and a laptop in both languages. */
const DIAL_SPOTS = {
  bite1: { words: [0.32, -0.54], icon: [0.17, -0.8] },
  bite2: { words: [0.66, 0.1], icon: [0.73, -0.24] },
  bite3: { words: [0.34, 0.525], icon: [0.25, 0.755] },
  skip: { words: [-0.29, 0.51], icon: [-0.16, 0.805] },
  reverse: { words: [-0.66, 0.1], icon: [-0.72, -0.16] },
  bite_spin: { words: [-0.27, -0.51], icon: [-0.19, -0.8] },
};
/** A line's ink, in ems of its font (Kalam's): 0.8 above the baseline, at most 0.25 below;
    lines 1.05 apart. The words' first baseline is set from these so that their ink is centred
    on its spot whatever the font size (the table's CSS sets it per layout). */
const ASCENT = 0.8;
const DESCENT = 0.25;
const LINE = 1.05;

/** The spinner's dial (radius r): six equal segments, each with its words and an icon. */
export function dialMarkup(r) {
  const parts = FACES.map((face, i) => {
    const [x0, y0] = polar(i * 60, r);
    const [x1, y1] = polar(i * 60 + 60, r);
    const spot = DIAL_SPOTS[face];
    const [tx, ty] = spot.words.map((k) => (k * r).toFixed(1));
    const [ix, iy] = spot.icon.map((k) => (k * r).toFixed(1));
    const lines = DIAL_WORDS[face].split("\n");
    const first = (ASCENT - DESCENT - (lines.length - 1) * LINE) / 2;
    const tspans = lines.map((line, k) => `<tspan x="${tx}" dy="${k ? LINE : first.toFixed(3)}em">${escapeHtml(line)}</tspan>`).join("");
    return `<g class="dial-face" data-face="${face}">
      <path d="M0 0 L${x0.toFixed(1)} ${y0.toFixed(1)} A${r} ${r} 0 0 1 ${x1.toFixed(1)} ${y1.toFixed(1)} Z" fill="${FACE_FILL[i]}" stroke="${INK}" stroke-width="2.5"/>
      <text class="dial-text" x="${tx}" y="${ty}" text-anchor="middle">${tspans}</text>
      <g class="dial-icon" transform="translate(${ix} ${iy})">${faceIcon(face, r)}</g>
    </g>`;
  });
  return `<circle r="${r + 10}" class="dial-rim"/>${parts.join("")}`;
}

/** The spinner's pointer: a mouse seen from above, its nose pointing straight up (rotate it),
    its tail curled up beside its body so that it stays off the words of the face behind it. */
export function noseMarkup(r) {
  return `<g class="nose-mouse">
    <path d="M0 ${r * 0.5} C${r * 0.12} ${r * 0.7} ${r * 0.38} ${r * 0.7} ${r * 0.44} ${r * 0.5}" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>
    <path d="M0 ${-r * 0.62} C${r * 0.16} ${-r * 0.4} ${r * 0.3} ${-r * 0.05} ${r * 0.26} ${r * 0.22} C${r * 0.2} ${r * 0.5} ${-r * 0.2} ${r * 0.5} ${-r * 0.26} ${r * 0.22} C${-r * 0.3} ${-r * 0.05} ${-r * 0.16} ${-r * 0.4} 0 ${-r * 0.62} Z" fill="#9aa3ad" stroke="${INK}" stroke-width="3"/>
    <circle cx="${-r * 0.2}" cy="${-r * 0.12}" r="${r * 0.12}" fill="#9aa3ad" stroke="${INK}" stroke-width="2.5"/>
    <circle cx="${r * 0.2}" cy="${-r * 0.12}" r="${r * 0.12}" fill="#9aa3ad" stroke="${INK}" stroke-width="2.5"/>
    <circle cx="${-r * 0.2}" cy="${-r * 0.12}" r="${r * 0.06}" fill="#f2b6c0"/>
    <circle cx="${r * 0.2}" cy="${-r * 0.12}" r="${r * 0.06}" fill="#f2b6c0"/>
    <circle cy="${-r * 0.64}" r="${r * 0.06}" fill="#d9606f" stroke="${INK}" stroke-width="1.5"/>
  </g>`;
}

/** Max the Mouse's head above his 2 x 2 mouth (w across), for the mouth preview. */
export function maxMarkup(w) {
  const h = w * 0.5;
  return `<g class="max-head">
    <circle cx="${w * 0.2}" cy="${-h * 0.95}" r="${w * 0.17}" fill="#9aa3ad" stroke="${INK}" stroke-width="3"/>
    <circle cx="${w * 0.8}" cy="${-h * 0.95}" r="${w * 0.17}" fill="#9aa3ad" stroke="${INK}" stroke-width="3"/>
    <circle cx="${w * 0.2}" cy="${-h * 0.95}" r="${w * 0.09}" fill="#f2b6c0"/>
    <circle cx="${w * 0.8}" cy="${-h * 0.95}" r="${w * 0.09}" fill="#f2b6c0"/>
    <path d="M${w * 0.08} ${-h * 0.1} C${w * 0.05} ${-h * 0.9} ${w * 0.95} ${-h * 0.9} ${w * 0.92} ${-h * 0.1} Z" fill="#9aa3ad" stroke="${INK}" stroke-width="3"/>
    <circle cx="${w * 0.36}" cy="${-h * 0.45}" r="${w * 0.045}" fill="${INK}"/>
    <circle cx="${w * 0.64}" cy="${-h * 0.45}" r="${w * 0.045}" fill="${INK}"/>
    <path d="M${w * 0.2} ${-h * 0.22} l${-w * 0.2} ${-h * 0.06} M${w * 0.2} ${-h * 0.16} l${-w * 0.2} ${h * 0.04} M${w * 0.8} ${-h * 0.22} l${w * 0.2} ${-h * 0.06} M${w * 0.8} ${-h * 0.16} l${w * 0.2} ${h * 0.04}" stroke="${INK}" stroke-width="1.6"/>
  </g>`;
}
