// Where a replay comes from (docs/replays.md): a finished room, asked for with the token this
// browser holds for it (a local match's owner token from the autosave, an online seat's token;
// none: the public view), or a record file, which the server checks and replays. The server
// builds every view: this module only asks, and reads a dropped or opened file as JSON.

import { loadSeat } from "/static/shared/net.js";
import { matchStore } from "/static/shared/store.js";
import { exactJson, parseExact } from "./share.js";

/** The largest record file sent (the server's own limit, MAX_RECORD_BYTES). */
export const MAX_FILE_BYTES = 1024 * 1024;

/** An error the server answered with: its stable `code` and its sentence. */
export class ReplayRefused extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function post(url, body) {
  let response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: exactJson(body), // a shared link's seed, kept as its digits, goes as the number
    });
  } catch {
    throw new ReplayRefused("network", "the server could not be reached: check the connection and try again", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data?.error || {};
    throw new ReplayRefused(error.code || "http_error", error.message || `the server answered ${response.status}`, response.status);
  }
  return data;
}

/** The token this browser holds for room `code` of `game` (null: it watches as a spectator). */
export function tokenFor(game, code) {
  const saved = matchStore(game).loadMatch();
  if (saved && saved.room === code && typeof saved.token === "string") return saved.token;
  return loadSeat(code)?.token || null;
}

/** The finished room `code`'s replay, for `view` (undefined: the server picks this browser's). */
export function roomReplay(game, code, view) {
  const token = tokenFor(game, code);
  const body = token ? { token } : {};
  if (view !== undefined) body.view = view;
  return post(`/api/replay/${encodeURIComponent(code)}`, body);
}

/** A record file's replay, for `view` (undefined: the one view the file is, or the public one). */
export function fileReplay(record, view) {
  const body = { record };
  if (view !== undefined) body.view = view;
  return post("/api/replay", body);
}

/** The local match this browser saved, when it is over: {room, token, record, setup} or null. */
export function savedFinished(game) {
  const saved = matchStore(game).loadMatch();
  return saved?.finished ? saved : null;
}

/** The saved match's record as a file would carry it (its seats' names as `players`). */
export function savedRecord(saved) {
  const players = (saved.setup?.seats || []).map((s) => (s.kind === "computer" ? `${s.name}, computer` : s.name));
  return { ...saved.record, players };
}

/** Read a dropped or opened file as a record's JSON; throws an Error saying what is wrong. */
export async function readRecordFile(file) {
  if (!file) throw Object.assign(new Error("no file was given"), { code: "no_file" });
  if (file.size > MAX_FILE_BYTES) {
    const size = Math.round(file.size / 104857.6) / 10;
    throw Object.assign(new Error(`${file.name} is ${size} MB: a record file is at most 1 MB`), { code: "file_too_big", file: file.name, size });
  }
  const text = await file.text();
  try {
    return parseExact(text); // its seed exact: it decides the outcomes the file hides
  } catch (error) {
    throw Object.assign(new Error(`${file.name} is not a record file: it is not JSON (${error.message})`), { code: "not_json", file: file.name });
  }
}
