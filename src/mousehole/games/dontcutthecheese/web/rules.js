// The pictures of the Don't Cut the Cheese "How to play" page (rules.html), drawn by the match
// page's own modules: the trap and its paper (trap.js), the spinner, Max, the seats' mice and
// the tokens (pieces.js). The words are in the page, and the pictures' few labels come from the
// catalogue (i18n.js); this module only draws, so the page reads the same without it. The strengths in the bite picture are the server's own numbers for that
// paper (`paper.after_bite`), written down here: the page never works a strength out.

import { COLOUR_WORDS, POINTER, dialMarkup, faceAngle, mouseMarkup, noseMarkup, tokenBackMarkup, tokenMarkup } from "./pieces.js";
import { keepLegible } from "/static/shared/legible.js";
import { escapeHtml } from "/static/shared/html.js";
import { t } from "/static/shared/i18n.js";
import { drawMeter, drawMouth, drawPaper, initTrap, setBars, setMeterFlat } from "./trap.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function add(svg, markup) {
  const g = document.createElementNS(SVG_NS, "g");
  g.innerHTML = markup;
  svg.append(g);
  return g;
}

function pic(name) {
  return document.querySelector(`[data-pic="${name}"]`);
}

function words(text, x, y) {
  return `<text class="rules-label" x="${x}" y="${y}" text-anchor="middle">${escapeHtml(text)}</text>`;
}

function drawGoal(svg) {
  add(svg, `<g transform="translate(90 100)">${mouseMarkup(0, "A", 40)}</g>
    <g transform="translate(220 100)">${tokenMarkup("orange", 30)}</g>
    <g transform="translate(310 100)">${tokenMarkup("white", 30)}</g>
    <g transform="translate(400 100)">${tokenMarkup("yellow", 30)}</g>
    ${words(COLOUR_WORDS.orange, 220, 170)}${words(COLOUR_WORDS.white, 310, 170)}${words(COLOUR_WORDS.yellow, 400, 170)}`);
}

function drawSpinner(svg) {
  add(svg, `${dialMarkup(118)}<g transform="rotate(${faceAngle(1)})">${noseMarkup(118 * POINTER)}</g>`);
}

function drawBite(svg) {
  const group = add(svg, "");
  initTrap(group);
  // Two bites from the top edge (rows 0-1, columns 2-3 and 5-6): strength 3. Max's mouth at
  // row 1, column 5 would leave strength 2 (the engine's numbers for this paper).
  const paper = ["##..#..#####", "##..#..#####", "############", "############", "############"];
  drawPaper({ paper, torn: false, hooked: true });
  setBars(false);
  drawMouth({ row: 1, col: 5 }, { before: 3, strength: 2 });
  // In a narrow picture (a phone's) the meter lies under the trap, as on the match page's tall
  // table, so that its numbers can be read.
  const frame = () => {
    const narrow = svg.clientWidth < 600;
    if (svg.dataset.layout === (narrow ? "narrow" : "wide")) return;
    svg.dataset.layout = narrow ? "narrow" : "wide";
    setMeterFlat(narrow);
    drawMeter(3, { after: 2 });
    group.setAttribute("transform", narrow ? "translate(0 2) scale(0.92)" : "");
    svg.setAttribute("viewBox", narrow ? "0 0 720 480" : "0 0 980 460");
  };
  new ResizeObserver(frame).observe(svg);
  frame();
}

function drawSnap(svg) {
  add(svg, `<path class="rules-bag" d="M40 110 C30 170 50 200 95 200 C140 200 160 170 150 110 C130 90 60 90 40 110 Z"
      fill="#c49a6c" stroke="#3a2817" stroke-width="3.5"/>
    <g transform="translate(200 70)">${tokenBackMarkup(22)}</g>
    <g transform="translate(300 70)">${tokenMarkup("orange", 22)}</g>
    <g transform="translate(400 140)">${mouseMarkup(1, "B", 34)}</g>
    <path class="rules-hop" d="M110 95 C140 40 170 40 190 60" fill="none" stroke="#3a2817" stroke-width="3"/>
    <path class="rules-hop" d="M222 70 L276 70" fill="none" stroke="#3a2817" stroke-width="3"/>
    <path class="rules-hop" d="M320 90 C350 110 370 120 380 120" fill="none" stroke="#3a2817" stroke-width="3"/>
    ${words(t("dcc.rules.pic.face-down"), 200, 30)}${words(t("dcc.rules.pic.turned"), 300, 120)}`);
}

drawGoal(pic("goal"));
drawSpinner(pic("spinner"));
drawBite(pic("bite"));
drawSnap(pic("snap"));
// What a picture would draw too small to read where it is shown is left out (legible.js).
for (const svg of document.querySelectorAll("svg.rules-pic")) keepLegible(svg);
document.body.dataset.drawn = "true";
