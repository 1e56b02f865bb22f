// The replay's bar (docs/replays.md): step back / forward, play / pause, the first and last
// step, a scrubber, the speed, whose view to watch, the move list (jump to any move), and
// "Open a record file". Keys: Left / Right step, Space plays or pauses, Home / End; typing in a
// field and open dialogs keep their keys. Everything it writes from a replay is text.

import { escapeHtml } from "/static/shared/html.js";
import { SPEEDS } from "./player.js";

const ICONS = {
  first: '<path d="M5 4v16M19 4 9 12l10 8z"/>',
  back: '<path d="M17 4 7 12l10 8z"/>',
  play: '<path d="M7 4v16l13-8z"/>',
  pause: '<path d="M7 4h4v16H7zM14 4h4v16h-4z"/>',
  forward: '<path d="m7 4 10 8-10 8z"/>',
  last: '<path d="M19 4v16M5 4l10 8-10 8z"/>',
};

function icon(name) {
  return `<svg class="replay-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">${ICONS[name]}</svg>`;
}

const $ = (id) => document.getElementById(id);

/** Whether a key press belongs to a field (it types or moves the field, it plays nothing), or
    to a widget that moves with the arrows (a game's board of focusable spaces, a list box). */
function typing(target) {
  return target instanceof Element && target.closest(
    "input, select, textarea, [contenteditable], svg, [role=grid], [role=listbox], [role=radiogroup], [role=tablist], [role=menu], [role=tree]",
  );
}

/** The name of a view: "Everyone (the public view)" or "Ann's view". */
export function viewName(data, viewer) {
  if (viewer === null || viewer === undefined) return "The public view";
  return `${data.seats[viewer]?.name ?? `Seat ${viewer + 1}`}'s view`;
}

/**
 * Build the bar in `root` over `player` (player.js). `actions`: `openFile(file)` (a chosen or
 * dropped file), `chooseView(viewer)`; `announce(text)` speaks. Returns {update(), message()}.
 */
