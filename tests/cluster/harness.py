"""Real instances of `mousehole serve --database … --redis …` and clients of theirs.

`Instances` starts N server processes on one PostgreSQL database (tests/pg.py) and one Redis
(tests/redis_server.py), each on a free port (tests/processes.py); `Player` is one WebSocket
client of one instance that remembers every move it was told, and can reconnect (to any
instance) with its token after its instance died, as a browser does.
"""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.processes import ServerProcess, post_json
from tests.server import scenes
from tests.sockets import next_message

GAME = scenes.NAME
"""The game the cluster tests play: the server tests' game (the registry's first), any game
would do: they act from each snapshot's legal list and never check a rule."""

COMPUTER = {"kind": "computer", "level": scenes.LEVEL}
"""A computer seat of the game's first level."""


def online_setup(seats: list[dict[str, Any]], name: str = "Ann") -> dict[str, Any]:
    """Return the body of POST /api/online for `seats` (the first open one is the host's)."""
    return {
        "game": GAME,
        "options": {"seats": len(seats), "start_seat": 0},
        "seats": seats,
        "host_name": name,
    }


class Instances:
    """N instances of the server on one database and one Redis."""

    def __init__(self, count: int, database: str, redis: str, folder: Path, **env: str):
        self.database = database
        self.redis = redis
        self.folder = folder
        self.env = {"MOUSEHOLE_ONLINE_GRACE": "2", "MOUSEHOLE_COMPUTER_DELAY": "0.05", **env}
        self.servers: list[ServerProcess] = []
        for _ in range(count):
            self.add()

    def add(self) -> ServerProcess:
        """Start one more instance; return it."""
        number = len(self.servers)
        server = ServerProcess(
            None,
            self.folder / f"instance-{number}.log",
            env=self.env,
            args=["--database", self.database, "--redis", self.redis],
        )
        self.servers.append(server.start())
        return server

    def restart(self, index: int, within: float = 20) -> ServerProcess:
        """Start a new process where instance `index` was (after a kill), waiting `within`
        seconds at most for it to answer."""
        old = self.servers[index]
        old.kill()
        server = ServerProcess(None, old.log, env=self.env, args=old.args)
        self.servers[index] = server.start(within)
        return server

    def alive(self) -> list[ServerProcess]:
        """Return the instances whose process runs."""
        return [s for s in self.servers if s.process is not None and s.process.poll() is None]

    def health(self, index: int) -> tuple[int, dict[str, Any]]:
        """Return instance `index`'s /healthz status and body."""
        try:
            with urllib.request.urlopen(f"{self.servers[index].url}/healthz", timeout=5) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def stop(self) -> None:
        """Kill every instance."""
        for server in self.servers:
            server.kill()


