"""The wire: JSON bodies and WebSocket messages, their limits, errors and close codes.

Whatever a client sends is answered: a message that is no command gets a named error and its
socket stays open (docs/protocol.md, docs/online.md). Nothing a client sends reaches a parser
that could fail other than by saying so: numbers and nesting are bounded before parsing.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

import orjson
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...engine import JSON
from ..text import MAX_ACTION_ID, lone_surrogate, without_lone_surrogates
from .table import RoomError, Viewer


@dataclass(eq=False)
class Connection:
    """One open socket of a room and who it speaks for."""

    websocket: WebSocket
    viewer: Viewer


MAX_MESSAGE = 64 * 1024

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects read (a saved record, the deepest JSON a client
sends, nests 5 or 6 deep)."""

MAX_DIGITS = 19
"""The most digits a number may have in a row: the largest 64-bit integer has 19 or 20 (the
standard library's parser refuses over 4,300 digits with an error of its own, and is slow
before). Integers are also held to 64 bits and other numbers to a finite double when parsed
(`parse`), so that whatever is accepted can be encoded again by orjson: a relayed message
crosses the bus between instances as JSON (server/cluster/bus.py)."""

SMALLEST_INT = -(2**63)
LARGEST_INT = 2**64 - 1
"""The integers orjson encodes: a signed or an unsigned 64-bit integer."""


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> Response:
    """Return an HTTP error as the API sends them: {"error": {"code", "message"}}.

    A message that quotes what the client sent has its lone surrogates replaced (U+FFFD):
    they cannot be written as UTF-8.
    """
    body = {"error": {"code": code, "message": without_lone_surrogates(message)}}
    return JSONResponse(body, status_code=status, headers=headers)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""A JSON string, or an unterminated one up to the end: every character is looked at once."""
_LONG_NUMBER = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def shape_problem(text: str) -> str | None:
    """Return why the JSON `text` is beyond what the server parses (a number over
    `MAX_DIGITS` digits, nesting over `MAX_DEPTH`), or None.

    A few linear passes of regular expressions with the strings blanked out, no recursion:
    `json.loads` raises ValueError past 4,300 digits and RecursionError on deep nesting.
    """
    skeleton = _STRING.sub('""', text)
    if _LONG_NUMBER.search(skeleton):
        return f"a number has more than {MAX_DIGITS} digits"
    brackets = _NOT_BRACKET.sub("", skeleton)
    if brackets and max(accumulate(map(_NESTING.__getitem__, brackets))) > MAX_DEPTH:
        return f"arrays and objects nest more than {MAX_DEPTH} deep"
    return None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class _OutOfRange(ValueError):
    """A number that is JSON but beyond what the server holds (`parse`)."""


def _shown(number: str) -> str:
    return number if len(number) <= 24 else f"{number[:12]}…{number[-6:]}"


def _integer(text: str) -> int:
    value = int(text)
    if not SMALLEST_INT <= value <= LARGEST_INT:
        raise _OutOfRange(f"the integer {_shown(text)} does not fit in 64 bits")
    return value


def _number(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _OutOfRange(f"the number {_shown(text)} is too large for a double")
    return value


def parse(text: str, what: str, *, refusal: str) -> Any:
    """Return the JSON value of `text`; raise RoomError: `refusal` (the code) when it is
    beyond the limits of `shape_problem` or holds a number beyond them (an integer over 64
    bits, a number too large for a double), `bad_json` when it is not JSON (NaN and Infinity
    are not). `what` names the text in the messages ("the message")."""
    problem = shape_problem(text)
    if problem is not None:
        raise RoomError(refusal, f"{what} is refused: {problem}")
    try:
        return json.loads(
            text, parse_constant=_refuse_constant, parse_int=_integer, parse_float=_number
        )
    except _OutOfRange as error:
        raise RoomError(refusal, f"{what} is refused: {error}") from None
    except (ValueError, RecursionError) as error:  # json.JSONDecodeError is a ValueError
        raise RoomError("bad_json", f"{what} is not JSON ({error})") from None


MAX_FRAME = 1024 * 1024
"""The largest WebSocket message the server reads at all (uvicorn's `ws_max_size`): one up to
this size is answered `too_large`; a bigger one is abuse, and closes the socket (1009)."""


def too_many(code: str, what: str, per: str, wait: int) -> Response:
    """Return the 429 of an address over one of its limits: `code` (too_many_rooms, say),
    `what` it asked for too many of ("new rooms"), the limit `per` ("30 rooms per 600 s"),
    and the whole seconds to `wait`, also in `Retry-After`."""
    message = f"too many {what} from this address ({per}): wait {wait} s"
    return error_response(429, code, message, {"Retry-After": str(wait)})


def _too_large(limit: int) -> Response:
    return error_response(413, "too_large", f"the request is over {limit} bytes")


async def json_body(request: Request, limit: int = MAX_MESSAGE) -> dict[str, Any] | Response:
    """Return the request's JSON object, or the error response saying why it is not one.

    A body over `limit` is refused as soon as its declared length or its bytes read so far
    say so: the rest is never read into memory.
    """
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return _too_large(limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return _too_large(limit)
        chunks.append(chunk)
    try:
        text = b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError:
        return error_response(400, "bad_json", "the request body is not JSON: not UTF-8")
    try:
        data = parse(text, "the request body", refusal="bad_request")
    except RoomError as error:
        return error_response(400, error.code, error.message)
    if not isinstance(data, dict):
        return error_response(400, "bad_request", "expected a JSON object")
    return data


def encode(message: JSON) -> str:
    """Return a message as compact JSON text (orjson: a broadcast encodes one per viewer, and
    the standard library's encoder was an eighth of the server's time under load)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


async def send(websocket: WebSocket, message: JSON) -> None:
    """Send one message as a text frame; raise WebSocketDisconnect when the client is gone."""
    try:
        await websocket.send_text(encode(message))
    except RuntimeError:  # Starlette's WebSocketDisconnected: a send failed or closed before
        raise WebSocketDisconnect(1006) from None


async def receive(websocket: WebSocket) -> JSON:
    """Return the next message as a JSON object; raise RoomError saying why it is not one
    (the socket stays open: the caller answers), WebSocketDisconnect when the client is gone.

    It reads the raw ASGI message: a binary frame is refused like any other message, and a
    socket whose last send failed still reads its client's close (Starlette's
    `receive_text` raises a RuntimeError then, which would end the handler with a traceback).
    """
    try:
        message = await websocket.receive()
    except RuntimeError:  # Starlette's WebSocketDisconnected: the disconnect was read before
        raise WebSocketDisconnect(1006) from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if not isinstance(text, str):
        raise RoomError("bad_message", "binary frames are not accepted: send JSON as text")
    return read_message(text)


def read_message(text: str) -> JSON:
    """Return the text of a WebSocket message as a JSON object; raise RoomError saying why it
    is not one: `too_large`, `bad_json`, or `bad_message` (not an object, numbers or nesting
    over the limits, a lone surrogate in a string, an action id that is not a short string).
    """
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise RoomError("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
    data = parse(text, "the message", refusal="bad_message")
    if not isinstance(data, dict):
        raise RoomError("bad_message", "a message is a JSON object with a 'type'")
    if "\\u" in text or not text.isascii():  # only an escape can make a lone surrogate
        where = lone_surrogate(data)
        if where is not None:
            problem = f"a lone surrogate ({where}): strings must be well-formed Unicode"
            raise RoomError("bad_message", problem)
    action_id = data.get("id")
    if action_id is not None and (not isinstance(action_id, str) or len(action_id) > MAX_ACTION_ID):
        raise RoomError("bad_message", f"id: a string of at most {MAX_ACTION_ID} characters")
    return data


async def receive_hello(websocket: WebSocket) -> JSON:
    """Return a socket's first message (its hello); any first message that is no JSON object
    (not JSON, too large, a binary frame...) is refused as `bad_token`, whose close code
    (4401) says "say hello properly", never the final "no such room" (4404)."""
    try:
        return await receive(websocket)
    except RoomError as error:
        raise RoomError(
            "bad_token", f"the first message must be a hello: {error.message}"
        ) from None


CLOSE_CODES = {
    "bad_token": 4401,
    "storage_failed": 1011,
    "too_many_attempts": 1008,
    "rate_limited": 1008,
}
"""WebSocket close codes of a refusal (4404 otherwise): 1011 tells the client to retry later,
1008 is a policy violation (floods, code guessing)."""


async def refuse(websocket: WebSocket, code: str, message: str) -> None:
    """Send the error, then close the socket with the code that goes with it (nothing to do
    when the client has gone already: a normal event, not an error)."""
    error = {"type": "error", "code": code, "message": without_lone_surrogates(message)}
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await send(websocket, error)
        await websocket.close(code=CLOSE_CODES.get(code, 4404))
