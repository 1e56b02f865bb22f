"""One instance of a cluster: its leases, its bus, and the sockets it relays or drives.

Exactly one instance drives a room at a time (its commands, chance, computer seats and timers):
the holder of the room's lease (lease.py). A socket that reaches another instance is relayed
(relay.py): its hello and messages go to the driver, the driver's answers and updates come
back, each only after the driver committed it. The HTTP calls that change or show a room
(joining it, its invitation summary) are forwarded to its driver the same way (`forward`).

When a driver dies, its heartbeat expires within `LEASE_TTL` seconds; the relays notice (a
PUBLISH nobody hears, or the watchdog's look at the heartbeats each second) and close their
clients' sockets with 1012, the clients reconnect to any instance with their tokens, and the
first one to arrive takes the lease with a new token and rebuilds the room from PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections.abc import Coroutine, Mapping
from datetime import datetime
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...engine import JSON
from ..rooms.drivers import Endpoint
from ..rooms.endpoint import serve_messages, serve_remote
from ..rooms.hub import Hub
from ..rooms.table import RoomError
from ..rooms.wire import MAX_MESSAGE, error_response
from ..store import StorageError
from ..store.postgres import PostgresStore
from ..store.postgres.fence import LeaseLost
from .bus import Bus
from .lease import Leases
from .relay import MOVED, Relayed, RemoteSocket, Shut, received

log = logging.getLogger("mousehole.cluster")

FORWARD_TIMEOUT = 5.0
"""Seconds a forwarded HTTP call waits for the room's driver before answering 503."""

WATCH_EVERY = 1.0
"""Seconds between two looks at the heartbeats of the instances this one relays to or for."""

SWEEP_EVERY = 2.0
"""Seconds between two looks for rooms in play that nobody drives (`Cluster._sweep`)."""

SWEEP_ROOMS = 50
"""Rooms looked at per sweep, newest change first."""

SWEEP_IDLE = 10_000
"""Rooms remembered as having nothing due (the memory is forgotten past this)."""


