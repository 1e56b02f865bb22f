// Dragging the board moves a zoomed-in view round it (a finger on a phone, or the mouse): the
// view the player sees follows the drag, kept on the drawn board, and the next move of the mouse
// it follows brings the view back to it (render.js). A press that does not move is still a tap
// on a space (it opens the space's description); one that moved is only a drag.

const SLOP = 8; // px a press may wander and still be a tap

/** Let `svg` be dragged while `enabled()`; `moveBy(dx, dy)` moves the view by screen px. */
export function initPan(svg, { enabled, moveBy }) {
  let press = null;
  let dragged = false;
  svg.addEventListener("pointerdown", (event) => {
    if (!enabled() || !event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
    press = { id: event.pointerId, x: event.clientX, y: event.clientY, moving: false };
    dragged = false;
  });
  svg.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.moving && Math.hypot(dx, dy) < SLOP) return;
    if (!press.moving) {
      press.moving = true;
      dragged = true;
      svg.setPointerCapture(event.pointerId);
      svg.classList.add("panning");
    }
    moveBy(dx, dy);
    press.x = event.clientX;
    press.y = event.clientY;
  });
  const release = (event) => {
    if (!press || event.pointerId !== press.id) return;
    press = null;
    svg.classList.remove("panning");
  };
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  // The click that ends a drag is not a tap on the space under it.
  svg.addEventListener("click", (event) => {
    if (!dragged) return;
    dragged = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
}
