// Coach marks: a few short tips on the first turn of a player's first solo match of a game,
// each one beside the part of the page it is about. They never stop play: the page's keys and
// buttons keep working, and playing the turn puts them away. Once the player skips them,
// reads them to the end, or plays that first turn with them shown, they are remembered in
// localStorage ("mousehole.<game>.coach" = "done") and never offered again. A game's own tips
// live in its web folder (games/<folder>/web/coach-marks.js), which calls:
//
//   offerCoach({
//     game: name,                            // the game's registry name (its manifest's)
//     action: turnButton,                    // the button that plays the turn
//     state: () => ({ snapshot, record }),   // what the page knows now (the protocol's)
//     steps: [{ target: () => element, title: "…", text: "…" }, …],
//   });
//
// The tips are a non-modal dialog (role="dialog"): its first button takes the focus when the
// focus is on the page's body or the turn's button, so a keyboard reaches it and a screen
// reader reads its title and text (it never takes the focus from another control the player
// has moved to: its words are a live region, read out all the same); Escape or "Skip the tips"
// closes it, and the focus goes back to the turn's button. Reduced motion: no slide, no pulse.
// Test ids: coach, coach-count, coach-title, coach-text, coach-next, coach-skip, coach-ring.

import { reducedMotion } from "/static/shared/settings.js";
import { t } from "/static/shared/i18n.js";
import { escapeHtml } from "/static/shared/html.js";

const DONE = "done";
const GAP = 12;
const MARGIN = 8;

function storageKey(game) {
  return `mousehole.${game}.coach`;
}

/** True once this browser's player has skipped, finished or played through the tips. */
function coachDone(game) {
  try {
    return window.localStorage.getItem(storageKey(game)) === DONE;
  } catch {
    return false; // storage blocked: the tips may come again, and the game still plays
  }
}

function remember(game) {
  try {
    window.localStorage.setItem(storageKey(game), DONE);
  } catch {
    // storage blocked or full: nothing to remember with
  }
}

/** The last tip of every game: where the whole rules are (the page's "How to play" link). */
export const RULES_TIP = Object.freeze({
  target: () => document.querySelector('[data-testid="rules-link"]'),
  title: t("coach.rules.title"),
  text: t("coach.rules.text"),
});

/** The only human seat of a local match against computer players, or null. */
export function soloSeat(snapshot) {
  if (!snapshot || snapshot.code || snapshot.pace === "server") return null; // online rooms
  const humans = (snapshot.seats || []).flatMap((seat, i) => (seat.kind === "human" ? [i] : []));
  return humans.length === 1 ? humans[0] : null;
}

/** Whether seat `seat` has played a move of its own in `record`. */
function hasActed(record, seat) {
  return (record?.moves || []).some((move) => move.seat === seat);
}

/** Whether the page shows the first turn of a solo match: its human is to act, for the first time. */
function firstSoloTurn(snapshot, record) {
  if (snapshot?.replay) return false; // a replay's step (docs/replays.md): nobody's turn to play
  const seat = soloSeat(snapshot);
  if (seat === null || (snapshot.winners || []).length || snapshot.to_act !== seat) return false;
  return !hasActed(record, seat);
}

