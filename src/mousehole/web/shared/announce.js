// The ARIA live region (role=status, polite): short sentences about rolls, moves, effects,
// builds, captures and turn changes. Messages in one frame are joined, so none is lost.

let region = null;
let pending = [];
let timer = null;

export function initAnnouncer(element) {
  region = element;
}

/** Queue `text` for screen readers; messages said within a few milliseconds are combined. */
export function announce(text) {
  if (!region || !text) return;
  pending.push(text);
  if (timer) return;
  timer = setTimeout(() => {
    const message = pending.join(" ");
    pending = [];
    timer = null;
    // Clearing first makes a repeated sentence be read again.
    region.textContent = "";
    requestAnimationFrame(() => {
      region.textContent = message;
    });
  }, 40);
}
