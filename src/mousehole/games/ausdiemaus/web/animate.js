// Playing the committed moves of Aus die Maus!: a card leaves its stack and turns over onto the
// pile, a call and its chase, a won pile sliding to its winner, a mouse chip flying, the end.
// Animation has no authority: it only replays the moves' events on `app.view`, which the
// controller resets to the snapshot afterwards, so skipping or a refresh never changes the match.

import { createPauses } from "/static/shared/pause.js";
import { t } from "/static/shared/i18n.js";
import { drawTable, flyFlip, flyPile, flyChip, floatText, cancelFlights } from "./table.js";
import { describeEvent } from "./log.js";
import { names, render } from "./render.js";

let match = null;
let app = null;
let addLine = null;
let announce = null;

/** Animate into `match.state.view`, telling the log (`log`) and the live region (`say`). */
export function initAnimate(matchToShow, { log, say: tell }) {
  match = matchToShow;
  app = match.state;
  addLine = log;
  announce = tell;
}

function say(text, kind = "", seat = null) {
  if (!text) return;
  addLine(text, { kind, seat });
  announce(text);
}

const pauses = createPauses();
const { sleep } = pauses;

/** A readable pause at the current speed (shorter with reduced motion, none when skipping). */
function beat(base) {
  if (pauses.skipping || app.ff) return 0;
  return Math.round(base * app.factor * (app.reduced ? 0.45 : 1));
}

/** A flight's duration: none when skipping, fast-forwarding or with reduced motion. */
function flight(base) {
  if (pauses.skipping || app.ff || app.reduced) return 0;
  return Math.round(base * app.factor);
}

/** Finish the current animation at once (the snapshot already holds the result). */
export function skip() {
  if (!app.animating) return;
  pauses.skip();
  cancelFlights();
}

function drawNow() {
  if (app.view) drawTable(app.view, names());
}

async function playEvent(event) {
  const view = app.view;
  const line = describeEvent(event, match.seatName);
  const seat = event.seat;
  switch (event.type) {
    case "start":
      view.current = seat;
      say(line?.text, line?.kind, seat);
      break;
    case "pile_start":
      view.pile = [event.card];
      say(line?.text, line?.kind);
      break;
    case "flip": {
      view.current = seat;
      view.stacks[seat] = Math.max(0, (view.stacks[seat] ?? 1) - 1);
      view.bubble = null;
      drawNow();
      await flyFlip(seat, event.card, flight(560));
      const idle = event.card === "cat" && !view.chase; // a cat with no mouse to catch
      view.pile.push(event.card);
      match.sound("flip");
      say(idle ? t("adm.log.cat-idle", { who: match.seatName(seat) }) : line?.text, line?.kind, seat);
      drawNow();
      render();
      await sleep(beat(event.card === "cheese" ? 280 : 420));
      break;
    }
    case "call":
    case "pass_chase":
      view.chase = { mouse_owner: seat, chaser: event.chaser, paws: event.paws, attempts_left: event.paws };
      view.bubble = { seat };
      view.current = event.chaser;
      view.phase = "chase";
      match.sound("call");
      say(line?.text, line?.kind, seat);
      render();
      await sleep(beat(1200));
      break;
    case "missed":
      if (view.chase) view.chase.attempts_left = event.attempts_left;
      say(line?.text, line?.kind, seat);
      render();
      await sleep(beat(200));
      break;
    case "caught":
    case "escaped": {
      const caught = event.type === "caught";
      view.flash = seat;
      match.sound(caught ? "capture" : "redirect");
      say(line?.text, line?.kind, seat);
      drawNow();
      await sleep(beat(380));
      await flyPile(seat, event.cards, flight(650));
      view.pile = [];
      view.stacks[seat] = (view.stacks[seat] ?? 0) + event.cards;
      view.chase = null;
      view.bubble = null;
      drawNow();
      if (!pauses.skipping && !app.ff && !app.reduced) floatText(seat, t("adm.table.won-cards", { count: event.cards }), view.seats);
      if (caught) {
        await flyChip(seat, flight(700));
        view.chips[seat] = (view.chips[seat] ?? 0) + 1;
        view.chipsLeft = Math.max(0, view.chipsLeft - 1);
        match.sound("cheese");
        drawNow();
      }
      render();
      await sleep(beat(450));
      view.flash = null;
      break;
    }
    case "restart":
      view.current = seat;
      view.phase = "restart";
      say(line?.text, line?.kind, seat);
      render();
      break;
    case "end":
      view.phase = "over";
      view.current = null;
      view.chase = null;
      view.bubble = null;
      view.winners = event.winners || [];
      app.ending = { reason: event.reason, seat };
      match.sound("win");
      say(line?.text, line?.kind, seat);
      render();
      break;
    default:
      if (line) say(line.text, line.kind, seat);
  }
}

/** Play the committed moves of one update, in order. */
export async function playMoves(moves) {
  for (const move of moves) {
    for (const event of move.events || []) await playEvent(event);
  }
}

/** The batch is over: pauses wait again. */
export function endBatch() {
  pauses.end();
}

/** Whether the current batch is being skipped (its sounds are silent). */
export function skipping() {
  return pauses.skipping;
}