class Cluster:
    """This instance (`me`) among the others that share one PostgreSQL and one Redis: the
    rooms' `Drivers` of a server that is one of several (rooms/drivers.py)."""

    def __init__(self, hub: Hub, store: PostgresStore, database: str, redis_url: str):
        self.me = secrets.token_hex(6)
        self.hub = hub
        self.store = store
        store.fence_as(self.me)
        self.leases = Leases(database, self.me)
        self.bus = Bus(redis_url, self.me, self._receive, on_gone=self._gone, on_reset=self._reset)
        self.relayed: dict[str, Relayed] = {}
        """Client sockets of this instance whose room another instance drives, by id."""
        self.remote: dict[str, tuple[str, RemoteSocket]] = {}
        """Sockets of other instances whose room this one drives: id -> (relay, socket)."""
        self.endpoints: Mapping[str, Endpoint] = {}
        """The HTTP endpoints a forwarded call may reach, by name (given to `start`)."""
        self.app: Any = None
        self._calls: dict[str, tuple[str, asyncio.Future[dict[str, Any]]]] = {}
        self._ids = itertools.count()
        self._tasks: set[asyncio.Task[None]] = set()
        self._idle: dict[str, datetime] = {}
        """Rooms in play the sweep found with nothing due, with their last change then."""
        hub.listen_storage_errors(self._storage_error)

    # --- lifetime -----------------------------------------------------------------------

    @property
    def instance(self) -> str:
        """Return this instance's name (`me`), which the health check shows."""
        return self.me

    async def start(self, app: Any, endpoints: Mapping[str, Endpoint]) -> None:
        """Write the first heartbeat, subscribe to the bus, start the heartbeat and watchdog;
        calls forwarded here are answered by `endpoints` (by name) within `app`."""
        self.app = app
        self.endpoints = endpoints
        await self.leases.open()
        await self.bus.start()
        log.info("instance %s: heartbeat written, listening on the bus", self.me)
        self._spawn(self._watch_forever())

    async def close(self) -> None:
        """Hand every room over at once (the heartbeat is deleted) and close the connections."""
        for relayed in list(self.relayed.values()):
            relayed.put(Shut(MOVED))
        for _, socket in list(self.remote.values()):
            await socket.close(MOVED)
        await asyncio.sleep(0.05)  # let the bus send those
        for task in list(self._tasks):
            task.cancel()
        await self.leases.close(release=True)
        await self.bus.close()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """Forget a finished task; log the exception that ended it, if any."""
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a task failed: %s", task.get_coro(), exc_info=task.exception())

    def problem(self) -> str | None:
        """Return why this instance cannot take part now (the health check), or None."""
        if not self.leases.beating:
            return f"cannot write this instance's heartbeat to {self.leases.where}"
        if not self.bus.connected:
            return "not connected to Redis"
        return None

    # --- who drives a room --------------------------------------------------------------

    async def driver(self, code: str) -> str | None:
        """Return the instance that drives room `code`, None when it is this one (taking the
        lease when it is free or its owner is dead) or when no such room is stored.

        PostgreSQL is asked every time, even for a room this instance holds a lease of: it may
        have lost it unawares (frozen, cut off from PostgreSQL for longer than `LEASE_TTL`),
        and a socket welcomed from a copy older than the store would see its match go back in
        time. A token that differs from the one this instance fences its commits with means
        another instance drove the room meanwhile: the memory copy is dropped (rebuilt from
        the store) and the sockets that saw the old one are closed (they reconnect)."""
        try:
            found = await self.leases.drive(code)
        except StorageError as error:
            raise RoomError("storage_failed", f"room {code!r}: {error}") from None
        if found is None:
            return None
        owner, token, taken = found
        if owner == self.me:
            if taken and token > 1:
                log.warning("room %s: taken over (lease token %d)", code, token)
            held = self.store.token(code)
            if held != token:
                if held is not None or self.hub.connected(code):
                    await self._demote(code)
                self.store.hold(code, token)
                self.hub.evict(code)  # rebuilt from what the last driver stored
            return None
        if self.store.token(code) is not None or self.hub.connected(code):
            await self._demote(code)
        self.hub.evict(code)  # a relay keeps no copy: the driver's is the one
        return owner

    def _storage_error(self, code: str, error: StorageError) -> None:
        if isinstance(error, LeaseLost):
            self._spawn(self._demote(code))

    async def _demote(self, code: str) -> None:
        """This instance no longer drives `code`: forget it, close its sockets (1012)."""
        log.warning("room %s: another instance drives it now", code)
        self.store.release(code)
        self.hub.evict(code)
        for connection in self.hub.connections(code):
            with contextlib.suppress(RuntimeError, OSError):
                await connection.websocket.close(code=MOVED)

    # --- relaying a client socket to the driver -----------------------------------------

    async def relay(
        self, websocket: WebSocket, code: str, hello: JSON, driver: str, *, private: bool
    ) -> None:
        """Serve a client socket whose room `driver` drives, until either side closes it."""
        conn = f"{self.me}.{next(self._ids)}"
        log.debug("room %s: socket %s relayed to instance %s", code, conn, driver)
        relayed = Relayed(websocket, driver, code)
        self.relayed[conn] = relayed
        writer = asyncio.get_running_loop().create_task(relayed.write_forever())
        send = self.bus.send
        send(driver, {"op": "open", "conn": conn, "from": self.me, "room": code, "hello": hello})

        async def forward(message: JSON | RoomError) -> bool:
            if relayed.shut:
                return False
            if isinstance(message, RoomError):
                send(driver, {"op": "msg", "conn": conn, "error": [message.code, message.message]})
            else:
                send(driver, {"op": "msg", "conn": conn, "data": message})
            if log.isEnabledFor(logging.DEBUG):  # worded only when the line is written
                log.debug("socket %s: %s sent on to its driver", conn, _kind(message))
            return True

        try:
            await serve_messages(websocket, self.hub.settings, private, forward, relayed.answer)
        except WebSocketDisconnect:
            pass
        finally:
            self.relayed.pop(conn, None)
            if not relayed.told:  # even if we closed it (its driver seemed dead): it may not be
                send(driver, {"op": "left", "conn": conn})
            relayed.put(Shut(1000))
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(writer, timeout=1)

    async def _drive_remote(self, relay: str, conn: str, code: str, hello: JSON) -> None:
        socket = RemoteSocket(self.bus, relay, conn)
        self.remote[conn] = (relay, socket)
        log.debug("room %s: socket %s of instance %s opens", code, conn, relay)
        try:
            try:
                driver = await self.driver(code)
            except RoomError:
                driver = self.me + "?"  # cannot tell: let the client try again
            if driver is not None:  # the room moved meanwhile: the client reconnects
                await socket.close(MOVED)
                return
            await serve_remote(self.hub, code, socket, hello, socket.inbox)
        finally:
            self.remote.pop(conn, None)
            log.debug("room %s: socket %s of instance %s ends", code, conn, relay)

    # --- the bus ------------------------------------------------------------------------

    async def _receive(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        conn = str(message.get("conn"))
        if op == "open":
            relay, code, hello = str(message["from"]), str(message["room"]), message["hello"]
            self._spawn(self._drive_remote(relay, conn, code, hello))
        elif op == "msg":
            found = self.remote.get(conn)
            if found is not None:
                item = received(message)
                if log.isEnabledFor(logging.DEBUG):
                    log.debug("socket %s: %s received", conn, _kind(item))
                found[1].inbox.put_nowait(item)
            else:
                log.debug("socket %s: a message after its session ended, dropped", conn)
        elif op == "left":
            found = self.remote.get(conn)
            log.debug("socket %s: its client left (%s)", conn, "ended" if found else "unknown")
            if found is not None:
                found[1].gone()
        elif op == "send":
            relayed = self.relayed.get(conn)
            if relayed is not None:
                relayed.put(str(message["text"]))
        elif op == "shut":
            relayed = self.relayed.get(conn)
            log.debug("socket %s: its driver closes it (%s)", conn, "open" if relayed else "gone")
            if relayed is not None:
                relayed.told = True
                relayed.put(Shut(int(message.get("code", MOVED))))
        elif op == "http":
            self._spawn(self._answer_http(message))
        elif op == "http_reply":
            call = self._calls.pop(str(message.get("id")), None)
            if call is not None and not call[1].done():
                call[1].set_result(message)

    def _gone(self, instance: str) -> None:
        """`instance` heard nothing we sent: it is gone. Close what ran through it."""
        log.warning("instance %s is gone: closing what ran through it", instance)
        for call, (driver, future) in list(self._calls.items()):
            if driver == instance and not future.done():
                del self._calls[call]
                future.set_exception(ConnectionError(f"instance {instance} is gone"))
        for relayed in self.relayed.values():
            if relayed.driver == instance:
                relayed.put(Shut(MOVED))
        for relay, socket in list(self.remote.values()):
            if relay == instance:  # told too, should it be alive after all: its client moves
                self._spawn(socket.close(MOVED))

    def _reset(self) -> None:
        """The bus lost messages (Redis broke): every relayed socket starts again."""
        for relayed in self.relayed.values():
            relayed.put(Shut(MOVED))
        for _, socket in list(self.remote.values()):
            self._spawn(socket.close(MOVED))

    async def _watch_forever(self) -> None:
        """Each second: check this instance's leases again after it may have lost them (its
        heartbeat went unwritten for longer than a lease: frozen, or cut off from
        PostgreSQL); close what runs through an instance whose heartbeat expired; while the
        store's last commit failed, try an empty one (the health check recovers once
        PostgreSQL commits again, even if nobody plays meanwhile); and every `SWEEP_EVERY`
        seconds, drive the rooms in play that nobody drives and that have a move due."""
        lapses = self.leases.lapses
        last = time.monotonic()
        suspect = False
        swept = last
        while True:
            await asyncio.sleep(WATCH_EVERY)
            now = time.monotonic()
            if now - last > self.leases.ttl or self.leases.lapses != lapses:
                suspect = True  # this process stood still, or its heartbeat lapsed
                lapses = self.leases.lapses
            last = now
            if suspect and self.leases.beating:
                with contextlib.suppress(StorageError):
                    await self._check_leases()
                    suspect = False
            writer = self.hub.writer
            if self.store.failing is not None and writer is not None:
                with contextlib.suppress(StorageError):
                    await writer.write("check that commits work", self.store.together([]))
            if not self.leases.settled():
                continue  # our own heartbeat was failing: so may the others' have been
            await self._watch_others()
            if now - swept >= SWEEP_EVERY:
                swept = now
                await self._sweep()

    async def _watch_others(self) -> None:
        """Close what runs through an instance whose heartbeat expired."""
        others = {r.driver for r in self.relayed.values()}
        others |= {relay for relay, _ in self.remote.values()}
        if not others:
            return
        try:
            alive = await self.leases.alive(others)
        except StorageError:
            return  # PostgreSQL unreachable: nobody can take a room over meanwhile
        for instance in others - alive:
            self._gone(instance)

    async def _check_leases(self) -> None:
        """Hand over (`_demote`) every room whose lease this instance no longer holds with
        the token it fences its commits with: another instance took it over while this one
        could not beat. Raise StorageError when PostgreSQL cannot tell."""
        fences = self.store.held()
        if not fences:
            return
        held = await self.leases.held(list(fences))
        for code, token in fences.items():
            if held.get(code) != (self.me, token) and self.store.token(code) == token:
                await self._demote(code)

    async def _sweep(self) -> None:
        """Drive the rooms in play that nobody drives (their driver died and no client came
        back, say) or that this instance drives without a timer, when a computer seat or an
        absent player's turn is due: nothing waits for someone to connect. A room found with
        nothing due is not loaded again until it changes (`_idle`)."""
        if len(self._idle) > SWEEP_IDLE:
            self._idle.clear()
        try:
            found = await self.leases.orphans(SWEEP_ROOMS, self._idle)
        except StorageError:
            return
        hub = self.hub
        for code, changed in found:
            if hub.timing(code):
                continue
            try:
                room = hub.get(code)
            except StorageError:
                continue
            if room is None:
                continue
            if not room.computer_due() and room.autoplay_in() is None:
                self._idle[code] = changed
                if self.store.token(code) is None and not hub.connected(code):
                    hub.evict(code)  # nobody's: nothing to keep it in memory for
                continue
            try:
                driver = await self.driver(code)
            except RoomError:
                continue
            if driver is not None:
                continue  # another instance took it first
            async with hub.gate(code):
                try:
                    room = await hub.current(code)
                except RoomError:
                    continue
                log.warning("room %s: driven with nobody connected (a move was due)", code)
                hub.schedule(room)

    # --- HTTP calls forwarded to a room's driver ----------------------------------------

    async def forward(self, driver: str, name: str, request: Request) -> Response:
        """Answer an HTTP call about a room that `driver` drives by asking it to."""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_MESSAGE:
            return await self.endpoints[name](request)  # refused here: 413
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_MESSAGE:
                return error_response(413, "too_large", f"the request is over {MAX_MESSAGE} bytes")
        call = f"{self.me}.{next(self._ids)}"
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[call] = (driver, future)
        client = request.client
        self.bus.send(
            driver,
            {
                "op": "http",
                "id": call,
                "from": self.me,
                "name": name,
                "method": request.method,
                "path": request.url.path,
                "params": dict(request.path_params),
                "headers": [[k, v] for k, v in request.headers.items()],
                "client": [client.host, client.port] if client is not None else None,
                "body": body.decode("utf-8", "replace"),
            },
        )
        try:
            reply = await asyncio.wait_for(future, timeout=FORWARD_TIMEOUT)
        except (TimeoutError, ConnectionError):
            self._calls.pop(call, None)
            message = "the instance that drives this room did not answer: try again"
            return error_response(503, "storage_failed", message, {"Retry-After": "3"})
        headers = {str(k): str(v) for k, v in reply["headers"] if k.lower() != "content-length"}
        return Response(str(reply["body"]), status_code=int(reply["status"]), headers=headers)

    async def _answer_http(self, message: dict[str, Any]) -> None:
        body = str(message["body"]).encode()
        sent = False

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        client = message.get("client")
        scope = {
            "type": "http",
            "method": message["method"],
            "path": message["path"],
            "raw_path": str(message["path"]).encode(),
            "root_path": "",
            "scheme": "http",
            "query_string": b"",
            "http_version": "1.1",
            "headers": [(str(k).encode(), str(v).encode()) for k, v in message["headers"]],
            "client": tuple(client) if client else None,
            "server": None,
            "app": self.app,
            "path_params": message["params"],
        }
        endpoint = self.endpoints[str(message["name"])]
        response = await endpoint(Request(scope, receive))
        self.bus.send(
            str(message["from"]),
            {
                "op": "http_reply",
                "id": message["id"],
                "status": response.status_code,
                "headers": [[k, v] for k, v in response.headers.items()],
                "body": bytes(response.body).decode(),
            },
        )


def _kind(message: JSON | RoomError) -> str:
    """Name a client's message in a log line: its type, or the error its relay read."""
    if isinstance(message, RoomError):
        return f"error {message.code}"
    return f"{str(message.get('type'))[:20]!r} at {str(message.get('version'))[:12]}"
