// The replay's bar (docs/replays.md): step back / forward, play / pause, the first and last
// step, a scrubber, the speed, whose view to watch, the move list (jump to any move), and
// "Open a record file". Keys: Left / Right step, Space plays or pauses, Home / End; typing in a
// field and open dialogs keep their keys. Everything it writes from a replay is text.

import { escapeHtml } from "/static/shared/html.js";
import { formatList, formatNumber, t } from "/static/shared/i18n.js";
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
  if (viewer === null || viewer === undefined) return t("replay.public-view");
  return t("replay.view-of", { who: seatNameIn(data, viewer) });
}

/** The name of `seat` in the replay `data` ("" for none: an event of nobody's). */
function seatNameIn(data, seat) {
  if (seat === null || seat === undefined) return "";
  return data.seats[seat]?.name ?? t("seat.name", { seat: seat + 1 });
}

/**
 * The line of move `i` of the replay `data` in the reader's language: "<who>: <what happened>",
 * who being the seat that moved or chance, or what happened alone when it starts with who.
 * `words` is the game's hook (its page's
 * `words.move(move, {seatName, before, after, seats})`, docs/replays.md): the move's events
 * (and its action, where that says more) in the game's own log words, as a string or a list
 * of strings or log lines ({text}). A move whose words are empty in this view (a roll whose
 * outcome is the next move, a card dealt face down) says there is nothing to see yet. A game
 * without the hook shows the server's English `text` and `detail` (server/http/replay.py).
 */
export function moveLine(data, i, words) {
  const move = data.moves[i];
  if (!words) return { text: move.text, detail: move.detail || "" };
  const seatName = (seat) => seatNameIn(data, seat);
  const said = [].concat(words(move, {
    seatName, before: data.steps[i]?.state, after: data.steps[i + 1]?.state, seats: data.seats,
  }) ?? []);
  const what = said.map((line) => (typeof line === "string" ? line : line?.text ?? "")).filter(Boolean).join(" ");
  const who = move.seat === "chance" ? t("replay.chance") : seatName(move.seat);
  if (!what) return { text: t("replay.move-quiet", { who }), detail: "" };
  // A line that already starts with who moved ("Ann rolls the die.") is not prefixed again.
  return { text: what.startsWith(`${who} `) ? what : t("replay.move-line", { who, what }), detail: "" };
}

/**
 * Build the bar in `root` over `player` (player.js). `actions`: `openFile(file)` (a chosen or
 * dropped file), `chooseView(viewer)`; `announce(text)` speaks; `words` is the game's hook that
 * words a move (moveLine). Returns {update(), message()}.
 */
