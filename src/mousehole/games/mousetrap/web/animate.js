// Playing committed moves: the die (showing the value the server already rolled), the mouse
// walking space by space (round the loop past 49 to 44), effects (cheese, builds, redirects),
// and the machine's chain reaction for a crank whose result is already decided.
// Animation has no authority: it only replays `update.moves`; `app.view` is reset to the
// snapshot afterwards, so skipping or a refresh can never change the match.

import { CHEESE_WHEEL, COMPONENT_COUNT, SPACES, createSvg, mouseSpots, stepForward } from "./board.js";
import { describeAction, describeEvent, quietLanding } from "./log.js";
import { createPauses } from "/static/shared/pause.js";
import { t } from "/static/shared/i18n.js";

let app = null;
let deps = {};
const pauses = createPauses();
const { sleep } = pauses;

export function initAnimate(model, dependencies) {
  app = model;
  deps = dependencies;
}

/** Milliseconds for a beat of `base` at the current playback speed. */
function beat(base) {
  if (pauses.skipping) return 0;
  return Math.round(base * app.factor * (app.reduced ? 0.45 : 1));
}

/** Finish the current animation at once (the snapshot already holds the result). */
export function skip() {
  if (!app.animating) return;
  pauses.skip();
  deps.machine?.skip?.();
}

export function endBatch() {
  pauses.end();
}

function sound(name) {
  if (!pauses.skipping) deps.play(name);
}

function say(text, options) {
  if (!text) return;
  deps.addLine(text, options);
  deps.announce(text);
}

/** Show `value` on the die (1–6), or the "not rolled yet" face for an empty value. */
export function setDie(value, rolling = false) {
  const die = deps.die;
  die.dataset.value = value ? String(value) : "";
  die.title = value ? t("mt.die.shows", { value }) : t("mt.die.none");
  die.classList.toggle("rolling", rolling);
  die.classList.toggle("shown", Boolean(value));
}

async function rollDie(value) {
  sound("roll");
  const total = beat(620);
  if (total > 0 && !app.reduced) {
    const start = performance.now();
    let face = 1 + Math.floor(Math.random() * 6);
    while (performance.now() - start < total && !pauses.skipping) {
      face = (face % 6) + 1 + (Math.random() < 0.5 ? 1 : 0);
      setDie(((face - 1) % 6) + 1, true);
      await sleep(70);
    }
  }
  setDie(value);
  await sleep(beat(180));
}

function stepTiming(ms) {
  deps.board.style.setProperty("--step", `${app.reduced || pauses.skipping ? 0 : Math.max(0, ms - 10)}ms`);
}

/** Below this playback factor (another seat's move, or Faster) a mouse goes to its space in one
    hop instead of space by space: the board is drawn once, not once a space (docs/web.md,
    "Pace"). */
const BRISK_WALK = 0.5;

async function walk(seat, from, to, die) {
  const mouse = app.view.mice[seat];
  const stepMs = beat(230);
  stepTiming(stepMs);
  if (app.reduced || pauses.skipping || stepMs === 0 || app.factor < BRISK_WALK) {
    mouse.position = to;
    deps.render();
    sound("step");
    await sleep(beat(260));
    return;
  }
  let position = from;
  for (let i = 0; i < die; i += 1) {
    position = stepForward(position);
    mouse.position = position;
    deps.render();
    hop(seat);
    sound("step");
    await sleep(stepMs);
  }
  if (position !== to) {
    mouse.position = to; // never happens with the rules' own move; the server is right anyway
    deps.render();
  }
}

function hop(seat) {
  const node = deps.miceLayer.querySelector(`[data-seat="${seat}"] .mouse-hop`);
  if (!node || app.reduced) return;
  node.classList.remove("hopping");
  // restart the CSS animation
  void node.getBoundingClientRect();
  node.classList.add("hopping");
}

