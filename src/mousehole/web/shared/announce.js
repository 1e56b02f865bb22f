// The ARIA live region of a match page (role=status, polite): short sentences about what
// happens (moves, effects, turn changes, the room). Sentences said within a few milliseconds
// are joined, so none is lost; clearing first makes a repeated sentence be read again.

/** An announcer on `region`: `announce(text)`; `quiet()` true drops sentences (a fast-forward). */
export function createAnnouncer(region, { quiet = () => false } = {}) {
  let pending = [];
  let timer = null;
  return function announce(text) {
    if (!region || !text || quiet()) return;
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
