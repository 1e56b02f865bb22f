// The pictures of the Mouse Chaos "How to play" page (rules.html), drawn with the kitchen's
// own pieces (pieces.js): mice with their colour shapes, a holder showing its number, a cat,
// a chair, a mouse-hole. The words are in the page; this module only draws.

import { keepLegible } from "/static/shared/legible.js";
import { catSvg, chairSvg, holderSvg, mouseSvg } from "./pieces.js";

const at = (x, y, inner, s = 1.6) => `<g transform="translate(${x} ${y}) scale(${s})">${inner}</g>`;

function nest(x, y) {
  return `<rect class="mc-nest-bed" x="${x}" y="${y}" width="180" height="180" rx="14"/>`;
}

function floor() {
  return '<rect class="mc-tile mc-tile-a" x="4" y="4" width="472" height="212" rx="12"/>';
}

const PICTURES = {
  goal: () => `${floor()}${nest(150, 20)}${at(195, 65, mouseSvg({ colour: "red", lying: true, mother: true }))}
    ${at(285, 65, mouseSvg({ colour: "red", lying: true }))}${at(195, 155, mouseSvg({ colour: "red", lying: true }))}
    ${at(285, 155, mouseSvg({ colour: "red", lying: true }))}`,
  turn: () => `${floor()}${at(80, 110, holderSvg({ number: 3 }), 2.2)}${at(200, 110, mouseSvg({ colour: "green", peeked: true }))}
    ${at(300, 110, catSvg())}${at(400, 110, chairSvg("N"))}`,
  moving: () => `${floor()}<rect class="mc-wall" x="4" y="4" width="472" height="46" rx="8"/>
    <path class="mc-hole" d="M100 50 L100 34 Q100 18 120 18 Q140 18 140 34 L140 50 Z"/>
    <path class="mc-hole" d="M340 50 L340 34 Q340 18 360 18 Q380 18 380 34 L380 50 Z"/>
    <path class="rules-hop" d="M120 150 Q120 70 120 52 M140 36 Q240 -6 340 36 M360 52 Q360 90 360 150"/>
    ${at(120, 160, mouseSvg({}))}${at(360, 160, mouseSvg({}))}`,
  reveal: () => `${floor()}${nest(40, 20)}${at(85, 65, mouseSvg({ colour: "red", lying: true, mother: true }))}
    ${at(175, 65, mouseSvg({ colour: "red", lying: true }))}${at(85, 155, mouseSvg({}))}
    ${at(330, 120, mouseSvg({ colour: "blue", lying: true }))}
    <path class="rules-hop" d="M190 150 Q260 200 300 130"/>`,
};

for (const svg of document.querySelectorAll("svg[data-pic]")) {
  const draw = PICTURES[svg.getAttribute("data-pic")];
  if (draw) svg.innerHTML = draw();
}
// What a picture would draw too small to read where it is shown is left out (legible.js).
for (const svg of document.querySelectorAll("svg.rules-pic")) keepLegible(svg);
document.body.dataset.drawn = "true"; // every picture is drawn (the browser tests wait for it)
