// An online room's "What happened" after a reload or a reconnect (docs/online.md): the page
// asks the server for the room's moves so far as this browser's seat saw them (the replay's
// views, `POST /api/replay/<room>` with `live: true`, docs/replays.md) and writes the log from
// them with the game's own words, as the replay page does: each move played at once and
// unheard, in the view the seat had then. The server builds every view from what the seat may
// see; the page only words the moves and events.

import { hush } from "/static/shared/announce.js";
import { createPlayer } from "/static/shared/replay/player.js";

/** The room's moves so far for the holder of `token` (null: a spectator), or null when the
    server could not give them (the log then keeps what it has). */
async function fetchHistory(code, token) {
  try {
    const response = await fetch(`/api/replay/${encodeURIComponent(code)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(token ? { token, live: true } : { live: true }),
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/**
 * Write `match`'s log again from online room `code`'s moves so far, starting with `intro`.
 * Answers the number of moves the log now tells (the page must not tell them again), or null
 * when the log was left as it was. The page's live state (snapshot, record, connection,
 * speed) is put back as it was; the caller shows the snapshot afterwards.
 */
export async function rebuildLog(match, code, token, intro) {
  const data = await fetchHistory(code, token);
  if (!data || !Array.isArray(data.moves)) return null;
  const { state } = match;
  const live = {
    snapshot: state.snapshot, record: state.record, connected: state.connected, factor: state.factor,
  };
  const done = hush();
  try {
    await createPlayer(match).load(data, data.moves.length, intro);
  } finally {
    done();
    Object.assign(state, live, { animating: false });
  }
  return data.moves.length;
}
