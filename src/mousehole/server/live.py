"""The play protocol over HTTP and WebSocket: create a room, then act on it over a socket.

Starlette runs every handler on one event loop thread and `Room` commands never await, so each
command runs to completion before the next starts: that is what serializes a room. A command's
moves are written to the store (synchronously, on that thread) before any socket is told of
them. See docs/protocol.md for the messages and docs/storage.md for what is stored.
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
from .room import Committed, Room, RoomError
from .storage import RoomStore, StorageError

MAX_MESSAGE = 64 * 1024
MAX_ROOMS = 10_000


class Rooms:
    """The rooms of this server: a cache of live rooms in front of the store.

    The store holds every room (when there is one); memory holds the most recently used
    MAX_ROOMS of them, and a room not in memory is rebuilt from the store on first use.
    """

    def __init__(self, store: RoomStore | None = None, *, limit: int = MAX_ROOMS):
        self._rooms: OrderedDict[str, Room] = OrderedDict()
        self._sockets: dict[str, set[WebSocket]] = {}
        self.store = store
        self.limit = limit

    def create(self, room: Room) -> None:
        """Store a new room durably, then keep it; raise StorageError when it cannot be stored."""
        if self.store is not None:
            self.store.create(room.stored())
        self.add(room)

    def add(self, room: Room) -> None:
        """Keep `room` in memory, dropping the least recently used idle rooms past the limit.

        A dropped room is still stored and is rebuilt from the store when next needed; a room
        with open sockets stays, so that all its sockets share one copy.
        """
        self._rooms[room.room_id] = room
        excess = len(self._rooms) - self.limit
        if excess > 0:
            idle = [key for key in self._rooms if key not in self._sockets and key != room.room_id]
            for key in idle[:excess]:
                del self._rooms[key]

    def get(self, room_id: str) -> Room | None:
        """Return the room (marking it recently used), loading it from the store; or None.

        Raise StorageError when the store cannot be read or its copy no longer replays.
        """
        room = self._rooms.get(room_id)
        if room is not None:
            self._rooms.move_to_end(room_id)
            return room
        if self.store is None:
            return None
        stored = self.store.load(room_id)
        if stored is None:
            return None
        try:
            room = Room.from_stored(stored)
        except RoomError as error:
            raise StorageError(
                f"room {room_id!r} is stored but cannot be rebuilt: {error}"
            ) from None
        self.add(room)
        return room

    def commit(self, room: Room, moves: list[Committed]) -> None:
        """Store the moves `room` just committed, before anyone is told of them.

        On failure the room's memory copy, which is ahead of the store, is dropped so that the
        next `get` rebuilds it from the store, then StorageError is raised.
        """
        if self.store is None or not moves:
            return
        try:
            self.store.append(room.room_id, moves, finished=room.finished)
        except StorageError:
            self.forget(room.room_id)
            raise

    def forget(self, room_id: str) -> None:
        """Drop the memory copy of a room (the store keeps it)."""
        self._rooms.pop(room_id, None)

    def sockets(self, room_id: str) -> set[WebSocket]:
        """Return the open sockets of a room."""
        return self._sockets.setdefault(room_id, set())

    def leave(self, room_id: str, websocket: WebSocket) -> None:
        """Forget a closed socket of a room."""
        sockets = self._sockets.get(room_id)
        if sockets is not None:
            sockets.discard(websocket)
            if not sockets:
                del self._sockets[room_id]


def _error(status: int, code: str, message: str) -> Response:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


async def json_body(request: Request, limit: int = MAX_MESSAGE) -> dict[str, Any] | Response:
    """Return the request's JSON object, or the error response saying why it is not one."""
    body = await request.body()
    if len(body) > limit:
        return _error(413, "too_large", f"the request is over {limit} bytes")
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return _error(400, "bad_json", "the request body is not JSON")
    if not isinstance(data, dict):
        return _error(400, "bad_request", "expected a JSON object")
    return data


async def create_room(request: Request) -> Response:
    """POST /api/rooms {game, options, seats, record?} -> 201 {room, token, snapshot}."""
    rooms: Rooms = request.app.state.rooms
    data = await json_body(request, 4 * MAX_MESSAGE)  # a resumed record may be long
    if isinstance(data, Response):
        return data
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
    try:
        rooms.create(room)  # durable before the 201: the token is useless without the room
    except StorageError as error:
        return _error(503, "storage_failed", f"the room could not be stored: {error}")
    return JSONResponse(
        {"room": room.room_id, "token": token, "snapshot": room.snapshot()}, status_code=201
    )


