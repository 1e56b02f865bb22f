// The Trap Playground: build the machine part by part and run its chain reaction.
// Presentation only: no match, no network, no storage.

import { CHAIN, COMPONENTS, createMachine } from "./machine.js";
import { t } from "/static/shared/i18n.js";

const TOTAL = COMPONENTS.length;
const ROLE = new Map(CHAIN.map((step) => [step.component, step.label]));
const ORDER = new Map(CHAIN.map((step, index) => [step.component, index + 1]));

const $ = (id) => document.getElementById(id);
const ui = {
  svg: $("pg-svg"),
  caption: $("pg-caption"),
  empty: $("pg-empty"),
  count: $("pg-count"),
  list: $("pg-list"),
  status: $("pg-status"),
  addNext: $("pg-add-next"),
  addAll: $("pg-add-all"),
  reset: $("pg-reset"),
  run: $("pg-run"),
  skip: $("pg-skip"),
  hint: $("pg-run-hint"),
  reduced: $("pg-reduced"),
  outcomes: [...document.querySelectorAll("[data-outcome]")],
  speeds: [...document.querySelectorAll("[data-speed]")],
};

const machine = createMachine(ui.svg, { idPrefix: "pg" });
machine.element.dataset.testid = "pg-machine";
const state = {
  outcome: "capture",
  speed: 1,
  reduced: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
  running: false,
  active: null, // the component acting now
  done: new Set(), // components that have acted in this run
};

// ---------------------------------------------------------------- the list of parts

const items = COMPONENTS.map((name, i) => {
  const n = i + 1;
  const li = document.createElement("li");
  li.className = "pg-step";
  li.dataset.testid = `pg-step-${n}`;
  li.dataset.part = String(n);
  li.innerHTML = `<span class="pg-num" aria-hidden="true"></span>
    <span class="pg-step-text"><span class="pg-name"></span><span class="pg-when"></span>
    <span class="pg-role"></span></span>`;
  li.querySelector(".pg-num").textContent = String(n);
  li.querySelector(".pg-name").textContent = name;
  li.querySelector(".pg-when").textContent = t("mt.pg.run-step", { step: ORDER.get(n) });
  li.querySelector(".pg-role").textContent = ROLE.get(n);
  ui.list.append(li);
  return li;
});

// ---------------------------------------------------------------- render (batched per frame)

let queued = false;
function redraw() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    paint();
  });
}

function paint() {
  const n = machine.installed();
  const left = TOTAL - n;
  ui.count.textContent = `${n} / ${TOTAL}`;
  ui.addNext.disabled = state.running || left === 0;
  ui.addAll.disabled = state.running || left === 0;
  ui.reset.disabled = n === 0 && !state.running;
  ui.run.disabled = state.running || left > 0;
  ui.skip.disabled = !state.running;
  for (const button of [...ui.outcomes, ...ui.speeds, ui.reduced]) button.disabled = state.running;
  ui.hint.textContent = state.running
    ? t("mt.pg.hint.running")
    : left > 0
      ? t("mt.pg.hint.left", { total: TOTAL, count: left })
      : t("mt.pg.hint.ready");
  for (const button of ui.outcomes) button.setAttribute("aria-pressed", String(button.dataset.outcome === state.outcome));
  for (const button of ui.speeds) button.setAttribute("aria-pressed", String(Number(button.dataset.speed) === state.speed));
  ui.reduced.setAttribute("aria-pressed", String(state.reduced));
  items.forEach((li, i) => {
    const c = i + 1;
    li.classList.toggle("is-installed", c <= n);
    li.classList.toggle("is-done", state.done.has(c) && c !== state.active);
    if (c === state.active) li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
  });
}

// Announcements and the active step are written at once, not per frame: the tests and screen
// readers both follow them step by step.
function announce(text) {
  ui.status.textContent = text;
}

function setActive(component) {
  state.active = component;
  items.forEach((li, i) => {
    if (i + 1 === component) {
      li.setAttribute("aria-current", "step");
      li.scrollIntoView({ block: "nearest", behavior: state.reduced ? "auto" : "smooth" });
    } else li.removeAttribute("aria-current");
  });
}

// ---------------------------------------------------------------- actions

function install(n, { announceIt = true } = {}) {
  const before = machine.installed();
  machine.setInstalled(n, { animate: !state.reduced });
  const now = machine.installed();
  ui.empty.setAttribute("display", now === 0 ? "inline" : "none");
  if (announceIt && now > before) {
    const one = t("mt.pg.installed", { count: now, total: TOTAL, name: COMPONENTS[now - 1] });
    announce(now - before === 1
      ? (now === TOTAL ? `${one} ${t("mt.pg.ready")}` : one)
      : t("mt.pg.installed-all", { total: TOTAL }));
  }
  ui.caption.textContent = now === 0
    ? t("mt.pg.caption.empty")
    : now < TOTAL
      ? t("mt.pg.caption.latest", { number: now, name: COMPONENTS[now - 1] })
      : t("mt.pg.caption.complete");
  redraw();
}

function clearRun() {
  state.done.clear();
  setActive(null);
}

async function runTrap() {
  if (state.running || machine.installed() < TOTAL) return;
  clearRun();
  state.running = true;
  redraw();
  const outcome = state.outcome;
  await machine.run({
    outcome,
    speed: state.speed,
    reduced: state.reduced,
    onStep(index, label, component) {
      if (state.active !== null) state.done.add(state.active);
      setActive(component);
      const text = t("mt.pg.step", { step: index + 1, count: CHAIN.length, label });
      ui.caption.textContent = text;
      announce(text);
      redraw();
    },
  });
  if (!state.running) return; // removed mid-run: reset already tidied up
  state.running = false;
  CHAIN.forEach((step) => state.done.add(step.component));
  setActive(null);
  const end = outcome === "stuck"
    ? t("mt.pg.end.stuck")
    : t("mt.pg.end.caught");
  ui.caption.textContent = end;
  announce(end);
  const skipHadFocus = document.activeElement === ui.skip;
  paint();
  if (skipHadFocus) ui.run.focus(); // Skip is now disabled: keep the keyboard user's place
}

ui.addNext.addEventListener("click", () => install(machine.installed() + 1));
ui.addAll.addEventListener("click", () => install(TOTAL));
ui.reset.addEventListener("click", () => {
  state.running = false;
  machine.reset();
  machine.setInstalled(0);
  clearRun();
  install(0, { announceIt: false });
  announce(t("mt.pg.removed"));
});
ui.run.addEventListener("click", () => {
  runTrap();
});
ui.skip.addEventListener("click", () => machine.skip());
for (const button of ui.outcomes) {
  button.addEventListener("click", () => {
    state.outcome = button.dataset.outcome;
    announce(t("mt.pg.outcome", { choice: button.textContent }));
    redraw();
  });
}
for (const button of ui.speeds) {
  button.addEventListener("click", () => {
    state.speed = Number(button.dataset.speed);
    announce(t("mt.pg.speed", { choice: button.textContent }));
    redraw();
  });
}
ui.reduced.addEventListener("click", () => {
  state.reduced = !state.reduced;
  announce(state.reduced ? t("mt.pg.reduced.on") : t("mt.pg.reduced.off"));
  redraw();
});

document.body.dataset.ready = "true";
paint();
