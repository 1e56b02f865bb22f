"""The one WebSocket path all play goes through: hello with a token, then commands.

Local matches (private rooms) and online rooms are the same thing here (one path for play,
docs/protocol.md and docs/online.md): a socket says hello, gets a snapshot, and sends `act` /
`advance` / `sync` / `screen` (and, the host of an online room, its commands; players, their
talk). Each message is answered with its room's gate held (`Hub.gate`): checked, applied,
stored, and only then published (persist, then publish: architecture habits 9 and 16).
A socket of a room that another instance drives is relayed to that one (drivers.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ...engine import JSON
from .codes import is_code
from .drivers import Drivers
from .hub import Hub, OnlineSettings
from .limits import AddressLimits, TokenBucket, address
from .room import Room
from .table import RoomError
from .talk import TalkError
from .wire import Connection, receive, receive_hello, refuse

log = logging.getLogger("mousehole.rooms")


def room_key(text: str) -> str:
    """Return the room id a path names: codes are read in capitals, private ids as they are."""
    upper = text.upper()
    return upper if is_code(upper) else text


def find_room(
    hub: Hub, limits: AddressLimits, code: str, client: str, *, private: bool = True
) -> Room:
    """Return the room that a client at address `client` names (`Hub.find`), under the
    guessing limit; raise RoomError saying why there is none: `too_many_attempts` when the
    address guessed too many unknown codes lately, and then as `Hub.find` does, counting a
    `no_room` as a guess (the WebSocket endpoint, and the HTTP ones of http/)."""
    wait = limits.attempts.wait(client)
    if wait:
        message = f"too many unknown room codes from this address: wait {wait} s"
        raise RoomError("too_many_attempts", message)
    try:
        return hub.find(code, private=private)
    except RoomError as error:
        if error.code == "no_room":
            limits.attempts.fail(client)
        raise


async def room_socket(websocket: WebSocket) -> None:
    """WS /ws/rooms/{room} (also /ws/online/{room}): hello with a token, then play."""
    hub: Hub = websocket.app.state.hub
    limits: AddressLimits = websocket.app.state.limits
    await websocket.accept()
    code = room_key(websocket.path_params["room"])
    try:
        private = find_room(hub, limits, code, address(websocket)).private
    except RoomError as error:
        await refuse(websocket, error.code, error.message)
        return
    try:
        hello = await receive_hello(websocket)  # anything but a hello: bad_token, 4401
    except RoomError as error:
        await refuse(websocket, error.code, error.message)
        return
    except WebSocketDisconnect:
        return
    drivers: Drivers = websocket.app.state.drivers  # this server alone, or a cluster's
    try:
        driver = await drivers.driver(code)
    except RoomError as error:
        await refuse(websocket, error.code, error.message)
        return
    if driver is not None:  # another instance drives the room: relay to it
        await drivers.relay(websocket, code, hello, driver, private=private)
        return
    connection = await _welcome(hub, code, websocket, hello)
    if connection is None:
        return
    try:
        await _serve(hub, code, connection)
    except WebSocketDisconnect:
        pass
    finally:
        await hub.leave(code, connection)


async def _welcome(hub: Hub, code: str, websocket: WebSocket, hello: JSON) -> Connection | None:
    """Seat a socket by its hello and send it what it may see of the stored room (the gate
    held throughout: `Room.welcome`); None after refusing it."""
    async with hub.gate(code):
        try:
            room = await hub.current(code)
            viewer = room.viewer_of(hello)
        except RoomError as error:
            await refuse(websocket, error.code, error.message)
            return None
        connection = Connection(websocket, viewer)
        return connection if await room.welcome(hub, connection) else None


async def serve_remote(
    hub: Hub, code: str, websocket: Any, hello: JSON, inbox: asyncio.Queue[Any]
) -> None:
    """Serve a socket of another instance on the instance that drives its room (cluster/):
    its messages come from `inbox` (already rate-limited where the client is connected), each
    answered like a local socket's, with the room's gate held; `websocket` sends through the
    bus. The inbox ends with a non-message (the client or its instance left)."""
    connection = await _welcome(hub, code, websocket, hello)
    if connection is None:
        return
    try:
        while True:
            received = await inbox.get()
            if not isinstance(received, dict | RoomError):
                return
            async with hub.gate(code):
                log.debug("room %s: a relayed message handled", code)
                if not await _handle(hub, code, connection, received):
                    return
    finally:
        await hub.leave(code, connection)


async def _serve(hub: Hub, code: str, connection: Connection) -> None:
    room = hub.rooms.get(code)
    private = room is not None and room.private

    async def handle(received: JSON | RoomError) -> bool:
        async with hub.gate(code):
            return await _handle(hub, code, connection, received)

    async def answer(message: JSON) -> None:
        await hub.reply(code, connection, message)

    await serve_messages(connection.websocket, hub.settings, private, handle, answer)


async def serve_messages(
    websocket: WebSocket,
    settings: OnlineSettings,
    private: bool,
    handle: Callable[[JSON | RoomError], Awaitable[bool]],
    answer: Callable[[JSON], Awaitable[None]],
) -> None:
    """Read a socket's messages under its rate limits and `handle` each (False: it closed the
    socket); `answer` sends the socket a refusal of its own (over the limits)."""
    rate, burst = (
        (settings.private_rate, settings.private_burst)
        if private
        else (settings.rate, settings.burst)
    )
    bucket = TokenBucket(rate, burst, settings.clock)
    talk = TokenBucket(settings.talk_rate, settings.talk_burst, settings.clock)
    strikes = 0
    while True:
        received: JSON | RoomError
        try:
            received = await receive(websocket)
        except RoomError as error:
            received = error  # answered below, with a snapshot of the current room
        if not bucket.take():
            strikes += 1
            if strikes >= settings.strikes:
                await refuse(websocket, "rate_limited", "too many messages: closing")
                return
            slow = {"type": "error", "code": "rate_limited", "message": "too many: slow down"}
            await answer(slow)
            continue
        talks = isinstance(received, dict) and received.get("type") in ("react", "chat")
        if talks and not talk.take():  # a refused line is no strike: play goes on
            await answer(_too_much_talk(settings, talk))
            continue
        if not await handle(received):
            return


def _too_much_talk(settings: OnlineSettings, bucket: TokenBucket) -> JSON:
    """Return the refusal of a line over the talk limit, saying the limit and the wait."""
    limit = f"{settings.talk_burst} at once, then one every {1 / settings.talk_rate:g} s"
    message = f"too many reactions and chat lines ({limit}): wait {bucket.wait():.1f} s"
    return TalkError("rate_limited", message).to_json()


async def _handle(hub: Hub, code: str, connection: Connection, received: JSON | RoomError) -> bool:
    """Answer one message with the room's gate held: the room as stored answers it, in its
    one order (`Room.handle`: check, apply, store, then publish).

    Return False after closing the socket (its room no longer loads).
    """
    try:
        room = await hub.current(code)
    except RoomError as error:  # its store copy vanished or no longer loads
        await refuse(connection.websocket, error.code, error.message)
        return False
    return await room.handle(hub, connection, received)