function markup() {
  return `<div class="coach-words" aria-live="polite" aria-atomic="true">
      <p class="coach-count" id="coach-count" data-testid="coach-count"></p>
      <h2 class="coach-title" id="coach-title" data-testid="coach-title"></h2>
      <p class="coach-text" id="coach-text" data-testid="coach-text"></p>
    </div>
    <div class="coach-buttons">
      <button type="button" class="btn" data-testid="coach-skip" id="coach-skip">${escapeHtml(t("coach.skip"))}</button>
      <button type="button" class="btn btn-big" data-testid="coach-next" id="coach-next">${escapeHtml(t("coach.next"))}</button>
    </div>`;
}

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Offer the tips of `game` on the first solo turn (see the top of this file). */
export function offerCoach({ game, action, state, steps }) {
  if (!action || !steps.length || coachDone(game)) return null;
  let box = null;
  let ring = null;
  let step = 0;
  let shown = false; // shown on this page: playing the first turn then counts as seen
  let returnTo = null;
  let retry = null;

  const ready = () => !action.disabled && !action.hidden
    && ![...document.querySelectorAll("dialog")].some((d) => d.open);

  function check() {
    clearTimeout(retry);
    if (coachDone(game)) {
      hide(); // put away in another tab of this browser
      stop();
      return;
    }
    const { snapshot, record } = state();
    if (!firstSoloTurn(snapshot, record)) {
      // Shown, and now the first turn has been played: the tips have done their job.
      const seat = soloSeat(snapshot);
      if (shown && seat !== null && hasActed(record, seat)) {
        finish();
      } else {
        hide();
      }
      return;
    }
    if (!ready()) {
      hide();
      // A dialog (a hand-over, the winner) or a busy moment: look again in a little while.
      if (!action.disabled) retry = setTimeout(check, 400);
      return;
    }
    if (!box) open();
  }

  function open() {
    // It never takes the focus from a control the player has moved to (a board space, a
    // button): the tip is then read out by its live region, and Tab reaches it.
    const here = document.activeElement;
    const takeFocus = !here || here === document.body || here === action;
    shown = true;
    returnTo = document.activeElement;
    box = document.createElement("section");
    box.className = "coach";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "false");
    box.setAttribute("aria-labelledby", "coach-title");
    box.setAttribute("aria-describedby", "coach-text");
    box.dataset.testid = "coach";
    box.innerHTML = markup();
    ring = document.createElement("div");
    ring.className = "coach-ring";
    ring.setAttribute("aria-hidden", "true");
    ring.dataset.testid = "coach-ring";
    const moving = !reducedMotion();
    box.classList.toggle("coach-moving", moving);
    ring.classList.toggle("coach-moving", moving);
    document.body.append(ring, box);
    box.querySelector("#coach-next").addEventListener("click", next);
    box.querySelector("#coach-skip").addEventListener("click", finish);
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        finish();
      }
    });
    window.addEventListener("resize", place);
    show(step);
    if (takeFocus) box.querySelector("#coach-next").focus({ preventScroll: true });
  }

  function show(index) {
    step = index;
    const last = index === steps.length - 1;
    box.querySelector("#coach-count").textContent = t("coach.count", { index: index + 1, count: steps.length });
    box.querySelector("#coach-title").textContent = steps[index].title;
    box.querySelector("#coach-text").textContent = steps[index].text;
    box.querySelector("#coach-next").textContent = last ? t("coach.done") : t("coach.next");
    box.dataset.step = String(index);
    // An instant scroll: the tips are placed against the view as it is once scrolled.
    steps[index].target()?.scrollIntoView({ block: "nearest" });
    place();
    box.scrollIntoView({ block: "nearest" });
  }

  function next() {
    if (step + 1 < steps.length) show(step + 1);
    else finish();
  }

  /** Put the ring round the step's target and the tips beside it, clear of the turn's button. */
  function place() {
    if (!box) return;
    const target = steps[step].target();
    const sx = window.scrollX;
    const sy = window.scrollY;
    const view = { left: sx, top: sy, right: sx + window.innerWidth, bottom: sy + window.innerHeight };
    const width = Math.min(352, window.innerWidth - 2 * MARGIN);
    box.style.width = `${width}px`;
    const height = box.offsetHeight;
    if (!target) {
      ring.hidden = true;
      box.style.left = `${sx + (window.innerWidth - width) / 2}px`;
      box.style.top = `${sy + MARGIN}px`;
      return;
    }
    const r = target.getBoundingClientRect();
    const t = { left: r.left + sx, top: r.top + sy, right: r.right + sx, bottom: r.bottom + sy };
    ring.hidden = false;
    ring.style.left = `${t.left - 5}px`;
    ring.style.top = `${t.top - 5}px`;
    ring.style.width = `${r.width + 10}px`;
    ring.style.height = `${r.height + 10}px`;
    const a = action.getBoundingClientRect();
    const keep = { left: a.left + sx, top: a.top + sy, right: a.right + sx, bottom: a.bottom + sy };
    const left = Math.min(Math.max(sx + MARGIN, (t.left + t.right) / 2 - width / 2), view.right - width - MARGIN);
    const spots = [
      { left, top: t.bottom + GAP },
      { left, top: t.top - GAP - height },
      { left: t.left - GAP - width, top: Math.max(view.top + MARGIN, t.top) },
      { left: t.right + GAP, top: Math.max(view.top + MARGIN, t.top) },
    ];
    // Best in view; else off the view's edge (the page scrolls to it), never over the target
    // or the turn's button; else wherever there is most room.
    const clear = (rect) => !overlaps(rect, t) && (target === action || !overlaps(rect, keep));
    const inView = (rect) => rect.top >= view.top && rect.bottom <= view.bottom;
    const rects = spots.map((s) => ({ left: s.left, top: s.top, right: s.left + width, bottom: s.top + height }))
      .filter((rect) => rect.left >= view.left && rect.right <= view.right && rect.top >= MARGIN);
    const spot = rects.find((rect) => clear(rect) && inView(rect)) ?? rects.find(clear)
      ?? (t.top - view.top > view.bottom - t.bottom ? spots[1] : spots[0]);
    box.style.left = `${Math.max(sx + MARGIN, spot.left)}px`;
    box.style.top = `${Math.max(sy + MARGIN, spot.top)}px`;
  }

  function hide() {
    if (!box) return;
    const hadFocus = box.contains(document.activeElement);
    box.remove();
    ring.remove();
    box = null;
    ring = null;
    window.removeEventListener("resize", place);
    if (hadFocus) refocus();
  }

  function refocus() {
    if (!action.disabled && !action.hidden) action.focus();
    else if (returnTo && returnTo.isConnected && returnTo !== document.body) returnTo.focus();
  }

  function finish() {
    remember(game);
    hide();
    stop();
  }

  const observer = new MutationObserver(check);
  function stop() {
    clearTimeout(retry);
    observer.disconnect();
  }
  observer.observe(action, { attributes: true, attributeFilter: ["disabled", "hidden"] });
  check();
  return { check, finish };
}
