// The pictures of the Aus die Maus! "How to play" page (rules.html), drawn by the table's own
// card art (cards.js): the card faces and back, the mouse chip, the paws and the seat markers.
// The words are in the page; this module only draws, so the page reads the same without it.

import { keepLegible } from "/static/shared/legible.js";
import { t } from "/static/shared/i18n.js";
import { escapeHtml } from "/static/shared/html.js";
import { CARD_W, CARD_H, cardBackMarkup, cardFaceMarkup, chipMarkup, pawMarkup, tokenMarkup } from "./cards.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const INK = "#3a2817";

function fill(svg, markup) {
  const g = document.createElementNS(SVG_NS, "g");
  g.innerHTML = markup;
  svg.append(g);
}

/** A card (a face, or the back when `card` is null) with its top left corner at (x, y). */
function card(card, x, y, { scale = 1, turn = 0 } = {}) {
  const cx = (CARD_W * scale) / 2;
  const cy = (CARD_H * scale) / 2;
  const inner = card ? cardFaceMarkup(card) : cardBackMarkup();
  return `<g transform="translate(${x} ${y}) rotate(${turn} ${cx} ${cy}) scale(${scale})">${inner}</g>`;
}

/** A face-down stack of `layers` cards, its bottom card's top left corner at (x, y). */
function stack(x, y, layers, scale = 0.8) {
  let out = "";
  for (let i = 0; i < layers; i += 1) out += card(null, x + i * 2, y - i * 4, { scale });
  return out;
}

function token(seat, x, y, size = 13) {
  return `<g transform="translate(${x} ${y})">${tokenMarkup(seat, "", size)}</g>`;
}

function arrow(d, head) {
  const [x, y, angle] = head;
  return `<path class="rules-hop" d="${d}"/>
    <path class="rules-arrow" d="M-10 -7 L0 0 L-10 7" transform="translate(${x} ${y}) rotate(${angle})"/>`;
}

/** A picture's word (a message of the page's catalogue), written at (x, y). */
function label(key, x, y, anchor = "middle", params = {}) {
  return `<text class="rules-label" x="${x}" y="${y}" text-anchor="${anchor}">${escapeHtml(t(key, params))}</text>`;
}

function pic(name) {
  return document.querySelector(`[data-pic="${name}"]`);
}

// ---------------------------------------------------------------- the pictures

function drawGoal(svg) {
  const stacks = [[0, 12], [1, 6], [2, 3]];
  let out = "";
  stacks.forEach(([seat, layers], i) => {
    const x = 50 + i * 150;
    out += stack(x, 172 - CARD_H * 0.8, layers);
    out += token(seat, x + 32, 198, 14);
  });
  out += label("adm.badge.winner", 190, 40, "start");
  out += arrow("M186 34 C160 24 140 26 124 36", [124, 36, 160]);
  fill(svg, out);
}

function drawTurn(svg) {
  fill(svg, `${stack(34, 172 - CARD_H * 0.8, 7)}
    ${token(0, 66, 194, 12)}
    ${arrow("M120 52 C170 0 230 0 262 40", [262, 40, 55])}
    ${card("cheese", 282, 70, { scale: 0.95, turn: -8 })}
    ${card("cat", 304, 64, { scale: 0.95, turn: 5 })}
    ${card("mouse2", 330, 60, { scale: 0.95, turn: -3 })}
    ${label("adm.pic.mouse", 440, 40)}`);
}

function chaseRow(y, mouse, turned, outcome, gap) {
  let out = card(mouse, 8, y + 8, { scale: 0.85 });
  out += arrow(`M84 ${y + 58} L112 ${y + 58}`, [114, y + 58, 0]);
  turned.forEach((name, i) => {
    out += card(name, 124 + i * gap, y + 8, { scale: 0.85 });
  });
  return out + outcome;
}

