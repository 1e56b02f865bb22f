// A replay's share link (docs/replays.md): the finished match's public record, carried in the
// link's fragment (`/replay/<game>#record=…`), so another browser can watch it without this
// browser's token and the server keeps nothing for it. The fragment never reaches the server
// with the page's request; the page sends the record to `POST /api/replay` as a file, which the
// server checks by replaying it, and which allows only the public view.

const KEY = "record=";

// A record's seed is a 64-bit integer, more than a JavaScript number holds exactly: the link
// keeps it as the digits the server sent ("seed": "2418518533215294130"), and `exactJson`
// writes it back as a number for the server.
const SEED = /"seed":\s*(\d+)/;
const SEED_TEXT = /"seed":"(\d+)"/;

/** A record file's JSON text, its seed kept as its digits. */
export function parseExact(text) {
  return JSON.parse(text.replace(SEED, '"seed":"$1"'));
}

/** `value` as JSON, a seed kept as its digits written as the number it is. */
export function exactJson(value) {
  return JSON.stringify(value).replace(SEED_TEXT, '"seed":$1');
}

/** The finished room `code`'s public record (its seed as its digits), for the holder of `token`. */
export async function publicRecord(code, token) {
  const response = await fetch(`/api/replay/${encodeURIComponent(code)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(token ? { token, view: null } : { view: null }),
  });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  const text = await response.text();
  const start = text.indexOf('"record":');
  const seed = start >= 0 ? text.slice(start).match(SEED) : null;
  const { record } = JSON.parse(text);
  return seed ? { ...record, seed: seed[1] } : record;
}

function toBase64Url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const plain = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

async function through(stream, bytes) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The share link of `record` (the public record view, with the seats' names as `players`):
    deflated where the browser can ("z."), else plain UTF-8 JSON ("j."), in base64url. */
export async function shareLink(game, record) {
  const json = new TextEncoder().encode(JSON.stringify(record));
  const packed = typeof CompressionStream === "function"
    ? `z.${toBase64Url(await through(new CompressionStream("deflate-raw"), json))}`
    : `j.${toBase64Url(json)}`;
  return `${window.location.origin}/replay/${encodeURIComponent(game)}#${KEY}${packed}`;
}

/** The record a share link's fragment carries, null when the address has none; throws an
    Error whose `code` is "damaged_link" for a damaged one (the page words it: replay.js). */
export async function sharedRecord(hash = window.location.hash) {
  const at = hash.indexOf(KEY);
  if (at < 0) return null;
  const packed = hash.slice(at + KEY.length);
  try {
    const bytes = fromBase64Url(packed.slice(2));
    let json;
    if (packed.startsWith("z.")) json = await through(new DecompressionStream("deflate-raw"), bytes);
    else if (packed.startsWith("j.")) json = bytes;
    else throw new Error("unknown packing");
    return JSON.parse(new TextDecoder().decode(json));
  } catch {
    throw Object.assign(new Error("damaged share link"), { code: "damaged_link" });
  }
}
