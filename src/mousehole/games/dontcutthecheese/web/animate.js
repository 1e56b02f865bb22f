// Playing the committed moves of Don't Cut the Cheese: the spinner whirring to its face, Reverse
// turning the arrows round, Max's bite punched out of the paper, the snap (the bars slam, the
// paper tears, its threshold revealed), a new paper hooked on, and tokens drawn face down from
// the bag, carried to their seat and turned over. Animation has no authority: it replays the
// moves' events on `app.view`, and the controller shows the snapshot afterwards.

import { createPauses } from "/static/shared/pause.js";
import { t } from "/static/shared/i18n.js";
import { describeEvent } from "./log.js";
import { render } from "./render.js";
import { FACES, tokenBackMarkup, tokenMarkup, faceAngle } from "./pieces.js";
import { bagPoint, pointer, seatPoint, setPointer, showFace, turnArrows } from "./table.js";
import { cellCentre, floatWord } from "./trap.js";

const NS = "http://www.w3.org/2000/svg";
const INTACT = "############";
/** The events that explain a win, kept for the winner's dialog (and saved with the match). */
const STORY = ["complete", "bag_empty", "spin_off", "spin_off_value", "won"];

let match = null;
let app = null;
let addLine = null;
let announce = null;
let fx = null;
let trapGroup = null;

/** Animate into `m.state.view`; `log` and `say` tell what happens, `layers` are the SVG groups. */
export function initAnimate(m, { log, say, layers }) {
  match = m;
  app = m.state;
  addLine = log;
  announce = say;
  fx = layers.fx;
  trapGroup = layers.trap;
}

const pauses = createPauses();
const { sleep } = pauses;

/** A readable pause at the current speed (shorter with reduced motion, none when skipping). */
function beat(base) {
  if (pauses.skipping) return 0;
  return Math.round(base * app.factor * (app.reduced ? 0.45 : 1));
}

/** A movement's duration: none when skipping or with reduced motion. */
function motion(base) {
  if (pauses.skipping || app.reduced) return 0;
  return Math.round(base * app.factor);
}

