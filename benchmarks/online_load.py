"""Online rooms under load: many 4-seat rooms played over loopback WebSockets with think time.

Starts `mousehole serve` (the process that is measured) on a free 127.0.0.1 port, as shipped
or with one setting changed (MODES: Python's GC thresholds, WebSocket compression), then drives
it from one or more client processes (one asyncio loop each, the `websockets`
package): each room is created with POST /api/online (4 open seats), its other 3 seats are
joined with POST /api/online/<code>/join, each seat opens its own socket, the host starts, and
each socket plays its own seat: when its snapshot says it is to act it waits a think time, sends
the first legal action (roll, else the first split, else crank, else end, else the first legal
one) with the current version and a unique id, and times send -> its own update. A room whose
game ends is closed and a new one is created in its place.

Measured: actions committed per second, send -> own update latency, errors (error messages and
unexpected closes), server RSS and CPU, and the /healthz round trip every 100 ms from a separate
process as the proxy for the server's event-loop lag (a stalled loop answers late).

`python -m benchmarks.online_load --rooms 50 --duration 20` runs one configuration.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import http.client
import json
import multiprocessing as mp
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import uvloop

from mousehole.games import MANIFESTS

from . import shield
from .engine import random_games_per_second

GAME = MANIFESTS[0].name
"""The game the rooms play: the registry's first (the flagship, the catalogue's first card)."""
SEATS = 4
PREFERENCE = ("roll", "split", "crank", "end")
"""Action types played first when legal (the flagship's turn: roll, pay, crank, finish); a
game without them plays its first legal action."""


def _raise_nofile() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 65_536
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


# --- the server --------------------------------------------------------------------------------


MODES = {
    "shipped": [],
    "python-gc": ["--gc", "python"],
    "deflate": ["--ws-deflate"],
    "sync-full": ["--sync", "full"],
}
"""Server variants measured: as shipped (tuned GC, no WebSocket compression, `--sync normal`),
with Python's default GC thresholds, with permessage-deflate accepted (browsers offer it), and
with every commit flushed to the disk before it is told (`--sync full`)."""


def _server_command(port: int, db: Path, mode: str) -> list[str]:
    argv = ["serve", "--port", str(port), "--db", str(db), *MODES[mode]]
    return [sys.executable, "-m", "mousehole.cli", *argv]


def start_server(mode: str) -> tuple[subprocess.Popen[bytes], int, Path]:
    """Start the server on a free loopback port; return the process, the port and its db."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = Path(tempfile.mkdtemp(prefix="mousehole-load-")) / "load.sqlite3"
    process = subprocess.Popen(
        _server_command(port, db, mode),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_raise_nofile,
    )
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process, port, db
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def rss_kib(pid: int) -> int:
    """Return the resident set size of process `pid` in KiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """Return the user + system CPU seconds process `pid` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Target:
    """What a load runs against: the instances (their processes and ports, in the order the
    rooms' seats are spread over them), the other processes whose CPU is measured (by part:
    "PostgreSQL", "Redis"; each a function returning that part's CPU seconds so far), counters
    read before and after the measured window (by name, each a function returning numbers by
    name), and how to stop it all."""

    instances: list[subprocess.Popen[bytes]]
    ports: list[int]
    parts: dict[str, Callable[[], float]] = field(default_factory=dict)
    counters: dict[str, Callable[[], dict[str, float]]] = field(default_factory=dict)
    stop: Callable[[], None] = lambda: None
    label: str = "1 instance, SQLite"


def sqlite_target(mode: str) -> Target:
    """One `mousehole serve` on a fresh SQLite file (the server variant `mode`)."""
    process, port, db = start_server(mode)

    def stop() -> None:
        _stop(process)
        with contextlib.suppress(OSError):
            for path in db.parent.iterdir():
                path.unlink()
            db.parent.rmdir()

    return Target([process], [port], stop=stop)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a server (SIGTERM, SIGKILL after 15 s)."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# --- the clients -------------------------------------------------------------------------------


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
        _raise_nofile()
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


def _client_main(settings: Settings, ready: Any, go_at: Any, results: Any) -> None:
    try:
        result = uvloop.run(Client(settings).run(ready, go_at))
    except Exception as error:  # reported to the parent
        result = {"fatal": f"{type(error).__name__}: {error}"}
        with ready.get_lock():
            ready.value += 1
    results.put(result)


# --- the lag probe -----------------------------------------------------------------------------


def _probe(port: int, start: float, end: float, out: list[float]) -> None:
    """GET /healthz every 100 ms between `start` and `end`; append each round trip in ms."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    while time.time() < start:
        time.sleep(0.01)
    tick = start
    while tick < end:
        began = time.perf_counter()
        try:
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            out.append((time.perf_counter() - began) * 1000)
        except (OSError, http.client.HTTPException):
            out.append(float("nan"))
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        tick += 0.1
        time.sleep(max(0.0, tick - time.time()))
    connection.close()


# --- one configuration -------------------------------------------------------------------------


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_load(
    rooms: int,
    *,
    mode: str = "shipped",
    clients: int = 1,
    think: tuple[float, float] = (0.25, 1.25),
    warmup: float = 5.0,
    duration: float = 30.0,
    compression: bool = True,
    target: Callable[[], Target] | None = None,
) -> dict[str, Any]:
    """Run one configuration against a fresh server (or the instances `target` starts: then
    `mode` only names the run) and return its numbers."""
    _raise_nofile()
    # This machine's speed at this moment: the same class of machine has measured from 685 to
    # 2,395 random games a second, and the server's ceiling moves with it (docs/benchmarks.md).
    speed = random_games_per_second(GAME, SEATS, games=50, repeats=3)["games_per_second"]
    started = target() if target is not None else sqlite_target(mode)
    pids = [process.pid for process in started.instances]
    context = mp.get_context("fork")
    ready = context.Value("i", 0)
    go_at = context.Value("d", 0.0)
    results = context.Queue()
    workers = []
    try:
        time.sleep(0.5)
        rss_idle = sum(rss_kib(pid) for pid in pids)
        share = [rooms // clients + (1 if i < rooms % clients else 0) for i in range(clients)]
        for n in share:
            settings = Settings(started.ports, n, think, warmup, duration, compression)
            worker = context.Process(target=_client_main, args=(settings, ready, go_at, results))
            worker.start()
            workers.append(worker)
        setup_deadline = time.time() + 600
        while ready.value < clients and time.time() < setup_deadline:
            time.sleep(0.1)
        time.sleep(1.0)  # the last presence broadcasts
        rss_connected = sum(rss_kib(pid) for pid in pids)
        start = time.time() + 0.5
        window_start, window_end = start + warmup, start + warmup + duration
        lags: list[float] = []
        probe = threading.Thread(
            target=_probe, args=(started.ports[0], window_start, window_end, lags)
        )
        probe.start()
        go_at.value = start
        while time.time() < window_start:
            time.sleep(0.01)
        cpu0 = sum(cpu_seconds(pid) for pid in pids)
        parts0 = {name: read() for name, read in started.parts.items()}
        counters0 = {name: read() for name, read in started.counters.items()}
        rss_peak = 0
        while time.time() < window_end:
            rss_peak = max(rss_peak, sum(rss_kib(pid) for pid in pids))
            time.sleep(min(1.0, max(0.0, window_end - time.time())))
        cpu1 = sum(cpu_seconds(pid) for pid in pids)
        parts1 = {name: read() for name, read in started.parts.items()}
        counters1 = {name: read() for name, read in started.counters.items()}
        rss_after = sum(rss_kib(pid) for pid in pids)
        probe.join()
        outcomes = [results.get(timeout=120) for _ in workers]
        for worker in workers:
            worker.join(timeout=30)
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.kill()
        started.stop()
    fatal = [o["fatal"] for o in outcomes if "fatal" in o]
    outcomes = [o for o in outcomes if "fatal" not in o]
    latencies = [x for o in outcomes for x in o["latencies"]]
    relayed = [x for o in outcomes for x in o["relayed"]]
    direct = [x for o in outcomes for x in o["direct"]]
    errors: dict[str, int] = {}
    for o in outcomes:
        for code, n in o["errors"].items():
            errors[code] = errors.get(code, 0) + n
    for message in fatal:
        errors[f"client crashed: {message}"[:120]] = 1
    connections = 4 * sum(o["rooms_opened"] for o in outcomes)
    measured_lags = [x for x in lags if x == x]
    if len(measured_lags) < len(lags):
        errors["healthz_failed"] = len(lags) - len(measured_lags)
    acted = sum(o["acted"] for o in outcomes)
    cpu = {"instances": cpu1 - cpu0} | {name: parts1[name] - parts0[name] for name in parts0}
    return {
        "rooms": rooms,
        "connections": connections,
        "shield": shield.current(),
        "mode": mode,
        "target": started.label,
        "instances": len(pids),
        "clients": clients,
        "think": list(think),
        "warmup": warmup,
        "duration": duration,
        "compression": compression,
        "actions_per_second": acted / duration,
        "actions": acted,
        "p50_ms": _percentile(latencies, 0.50),
        "p99_ms": _percentile(latencies, 0.99),
        "max_ms": max(latencies, default=float("nan")),
        "mean_ms": statistics.fmean(latencies) if latencies else float("nan"),
        "direct_p50_ms": _percentile(direct, 0.50),
        "direct_p99_ms": _percentile(direct, 0.99),
        "relayed_p50_ms": _percentile(relayed, 0.50),
        "relayed_p99_ms": _percentile(relayed, 0.99),
        "relayed_share": len(relayed) / len(latencies) if latencies else 0.0,
        "errors": errors,
        "error_count": sum(errors.values()),
        "lag_p50_ms": _percentile(measured_lags, 0.50),
        "lag_p99_ms": _percentile(measured_lags, 0.99),
        "lag_max_ms": max(measured_lags, default=float("nan")),
        "lag_samples": len(lags),
        "rss_idle_mib": rss_idle / 1024,
        "rss_connected_mib": rss_connected / 1024,
        "rss_after_mib": rss_after / 1024,
        "rss_peak_mib": rss_peak / 1024,
        "kib_per_connection": (rss_connected - rss_idle) / connections if connections else 0.0,
        "server_cpu": (cpu1 - cpu0) / duration,
        "cpu_seconds": cpu,
        "cpu_ms_per_action": {
            name: 1000 * seconds / acted if acted else float("nan") for name, seconds in cpu.items()
        },
        "counters_per_action": {
            name: {
                key: (counters1[name][key] - counters0[name][key]) / acted if acted else 0.0
                for key in counters0[name]
            }
            for name in counters0
        },
        "client_cpu": sum(o["client_cpu_seconds"] for o in outcomes) / duration,
        "games_finished": sum(o["games"] for o in outcomes),
        "rooms_created": sum(o["rooms_created"] for o in outcomes),
        "setup_seconds": max((o["setup_seconds"] for o in outcomes), default=0.0),
        "engine_games_per_second": speed,
    }


CONFIGS = [(50, 1), (250, 1), (600, 2), (1000, 2)]
"""(rooms, client processes) of `python -m benchmarks --online`."""


def online_load(
    configs: list[tuple[int, int]] | None = None,
    *,
    duration: float = 30.0,
    warmup: float = 5.0,
    think: tuple[float, float] = (0.25, 1.25),
) -> list[dict[str, Any]]:
    """Run every configuration as shipped, and the largest also against each other server
    variant of MODES (where their differences show; it keeps `make bench` near 15 minutes
    with the cluster runs after it)."""
    out = []
    configs = configs or CONFIGS
    largest = max(rooms for rooms, _ in configs)
    for rooms, clients in configs:
        for mode in MODES if rooms == largest else ["shipped"]:
            print(f"online: {rooms} rooms, server {mode} ...", file=sys.stderr)
            result = run_load(
                rooms,
                mode=mode,
                clients=clients,
                think=think,
                warmup=warmup,
                duration=duration,
            )
            print("  " + summary(result), file=sys.stderr)
            out.append(result)
    return out


def summary(r: dict[str, Any]) -> str:
    """Return one line of a result."""
    return (
        f"{r['rooms']} rooms/{r['connections']} conns server={r['mode']}: "
        f"{r['actions_per_second']:.0f} actions/s, p50 {r['p50_ms']:.1f} ms, "
        f"p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.0f} ms, "
        + (
            f"(seats on the driver p50 {r['direct_p50_ms']:.1f} / p99 {r['direct_p99_ms']:.1f} ms,"
            f" relayed p50 {r['relayed_p50_ms']:.1f} / p99 {r['relayed_p99_ms']:.1f} ms), "
            if r.get("relayed_share")
            else ""
        )
        + f"lag p99 {r['lag_p99_ms']:.1f} ms (max {r['lag_max_ms']:.0f}), "
        f"errors {r['error_count']} {r['errors'] or ''}, "
        f"RSS {r['rss_idle_mib']:.0f}->{r['rss_connected_mib']:.0f}->{r['rss_after_mib']:.0f} MiB "
        f"({r['kib_per_connection']:.0f} KiB/conn), server CPU {r['server_cpu']:.0%}, "
        f"clients CPU {r['client_cpu']:.0%}, games {r['games_finished']}, "
        f"engine {r['engine_games_per_second']:,.0f} games/s, "
        f"{'shielded' if r.get('shield') else 'not shielded'}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.online_load")
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument("--mode", choices=tuple(MODES), default="shipped")
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, nargs=2, default=(0.25, 1.25))
    parser.add_argument("--no-compression", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the full result as JSON")
    parser.add_argument(
        "--no-shield", action="store_true", help="share the CPU with whatever else runs"
    )
    args = parser.parse_args()
    if not args.no_shield:
        shield.shield()
    result = run_load(
        args.rooms,
        mode=args.mode,
        clients=args.clients,
        think=tuple(args.think),
        warmup=args.warmup,
        duration=args.duration,
        compression=not args.no_compression,
    )
    print(json.dumps(result, indent=2) if args.json else summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
