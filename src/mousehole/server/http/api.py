"""The HTTP side of rooms: create a local match or an online room, join an online room.

Each creates or changes a room through the hub, durably, before it answers; play then goes
through the one WebSocket path of `hub.py` (docs/protocol.md, docs/online.md).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...games import GAMES
from ..rooms.codes import join_link, new_private_id
from ..rooms.endpoint import find_room
from ..rooms.hub import Hub
from ..rooms.limits import AddressLimits, address, client_host
from ..rooms.room import Room
from ..rooms.table import OWNER, RoomError
from ..rooms.wire import MAX_MESSAGE, error_response, json_body, too_many
from ..store import StorageError


def _unknown_game(game: object) -> Response | None:
    if isinstance(game, str) and game in GAMES:
        return None
    known = ", ".join(GAMES)
    return error_response(400, "unknown_game", f"game: {game!r} is not one of {known}")


def _creation_refused(request: Request, hub: Hub) -> Response | None:
    """Return the 429 for a client that created too many rooms lately, or None."""
    limits: AddressLimits = request.app.state.limits
    wait = limits.may_create(client_host(request))
    if not wait:
        return None
    per = f"{hub.settings.rooms_per_address} rooms per {hub.settings.rooms_window:g} s"
    return too_many("too_many_rooms", "new rooms", per, wait)


async def create_room(request: Request) -> Response:
    """POST /api/rooms {game, options, seats, record?} -> 201 {room, token, snapshot}.

    A local match: a private room whose human seats all belong to the owner token.
    """
    hub: Hub = request.app.state.hub
    if (refused := _creation_refused(request, hub)) is not None:
        return refused
    data = await json_body(request, 4 * MAX_MESSAGE)  # a resumed record may be long
    if isinstance(data, Response):
        return data
    game = data.get("game")
    if (unknown := _unknown_game(game)) is not None:
        return unknown
    try:
        room, token = Room.create_private(
            str(game),
            data.get("options", {}),
            data.get("seats"),
            record=data.get("record"),
            room_id=new_private_id(),
            clock=hub.settings.clock,
            grace=hub.settings.grace,
        )
    except RoomError as error:
        return error_response(400, error.code, error.message)
    try:
        await hub.create(room)  # durable before the 201: the token is useless without the room
    except StorageError as error:
        return error_response(503, "storage_failed", f"the room could not be stored: {error}")
    body = {"room": room.code, "token": token, "snapshot": room.snapshot(OWNER)}
    return JSONResponse(body, status_code=201)


async def create_online(request: Request) -> Response:
    """POST /api/online {game, options, seats, host_name} -> 201 {code, link, seat, token}."""
    hub: Hub = request.app.state.hub
    if (refused := _creation_refused(request, hub)) is not None:
        return refused
    data = await json_body(request)
    if isinstance(data, Response):
        return data
    game = data.get("game")
    if (unknown := _unknown_game(game)) is not None:
        return unknown
    try:
        room, seat, token = Room.create(
            str(game),
            data.get("options", {}),
            data.get("seats"),
            data.get("host_name"),
            code=hub.new_code(),
            clock=hub.settings.clock,
            grace=hub.settings.grace,
        )
        await hub.create(room)
    except RoomError as error:
        return error_response(400, error.code, error.message)
    except StorageError as error:
        return error_response(503, "storage_failed", f"the room could not be stored: {error}")
    body = {
        "code": room.code,
        "link": join_link(room.code),
        "seat": seat,
        "token": token,
        "snapshot": room.snapshot(seat),
    }
    return JSONResponse(body, status_code=201)


_FIND_STATUS = {"too_many_attempts": 429, "storage_failed": 503, "no_room": 404}
"""The HTTP status of each reason a room is not found (rooms/endpoint.py `find_room`,
`Hub.current`); another reason is a bad request."""


def room_not_found(error: RoomError, retry_after: int | None = None) -> Response:
    """Return the error response for a room that `error` says cannot be had: 429, 503 or 404
    by its reason, with `Retry-After` when given the seconds to wait (the room endpoints
    here and the replay's, http/replay.py)."""
    headers = None if retry_after is None else {"Retry-After": str(retry_after)}
    return error_response(_FIND_STATUS.get(error.code, 400), error.code, error.message, headers)


def found_room(request: Request, code: str, *, private: bool) -> Room | Response:
    """Return the room `code` names for this request's client (rooms/endpoint.py
    `find_room`, under the guessing limit), or the error response: a client that guessed too
    many codes is told when to come back (`Retry-After`). With `private` False a private room
    is never found (the online room endpoints here; the replay's, http/replay.py, finds both)."""
    limits: AddressLimits = request.app.state.limits
    client = address(request)
    try:
        return find_room(request.app.state.hub, limits, code, client, private=private)
    except RoomError as error:
        guessing = error.code == "too_many_attempts"
        return room_not_found(error, limits.attempts.wait(client) if guessing else None)


async def online_summary(request: Request) -> Response:
    """GET /api/online/{code} -> the room's public summary (for the invitation page)."""
    hub: Hub = request.app.state.hub
    room = found_room(request, request.path_params["code"].upper(), private=False)
    if isinstance(room, Response):
        return room
    async with hub.gate(room.code):  # the room as stored: no seat change still in flight
        try:
            room = await hub.current(room.code)
        except RoomError as error:
            return room_not_found(error)
        return JSONResponse(room.summary())


_JOIN_STATUS = {"room_full": 409, "seat_taken": 409}


async def join_online(request: Request) -> Response:
    """POST /api/online/{code}/join {name, seat?, bot?} -> {code, seat, token}."""
    hub: Hub = request.app.state.hub
    room = found_room(request, request.path_params["code"].upper(), private=False)
    if isinstance(room, Response):
        return room
    data = await json_body(request)
    if isinstance(data, Response):
        return data
    async with hub.gate(room.code):  # the seat is stored before anyone sees it taken
        try:
            room = await hub.current(room.code)
            name, wanted, bot = data.get("name"), data.get("seat"), data.get("bot", False)
            seat, token = await room.seat_player(hub, name, wanted, bot)
        except RoomError as error:
            status = _JOIN_STATUS.get(error.code) or _FIND_STATUS.get(error.code, 400)
            return error_response(status, error.code, error.message)
        except StorageError as error:
            return error_response(503, "storage_failed", f"the seat could not be stored: {error}")
    return JSONResponse({"code": room.code, "seat": seat, "token": token})
