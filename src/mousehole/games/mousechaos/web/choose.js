// What this seat may choose now, read from the server's legal actions (never worked out here:
// one action per destination, docs/games/mousechaos.md): a holder to pick, a destination for the
// holder, a cat or mouse and then its destination, a chair, its square and its pose, a nest's
// mouse to turn over. The same choices work with the mouse (click a piece or a square) and the
// keyboard (arrows move the cursor, N jumps to the next choice, Enter chooses, Esc goes back).

import { byInput } from "/static/shared/input.js";
import { onTable, sameSpot, spotKey, squareName } from "./kitchen.js";
import { t } from "/static/shared/i18n.js";
import { poseWords } from "./pieces.js";

let app = null;
let match = null;
let view = null; // {render, mouseWords}

const POSE_ORDER = ["N", "E", "S", "W", "L"];

export function initChoose(theMatch, hooks) {
  match = theMatch;
  app = theMatch.state;
  view = hooks;
}

function legal() {
  if (app.blocked || app.animating || app.busy) return [];
  return app.snapshot?.legal || [];
}

/** Where a piece stands in the view model. */
function pieceAt(kind, index) {
  const v = app.view;
  if (kind === "mouse") return v.mice[index].at;
  if (kind === "holder") return v.holders[index].at;
  if (kind === "cat") return v.cats[index];
  return v.chairs[index].at;
}

/** Where a piece stands, in words ("on C4", "on the table"). */
function standing(kind, index) {
  const at = pieceAt(kind, index);
  return onTable(at) ? t("mc.where.on-table") : t("mc.where.square", { square: squareName(at) });
}

/** Choosing a piece, in words: "pick the cheese holder on C4 (number 3)", "choose the cat on
    B2", "turn over the mouse in nest 1 (A1)". */
function pieceChoice(verb, kind, index) {
  if (kind === "mouse") return t(verb === "turn" ? "mc.target.turn" : "mc.target.mouse", { mouse: view.mouseWords(app.view, index) });
  if (kind === "holder") {
    const number = app.view.holders[index].number;
    const where = standing(kind, index);
    return number ? t("mc.target.pick-number", { where, number }) : t("mc.target.pick", { where });
  }
  return t(`mc.target.${kind}`, { where: standing(kind, index) });
}

/** Where a cat or mouse goes, in words ("move it to C4", "move it under the table"). */
function moveWords(a) {
  if (a.to !== "table") return t("mc.target.move", { to: t("mc.to.square", { square: squareName(a.to) }) });
  return t("mc.target.move", { to: t(a.type === "cat" ? "mc.to.onto-table" : "mc.to.under-table") });
}

/** The choices now: [{at, words, piece?: {kind, index}, action?, then?}], in a steady order. */
export function targets() {
  const actions = legal();
  if (!actions.length || !app.view) return [];
  const type = actions[0].type === "skip" ? actions[1]?.type : actions[0].type;
  const c = app.choice;
  if (type === "pick") {
    return actions.map((a) => ({ at: pieceAt("holder", a.holder), piece: { kind: "holder", index: a.holder }, action: a, words: pieceChoice("pick", "holder", a.holder) }));
  }
  if (type === "holder") {
    return actions.map((a) => ({ at: a.to, action: a, words: onTable(a.to) ? t("mc.target.holder-table") : t("mc.target.holder", { square: squareName(a.to) }) }));
  }
  if (type === "turn") {
    return actions.map((a) => ({ at: pieceAt("mouse", a.mouse), piece: { kind: "mouse", index: a.mouse }, action: a, words: pieceChoice("turn", "mouse", a.mouse) }));
  }
  if (type === "mouse" || type === "cat" || type === "chair") {
    if (!c?.piece) {
      const seen = new Map();
      for (const a of actions) {
        if (a.type === "skip") continue;
        const index = a[a.type];
        const key = `${a.type}:${index}`;
        if (!seen.has(key)) seen.set(key, { at: pieceAt(a.type, index), piece: { kind: a.type, index }, then: true, words: pieceChoice("choose", a.type, index) });
      }
      return [...seen.values()];
    }
    const mine = actions.filter((a) => a.type === c.piece.kind && a[a.type] === c.piece.index);
    if (c.piece.kind !== "chair") {
      return mine.map((a) => ({ at: a.to, action: a, words: moveWords(a) }));
    }
    if (!c.to) {
      const seen = new Map();
      for (const a of mine) if (!seen.has(spotKey(a.to))) seen.set(spotKey(a.to), { at: a.to, to: a.to, words: t("mc.target.put", { square: squareName(a.to) }) });
      return [...seen.values()];
    }
    return []; // the pose: its buttons, R and L, Enter
  }
  return [];
}

