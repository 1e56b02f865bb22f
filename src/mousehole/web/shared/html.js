// Escaping text for markup, for every page's modules: a name, a label or a card put into
// innerHTML or an SVG string goes through escapeHtml first (a player's name can hold < or &).

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` (null and undefined: "") with &, <, >, " and ' written as entities. */
export function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
