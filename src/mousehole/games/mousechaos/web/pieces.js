// The pieces, drawn by hand in SVG: grey mice (a colour patch with its own shape, so the four
// colours never depend on colour alone, only where this seat knows the colour; an eye for "you
// peeked"), ginger cats, cheese holders (a "?" until picked, then their number), and chairs
// (seen from above: upright with the cross support drawn thick on its side, or lying tipped over).

import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";

/** The four colours: a fill and a shape each (colour-blind safe), and their words. */
export const COLOURS = {
  red: { fill: "#d8433b", shape: "heart", word: t("mc.colour.red") },
  blue: { fill: "#3b6fd8", shape: "square", word: t("mc.colour.blue") },
  green: { fill: "#3d9a4a", shape: "triangle", word: t("mc.colour.green") },
  yellow: { fill: "#f1c232", shape: "star", word: t("mc.colour.yellow") },
};

/** A colour's word ("red", "rot"), or "?" for a colour not known. */
export function colourWord(colour) {
  return COLOURS[colour]?.word ?? "?";
}

/** The shape of a colour, centred on 0 0, about `r` across. */
export function colourMark(colour, r = 7, extra = "") {
  const c = COLOURS[colour];
  if (!c) return "";
  const s = r;
  const shapes = {
    heart: `<path d="M0 ${s * 0.9} C${-s * 1.4} ${-s * 0.1} ${-s * 0.7} ${-s * 1.1} 0 ${-s * 0.35} C${s * 0.7} ${-s * 1.1} ${s * 1.4} ${-s * 0.1} 0 ${s * 0.9} Z"/>`,
    square: `<rect x="${-s * 0.75}" y="${-s * 0.75}" width="${s * 1.5}" height="${s * 1.5}" rx="1.5"/>`,
    triangle: `<path d="M0 ${-s * 0.95} L${s * 0.95} ${s * 0.75} L${-s * 0.95} ${s * 0.75} Z"/>`,
    star: `<path d="${star(s)}"/>`,
  };
  return `<g class="mc-colour ${extra}" fill="${c.fill}">${shapes[c.shape]}</g>`;
}

function star(r) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 ? r * 0.45 : r;
    points.push(`${(Math.cos(a) * d).toFixed(1)} ${(Math.sin(a) * d).toFixed(1)}`);
  }
  return `M${points.join(" L")} Z`;
}

/** A mouse seen from above, nose up, about 40 units long. `colour` only when known. */
export function mouseSvg({ colour = null, peeked = false, lying = false, mother = false }) {
  const body = mother ? 'rx="13" ry="17"' : 'rx="11" ry="15"';
  const tilt = lying ? ' transform="rotate(80)"' : "";
  const mark = colour ? colourMark(colour, lying ? 8 : 7) : "";
  const eye = peeked ? `<g class="mc-peek-mark" transform="translate(14 -14)"><circle r="7.5"/>
      <path d="M-5 0 Q0 -4.5 5 0 Q0 4.5 -5 0 Z"/><circle class="mc-pupil" r="1.8"/></g>` : "";
  return `<g class="mc-mouse-art${lying ? " mc-lying" : ""}"${tilt}>
    <path class="mc-tail" d="M0 14 C3 22 -6 24 -2 31"/>
    <ellipse class="mc-body" cx="0" cy="2" ${body}/>
    <circle class="mc-ear" cx="-8" cy="-11" r="5"/><circle class="mc-ear" cx="8" cy="-11" r="5"/>
    <circle class="mc-ear-in" cx="-8" cy="-11" r="2.4"/><circle class="mc-ear-in" cx="8" cy="-11" r="2.4"/>
    <path class="mc-snout" d="M-6 -10 Q0 -24 6 -10 Z"/>
    <circle class="mc-nose" cx="0" cy="-19" r="1.8"/>
    ${mark ? `<g transform="translate(0 3)">${mark}</g>` : ""}
  </g>${eye}`;
}

/** A ginger cat curled up, seen from above. */
export function catSvg() {
  return `<g class="mc-cat-art">
    <path class="mc-cat-tail" d="M14 12 C26 16 24 -2 16 -4"/>
    <ellipse class="mc-cat-body" cx="0" cy="4" rx="17" ry="14"/>
    <path class="mc-cat-stripe" d="M-10 0 q4 6 0 12 M-2 -8 q4 8 0 20 M7 -4 q3 7 0 14"/>
    <circle class="mc-cat-head" cx="0" cy="-10" r="11"/>
    <path class="mc-cat-ear" d="M-10 -14 L-9 -25 L-2 -19 Z M10 -14 L9 -25 L2 -19 Z"/>
    <circle class="mc-cat-eye" cx="-4" cy="-11" r="1.6"/><circle class="mc-cat-eye" cx="4" cy="-11" r="1.6"/>
    <path class="mc-cat-whisker" d="M-5 -7 l-9 -1 M-5 -5 l-9 2 M5 -7 l9 -1 M5 -5 l9 2"/>
  </g>`;
}

/** A cheese holder: an upturned dome over a wedge; `number` once known, else "?". */
export function holderSvg({ number = null, flip = false }) {
  const label = number === null || number === undefined ? "?" : String(number);
  return `<g class="mc-holder-art${flip ? " mc-flip" : ""}">
    <ellipse class="mc-holder-shadow" cx="2" cy="4" rx="20" ry="19"/>
    <circle class="mc-holder-dome" r="19"/>
    <path class="mc-holder-shine" d="M-11 -8 Q-6 -15 2 -15"/>
    <circle class="mc-holder-hole" cx="9" cy="8" r="2.6"/><circle class="mc-holder-hole" cx="-10" cy="7" r="2"/>
    <text class="mc-holder-number${label === "?" ? " mc-unknown" : ""}" y="7">${escapeHtml(label)}</text>
  </g>`;
}

const SIDE = { N: 0, E: 90, S: 180, W: 270 };

/** A chair seen from above: `pose` N/E/S/W (upright, its cross support on that side) or L. */
export function chairSvg(pose) {
  if (pose === "L") {
    return `<g class="mc-chair-art mc-chair-lying" transform="rotate(-20)">
      <rect class="mc-chair-seat" x="-24" y="-9" width="48" height="18" rx="4"/>
      <path class="mc-chair-leg" d="M-20 9 l-4 12 M20 9 l4 12 M-12 -9 l-2 -10 M12 -9 l2 -10"/>
      <rect class="mc-chair-back" x="-26" y="-21" width="52" height="7" rx="3"/>
    </g>`;
  }
  return `<g class="mc-chair-art" transform="rotate(${SIDE[pose] ?? 0})">
    <circle class="mc-chair-leg-dot" cx="-20" cy="-20" r="3.5"/><circle class="mc-chair-leg-dot" cx="20" cy="-20" r="3.5"/>
    <circle class="mc-chair-leg-dot" cx="-20" cy="20" r="3.5"/><circle class="mc-chair-leg-dot" cx="20" cy="20" r="3.5"/>
    <rect class="mc-chair-seat" x="-22" y="-22" width="44" height="44" rx="7"/>
    <path class="mc-chair-weave" d="M-14 -8 H14 M-14 2 H14 M-14 12 H14"/>
    <rect class="mc-chair-back" x="-26" y="-29" width="52" height="10" rx="3"/>
    <path class="mc-chair-cross" d="M-20 -24 L20 -24"/>
  </g>`;
}

/** "upright, its cross support to the north", "lying on its side": a pose in words. */
export function poseWords(pose) {
  return t(`mc.pose.${pose}`);
}
