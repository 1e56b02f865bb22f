// Autosave of a game's local match in localStorage ("mousehole.<game>.match"): the room, its
// owner token, the record (the server's truth), the seat setup, the last log lines, and
// whether the match is over (`finished`, with the `winners`' names); each game's page adds what
// it needs. A reload goes straight back to a match in progress; a finished one is offered as a
// rematch or its result, on the game page and on the home page (shared/page-settings.js),
// which reads the same key. Where storage is unavailable (it throws), the game still plays and
// saving is off.

import { nameList } from "/static/shared/log-list.js";
import { t } from "/static/shared/i18n.js";

function probe() {
  try {
    const storage = window.localStorage;
    const test = "mousehole.probe";
    storage.setItem(test, "1");
    storage.removeItem(test);
    return true;
  } catch {
    return false;
  }
}

let available = null;

/** True when localStorage can be read and written in this browser. */
export function canSave() {
  if (available === null) available = probe();
  return available;
}

/** The autosave of `game`: {key, loadMatch, saveMatch, clearMatch}. */
export function matchStore(game) {
  const key = `mousehole.${game}.match`;
  return {
    key,
    /** The saved match, or null (none, unreadable, or storage off). */
    loadMatch() {
      if (!canSave()) return null;
      try {
        const text = window.localStorage.getItem(key);
        if (!text) return null;
        const data = JSON.parse(text);
        if (!data || typeof data !== "object" || !data.setup || !data.record) return null;
        return data;
      } catch {
        return null;
      }
    },
    /** Save {room, token, record, setup, log, ...}; returns false when it could not. */
    saveMatch(data) {
      if (!canSave()) return false;
      try {
        window.localStorage.setItem(key, JSON.stringify({ ...data, savedAt: Date.now() }));
        return true;
      } catch {
        return false;
      }
    },
    clearMatch() {
      if (!canSave()) return;
      try {
        window.localStorage.removeItem(key);
      } catch {
        // storage went away: nothing to clear
      }
    },
  };
}

/** "You have a match in progress with Ann and Whiskers, saved in this browser." for a saved
    match that is not over. */
export function runningSentence(saved) {
  const names = (saved?.setup?.seats || []).map((s) => s?.name).filter((n) => typeof n === "string" && n);
  return names.length ? t("home.running-with", { names: nameList(names) }) : t("home.running");
}

/** "Your last match is over: Ann won." for a finished saved match. */
export function finishedSentence(saved) {
  const winners = Array.isArray(saved?.winners) ? saved.winners.filter((n) => typeof n === "string") : [];
  return winners.length ? t("home.last-won", { names: nameList(winners), count: winners.length }) : t("home.last-over");
}
