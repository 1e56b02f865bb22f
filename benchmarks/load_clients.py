"""The load's clients: the processes that play many 4-seat online rooms over loopback
WebSockets with think time (benchmarks/online_load.py starts them and gathers their numbers).

Each client process runs one asyncio loop (uvloop, the `websockets` package): it creates its
rooms with POST /api/online (4 open seats), joins their other 3 seats with POST
/api/online/<code>/join, opens one socket per seat, and the host starts; each socket plays its
own seat: when its snapshot says it is to act it waits a think time, sends the first legal action
(PREFERENCE, else the first legal one) with the current version and a unique id, and times send
-> its own update. A room whose game ends is closed and a new one is created in its place.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
import uvloop

from mousehole.games import MANIFESTS

GAME = MANIFESTS[0].name
"""The game the rooms play: the registry's first (the flagship, the catalogue's first card)."""
SEATS = 4
PREFERENCE = ("roll", "split", "crank", "end")
"""Action types played first when legal (the flagship's turn: roll, pay, crank, finish); a
game without them plays its first legal action."""


def raise_nofile() -> None:
    """Raise this process's limit of open files to its hard limit (65,536 when unlimited): a
    load opens thousands of sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 65_536
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


@dataclass
class Settings:
    ports: list[int]
    """The instances' ports: a room is created on one (in turn), and its seat s connects to
    `ports[s % len(ports)]`, so that one room's seats are spread over every instance."""
    rooms: int
    think: tuple[float, float]
    warmup: float
    duration: float
    compression: bool


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    relayed: list[float] = field(default_factory=list)
    """The latencies of seats connected to an instance other than the room's driver (the one
    it was created on): their moves and updates cross Redis twice (several instances only)."""
    direct: list[float] = field(default_factory=list)
    """The latencies of seats connected to the room's driver (every seat with one instance)."""
    acted: int = 0
    """Own updates received for actions sent inside the measured window."""
    sent: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    games: int = 0
    rooms_created: int = 0
    messages: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


async def _post(port: int, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST JSON to the server over a fresh loopback connection; return status and JSON."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    ).encode()
    writer.write(head + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()
    header, _, payload = raw.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1])
    return status, json.loads(payload) if payload else {}


def choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the first legal action of the preferred kinds: roll, split, crank, end."""
    for kind in PREFERENCE:
        for action in legal:
            if action.get("type") == kind:
                return action
    return legal[0]


class Seat:
    """One player's socket: plays its own seat's turns with think time."""

    def __init__(self, room: LoadRoom, seat: int, websocket: Any, *, relayed: bool = False):
        self.room = room
        self.seat = seat
        self.ws = websocket
        self.relayed = relayed
        self.pending: tuple[float, int] | None = None  # send time, version sent
        self.thinking = False
        self.reader: asyncio.Task[None] | None = None

    async def read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        stats = self.room.client.stats
        try:
            async for raw in self.ws:
                stats.messages += 1
                self.handle(orjson.loads(raw))
        except ConnectionClosed:
            pass
        if not self.room.closing:
            # By the close code: 1012 is an instance handing its rooms over (a cluster).
            stats.error(f"unexpected_close_{self.ws.close_code}")
            self.room.over.set()

    def handle(self, message: dict[str, Any]) -> None:
        client = self.room.client
        kind = message.get("type")
        if kind == "error":
            client.stats.error(str(message.get("code")))
            self.pending = None
            return
        snapshot = message["snapshot"] if kind == "update" else message
        if (
            kind == "update"
            and self.pending is not None
            and any(move.get("seat") == self.seat for move in message["moves"])
        ):
            sent_at, _ = self.pending
            now = time.time()
            if client.window_start <= sent_at < client.window_end:
                client.stats.acted += 1
                client.stats.latencies.append((now - sent_at) * 1000)
                (client.stats.relayed if self.relayed else client.stats.direct).append(
                    (now - sent_at) * 1000
                )
            self.pending = None
        if snapshot.get("winners"):
            if not self.room.over.is_set():
                client.stats.games += 1
            self.room.over.set()
            return
        if (
            snapshot.get("started")
            and snapshot.get("to_act") == self.seat
            and snapshot.get("legal")
            and self.pending is None
            and not self.thinking
            and not client.stopping
        ):
            self.thinking = True
            action = choose(snapshot["legal"])
            asyncio.get_running_loop().create_task(self.act(action, snapshot["version"]))

    async def act(self, action: dict[str, Any], version: int) -> None:
        client = self.room.client
        try:
            await asyncio.sleep(random.uniform(*client.settings.think))
            if client.stopping or self.room.closing:
                return
            client.sequence += 1
            message = {
                "type": "act",
                "action": action,
                "version": version,
                "id": f"{os.getpid()}-{client.sequence}",
            }
            self.pending = (time.time(), version)
            client.stats.sent += 1
            await self.ws.send(json.dumps(message))
        except Exception:  # a closed socket: counted by read()
            self.pending = None
        finally:
            self.thinking = False


class LoadRoom:
    """One room of the load: created, joined and connected by the load script."""

    def __init__(self, client: Client):
        self.client = client
        self.seats: list[Seat] = []
        self.over = asyncio.Event()
        self.closing = False

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        ports = self.client.settings.ports
        self.client.created += 1
        port = ports[self.client.created % len(ports)]
        spec = {
            "game": GAME,
            "options": {"seats": SEATS},
            "seats": [{"kind": "open"}] * SEATS,
            "host_name": "Load 0",
        }
        status, body = await _post(port, "/api/online", spec)
        if status != 201:
            self.client.stats.error(f"create_{status}")
            raise RuntimeError(f"create: {status} {body}")
        self.client.stats.rooms_created += 1
        code, tokens = body["code"], {0: body["token"]}
        for seat in range(1, SEATS):
            status, body = await _post(
                ports[seat % len(ports)],
                f"/api/online/{code}/join",
                {"name": f"Load {seat}", "seat": seat},
            )
            if status != 200:
                self.client.stats.error(f"join_{status}")
                raise RuntimeError(f"join: {status} {body}")
            tokens[seat] = body["token"]
        for seat in range(SEATS):
            websocket = await connect(
                f"ws://127.0.0.1:{ports[seat % len(ports)]}/ws/online/{code}",
                compression="deflate" if self.client.settings.compression else None,
                ping_interval=None,
                open_timeout=60,
                max_queue=64,
            )
            await websocket.send(json.dumps({"type": "hello", "token": tokens[seat]}))
            relayed = ports[seat % len(ports)] != port  # the room's driver is `port`'s
            player = Seat(self, seat, websocket, relayed=relayed)
            player.reader = asyncio.get_running_loop().create_task(player.read())
            self.seats.append(player)

    async def close(self) -> None:
        self.closing = True
        for player in self.seats:
            with contextlib.suppress(Exception):
                await player.ws.close()
        for player in self.seats:
            if player.reader is not None:
                with contextlib.suppress(Exception):
                    await player.reader


SETUP_TIMEOUT = 30.0
"""Seconds a room's setup (create, join, connect) or the end of a run may take at most."""


class Client:
    """One client process: its share of the rooms, on one asyncio loop."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.stats = Stats()
        self.window_start = float("inf")
        self.window_end = float("inf")
        self.stopped = asyncio.Event()  # set when the measured window ends
        self.sequence = 0
        self.created = 0
        self.gate = asyncio.Semaphore(32)  # rooms being set up at once

    @property
    def stopping(self) -> bool:
        """Return True once the measured window has ended (no new actions are sent)."""
        return self.stopped.is_set()

    async def setup(self) -> LoadRoom:
        async with self.gate:
            room = LoadRoom(self)
            try:  # an answer that never comes must not hold the run up (a cluster's handover)
                await asyncio.wait_for(room.open(), SETUP_TIMEOUT)
            except TimeoutError:
                self.stats.error("setup_timeout")
                await room.close()
                raise
            return room

    async def play(self, room: LoadRoom, go: asyncio.Event) -> None:
        await go.wait()
        while True:
            await asyncio.sleep(random.uniform(0, 1.0))  # rooms do not all start at once
            await room.seats[0].ws.send(json.dumps({"type": "start"}))
            stop = asyncio.get_running_loop().create_task(self.stopped.wait())
            over = asyncio.get_running_loop().create_task(room.over.wait())
            await asyncio.wait({stop, over}, return_when=asyncio.FIRST_COMPLETED)
            stop.cancel()
            over.cancel()
            if self.stopping:
                return
            await room.close()  # the game is over: play a new room in its place
            self.current.pop(id(room), None)
            try:
                room = await self.setup()
            except Exception:  # counted by setup
                return
            self.current[id(room)] = room

    async def run(self, ready: Any, go_at: Any) -> dict[str, Any]:
        raise_nofile()
        began = time.time()
        rooms = await asyncio.gather(
            *(self.setup() for _ in range(self.settings.rooms)), return_exceptions=True
        )
        opened = [room for room in rooms if isinstance(room, LoadRoom)]
        for room in rooms:
            if not isinstance(room, LoadRoom):
                self.stats.error(f"setup: {type(room).__name__}: {room}"[:120])
        setup_seconds = time.time() - began
        # The load generator's own collector would stall its loop and add its pauses to the
        # server's latency: its thousands of sockets are frozen, and it does not collect
        # while it measures (it runs for seconds; the server keeps its own settings).
        gc.collect()
        gc.freeze()
        gc.disable()
        with ready.get_lock():
            ready.value += 1
        while go_at.value == 0:
            await asyncio.sleep(0.05)
        self.window_start = go_at.value + self.settings.warmup
        self.window_end = self.window_start + self.settings.duration
        self.current: dict[int, LoadRoom] = {id(room): room for room in opened}
        go = asyncio.Event()
        await asyncio.sleep(max(0.0, go_at.value - time.time()))
        usage0 = resource.getrusage(resource.RUSAGE_SELF)
        go.set()
        players = [asyncio.get_running_loop().create_task(self.play(r, go)) for r in opened]
        await asyncio.sleep(max(0.0, self.window_end - time.time()))
        usage1 = resource.getrusage(resource.RUSAGE_SELF)
        self.stopped.set()
        _, late = await asyncio.wait(players, timeout=SETUP_TIMEOUT)
        for player in late:  # a room still being set up in place of a finished one
            player.cancel()
        deadline = time.time() + 5  # let the last answers arrive
        while time.time() < deadline and any(
            seat.pending for room in self.current.values() for seat in room.seats
        ):
            await asyncio.sleep(0.05)
        unanswered = sum(
            1
            for room in self.current.values()
            for seat in room.seats
            if seat.pending and seat.pending[0] < self.window_end
        )
        if unanswered:
            self.stats.errors["unanswered"] = unanswered
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(
                asyncio.gather(*(room.close() for room in self.current.values())), SETUP_TIMEOUT
            )
        cpu = (usage1.ru_utime + usage1.ru_stime) - (usage0.ru_utime + usage0.ru_stime)
        s = self.stats
        return {
            "latencies": s.latencies,
            "relayed": s.relayed,
            "direct": s.direct,
            "acted": s.acted,
            "sent": s.sent,
            "errors": s.errors,
            "games": s.games,
            "rooms_created": s.rooms_created,
            "messages": s.messages,
            "setup_seconds": setup_seconds,
            "rooms_opened": len(opened),
            "client_cpu_seconds": cpu,
        }


def client_main(settings: Settings, ready: Any, go_at: Any, results: Any) -> None:
    try:
        result = uvloop.run(Client(settings).run(ready, go_at))
    except Exception as error:  # reported to the parent
        result = {"fatal": f"{type(error).__name__}: {error}"}
        with ready.get_lock():
            ready.value += 1
    results.put(result)