/** The chair actions for the chosen square, by pose. */
function posesHere() {
  const c = app.choice;
  return legal().filter((a) => a.type === "chair" && a.chair === c.piece.index && sameSpot(a.to, c.to));
}

/** Choose one target: play its action, or go a step further (a piece, then its destination). */
export function choose(target) {
  if (!target) return;
  if (target.action) {
    const action = target.action;
    app.choice = null;
    match.sound("click");
    match.act(action);
    return;
  }
  if (target.then) {
    app.choice = { piece: target.piece };
    match.sound("click");
  } else if (target.to) {
    app.choice = { ...app.choice, to: target.to };
    const poses = posesHere().map((a) => a.pose);
    const current = app.view.chairs[app.choice.piece.index].pose;
    app.choice.poses = POSE_ORDER.filter((p) => poses.includes(p));
    app.choice.pose = app.choice.poses.includes(current) ? current : app.choice.poses[0];
  }
  const next = targets();
  if (next.length) app.cursor = nearest(next, app.cursor);
  view.render();
}

/** Play the chosen chair pose. */
export function placeChair(pose = app.choice?.pose) {
  const action = posesHere().find((a) => a.pose === pose);
  if (!action) return;
  app.choice = null;
  match.sound("click");
  match.act(action);
}

/** Rotate the chair's preview to its next legal pose (R), or straight to lying (L). */
export function rotate(to = null) {
  const c = app.choice;
  if (!c?.poses) return false;
  c.pose = to && c.poses.includes(to) ? to : c.poses[(c.poses.indexOf(c.pose) + 1) % c.poses.length];
  view.announce(t("mc.chair-now", { pose: poseWords(c.pose) }));
  view.render();
  return true;
}

/** Go back one step of a choice (Esc, the Back button). */
export function back() {
  const c = app.choice;
  if (!c) return false;
  app.choice = c.to ? { piece: c.piece } : null;
  view.render();
  return true;
}

function nearest(list, from) {
  if (!from) return list[0].at;
  const pos = (at) => (onTable(at) ? [4.5, 4.5] : at);
  const [r, c] = pos(from);
  let best = list[0].at;
  let bestD = Infinity;
  for (const t of list) {
    const [tr, tc] = pos(t.at);
    const d = Math.abs(tr - r) + Math.abs(tc - c);
    if (d < bestD) [best, bestD] = [t.at, d];
  }
  return best;
}

/** The choices on the cursor's spot, in words. */
export function describeTarget(list, at) {
  const focused = list[app.focus ?? -1];
  const here = focused && sameSpot(focused.at, at) ? [focused] : list.filter((t) => sameSpot(t.at, at));
  const spot = onTable(at) ? t("mc.cursor.table") : squareName(at);
  if (!here.length) return byInput(t("mc.cursor.nothing-keys", { spot }), t("mc.cursor.nothing", { spot }));
  if (here.length > 2) {
    const params = { spot, first: here[0].words, count: here.length - 1 };
    return byInput(t("mc.cursor.more-keys", params), t("mc.cursor.more", params));
  }
  if (here.length === 2) return t("mc.cursor.two", { spot, first: here[0].words, second: here[1].words });
  return t("mc.cursor.one", { spot, choice: here[0].words });
}