/** The chase picture is drawn narrower on a phone (its outcomes close beside the cards), so the
    cards' names are drawn at 11 px or more instead of too small to show (legible.js). */
const NARROW_CHASE = matchMedia("(max-width: 40rem)");

function drawChase(svg) {
  const narrow = NARROW_CHASE.matches;
  const width = narrow ? 384 : 520;
  const x = narrow ? 325 : 404; // the outcomes' middle
  const caught = `${label("adm.pic.caught", x, 44)}
    <g transform="translate(${x - (narrow ? 40 : 24)} 80)">${chipMarkup(18)}</g>
    ${label("adm.pic.pile", x + (narrow ? 22 : 40), 88)}`;
  const paws = [0, 1, 2].map((i) => `<g transform="translate(${x - 30 + i * 30} 200)">${pawMarkup(11)}</g>`).join("");
  const passed = `${label("adm.pic.passed", x, 170)}${paws}${label("adm.tries", x, 240, "middle", { count: 3 })}`;
  const away = `${label("adm.pic.away", x, 314)}${label("adm.pic.pile-to", x, 346)}${label("adm.pic.owner", x, 372)}`;
  const gap = narrow ? 70 : 76; // the turned cards' spacing (68 units wide)
  svg.setAttribute("viewBox", `0 0 ${width} 390`);
  svg.replaceChildren();
  fill(svg, `${chaseRow(0, "mouse2", ["cheese", "cat"], caught, gap)}
    ${chaseRow(130, "mouse1", ["mouse3"], passed, gap)}
    ${chaseRow(260, "mouse2", ["cheese", "cheese"], away, gap)}
    <path d="M4 128 H${width - 4} M4 258 H${width - 4}" stroke="${INK}" stroke-width="1.5"
      stroke-dasharray="3 7" stroke-linecap="round" opacity="0.5"/>`);
}

function drawPile(svg) {
  const pile = [0, 1, 2].map((i) => card(null, 300 + i * 10, 96 - i * 6, { scale: 0.7, turn: 8 - i * 6 })).join("");
  fill(svg, `${stack(70, 150 - CARD_H * 0.8, 6)}
    ${token(0, 102, 190, 12)}
    ${pile}
    ${arrow("M300 170 C250 200 200 196 168 170", [168, 170, -150])}
    ${label("adm.pic.under", 236, 206)}`);
}

function drawEnd(svg) {
  // The catcher's own chips in a stack, and the last chip of the game flying onto it.
  let chips = "";
  for (let i = 0; i < 4; i += 1) {
    chips += `<g transform="translate(320 ${176 - i * 12})"><ellipse cy="6" rx="30" ry="8" fill="#b8860b"
      stroke="${INK}" stroke-width="2"/><g transform="scale(1 0.3)">${chipMarkup(30)}</g></g>`;
  }
  fill(svg, `${chips}
    ${token(2, 400, 160, 18)}
    <g transform="translate(110 80)">${chipMarkup(30)}</g>
    ${arrow("M150 70 C200 30 270 40 310 100", [310, 100, 60])}
    ${label("adm.pic.last-chip", 110, 150)}
    ${label("adm.pic.game-over", 330, 214)}`);
}

for (const node of document.querySelectorAll("[data-card-pic]")) {
  const name = node.dataset.cardPic;
  fill(node, name === "back" ? cardBackMarkup() : cardFaceMarkup(name));
}
for (const node of document.querySelectorAll("[data-chip-pic]")) fill(node, chipMarkup(14));
drawGoal(pic("goal"));
drawTurn(pic("turn"));
drawChase(pic("chase"));
NARROW_CHASE.addEventListener("change", () => drawChase(pic("chase")));
drawPile(pic("pile"));
drawEnd(pic("end"));
// What a picture would draw too small to read where it is shown is left out (legible.js).
for (const svg of document.querySelectorAll("svg.rules-pic")) keepLegible(svg);
document.body.dataset.drawn = "true";
