"""The play protocol over HTTP and WebSocket: create a room, then act on it over a socket.

Starlette runs every handler on one event loop thread and `Room` commands never await, so each
command runs to completion before the next starts: that is what serializes a room. See
docs/protocol.md for the messages.
"""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine import JSON
from ..games import GAMES
from .room import Room, RoomError

MAX_MESSAGE = 64 * 1024
MAX_ROOMS = 10_000


class Rooms:
    """The rooms this server process holds, oldest evicted first past MAX_ROOMS."""

    def __init__(self, limit: int = MAX_ROOMS):
        self._rooms: OrderedDict[str, Room] = OrderedDict()
        self._sockets: dict[str, set[WebSocket]] = {}
        self.limit = limit

    def add(self, room: Room) -> None:
        """Keep `room`, evicting the least recently used rooms past the limit."""
        self._rooms[room.room_id] = room
        while len(self._rooms) > self.limit:
            old, _ = self._rooms.popitem(last=False)
            self._sockets.pop(old, None)

    def get(self, room_id: str) -> Room | None:
        """Return the room (marking it recently used) or None."""
        room = self._rooms.get(room_id)
        if room is not None:
            self._rooms.move_to_end(room_id)
        return room

    def sockets(self, room_id: str) -> set[WebSocket]:
        """Return the open sockets of a room."""
        return self._sockets.setdefault(room_id, set())


def _error(status: int, code: str, message: str) -> Response:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


async def create_room(request: Request) -> Response:
    """POST /api/rooms {game, options, seats, record?} -> 201 {room, token, snapshot}."""
    rooms: Rooms = request.app.state.rooms
    body = await request.body()
    if len(body) > 4 * MAX_MESSAGE:  # a resumed record may be long, but not unbounded
        return _error(413, "too_large", f"the request is over {4 * MAX_MESSAGE} bytes")
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return _error(400, "bad_json", "the request body is not JSON")
    if not isinstance(data, dict):
        return _error(400, "bad_request", "expected a JSON object")
    game = data.get("game")
    if game not in GAMES:
        return _error(400, "unknown_game", f"game: {game!r} is not one of {', '.join(GAMES)}")
    try:
        room, token = Room.create(
            game,
            data.get("options", {}),
            data.get("seats"),
            record=data.get("record"),
            room_id=secrets.token_hex(8),
        )
    except RoomError as error:
        return _error(400, error.code, error.message)
    rooms.add(room)
    return JSONResponse(
        {"room": room.room_id, "token": token, "snapshot": room.snapshot()}, status_code=201
    )


async def room_socket(websocket: WebSocket) -> None:
    """WS /ws/rooms/{room}: hello with the owner token, then act / advance / sync."""
    rooms: Rooms = websocket.app.state.rooms
    await websocket.accept()
    room_id = websocket.path_params["room"]
    room = rooms.get(room_id)
    if room is None:
        await _refuse(websocket, "no_room", f"no room {room_id!r} on this server")
        return
    try:
        hello = await _receive(websocket)
    except RoomError as error:
        await _refuse(websocket, error.code, error.message)
        return
    except WebSocketDisconnect:
        return
    if hello.get("type") != "hello" or not room.owns(hello.get("token")):
        await _refuse(websocket, "bad_token", "say hello with this room's token first")
        return
    sockets = rooms.sockets(room_id)
    sockets.add(websocket)
    try:
        await websocket.send_json(room.snapshot())
        while True:
            try:
                message = await _receive(websocket)
                reply = _handle(room, message)
            except RoomError as error:
                await websocket.send_json(error.to_json())
                await websocket.send_json(room.snapshot())  # every refusal ends in a resync
                continue
            if reply is None:
                await websocket.send_json(room.snapshot())
                continue
            update = {"type": "update", "moves": reply, "snapshot": room.snapshot()}
            for socket in list(sockets):
                try:
                    await socket.send_json(update)
                except (RuntimeError, WebSocketDisconnect):
                    sockets.discard(socket)
    except WebSocketDisconnect:
        pass
    finally:
        sockets.discard(websocket)


def _handle(room: Room, message: JSON) -> list[JSON] | None:
    """Apply one client message; return the committed moves, or None for a plain resync."""
    kind = message.get("type")
    if kind == "act":
        moves = room.act(
            message.get("seat"), message.get("action"), message.get("version"), message.get("id")
        )
    elif kind == "advance":
        moves = room.advance(message.get("version"))
    elif kind == "sync":
        return None
    else:
        raise RoomError("bad_message", f"type: unknown message type {kind!r}")
    return [move.to_json() for move in moves]


async def _receive(websocket: WebSocket) -> JSON:
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


async def _refuse(websocket: WebSocket, code: str, message: str) -> None:
    await websocket.send_json({"type": "error", "code": code, "message": message})
    await websocket.close(code=4401 if code == "bad_token" else 4404)