/** The prompt: what to do now. */
export function promptWords(list) {
  const snap = app.snapshot;
  const v = app.view;
  if (!snap || !v) return { main: "", sub: "" };
  if (app.blocked) return { main: t("mc.prompt.pass"), sub: "" };
  if (match.isOver(snap)) return { main: t("mc.prompt.over"), sub: t("mc.prompt.over-sub") };
  const seat = snap.to_act;
  const who = seat === null || seat === undefined ? "" : match.seatName(seat);
  if (app.animating) return { main: `${who || t("mc.prompt.kitchen")}…`, sub: "" };
  if (!list.length && !app.choice) {
    if (seat === null || seat === undefined) return { main: t("mc.prompt.dealing"), sub: "" };
    if (app.busy) return { main: "…", sub: "" };
    return { main: t("mc.turn", { who }), sub: phaseWords(v.phase, false) };
  }
  const c = app.choice;
  if (c?.poses) {
    const sub = byInput(t("mc.prompt.chair-keys"), t("mc.prompt.chair-touch"));
    return { main: t("mc.prompt.chair", { pose: poseWords(c.pose) }), sub };
  }
  if (c?.piece) {
    const main = c.piece.kind === "chair" ? t("mc.prompt.where-chair") : t(`mc.prompt.where-${c.piece.kind}`, { count: v.steps });
    return { main, sub: byInput(t("mc.prompt.where-keys"), t("mc.prompt.where-touch")) };
  }
  return { main: t("mc.prompt.yours", { who, phase: phaseWords(v.phase, true) }), sub: byInput(t("mc.prompt.yours-keys"), t("mc.prompt.yours-touch")) };
}

/** What the player to act does now: "move the holder 3 squares." (you) or "moving the holder 3
    squares." (someone else). */
function phaseWords(phase, you) {
  if (!["pick", "holder", "piece", "chair", "reveal"].includes(phase)) return "";
  const key = you ? `mc.phase.${phase}` : `mc.phase.other.${phase}`;
  const params = { count: app.view.steps };
  return you && phase === "chair" ? byInput(t("mc.phase.chair-keys", params), t(key, params)) : t(key, params);
}

/** A key of the board (arrows, Enter, Space, N, Esc, R, L, K); true when it was used. */
export function boardKey(key) {
  const list = targets();
  const c = app.choice;
  if (c?.poses) {
    if (key === "r") return rotate();
    if (key === "l") return rotate("L");
    if (key === "enter") {
      placeChair();
      return true;
    }
  }
  if (key === "escape") return back();
  if (key === "k" && legal().some((a) => a.type === "skip")) {
    app.choice = null;
    match.act({ type: "skip" });
    return true;
  }
  if (!list.length) return false;
  if (!app.cursor) app.cursor = list[0].at;
  const moves = { arrowup: [-1, 0], arrowdown: [1, 0], arrowleft: [0, -1], arrowright: [0, 1] };
  if (moves[key]) {
    const [dr, dc] = moves[key];
    const from = onTable(app.cursor) ? (dr < 0 ? [4, 4] : dr > 0 ? [5, 4] : dc < 0 ? [4, 4] : [4, 5]) : app.cursor;
    const to = [Math.min(9, Math.max(0, from[0] + dr)), Math.min(9, Math.max(0, from[1] + dc))];
    app.cursor = onTable(to) ? "table" : to;
    app.focus = list.findIndex((t) => sameSpot(t.at, app.cursor));
  } else if (key === "n" || key === "p") {
    // N (P) walks through every choice, one piece at a time (mice under the table too).
    const i = app.focus ?? -1;
    app.focus = key === "n" ? (i + 1) % list.length : (i - 1 + list.length) % list.length;
    app.cursor = list[app.focus].at;
  } else if (key === "enter" || key === " ") {
    const focused = list[app.focus ?? -1];
    const hit = focused && sameSpot(focused.at, app.cursor) ? focused : list.find((t) => sameSpot(t.at, app.cursor));
    if (hit) {
      app.focus = null;
      choose(hit);
    }
    return true;
  } else {
    return false;
  }
  view.announce(describeTarget(list, app.cursor));
  view.render();
  return true;
}

/** A click on the board: a lit piece, or the lit square under the pointer. */
export function boardClick(pieceKey, spot) {
  const list = targets();
  if (!list.length) return;
  if (pieceKey) {
    const [kind, index] = pieceKey.split(":");
    const hit = list.find((t) => t.piece && t.piece.kind === kind && t.piece.index === Number(index));
    if (hit) {
      app.cursor = hit.at;
      app.focus = null;
      choose(hit);
      return;
    }
  }
  if (!spot) return;
  const at = spot === "table" ? "table" : spot.split(",").map(Number);
  const hit = list.find((t) => !t.piece && sameSpot(t.at, at)) || list.find((t) => sameSpot(t.at, at));
  if (hit) {
    app.cursor = at;
    app.focus = null;
    choose(hit);
  }
}