export function createBar(root, player, { openFile, chooseView, announce, share, words }) {
  const w = (key) => escapeHtml(t(key));
  root.innerHTML = `
    <div class="replay-controls" data-testid="replay-controls" hidden>
      <div class="replay-buttons" role="group" aria-label="${w("replay.controls")}">
        <button type="button" class="btn replay-btn" id="replay-first" data-testid="replay-first"
          aria-keyshortcuts="Home" title="${w("replay.first.title")}">${icon("first")}<span class="visually-hidden">${w("replay.first")}</span></button>
        <button type="button" class="btn replay-btn" id="replay-back" data-testid="replay-back"
          aria-keyshortcuts="ArrowLeft" title="${w("replay.back.title")}">${icon("back")}<span class="replay-label">${w("replay.back")}</span><kbd>←</kbd></button>
        <button type="button" class="btn btn-primary replay-btn replay-play" id="replay-play" data-testid="replay-play"
          aria-keyshortcuts="Space" data-playing="false"><span id="replay-play-icon">${icon("play")}</span><span class="replay-label" id="replay-play-label">${w("replay.play")}</span><kbd>${w("replay.space")}</kbd></button>
        <button type="button" class="btn replay-btn" id="replay-forward" data-testid="replay-forward"
          aria-keyshortcuts="ArrowRight" title="${w("replay.forward.title")}"><span class="replay-label">${w("replay.forward")}</span>${icon("forward")}<kbd>→</kbd></button>
        <button type="button" class="btn replay-btn" id="replay-last" data-testid="replay-last"
          aria-keyshortcuts="End" title="${w("replay.last.title")}">${icon("last")}<span class="visually-hidden">${w("replay.last")}</span></button>
      </div>
      <label class="replay-scrub-label">
        <span class="visually-hidden">${w("replay.move")}</span>
        <input type="range" id="replay-scrub" data-testid="replay-scrub" min="0" max="0" step="1" value="0">
      </label>
      <span class="replay-position" id="replay-position" data-testid="replay-position"></span>
      <label class="replay-field">${w("setup.speed")}
        <select id="replay-speed" data-testid="replay-speed">
          ${SPEEDS.map((s) => `<option value="${s}"${s === 1 ? " selected" : ""}>${s === 0.5 ? "½" : formatNumber(s)}×</option>`).join("")}
        </select>
      </label>
      <label class="replay-field" id="replay-view-field">${w("replay.watch")}
        <select id="replay-view" data-testid="replay-view"></select>
      </label>
    </div>
    <div class="replay-info">
      <details class="replay-moves" id="replay-moves-box" data-testid="replay-moves-box" hidden>
        <summary class="btn btn-small">${w("replay.moves")}</summary>
        <ol class="replay-move-list" id="replay-moves" data-testid="replay-moves"></ol>
      </details>
      <p class="replay-now" id="replay-now" data-testid="replay-now"></p>
      <p class="replay-open">
        <button type="button" class="btn btn-small" id="replay-open" data-testid="replay-open">${w("replay.open")}</button>
        <input type="file" id="replay-file" data-testid="replay-file" accept=".json,application/json" hidden>
        <span class="replay-drop-hint">${w("replay.drop")}</span>
        <button type="button" class="btn btn-small" id="replay-share" data-testid="replay-share" hidden>${w("replay.share")}</button>
      </p>
      <p class="replay-share" id="replay-share-box" hidden>
        <label for="replay-share-link">${w("replay.share.label")}</label>
        <input type="text" readonly id="replay-share-link" data-testid="replay-share-link">
      </p>
    </div>
    <p class="replay-message" id="replay-message" data-testid="replay-message" role="alert"></p>`;

  const controls = root.querySelector(".replay-controls");
  const scrub = $("replay-scrub");
  const list = $("replay-moves");
  const select = $("replay-view");
  let listed = null; // the replay whose moves the list shows
  let lines = []; // lines[k]: move k's line ({text, detail}) in the reader's language

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
    announce(t(copied ? "replay.share.copied" : "replay.share.selected"));
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
    lines = data.moves.map((_, i) => moveLine(data, i, words));
    list.innerHTML = [
      `<li><button type="button" class="replay-move" data-step="0"><span class="replay-move-n">0</span> ${escapeHtml(t("replay.start"))}</button></li>`,
      ...data.moves.map((m, i) => `<li><button type="button" class="replay-move${m.seat === "chance" ? " replay-chance" : ""}" data-step="${i + 1}"${lines[i].detail ? ` title="${escapeHtml(lines[i].detail)}"` : ""}><span class="replay-move-n">${i + 1}</span> <span class="replay-move-text">${escapeHtml(lines[i].text)}</span></button></li>`),
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
      $("replay-now").textContent = t("replay.choose-long");
      return;
    }
    if (listed !== data) fillList(data);
    const { step, steps, playing } = player;
    select.value = data.viewer === null ? "" : String(data.viewer);
    scrub.value = String(step);
    scrub.setAttribute("aria-valuetext", t("replay.position", { step, count: steps }));
    $("replay-position").textContent = t("replay.position", { step, count: steps });
    $("replay-first").disabled = step === 0;
    $("replay-back").disabled = step === 0;
    $("replay-forward").disabled = step >= steps;
    $("replay-last").disabled = step >= steps;
    $("replay-play").dataset.playing = String(playing);
    $("replay-play-label").textContent = playing ? t("replay.pause") : step >= steps ? t("replay.again") : t("replay.play");
    $("replay-play-icon").innerHTML = icon(playing ? "pause" : "play");
    const now = step === 0 ? t("replay.start-of-match") : lines[step - 1].text;
    $("replay-now").textContent = step >= steps && steps ? `${sentence(now)} ${ending(data)}` : now;
    $("replay-now").title = $("replay-now").textContent; // all of it, where two lines cut it short
    for (const button of list.querySelectorAll("[aria-current]")) button.removeAttribute("aria-current");
    const current = list.querySelector(`button[data-step="${step}"]`);
    if (current) {
      current.setAttribute("aria-current", "step");
      if ($("replay-moves-box").open) current.scrollIntoView({ block: "nearest" });
    }
    if (!playing && step !== said) announce(`${t("replay.position", { step, count: steps })}. ${$("replay-now").textContent}`);
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
  const sub = t("replay.sub", { view: viewName(data, data.viewer) });
  if (step >= steps) return { main: t("replay.finished", { winners: winnersWords(data) }), sub };
  const seat = data.steps[step].to_act;
  const next = seat === null || seat === undefined ? t("replay.chance-next")
    : t("replay.turn-of", { who: data.seats[seat]?.name ?? t("seat.name", { seat: seat + 1 }) });
  return { main: t("replay.at", { position: t("replay.position", { step, count: steps }), next }), sub };
}

/** `text` ending with a full stop. */
function sentence(text) {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** "Ann wins" from the last step's winners. */
function winnersWords(data) {
  const winners = data.steps[data.steps.length - 1].winners || [];
  const names = winners.map((w) => data.seats[w]?.name ?? t("seat.name", { seat: w + 1 }));
  if (!names.length) return t("replay.nobody-wins");
  return t("replay.wins", { names: formatList(names), count: names.length });
}

/** "The end: Ann wins." */
function ending(data) {
  return t("replay.the-end", { winners: winnersWords(data) });
}
