"""The wire: JSON bodies and WebSocket messages, their size limit, errors and close codes."""

from __future__ import annotations

import json
from typing import Any

import orjson
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket

from ..engine import JSON
from .room import RoomError

MAX_MESSAGE = 64 * 1024


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> Response:
    """Return an HTTP error as the API sends them: {"error": {"code", "message"}}."""
    body = {"error": {"code": code, "message": message}}
    return JSONResponse(body, status_code=status, headers=headers)


MAX_FRAME = 1024 * 1024
"""The largest WebSocket message the server reads at all (uvicorn's `ws_max_size`): one up to
this size is answered `too_large`; a bigger one is abuse, and closes the socket (1009)."""


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
    body = b"".join(chunks)
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return error_response(400, "bad_json", "the request body is not JSON")
    if not isinstance(data, dict):
        return error_response(400, "bad_request", "expected a JSON object")
    return data


def encode(message: JSON) -> str:
    """Return a message as compact JSON text (orjson: a broadcast encodes one per viewer, and
    the standard library's encoder was an eighth of the server's time under load)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


async def send(websocket: WebSocket, message: JSON) -> None:
    """Send one message as a text frame."""
    await websocket.send_text(encode(message))


async def receive(websocket: WebSocket) -> JSON:
    """Return the next message as a JSON object; raise RoomError saying why it is not one."""
    text = await websocket.receive_text()
    if len(text.encode("utf-8")) > MAX_MESSAGE:
        raise RoomError("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError:
        raise RoomError("bad_json", "the message is not JSON") from None
    if not isinstance(data, dict):
        raise RoomError("bad_message", "a message is a JSON object with a 'type'")
    return data


CLOSE_CODES = {
    "bad_token": 4401,
    "storage_failed": 1011,
    "too_many_attempts": 1008,
    "rate_limited": 1008,
}
"""WebSocket close codes of a refusal (4404 otherwise): 1011 tells the client to retry later,
1008 is a policy violation (floods, code guessing)."""


async def refuse(websocket: WebSocket, code: str, message: str) -> None:
    """Send the error, then close the socket with the code that goes with it."""
    await send(websocket, {"type": "error", "code": code, "message": message})
    await websocket.close(code=CLOSE_CODES.get(code, 4404))