/** A short floating label over a mouse ("+2", "−3", "#5 Gear 5"). */
function float(seat, text, kind) {
  if (pauses.skipping) return;
  const spot = mouseSpots(app.view.mice)[seat];
  if (!spot) return;
  const node = createSvg("text", {
    class: `fx-float fx-${kind}`, x: spot.x, y: spot.y - 30, "text-anchor": "middle",
  });
  node.textContent = text;
  if (app.reduced) node.classList.add("still");
  deps.fxLayer.append(node);
  setTimeout(() => node.remove(), Math.max(500, beat(1300)));
}

function transfer(toSeat, fromSeat, amount) {
  const view = app.view;
  if (fromSeat === null) view.supply -= amount;
  else view.mice[fromSeat].cheese -= amount;
  if (toSeat === null) view.supply += amount;
  else view.mice[toSeat].cheese += amount;
}

async function applyEvent(event, events, context) {
  const view = app.view;
  const seat = event.seat;
  const line = describeEvent(event, deps.seatName, { seatCount: view.mice.length });
  switch (event.type) {
    case "start":
      view.current = seat;
      say(line, { kind: "turn", seat });
      break;
    case "moved": {
      app.animSeat = seat;
      app.followSeat = seat;
      if (!event.paid && context.die) await rollDie(event.die);
      else if (event.paid) await rollDie(event.die);
      await walk(seat, event.from, event.to, event.die);
      say(line, { seat });
      const quiet = quietLanding(event, events, deps.seatName);
      if (quiet) say(quiet, { seat });
      if (SPACES[event.to].kind === "cheese_wheel" && event.paid) sound("redirect");
      await sleep(beat(220));
      break;
    }
    case "redirected":
      sound("redirect");
      await sleep(beat(200));
      stepTiming(beat(420));
      view.mice[seat].position = event.to;
      deps.render();
      say(line, { seat });
      await sleep(beat(460));
      break;
    case "built": {
      const last = event.components[event.components.length - 1];
      view.components = Math.max(view.components, last);
      transfer(seat, null, event.cheese);
      deps.machine?.setInstalled(view.components, { animate: !app.reduced && !pauses.skipping });
      sound("build");
      const built = t("mt.fx.built", { parts: event.components.map((n) => `#${n}`).join(" & ") });
      float(seat, event.cheese ? `${built} +${event.cheese}` : built, "build");
      say(line, { kind: "build", seat });
      if (last === COMPONENT_COUNT) say(t("mt.machine.complete"), { kind: "trap" });
      await sleep(beat(520));
      break;
    }
    case "no_build":
      say(line, { seat });
      await sleep(beat(200));
      break;
    case "collected":
      transfer(seat, null, event.cheese);
      if (event.cheese) sound("cheese");
      float(seat, `+${event.cheese}`, "cheese");
      say(line, { kind: "cheese", seat });
      await sleep(beat(420));
      break;
    case "took": {
      let total = 0;
      for (const [rival, n] of Object.entries(event.from)) {
        transfer(seat, Number(rival), n);
        float(Number(rival), `−${n}`, "lose");
        total += n;
      }
      if (total) sound("cheese");
      float(seat, `+${total}`, "cheese");
      say(line, { kind: "cheese", seat });
      await sleep(beat(420));
      break;
    }
    case "lost":
      transfer(null, seat, event.cheese);
      sound("lose");
      float(seat, `−${event.cheese}`, "lose");
      say(line, { kind: "cheese", seat });
      await sleep(beat(420));
      break;
    case "trap_phase":
      sound("crank");
      say(line, { kind: "trap", seat });
      await sleep(beat(300));
      break;
    case "cage_stuck":
      sound("stuck");
      say(line, { kind: "trap", seat });
      break;
    case "captured":
      for (const victim of event.victims) {
        view.mice[victim].cheese = 0;
        view.mice[victim].captured = true;
      }
      view.mice[seat].cheese += event.cheese;
      sound("capture");
      say(line, { kind: "trap", seat });
      await sleep(beat(500));
      break;
    case "won":
      app.shownWinners = [seat];
      sound("win");
      say(line, { kind: "win", seat });
      break;
    default:
      if (line) say(line, { seat });
  }
  deps.render();
}