export function createBar(root, player, { openFile, chooseView, announce, share }) {
  root.innerHTML = `
    <div class="replay-controls" data-testid="replay-controls" hidden>
      <div class="replay-buttons" role="group" aria-label="Replay controls">
        <button type="button" class="btn replay-btn" id="replay-first" data-testid="replay-first"
          aria-keyshortcuts="Home" title="First step (Home)">${icon("first")}<span class="visually-hidden">First step</span></button>
        <button type="button" class="btn replay-btn" id="replay-back" data-testid="replay-back"
          aria-keyshortcuts="ArrowLeft" title="Step back (Left arrow)">${icon("back")}<span class="replay-label">Back</span><kbd>←</kbd></button>
        <button type="button" class="btn btn-primary replay-btn replay-play" id="replay-play" data-testid="replay-play"
          aria-keyshortcuts="Space" data-playing="false"><span id="replay-play-icon">${icon("play")}</span><span class="replay-label" id="replay-play-label">Play</span><kbd>Space</kbd></button>
        <button type="button" class="btn replay-btn" id="replay-forward" data-testid="replay-forward"
          aria-keyshortcuts="ArrowRight" title="Step forward (Right arrow)"><span class="replay-label">Forward</span>${icon("forward")}<kbd>→</kbd></button>
        <button type="button" class="btn replay-btn" id="replay-last" data-testid="replay-last"
          aria-keyshortcuts="End" title="Last step (End)">${icon("last")}<span class="visually-hidden">Last step</span></button>
      </div>
      <label class="replay-scrub-label">
        <span class="visually-hidden">Move</span>
        <input type="range" id="replay-scrub" data-testid="replay-scrub" min="0" max="0" step="1" value="0">
      </label>
      <span class="replay-position" id="replay-position" data-testid="replay-position"></span>
      <label class="replay-field">Speed
        <select id="replay-speed" data-testid="replay-speed">
          ${SPEEDS.map((s) => `<option value="${s}"${s === 1 ? " selected" : ""}>${s === 0.5 ? "½" : s}×</option>`).join("")}
        </select>
      </label>
      <label class="replay-field" id="replay-view-field">Watch
        <select id="replay-view" data-testid="replay-view"></select>
      </label>
    </div>
    <div class="replay-info">
      <details class="replay-moves" id="replay-moves-box" data-testid="replay-moves-box" hidden>
        <summary class="btn btn-small">Moves</summary>
        <ol class="replay-move-list" id="replay-moves" data-testid="replay-moves"></ol>
      </details>
      <p class="replay-now" id="replay-now" data-testid="replay-now"></p>
      <p class="replay-open">
        <button type="button" class="btn btn-small" id="replay-open" data-testid="replay-open">Open a record file</button>
        <input type="file" id="replay-file" data-testid="replay-file" accept=".json,application/json" hidden>
        <span class="replay-drop-hint">or drop one here</span>
        <button type="button" class="btn btn-small" id="replay-share" data-testid="replay-share" hidden>Share link</button>
      </p>
      <p class="replay-share" id="replay-share-box" hidden>
        <label for="replay-share-link">Link to this replay (the public view: anyone with it can watch)</label>
        <input type="text" readonly id="replay-share-link" data-testid="replay-share-link">
      </p>
    </div>
    <p class="replay-message" id="replay-message" data-testid="replay-message" role="alert"></p>`;

  const controls = root.querySelector(".replay-controls");
  const scrub = $("replay-scrub");
  const list = $("replay-moves");
  const select = $("replay-view");
  let listed = null; // the replay whose moves the list shows

  $("replay-first").addEventListener("click", () => player.first());
  $("replay-back").addEventListener("click", () => player.back());
  $("replay-play").addEventListener("click", () => player.toggle());
  $("replay-forward").addEventListener("click", () => player.forward());
  $("replay-last").addEventListener("click", () => player.last());
  scrub.addEventListener("input", () => player.go(Number(scrub.value)));
  $("replay-speed").addEventListener("change", (e) => player.setSpeed(Number(e.target.value)));
  select.addEventListener("change", () => chooseView(select.value === "" ? null : Number(select.value)));
  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (button) player.go(Number(button.dataset.step));
  });
  $("replay-moves-box").addEventListener("toggle", () => {
    if ($("replay-moves-box").open) list.querySelector("[aria-current]")?.scrollIntoView({ block: "center" });
  });
  $("replay-open").addEventListener("click", () => $("replay-file").click());
  $("replay-share").addEventListener("click", async () => {
    const link = await share();
    if (!link) return;
    const box = $("replay-share-link");
    box.value = link;
    $("replay-share-box").hidden = false;
    box.focus();
    box.select();
    let copied = false;
    try {
      await navigator.clipboard.writeText(link);
      copied = true;
    } catch {
      copied = false; // no clipboard here (an insecure address, a refusal): the link is selected
    }
    announce(copied ? "Share link copied. Anyone with it can watch the public view of this match."
      : "Share link selected: copy it (Ctrl+C). Anyone with it can watch the public view of this match.");
  });
  $("replay-file").addEventListener("change", (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) openFile(file);
  });

  // A record file dropped anywhere on the page.
  document.addEventListener("dragover", (event) => {
    if (![...(event.dataTransfer?.types || [])].includes("Files")) return;
    event.preventDefault();
    document.body.classList.add("replay-dropping");
  });
  document.addEventListener("dragleave", (event) => {
    if (!event.relatedTarget) document.body.classList.remove("replay-dropping");
  });
  document.addEventListener("drop", (event) => {
    const file = event.dataTransfer?.files?.[0];
    document.body.classList.remove("replay-dropping");
    if (!file) return;
    event.preventDefault();
    openFile(file);
  });

  // The replay's keys come first: the page's own (S, F, the game's) get the rest.
  window.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !player.data) return;
    if (typing(event.target) || [...document.querySelectorAll("dialog")].some((d) => d.open)) return;
    const keys = {
      ArrowLeft: () => player.back(), ArrowRight: () => player.forward(), " ": () => player.toggle(),
      Home: () => player.first(), End: () => player.last(),
    };
    const run = keys[event.key];
    if (!run) return;
    event.preventDefault();
    event.stopPropagation();
    run();
  }, { capture: true });

  function fillList(data) {
    listed = data;
    list.innerHTML = [
      `<li><button type="button" class="replay-move" data-step="0"><span class="replay-move-n">0</span> The start</button></li>`,
      ...data.moves.map((m, i) => `<li><button type="button" class="replay-move${m.seat === "chance" ? " replay-chance" : ""}" data-step="${i + 1}"${m.detail ? ` title="${escapeHtml(m.detail)}"` : ""}><span class="replay-move-n">${i + 1}</span> ${escapeHtml(m.text)}</button></li>`),
    ].join("");
    select.innerHTML = data.viewers.map((v) => `<option value="${v === null ? "" : v}">${escapeHtml(viewName(data, v))}</option>`).join("");
    $("replay-view-field").hidden = data.viewers.length < 2;
    scrub.max = String(data.moves.length);
  }

  let said = -1;
  /** Bring the bar up to date with the player (after every step). */
  function update() {
    const data = player.data;
    controls.hidden = !data;
    // A finished match's public view can be shared (its record goes in the link).
    $("replay-share").hidden = !data || !data.viewers?.includes(null) || !data.steps?.at(-1)?.winners;
    $("replay-moves-box").hidden = !data;
    $("replay-open").classList.toggle("btn-big", !data);
    $("replay-open").classList.toggle("btn-small", Boolean(data));
    if (!data) {
      $("replay-now").textContent = "Choose a match to replay: open its record file (“Download record” on the match page), or drop the file on this page.";
      return;
    }
    if (listed !== data) fillList(data);
    const { step, steps, playing } = player;
    select.value = data.viewer === null ? "" : String(data.viewer);
    scrub.value = String(step);
    scrub.setAttribute("aria-valuetext", `Move ${step} of ${steps}`);
    $("replay-position").textContent = `Move ${step} of ${steps}`;
    $("replay-first").disabled = step === 0;
    $("replay-back").disabled = step === 0;
    $("replay-forward").disabled = step >= steps;
    $("replay-last").disabled = step >= steps;
    $("replay-play").dataset.playing = String(playing);
    $("replay-play-label").textContent = playing ? "Pause" : step >= steps ? "Play again" : "Play";
    $("replay-play-icon").innerHTML = icon(playing ? "pause" : "play");
    const now = step === 0 ? "The start of the match." : data.moves[step - 1].text;
    $("replay-now").textContent = step >= steps && steps ? `${sentence(now)} ${ending(data)}` : now;
    for (const button of list.querySelectorAll("[aria-current]")) button.removeAttribute("aria-current");
    const current = list.querySelector(`button[data-step="${step}"]`);
    if (current) {
      current.setAttribute("aria-current", "step");
      if ($("replay-moves-box").open) current.scrollIntoView({ block: "nearest" });
    }
    if (!playing && step !== said) announce(`Move ${step} of ${steps}. ${$("replay-now").textContent}`);
    said = step;
  }

  return {
    update,
    /** Say `text` in the bar's alert line ("" clears it). */
    message(text) {
      $("replay-message").textContent = text;
    },
  };
}

