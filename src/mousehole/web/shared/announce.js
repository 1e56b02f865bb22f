// The ARIA live region of a match page (role=status, polite): short sentences about what
// happens (moves, effects, turn changes, the room). Sentences said within a few milliseconds
// are joined, so none is lost; clearing first makes a repeated sentence be read again.
// `hush()` silences every announcer of the page (and its sounds, shared/match/page.js) while a
// replay rebuilds its log.

let hushes = 0;

/** Drop every sentence until the returned function is called (a replay filling in the moves
    before the one it shows, which nobody should hear). */
export function hush() {
  hushes += 1;
  let over = false;
  return () => {
    if (over) return;
    over = true;
    hushes -= 1;
  };
}

/** Whether the page is hushed now. */
export const hushed = () => hushes > 0;

/** An announcer on `region`: `announce(text)`; `quiet()` true drops sentences (a fast-forward). */
export function createAnnouncer(region, { quiet = () => false } = {}) {
  let pending = [];
  let timer = null;
  return function announce(text) {
    if (!region || !text || hushes || quiet()) return;
    pending.push(text);
    if (timer) return;
    timer = setTimeout(() => {
      const message = pending.join(" ");
      pending = [];
      timer = null;
      region.textContent = "";
      requestAnimationFrame(() => {
        region.textContent = message;
      });
    }, 40);
  };
}
