// Text too small to read is noise, not information. A drawing shown small (a phone's whole-board
// map, a machine in a narrow picture) hides each of its texts that would be drawn under 11 CSS
// px, and shows it again once the drawing is large enough: what the page shows, a player can
// read. The hidden text keeps its place (index.css: visibility), so nothing else moves; the
// words stay in the drawing's labels and the page's own text. The size of a text is its font
// size times the scale its SVG is drawn at on the screen.

export const MIN_TEXT_PX = 11;

/** Hide the texts of `root` (an SVG, or a group in one) drawn under `min` px; show the rest. */
export function hideIllegible(root, min = MIN_TEXT_PX) {
  for (const text of root.querySelectorAll("text")) {
    const matrix = text.getScreenCTM();
    if (!matrix) continue; // not drawn (display: none): nothing to hide
    const px = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(matrix.a, matrix.b);
    text.classList.toggle("illegible", px < min - 0.05);
  }
}

/** Keep the texts of `svg` legible whenever it changes size; returns the check, to run again
    after the drawing changes (a new viewBox, new text). */
export function keepLegible(svg, min = MIN_TEXT_PX) {
  const check = () => hideIllegible(svg, min);
  new ResizeObserver(check).observe(svg);
  check();
  return check;
}