// A crank in a match plays the chain reaction brisk: about 5 s at normal speed instead of the
// full run's 13.9 s (so a match keeps moving); "Replay trap" and the Trap Playground show the
// full run.
const BRISK = 2.8;

/** The prompt while the machine runs: what happens now, then the step in words. */
function machinePrompt(component, label, success) {
  if (component === 23) return { main: success ? t("mt.machine.falling") : t("mt.machine.sticks"), sub: label };
  if (component === 22) return { main: t("mt.machine.falling"), sub: label };
  return { main: t("mt.machine.running"), sub: label };
}

/** Run the machine for a crank result already committed by the server (`full`: the whole
 * chain at the playback speed, as "Replay trap" does; else brisk). */
export async function runMachine(success, { full = false } = {}) {
  const machine = deps.machine;
  if (!machine) return;
  sound("gears");
  const sounds = { 4: "crank", 3: "gears", 10: "marble", 17: "marble", 21: "splash", 23: "cage" };
  app.machinePrompt = { main: t("mt.machine.running"), sub: "" };
  deps.render();
  const run = machine.run({
    outcome: success ? "capture" : "stuck",
    speed: (full ? 1 : BRISK) / (app.factor || 1),
    reduced: app.reduced,
    onStep: (index, label, component) => {
      app.machinePrompt = machinePrompt(component, label || "", success);
      deps.render();
      if (pauses.skipping) return;
      if (sounds[component]) deps.play(sounds[component]);
    },
  });
  if (pauses.skipping || !app.factor) machine.skip?.(); // skipped, or the instant speed
  try {
    await run;
  } catch {
    // a machine that could not run has no say over the match
  } finally {
    app.machinePrompt = null;
    deps.render();
  }
}

/** The machine back in its built pose, once the turn after a crank has begun. */
export function resetMachineIfDone() {
  if (!app.machineDirty) return;
  app.machineDirty = false;
  deps.machine?.reset?.();
  deps.machine?.setInstalled(app.view?.components ?? 0, { animate: false });
}

/** Play the committed moves of one update, in order. */
export async function playMoves(moves) {
  for (const move of moves) {
    const action = move.action;
    // A crank ends the turn: the cage stays where it came to rest until someone acts again.
    if (move.seat !== "chance") resetMachineIfDone();
    if (move.seat !== "chance") {
      app.animSeat = move.seat;
      const text = describeAction(move, deps.seatName);
      if (action.type === "spend") transfer(null, move.seat, 1);
      if (action.type === "crank") sound("crank");
      if (action.type === "roll") sound("click");
      if (text) say(text, { kind: action.type === "crank" ? "trap" : "", seat: move.seat });
      deps.render();
      for (const event of move.events) {
        if (!["spent", "cranked", "trap_ended"].includes(event.type)) await applyEvent(event, move.events, {});
      }
      continue;
    }
    if (action.type === "crank_result") {
      app.lastCrank = { success: action.success };
      app.machineDirty = true;
      await runMachine(action.success);
    }
    for (const event of move.events) {
      await applyEvent(event, move.events, { die: action.type === "die" });
    }
  }
  app.animSeat = null;
  app.followSeat = null;
}

/** Re-run the last crank's chain reaction; it never changes the match. */
export async function replayTrap() {
  if (!app.lastCrank || app.animating) return;
  app.animating = true;
  deps.render();
  deps.announce(app.lastCrank.success ? t("mt.replay-trap.falls") : t("mt.replay-trap.sticks"));
  await runMachine(app.lastCrank.success, { full: true });
  // Leave the machine showing the real match again: still sprung while the crank's turn is
  // the last thing that happened, else back in its built pose.
  if (!app.machineDirty) deps.machine?.reset?.();
  deps.machine?.setInstalled(app.view.components, { animate: false });
  endBatch();
  app.animating = false;
  deps.render();
}

/** Whether a mouse is sitting on the Cheese Wheel (for the paid-move warning). */
export function onWheel(seat) {
  return app.view?.mice?.[seat]?.position === CHEESE_WHEEL;
}
