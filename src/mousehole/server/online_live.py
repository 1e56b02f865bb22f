"""Online rooms over HTTP and WebSocket: create, join by code, play, host, watch (docs/online.md).

As in live.py, every handler runs on the one event loop thread and room commands never await,
so a room's commands are serialized; changes are stored before any socket is told, and each
socket is sent the change rendered for its own viewer (its seat, or a spectator).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine import JSON
from ..games import GAMES
from .limits import Attempts, TokenBucket
from .live import _error, json_body, receive, refuse
from .online import OnlineRoom, is_code, join_link, new_code
from .room import Committed, RoomError
from .storage import RoomStore, StorageError


@dataclass(frozen=True)
class OnlineSettings:
    """The timings and limits of online rooms (tests shorten them)."""

    grace: float = 60.0
    """Seconds a player may be away before the host may replace them (or loses host rights)."""
    computer_delay: float = 0.6
    """Seconds before a computer seat moves, so that people can follow."""
    rate: float = 20.0
    burst: int = 40
    strikes: int = 3
    """Messages over the rate a connection may send before it is closed (1008)."""
    attempts: int = 10
    attempts_window: float = 60.0
    """Unknown room codes an address may try per window before it gets 429."""
    clock: Callable[[], float] = time.monotonic


@dataclass(eq=False)
class Connection:
    """One open socket of a room and the seat it speaks for (None: a spectator)."""

    websocket: WebSocket
    seat: int | None


@dataclass
class Hub:
    """The online rooms of this server, their sockets and their computer pacers."""

    store: RoomStore | None
    settings: OnlineSettings = field(default_factory=OnlineSettings)
    rooms: dict[str, OnlineRoom] = field(default_factory=dict)
    sockets: dict[str, list[Connection]] = field(default_factory=dict)
    pacers: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    attempts: Attempts = field(init=False)

    def __post_init__(self) -> None:
        s = self.settings
        self.attempts = Attempts(s.attempts, s.attempts_window, s.clock)

    def get(self, code: str) -> OnlineRoom | None:
        """Return the online room `code`, loading it from the store; None when there is none."""
        room = self.rooms.get(code)
        if room is not None or self.store is None or not is_code(code):
            return room
        stored = self.store.load(code)
        if stored is None or stored.mode != "online":
            return None
        try:
            room = OnlineRoom.from_stored(
                stored, clock=self.settings.clock, grace=self.settings.grace
            )
        except RoomError as error:
            raise StorageError(f"room {code!r} is stored but cannot be rebuilt: {error}") from None
        for connection in self.sockets.get(code, []):  # a reload keeps who is connected
            room.connect(connection.seat)
        self.rooms[code] = room
        return room

    def new_code(self) -> str:
        """Return a code that no room has."""
        while True:
            code = new_code()
            if self.get(code) is None:
                return code

    def create(self, room: OnlineRoom) -> None:
        """Store a new room, then keep it."""
        if self.store is not None:
            self.store.create(room.stored())
        self.rooms[room.code] = room

    def save(self, room: OnlineRoom, changed: list[Committed], seats: bool) -> None:
        """Store what a command changed; on failure drop the memory copy and raise."""
        if self.store is None:
            return
        try:
            if changed:
                self.store.append(room.code, changed, finished=room.room.finished)
            if seats:
                self.store.update_seats(
                    room.code, room.seats_json(), host=room.host, started=room.started
                )
        except StorageError:
            self.rooms.pop(room.code, None)
            raise

    async def broadcast(self, room: OnlineRoom, moves: list[Committed]) -> None:
        """Send every socket of the room the change as its own viewer sees it."""
        connections = list(self.sockets.get(room.code, []))
        rendered: dict[int | None, JSON] = {}
        for connection in connections:  # render all first: the room may change while sending
            if connection.seat not in rendered:
                view = room.update(moves, connection.seat) if moves else None
                rendered[connection.seat] = view or room.snapshot(connection.seat)
        for connection in connections:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):  # its handler forgets it
                await connection.websocket.send_json(rendered[connection.seat])

    def pace(self, room: OnlineRoom) -> None:
        """Start the room's computer pacer unless one runs: one task per room."""
        task = self.pacers.get(room.code)
        if (task is None or task.done()) and room.computer_due():
            self.pacers[room.code] = asyncio.get_running_loop().create_task(self._pace(room.code))

    async def _pace(self, code: str) -> None:
        while True:
            room = self.rooms.get(code)
            if room is None or not room.computer_due():
                return
            version = room.room.version
            await asyncio.sleep(self.settings.computer_delay)
            room = self.rooms.get(code)
            if room is None or room.room.version != version or not room.computer_due():
                continue  # someone moved meanwhile (or the seat is human again): look again
            try:
                moves = room.room.advance(version)
                self.save(room, moves, seats=False)
            except (RoomError, StorageError):
                return
            await self.broadcast(room, moves)

    def close(self) -> None:
        """Cancel the pacers (at shutdown)."""
        for task in self.pacers.values():
            task.cancel()


