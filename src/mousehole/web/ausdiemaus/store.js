// Autosave of the local match in localStorage ("mousehole.ausdiemaus.match"): the room, its
// owner token, the record (the server's truth), the seat setup and the last log lines.
// Where storage is unavailable (it throws), the game still plays and saving is off.

export const KEY = "mousehole.ausdiemaus.match";

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

/** The saved match, or null (none, unreadable, or storage off). */
export function loadMatch() {
  if (!canSave()) return null;
  try {
    const text = window.localStorage.getItem(KEY);
    if (!text) return null;
    const data = JSON.parse(text);
    if (!data || typeof data !== "object" || !data.setup || !data.record) return null;
    return data;
  } catch {
    return null;
  }
}

/** Save {room, token, record, setup, log}; returns false when it could not. */
export function saveMatch(data) {
  if (!canSave()) return false;
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ ...data, savedAt: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

export function clearMatch() {
  if (!canSave()) return;
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // storage went away: nothing to clear
  }
}
