// Playing the committed moves of Mouse Chaos: a holder flips to show its number, a piece runs
// its path square by square (into the wall at one mouse-hole and out of another, under the
// table), a cat sends a mouse to the carpet, a chair is lifted, turned and set down, a nest's
// mice are turned over one at a time. Animation has no authority: it replays the moves' events
// (paths included, as the server sent them) on `app.view`, and the controller shows the
// snapshot afterwards, so skipping, a faster speed or reduced motion never change the match.

import { createPauses } from "/static/shared/pause.js";
import { TABLE_CENTRE, centre, holeAt, onTable } from "./kitchen.js";
import { catSvg, chairSvg, holderSvg, mouseSvg } from "./pieces.js";
import { describeEvent } from "./log.js";
import { layout } from "./render.js";

let app = null;
let match = null;
let out = null; // {fx, render, addLine, announce}

const pauses = createPauses();

export function initAnimate(theMatch, hooks) {
  match = theMatch;
  app = theMatch.state;
  out = hooks;
  app.flying = new Set();
}

/** A pause at the current speed: shorter with reduced motion, none when skipping. */
function beat(ms) {
  if (pauses.skipping) return Promise.resolve();
  return pauses.sleep(Math.round(ms * app.factor * (app.reduced ? 0.4 : 1)));
}

/** Run `frame(t)` for t from 0 to 1 over `ms` (at once when skipping or with reduced motion). */
function tween(ms, frame) {
  const length = pauses.skipping || app.reduced ? 0 : ms * app.factor;
  if (length <= 0) {
    frame(1);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const tick = (now) => {
      const t = pauses.skipping ? 1 : Math.min(1, (now - start) / length);
      frame(t);
      if (t < 1) requestAnimationFrame(tick);
      else resolve();
    };
    requestAnimationFrame(tick);
  });
}

/** Finish the current batch at once (the snapshot already holds the result). */
export function skip() {
  if (!app.animating) return;
  pauses.skip();
}

export function endBatch() {
  pauses.end();
  app.flying.clear();
  out.fx.innerHTML = "";
}

export const skipping = () => pauses.skipping;

/** The SVG point of a path step: a square, the table, or (for "wall") the hole beside `near`. */
function point(step, near) {
  if (step === "wall") return holeAt(near);
  if (step === "table" || onTable(step)) return TABLE_CENTRE;
  return centre(step);
}

/** A sprite of one piece in the effects layer, while the piece itself is hidden. */
function sprite(kind, index) {
  const v = app.view;
  const art = kind === "mouse"
    ? mouseSvg({ colour: !app.blocked || v.mice[index].revealed ? v.mice[index].colour : null, mother: index < 4 })
    : kind === "cat" ? catSvg() : kind === "holder" ? holderSvg({ number: v.holders[index].number }) : chairSvg(v.chairs[index].pose);
  const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
  g.setAttribute("class", `mc-sprite mc-${kind}`);
  g.innerHTML = art;
  out.fx.append(g);
  app.flying.add(`${kind}:${index}`);
  out.render();
  return g;
}