def _address(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client is not None else "unknown"


async def create_online(request: Request) -> Response:
    """POST /api/online {game, options, seats, host_name} -> 201 {code, link, seat, token}."""
    hub: Hub = request.app.state.online
    data = await json_body(request)
    if isinstance(data, Response):
        return data
    game = data.get("game")
    if game not in GAMES:
        return _error(400, "unknown_game", f"game: {game!r} is not one of {', '.join(GAMES)}")
    try:
        room, seat, token = OnlineRoom.create(
            game,
            data.get("options", {}),
            data.get("seats"),
            data.get("host_name"),
            code=hub.new_code(),
            clock=hub.settings.clock,
            grace=hub.settings.grace,
        )
        hub.create(room)
    except RoomError as error:
        return _error(400, error.code, error.message)
    except StorageError as error:
        return _error(503, "storage_failed", f"the room could not be stored: {error}")
    body = {
        "code": room.code,
        "link": join_link(room.code),
        "seat": seat,
        "token": token,
        "snapshot": room.snapshot(seat),
    }
    return JSONResponse(body, status_code=201)


_JOIN_STATUS = {"room_full": 409, "seat_taken": 409}


async def join_online(request: Request) -> Response:
    """POST /api/online/{code}/join {name, seat?} -> {seat, token}."""
    hub: Hub = request.app.state.online
    address = _address(request)
    if hub.attempts.blocked(address):
        return _error(429, "too_many_attempts", "too many unknown room codes: wait a minute")
    code = request.path_params["code"].upper()
    try:
        room = hub.get(code)
    except StorageError as error:
        return _error(503, "storage_failed", f"room {code!r} cannot be loaded: {error}")
    if room is None:
        hub.attempts.fail(address)
        return _error(404, "no_room", f"no room {code!r}")
    data = await json_body(request)
    if isinstance(data, Response):
        return data
    try:
        seat, token = room.join(data.get("name"), data.get("seat"))
        hub.save(room, [], seats=True)
    except RoomError as error:
        return _error(_JOIN_STATUS.get(error.code, 400), error.code, error.message)
    except StorageError as error:
        return _error(503, "storage_failed", f"the seat could not be stored: {error}")
    await hub.broadcast(room, [])
    return JSONResponse({"code": room.code, "seat": seat, "token": token})


async def online_socket(websocket: WebSocket) -> None:
    """WS /ws/online/{code}: hello with a seat token (or as a spectator), then play."""
    hub: Hub = websocket.app.state.online
    await websocket.accept()
    address = _address(websocket)
    code = websocket.path_params["code"].upper()
    if hub.attempts.blocked(address):
        await refuse(websocket, "too_many_attempts", "too many unknown room codes: wait")
        return
    try:
        room = hub.get(code)
    except StorageError as error:
        await refuse(websocket, "storage_failed", f"room {code!r} cannot be loaded: {error}")
        return
    if room is None:
        hub.attempts.fail(address)
        await refuse(websocket, "no_room", f"no room {code!r}")
        return
    try:
        hello = await receive(websocket)
    except RoomError as error:
        await refuse(websocket, error.code, error.message)
        return
    except WebSocketDisconnect:
        return
    seat = None if hello.get("spectate") is True else room.seat_of(hello.get("token"))
    if hello.get("type") != "hello" or (seat is None and hello.get("spectate") is not True):
        await refuse(websocket, "bad_token", "say hello with a seat token, or spectate")
        return
    connection = Connection(websocket, seat)
    hub.sockets.setdefault(code, []).append(connection)
    try:
        await _serve(hub, code, connection, reclaimed=room.connect(seat))
    except WebSocketDisconnect:
        pass
    finally:
        hub.sockets[code].remove(connection)
        if not hub.sockets[code]:
            del hub.sockets[code]
        current = hub.rooms.get(code)
        if current is not None:
            current.disconnect(seat)
            await hub.broadcast(current, [])


async def _serve(hub: Hub, code: str, connection: Connection, *, reclaimed: bool) -> None:
    websocket, seat = connection.websocket, connection.seat
    room = hub.rooms[code]
    if reclaimed:
        hub.save(room, [], seats=True)
    await hub.broadcast(room, [])  # everyone sees the new presence; this socket its snapshot
    hub.pace(room)
    bucket = TokenBucket(hub.settings.rate, hub.settings.burst, hub.settings.clock)
    strikes = 0
    while True:
        received: JSON | RoomError
        try:
            received = await receive(websocket)
        except RoomError as error:
            received = error
        if not bucket.take():
            strikes += 1
            if strikes >= hub.settings.strikes:
                await refuse(websocket, "rate_limited", "too many messages: closing")
                return
            await websocket.send_json(
                {"type": "error", "code": "rate_limited", "message": "too many messages: slow down"}
            )
            continue
        current = hub.get(code)
        if current is None:  # its store copy vanished
            await refuse(websocket, "storage_failed", f"room {code!r} cannot be loaded")
            return
        room = current
        host_passed = False
        try:
            if isinstance(received, RoomError):
                raise received
            host_passed = room.pass_host_if_absent()
            changed = room.command(seat, received)
            seats = host_passed or (changed is not None and changed.seats)
            moves = changed.moves if changed is not None else []
            hub.save(room, moves, seats)
        except RoomError as error:
            if host_passed:
                hub.save(room, [], seats=True)
                await hub.broadcast(room, [])
            await websocket.send_json(error.to_json())
            await websocket.send_json(room.snapshot(seat))
            continue
        except StorageError as error:
            await websocket.send_json(
                {"type": "error", "code": "storage_failed", "message": f"not saved: {error}"}
            )
            reloaded = hub.get(code)
            if reloaded is None:
                return
            await websocket.send_json(reloaded.snapshot(seat))
            continue
        if changed is None and not seats:
            await websocket.send_json(room.snapshot(seat))
            continue
        await hub.broadcast(room, moves)
        hub.pace(room)