/**
 * The game's prompt at `step` of the replay `data` ({main, sub}): the position in the match and
 * who plays next ("Move 12 of 80: Whiskers's turn."), or its end ("Replay finished: Ann wins."),
 * and whose view it is. Built from the server's steps, never from a live match's state.
 */
export function promptAt(data, step) {
  const steps = data.moves.length;
  const sub = `Replay · ${viewName(data, data.viewer)}`;
  if (step >= steps) return { main: `Replay finished: ${winnersWords(data)}.`, sub };
  const seat = data.steps[step].to_act;
  const next = seat === null || seat === undefined ? "chance moves next"
    : `${data.seats[seat]?.name ?? `Seat ${seat + 1}`}'s turn`;
  return { main: `Move ${step} of ${steps}: ${next}.`, sub };
}

/** `text` ending with a full stop. */
function sentence(text) {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** "Ann wins" from the last step's winners. */
function winnersWords(data) {
  const winners = data.steps[data.steps.length - 1].winners || [];
  const names = winners.map((w) => data.seats[w]?.name ?? `Seat ${w + 1}`);
  if (!names.length) return "nobody wins";
  return `${names.join(" and ")} ${names.length > 1 ? "win" : "wins"}`;
}

/** "The end: Ann wins." */
function ending(data) {
  return `The end: ${winnersWords(data)}.`;
}