function place(g, x, y, s = 1, extra = "") {
  g.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${s}) ${extra}`);
}

function land(g, kind, index) {
  g.remove();
  app.flying.delete(`${kind}:${index}`);
  out.render();
}

/** Walk `kind` `index` along `path` (the server's, start first), then set it at `to`. */
async function walk(kind, index, path, to) {
  const g = sprite(kind, index);
  const start = layout(app.view)[kind === "mouse" ? "mice" : `${kind}s`][index];
  place(g, start.x, start.y, 1.1);
  let from = { x: start.x, y: start.y };
  for (let i = 1; i < path.length; i += 1) {
    const step = path[i];
    if (step === "wall") {
      // Into the wall at the hole beside the last square, out at the one beside the next.
      const inHole = point("wall", path[i - 1]);
      await glide(g, from, inHole);
      g.classList.add("mc-in-wall");
      await beat(180);
      from = point("wall", path[i + 1]);
      place(g, from.x, from.y, 1.1);
      g.classList.remove("mc-in-wall");
      continue;
    }
    const next = point(step, null);
    await glide(g, from, next);
    from = next;
  }
  setAt(kind, index, to);
  land(g, kind, index);
}

function glide(g, a, b) {
  match.sound("step");
  return tween(150, (t) => {
    const hop = Math.sin(t * Math.PI) * 4;
    place(g, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t - hop, 1.1);
  });
}

function setAt(kind, index, to) {
  const v = app.view;
  if (kind === "mouse") v.mice[index].at = to;
  else if (kind === "holder") v.holders[index].at = to;
  else if (kind === "cat") v.cats[index] = to;
}

/** A holder turns over to show its number. */
async function flip(holder, number) {
  const g = sprite("holder", holder);
  const p = layout(app.view).holders[holder];
  for (const [from, to, n] of [[1, 0, null], [0, 1, number]]) {
    if (n !== null) {
      app.view.holders[holder].number = n;
      g.innerHTML = holderSvg({ number: n });
    }
    await tween(160, (t) => place(g, p.x, p.y - 10, 1.3, `scale(${from + (to - from) * t} 1)`));
  }
  match.sound("flip");
  await beat(450);
  land(g, "holder", holder);
}

/** A nest's mouse turns over: its colour shows, and it lies on its side. */
async function turnOver(mouse, colour) {
  const g = sprite("mouse", mouse);
  const p = layout(app.view).mice[mouse];
  await tween(170, (t) => place(g, p.x, p.y, 1.4, `scale(${1 - t} 1)`));
  app.view.mice[mouse].colour = colour;
  app.view.mice[mouse].revealed = true;
  g.innerHTML = mouseSvg({ colour, lying: true, mother: mouse < 4 });
  await tween(170, (t) => place(g, p.x, p.y, 1.4, `scale(${t} 1)`));
  await beat(500);
  land(g, "mouse", mouse);
}

/** A chair is lifted, carried and set down in its new pose. */
async function carryChair(chair, to, pose) {
  const g = sprite("chair", chair);
  const v = app.view;
  const a = centre(v.chairs[chair].at);
  const b = centre(to);
  match.sound("chair");
  await tween(420, (t) => {
    const lift = 1 + Math.sin(t * Math.PI) * 0.25;
    place(g, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, lift);
  });
  g.innerHTML = chairSvg(pose);
  v.chairs[chair] = { at: to, pose };
  await beat(200);
  land(g, "chair", chair);
}

/** A short ring over a spot: a peek (nobody else learns the colour), a full nest. */
async function pulse(at, cls) {
  const p = onTable(at) ? TABLE_CENTRE : centre(at);
  const ring = document.createElementNS("http://www.w3.org/2000/svg", "circle");
  ring.setAttribute("class", cls);
  ring.setAttribute("cx", p.x);
  ring.setAttribute("cy", p.y);
  ring.setAttribute("r", "26");
  out.fx.append(ring);
  await beat(550);
  ring.remove();
}

async function playEvent(event) {
  const v = app.view;
  const line = describeEvent(event, match.seatName, v);
  if (line) {
    out.addLine(line.text, line.turn ? match.turnLine(event.seat) : { kind: line.kind, seat: event.seat ?? null });
    if (line.say !== false) out.announce(line.text);
  }
  switch (event.type) {
    case "pick":
      v.picked = event.holder;
      out.render();
      await beat(250);
      break;
    case "number":
      await flip(event.holder, event.number);
      v.steps = event.number;
      break;
    case "peek":
      await pulse(v.mice[event.mouse].at, "mc-peek-ring");
      break;
    case "holder":
    case "mouse":
    case "cat":
      await walk(event.type, event[event.type], event.path, event.to);
      break;
    case "caught":
      match.sound("caught");
      await walk("mouse", event.mouse, [v.mice[event.mouse].at, "table"], "table");
      break;
    case "chair":
      await carryChair(event.chair, event.to, event.pose);
      break;
    case "reveal":
      match.sound("reveal");
      v.reveal = { nest: event.nest, seat: event.seat };
      await beat(700);
      break;
    case "turned":
      await turnOver(event.mouse, event.colour);
      match.sound(event.right ? "right" : "wrong");
      break;
    case "ejected":
      await walk("mouse", event.mouse, [v.mice[event.mouse].at, event.to], event.to);
      break;
    case "complete":
      match.sound("cheese");
      await beat(500);
      break;
    case "stuck":
    case "no_move":
    case "draw":
      await beat(450);
      break;
    default:
      break;
  }
}

/** Play a batch of committed moves on `app.view`; the controller shows the snapshot after. */
export async function playMoves(moves) {
  for (const move of moves) {
    if (!app.view) break;
    for (const event of move.events || []) {
      await playEvent(event);
      if (!app.view) break;
    }
    out.render();
  }
}