def create(server: ServerProcess, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """Create an online room on `server`; return its answer (code, seat, token)."""
    answer: dict[str, Any] = post_json(f"{server.url}/api/online", online_setup(seats))
    return answer


def join(server: ServerProcess, code: str, name: str) -> dict[str, Any]:
    """Join room `code` through `server`; return its answer (seat, token)."""
    answer: dict[str, Any] = post_json(f"{server.url}/api/online/{code}/join", {"name": name})
    return answer


class Player:
    """One client socket of one instance: it records every move it is told (`told`, by
    version) and the versions of the snapshots it saw, in order (`versions`)."""

    def __init__(self, code: str, token: str | None, seat: int | None = None):
        self.code = code
        self.token = token
        self.seat = seat
        self.ws: ClientConnection | None = None
        self.snapshot: dict[str, Any] = {}
        self.told: dict[int, dict[str, Any]] = {}
        self.versions: list[int] = []
        self.errors: list[dict[str, Any]] = []

    def hello(self) -> dict[str, Any]:
        if self.token is None:
            return {"type": "hello", "spectate": True}
        return {"type": "hello", "token": self.token}

    def connect(self, server: ServerProcess, timeout: float = 10) -> None:
        """Connect to `server` and say hello; return once the first snapshot arrived."""
        self.close()
        self.ws = connect(
            f"ws://127.0.0.1:{server.port}/ws/online/{self.code}", close_timeout=1, legacy=True
        )
        self.ws.send(json.dumps(self.hello()))
        self.wait(lambda m: m["type"] == "snapshot", timeout)

    def reconnect(self, servers: list[ServerProcess], deadline: float) -> ServerProcess:
        """Connect to the first of `servers` that takes the socket, trying again with a short
        backoff until `deadline` (time.monotonic); return the one that did."""
        delay = 0.05
        while True:
            for server in servers:
                try:
                    self.connect(server, timeout=5)
                    return server
                except (OSError, ConnectionClosed, TimeoutError, AssertionError):
                    continue
            if time.monotonic() > deadline:
                raise TimeoutError(f"could not reconnect to room {self.code}")
            time.sleep(delay)
            delay = min(0.5, delay * 2)

    def _note(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "error":
            self.errors.append(message)
            return
        snapshot = message["snapshot"] if kind == "update" else message
        if kind == "update":
            for move in message["moves"]:
                self.told.setdefault(move["version"], move)
                assert self.told[move["version"]] == move, "one version, one move"
        if kind in ("update", "snapshot"):
            for index, move in enumerate((snapshot.get("record") or {}).get("moves", [])):
                self.told.setdefault(index + 1, {"version": index + 1, **move})
            self.snapshot = snapshot
            self.versions.append(int(snapshot["version"]))

    def receive(self, timeout: float = 5) -> dict[str, Any]:
        """Return the next message (noting what it tells)."""
        assert self.ws is not None
        message: dict[str, Any] = json.loads(next_message(self.ws, timeout))
        self._note(message)
        return message

    def wait(self, done: Any, timeout: float = 10) -> dict[str, Any]:
        """Read messages until one makes `done(message)` true; return it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"nothing of the kind within {timeout} s: {self.snapshot}")
            message = self.receive(timeout=left)
            if done(message):
                return message

    def drain(self) -> None:
        """Read whatever has arrived, without waiting."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.receive(timeout=0.01)

    def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        self.ws.send(json.dumps(message))

    def my_turn(self) -> bool:
        return bool(self.snapshot.get("legal"))

    def act(self) -> None:
        """Send the first legal action at the version this client knows."""
        action = self.snapshot["legal"][0]
        self.send({"type": "act", "action": action, "version": self.snapshot["version"]})

    def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
            self.ws = None


def stored_moves(database: str, code: str) -> list[dict[str, Any]]:
    """Return room `code`'s moves as PostgreSQL holds them: {version, seat, action}."""
    import psycopg

    with psycopg.connect(database) as db:
        rows = db.execute(
            "SELECT idx, seat, action FROM moves WHERE room_id = %s ORDER BY idx", (code,)
        ).fetchall()
    return [
        {"version": idx + 1, "seat": "chance" if seat is None else seat, "action": json.loads(a)}
        for idx, seat, a in rows
    ]


def check_told(players: list[Player], stored: list[dict[str, Any]]) -> None:
    """The committed-actions check: every move any client was told is stored, at its version
    and only once (a version is one move), and no client saw its version go back."""
    by_version = {move["version"]: move for move in stored}
    assert sorted(by_version) == list(range(1, len(stored) + 1)), "stored moves are contiguous"
    for player in players:
        for version, move in player.told.items():
            assert version in by_version, f"told move {version} was never stored: {move}"
            assert move["seat"] == by_version[version]["seat"]
            assert move["action"] == by_version[version]["action"], f"move {version} differs"
        assert player.versions == sorted(player.versions), f"a version went back: {player.versions}"


def play_turns(players: list[Player], turns: int, timeout: float = 15) -> None:
    """Let the human to act take its first legal action, `turns` times (or until the end),
    and wait until every player has heard of each move."""
    for _ in range(turns):
        for player in players:
            player.drain()
        if over(players[0].snapshot):
            return
        deadline = time.monotonic() + timeout
        movers = [p for p in players if p.my_turn()]
        while not movers:  # a computer seat is thinking
            if time.monotonic() > deadline:
                raise TimeoutError(f"nobody may act: {players[0].snapshot}")
            for player in players:
                with contextlib.suppress(TimeoutError):
                    player.receive(timeout=0.05)
            if over(players[0].snapshot):
                return
            movers = [p for p in players if p.my_turn()]
        mover = movers[0]
        version = int(mover.snapshot["version"])
        mover.act()
        for player in players:
            player.wait(lambda m, v=version: newer(m, v), timeout)


def over(snapshot: dict[str, Any]) -> bool:
    """Return whether the match in `snapshot` has ended."""
    return bool(snapshot.get("started")) and snapshot.get("to_act") is None


def newer(message: dict[str, Any], version: int) -> bool:
    """Return whether `message` shows the room past `version`."""
    if message["type"] not in ("update", "snapshot"):
        return False
    return int(message.get("snapshot", message)["version"]) > version


def driver_of(database: str, code: str) -> str | None:
    """Return the id of the instance whose lease drives room `code` (None: no lease yet)."""
    import psycopg

    with psycopg.connect(database) as db:
        row = db.execute("SELECT owner FROM room_leases WHERE room = %s", (code,)).fetchone()
    return None if row is None else str(row[0])


def instance_ids(instances: Instances) -> dict[str, int]:
    """Return the index of each running instance by its id (from /healthz)."""
    ids = {}
    for index, server in enumerate(instances.servers):
        if server.process is not None and server.process.poll() is None:
            status, body = instances.health(index)
            if status == 200:
                ids[str(body["instance"])] = index
    return ids


def revive(instances: Instances, players: list[Player], deadline: float) -> None:
    """Reconnect (to a random live instance) each player whose socket was closed."""
    import random

    for player in players:
        try:
            player.drain()
        except (ConnectionClosed, AssertionError):
            alive = instances.alive()
            random.shuffle(alive)
            player.reconnect(alive, deadline)


def resilient(instances: Instances, players: list[Player], turns: int, within: float = 30) -> None:
    """`play_turns`, reconnecting the players whose socket was closed meanwhile (1012: their
    room moved, or the bus between instances broke), until `within` seconds have passed."""
    deadline = time.monotonic() + within
    done = 0
    while done < turns:
        before = max(len(p.told) for p in players)
        try:
            play_turns(players, 1)
            done += 1
        except (ConnectionClosed, TimeoutError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
            revive(instances, players, deadline)
        if over(players[0].snapshot) or (done and max(len(p.told) for p in players) < before):
            return
