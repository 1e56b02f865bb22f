// The page's words (docs/translating.md). The page names its catalogue in
// <meta name="mousehole-messages" content="/messages/<language>/<domain>+<domain>.json">: every
// message of the shared domain and of the page's game, served as JSON from the same gettext .po
// files the server reads (mousehole/locales/<language>/<domain>.po), with no build step. This
// module fetches it before it finishes loading (a top-level await), so every module that
// imports it has its words before it runs.
//
//   t("adm.log.flip", { who: "Ann", card: "a cat" })   -> "Ann turns over a cat."
//   t("adm.cards", { count: 3 })                        -> "3 cards" (Intl.PluralRules)
//   formatNumber(1234.5), formatList(["Ann", "Bo"])      -> in the reader's format
//
// A message's `{name}` is its parameter; a number parameter is written the reader's way. A
// plural message is {category: text} by the CLDR categories Intl.PluralRules names, picked by
// its `count`. A missing key shows the key itself (the catalogue tests keep that from
// happening) and says so in the console.

async function load() {
  const url = document.querySelector('meta[name="mousehole-messages"]')?.content;
  if (!url) return null;
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : null;
  } catch {
    return null; // offline: every key shows as itself, and the console says so
  }
}

const data = (await load()) || { lang: document.documentElement.lang || "en", messages: {} };

/** The reader's language: the page's <html lang>, as the server chose it. */
export const lang = data.lang;

/** The locale that formats numbers, dates and lists (British English for "en"). */
const locale = data.locale || lang;
const plurals = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(locale);
const missing = new Set();

/** A number the reader's way ("1,234.5" in English, "1.234,5" in German). */
export function formatNumber(n) {
  return numbers.format(n);
}

/** A share (0.5) as a percentage the reader's way ("50%", "50 %"). */
export function formatPercent(share) {
  return new Intl.NumberFormat(locale, { style: "percent" }).format(share);
}

/** Whether the page's catalogue has `key`. */
export function has(key) {
  return Object.hasOwn(data.messages, key);
}

/** The message `key` with its `{placeholders}` filled from `params`. */
export function t(key, params = {}) {
  let message = data.messages[key];
  if (message === undefined) {
    if (!missing.has(key)) console.warn(`no message ${key} in the ${lang} catalogue`);
    missing.add(key);
    return key;
  }
  if (typeof message === "object") {
    const count = Number(params.count);
    message = message[plurals.select(count)] ?? message.other;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatNumber(value) : String(value);
  });
}

/** A computer level's name as it reads inside a sentence ("easy", "leicht"), from the
    catalogue when it has the level (else the level's id). */
export function levelName(level) {
  const key = `level.${level}`;
  return has(key) ? t(key) : String(level);
}

/** A computer level's name as a menu's choice: its first letter upper case ("Easy"). */
export function levelChoice(level) {
  const name = levelName(level);
  return `${name.slice(0, 1).toLocaleUpperCase(locale)}${name.slice(1)}`;
}

/** A refusal from the server, worded by its stable code (`errors.<code>`): the server's own
    `message` is for developers and logs, in English, and is never shown. */
export function errorText(error) {
  const key = `errors.${error?.code}`;
  return has(key) ? t(key) : t("errors.unknown", { code: error?.code || "?" });
}

/** A list of names the reader's way: "Ann, Bo and Cy" / "Ann, Bo und Cy". */
export function formatList(items) {
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(items.map(String));
}

// The language switch (pages.py, language_switch): a link goes back to where the reader is
// now, with the address of the moment (a match page rewrites its address as rooms change).
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[data-lang-switch]") : null;
  if (!link) return;
  const back = `${window.location.pathname}${window.location.search}`;
  link.href = `/language/${link.dataset.langSwitch}?back=${encodeURIComponent(back)}`;
});