/** Call `step(k)` for k from 0 to 1 over `ms`; finishes at once when skipped. */
function tween(ms, step) {
  if (!ms) {
    step(1);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now) => {
      const k = pauses.skipping ? 1 : Math.min(1, (now - start) / ms);
      step(k);
      if (k >= 1) resolve();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const ease = (k) => 1 - (1 - k) ** 3;

/** Finish the current animation at once (the snapshot already holds the result). */
export function skip() {
  if (!app.animating) return;
  pauses.skip();
}

/** A batch is over: pauses wait again, and nothing is left flying. */
export function endBatch() {
  pauses.end();
  app.spinning = false;
  app.chomp = null;
  fx?.replaceChildren();
}

function say(text, kind = "", seat = null) {
  if (!text) return;
  addLine(text, { kind, seat });
  announce(text);
}

// ---------------------------------------------------------------- the pieces that move

async function spinTo(face) {
  const index = FACES.indexOf(face);
  match.sound("spin");
  const from = pointer() % 360;
  const to = faceAngle(index) + 360 * 3;
  const ms = motion(900);
  app.spinning = true;
  showFace(null);
  await tween(ms, (k) => setPointer(from + (to - from) * ease(k)));
  app.spinning = false;
  app.view.face = index;
  showFace(index);
}

async function chomp(event) {
  const view = app.view;
  app.chomp = { row: event.row, col: event.col };
  app.chompPreview = { before: view.strength, strength: event.strength };
  render();
  await sleep(beat(180));
  match.sound("punch");
  for (const [r, c] of [[0, 0], [0, 1], [1, 0], [1, 1]]) {
    const row = view.paper[event.row + r].split("");
    row[event.col + c] = ".";
    view.paper[event.row + r] = row.join("");
  }
  view.strength = event.strength;
  app.chomp = null;
  render();
  const [x, y] = cellCentre(event.row + 1, event.col + 1);
  if (!pauses.skipping) floatWord(trapGroup, `${event.strength}`, x - 28, y - 20, "fx-strength");
  await sleep(beat(280));
}

async function snap(event) {
  const view = app.view;
  match.sound("snap");
  view.torn = true;
  view.threshold = event.last_threshold;
  view.snapper = event.seat;
  view.phase = "draw";
  document.body.classList.add("snapping");
  render();
  const [x, y] = cellCentre(2, 6);
  if (!pauses.skipping) floatWord(trapGroup, t("dcc.fx.snap"), x - 28, y - 60, "fx-snap");
  await sleep(beat(1000));
  document.body.classList.remove("snapping");
}

function flyer(markup) {
  const g = document.createElementNS(NS, "g");
  g.setAttribute("class", "flyer");
  g.innerHTML = markup;
  fx.append(g);
  return g;
}

async function draw(event) {
  const view = app.view;
  const n = view.tokens.length;
  const [x0, y0] = bagPoint();
  const [x1, y1] = seatPoint(event.seat, n);
  match.sound("draw");
  const token = flyer(tokenBackMarkup(16));
  await tween(motion(480), (k) => {
    const e = ease(k);
    const x = x0 + (x1 - x0) * e;
    const y = y0 + (y1 - y0) * e - Math.sin(Math.PI * k) * 90;
    token.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)})`);
  });
  // Turned over: it narrows, shows its colour, and widens again.
  const at = `translate(${x1} ${y1})`;
  await tween(motion(120), (k) => token.setAttribute("transform", `${at} scale(${(1 - k).toFixed(2)} 1)`));
  token.innerHTML = tokenMarkup(event.colour, 16);
  await tween(motion(120), (k) => token.setAttribute("transform", `${at} scale(${k.toFixed(2)} 1)`));
  view.tokens[event.seat][event.colour] += 1;
  view.bag[event.colour] = Math.max(0, (view.bag[event.colour] || 0) - 1);
  view.drawing = view.drawing.filter((s) => s !== event.seat);
  render();
  await sleep(beat(200));
  token.remove();
}

// ---------------------------------------------------------------- events

async function playEvent(event) {
  const { seat, type } = event;
  const line = describeEvent(event, match.seatName);
  const view = app.view;
  if (STORY.includes(type)) app.story.push(event); // the end's explanation (controls.js)
  switch (type) {
    case "start":
      view.current = seat;
      say(line.text, line.kind, seat);
      break;
    case "paper":
      view.paper = Array(5).fill(INTACT);
      view.strength = 5;
      view.torn = false;
      view.threshold = null;
      view.round = event.round;
      view.current = seat;
      view.phase = "spin";
      document.body.classList.add("hooking");
      render();
      if (event.round > 1) addLine(t("dcc.log.starts-paper", { who: match.seatName(seat), round: event.round }), match.turnLine(seat));
      say(line.text, line.kind);
      await sleep(beat(350));
      document.body.classList.remove("hooking");
      break;
    case "spun":
      view.current = seat;
      await spinTo(event.face);
      say(line.text, line.kind, seat);
      if (event.face.startsWith("bite")) {
        if (!view.spinOff) view.phase = "bite"; // a spin-off's spin only scores
        view.bitesLeft = event.face === "bite_spin" ? 1 : Number(event.face.slice(4));
        view.spinAgain = event.face === "bite_spin";
      }
      render();
      await sleep(beat(300));
      break;
    case "reverse":
      view.direction = event.direction;
      match.sound("reverse");
      render();
      turnArrows(motion(500));
      say(line.text, line.kind);
      await sleep(beat(500));
      break;
    case "turn":
      view.current = seat;
      view.phase = "spin";
      addLine(t("dcc.turn", { who: match.seatName(seat) }), match.turnLine(seat));
      render();
      break;
    case "bite":
      view.current = seat;
      await chomp(event);
      say(line.text, line.kind, seat);
      view.bitesLeft = Math.max(0, view.bitesLeft - 1);
      break;
    case "snap":
      say(line.text, line.kind, seat);
      await snap(event);
      break;
    case "draw":
      await draw(event);
      say(line.text, line.kind, seat);
      break;
    case "spin_off":
      view.spinOff = { reason: event.reason, contestants: event.contestants, values: event.contestants.map(() => null) };
      view.phase = "spin_off";
      view.current = event.contestants[0];
      say(line.text, line.kind);
      render();
      await sleep(beat(450));
      break;
    case "won":
      view.winner = seat;
      view.phase = "over";
      match.sound("win");
      say(line.text, line.kind, seat);
      render();
      break;
    default:
      if (line) say(line.text, line.kind, seat);
  }
}

/** Animate the committed moves (each `{version, seat, action, events}`), one after another. */
export async function playMoves(moves) {
  for (const move of moves) {
    if (!app.view) break;
    if (move.action?.type === "spin" && move.seat !== null && move.seat !== undefined) {
      app.view.phase = app.view.spinOff ? "spin_off_spinner" : "spinner";
    }
    for (const event of move.events || []) {
      await playEvent(event);
    }
    render();
  }
}
