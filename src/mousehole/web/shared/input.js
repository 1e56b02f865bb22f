// How the page is played: by touch alone, or with keys. A touch screen (no hover and a coarse
// pointer: a phone or a tablet without a keyboard) is never told to press keys; the words say
// "Tap Roll" where a keyboard page says "Press R", and page.css hides every key cap under the
// same media query, so the words and the key caps always agree.

const TOUCH = "(hover: none) and (pointer: coarse)";

/** True on a touch screen without a keyboard's pointer (a phone, a tablet). */
export function touchScreen() {
  return typeof matchMedia === "function" && matchMedia(TOUCH).matches;
}

/** `keys` on a page played with keys and a mouse, `touch` on a touch screen. */
export function byInput(keys, touch) {
  return touchScreen() ? touch : keys;
}