async def room_socket(websocket: WebSocket) -> None:
    """WS /ws/rooms/{room}: hello with the owner token, then act / advance / sync."""
    rooms: Rooms = websocket.app.state.rooms
    await websocket.accept()
    room_id = websocket.path_params["room"]
    try:
        room = rooms.get(room_id)
    except StorageError as error:
        await refuse(websocket, "storage_failed", f"room {room_id!r} cannot be loaded: {error}")
        return
    if room is None:
        await refuse(websocket, "no_room", f"no room {room_id!r} on this server")
        return
    try:
        hello = await receive(websocket)
    except RoomError as error:
        await refuse(websocket, error.code, error.message)
        return
    except WebSocketDisconnect:
        return
    if hello.get("type") != "hello" or not room.owns(hello.get("token")):
        await refuse(websocket, "bad_token", "say hello with this room's token first")
        return
    try:
        room = rooms.get(room_id) or room  # the current copy, after waiting for the hello
    except StorageError as error:
        await refuse(websocket, "storage_failed", f"room {room_id!r} cannot be loaded: {error}")
        return
    sockets = rooms.sockets(room_id)
    sockets.add(websocket)
    try:
        await websocket.send_json(room.snapshot())
        while True:
            received: JSON | RoomError
            try:
                received = await receive(websocket)
            except RoomError as error:
                received = error  # answered below, with a snapshot of the current room
            try:
                # the current copy: a failed write elsewhere may have replaced `room`
                room = rooms.get(room_id) or room
                if isinstance(received, RoomError):
                    raise received
                moves = _handle(room, received)
                if moves is not None:
                    rooms.commit(room, moves)  # durable first, then broadcast (habit 9)
            except RoomError as error:
                await websocket.send_json(error.to_json())
                await websocket.send_json(room.snapshot())  # every refusal ends in a resync
                continue
            except StorageError as error:
                reloaded = await _recover(websocket, rooms, room_id, error)
                if reloaded is None:
                    return
                room = reloaded
                continue
            if moves is None:
                await websocket.send_json(room.snapshot())
                continue
            update = {
                "type": "update",
                "moves": [move.to_json() for move in moves],
                "snapshot": room.snapshot(),
            }
            for socket in list(sockets):
                try:
                    await socket.send_json(update)
                except (RuntimeError, WebSocketDisconnect):
                    sockets.discard(socket)
    except WebSocketDisconnect:
        pass
    finally:
        rooms.leave(room_id, websocket)


async def _recover(
    websocket: WebSocket, rooms: Rooms, room_id: str, error: StorageError
) -> Room | None:
    """Answer a failed write: the room as stored, or None after closing when none can be read.

    The moves that could not be stored were never sent to anyone, and the memory copy that
    held them is gone: the room carries on from its last stored move, as if they never were.
    """
    failure = {"type": "error", "code": "storage_failed", "message": f"not saved: {error}"}
    try:
        room = rooms.get(room_id)
    except StorageError:
        room = None
    if room is None:
        await refuse(websocket, "storage_failed", str(failure["message"]))
        return None
    await websocket.send_json(failure)
    await websocket.send_json(room.snapshot())
    return room


def _handle(room: Room, message: JSON) -> list[Committed] | None:
    """Apply one client message; return the committed moves, or None for a plain resync."""
    kind = message.get("type")
    if kind == "act":
        return room.act(
            message.get("seat"), message.get("action"), message.get("version"), message.get("id")
        )
    if kind == "advance":
        return room.advance(message.get("version"))
    if kind == "sync":
        return None
    raise RoomError("bad_message", f"type: unknown message type {kind!r}")


async def receive(websocket: WebSocket) -> JSON:
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


_CLOSE_CODES = {
    "bad_token": 4401,
    "storage_failed": 1011,
    "too_many_attempts": 1008,
    "rate_limited": 1008,
}
"""WebSocket close codes of a refusal (4404 otherwise): 1011 tells the client to retry later,
1008 is a policy violation (floods, code guessing)."""


async def refuse(websocket: WebSocket, code: str, message: str) -> None:
    await websocket.send_json({"type": "error", "code": code, "message": message})
    await websocket.close(code=_CLOSE_CODES.get(code, 4404))
