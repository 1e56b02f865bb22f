"""Clients that play on by themselves through faults, for tests/cluster/test_chaos.py.

Each `Client` is a thread with one WebSocket at a time to a random live instance: it acts at
once whenever its seat is to act (a unique id per action, resent after a reconnection until the
action's version is passed, and a second after the server refused it as a flood), sends no
faster than mousehole.client does (a room whose computer seats are out moves as fast as its two
players answer each other: unpaced, they flood past the server's limit), reconnects with backoff
to any instance when its socket closes (as the page's client does: a socket that stays open is
waited on, however long), and records what it was shown: every move by version, and the version
of every snapshot and update in order (which must never go down). A `Table` is one online room
of one of the games that show every move whole (four seats, computer seats included) and its
clients, spread over the instances.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import threading
import time
import traceback
import urllib.error
import uuid
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from mousehole.games import MANIFESTS
from mousehole.games.manifest import GameManifest
from tests.cluster.harness import Instances
from tests.processes import ServerProcess, post_json
from tests.sockets import next_message


def _shown_whole(manifest: GameManifest) -> bool:
    """Whether every viewer is shown every move of a four-seat match as it is stored (checked
    on one seeded random match): only then can what a client was shown be compared with the
    store move for move. A move a view hides (a card, a colour, a paper's threshold) may be
    shown otherwise to a client that joins later, once play has revealed it."""
    if not manifest.min_seats <= 4 <= manifest.max_seats:
        return False
    state = manifest.game(seats=4).new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        action = state.sample_action(rng.random())
        if any(state.action_view(action, v) != action.to_json() for v in (None, 0, 1, 2, 3)):
            return False
        state = state.apply(action)
    return True


GAMES = {m.name: m.levels[0] for m in MANIFESTS if _shown_whole(m)}
"""The games the chaos plays (those that seat four and show every move whole), each with its
computer seats' level (the quickest: the first)."""


RATE = 15.0
"""Messages a second a client sends at most (mousehole.client's pace; the server takes 20)."""

BURST = 10.0
"""Messages a client sends at once at most (the server takes 40)."""


@dataclass
class Seen:
    """What one client was shown."""

    moves: dict[int, dict[str, Any]] = field(default_factory=dict)
    versions: list[int] = field(default_factory=list)
    shown: list[tuple[float, int]] = field(default_factory=list)
    """When (time.monotonic) each of `versions` was shown, with it."""
    conflicts: list[str] = field(default_factory=list)
    steps_back: list[tuple[int, int]] = field(default_factory=list)
    connections: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    """The errors it was sent, counted by code."""


class Client(threading.Thread):
    """One player (a seat token) or spectator (None) of a room, playing until `stop`."""

    def __init__(
        self,
        instances: Instances,
        code: str,
        token: str | None,
        rng: random.Random,
        *,
        host: bool = False,
    ) -> None:
        super().__init__(daemon=True)
        self.host = host
        """The host's client starts the match (again after a reconnection, until started)."""
        self.instances = instances
        self.code = code
        self.token = token
        self.rng = random.Random(rng.random())
        self.seen = Seen()
        self.snapshot: dict[str, Any] = {}
        self.stopping = threading.Event()
        self.ws: ClientConnection | None = None
        self.crash: str | None = None
        """The traceback that ended the thread, if any (the test fails with it)."""
        self.pending: tuple[int, dict[str, Any]] | None = None
        """The action sent and not yet seen passed: (its version, the message)."""
        self.port = 0
        """The port of the instance it is (or was last) connected to."""
        self.tokens = float(BURST)
        self.paced = time.monotonic()

    # --- the socket -----------------------------------------------------------------------

    def _connect(self) -> ClientConnection | None:
        """Connect to a random live instance, with backoff; None once stopped."""
        delay = 0.1
        while not self.stopping.is_set():
            servers = self.instances.alive()
            if servers and self._try(self.rng.choice(servers)):
                return self.ws
            time.sleep(delay * self.rng.uniform(0.5, 1.5))
            delay = min(1.0, delay * 2)
        return None

    def _try(self, server: ServerProcess) -> bool:
        try:
            ws = connect(
                f"ws://127.0.0.1:{server.port}/ws/online/{self.code}",
                open_timeout=2,
                close_timeout=0.5,
                legacy=True,
            )
        except (OSError, WebSocketException, TimeoutError):
            return False
        hello = {"type": "hello", "spectate": True}
        if self.token is not None:
            hello = {"type": "hello", "token": self.token}
        try:
            ws.send(json.dumps(hello))
            deadline = time.monotonic() + 3
            while True:
                message = json.loads(next_message(ws, max(0.01, deadline - time.monotonic())))
                if message.get("type") == "snapshot":
                    self.ws = ws
                    self.port = server.port
                    self.seen.connections += 1
                    self._note(message)
                    return True
        except (OSError, WebSocketException, TimeoutError):
            with contextlib.suppress(Exception):
                ws.close()
            return False

    def _drop(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
            self.ws = None

    # --- what it is shown -----------------------------------------------------------------

    def _note(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "error":
            code = str(message.get("code"))
            self.seen.errors[code] = self.seen.errors.get(code, 0) + 1
        if kind not in ("update", "snapshot"):
            return
        snapshot = message["snapshot"] if kind == "update" else message
        moves = list(message.get("moves", [])) if kind == "update" else []
        for index, move in enumerate((snapshot.get("record") or {}).get("moves", [])):
            moves.append({"version": index + 1, "seat": move["seat"], "action": move["action"]})
        for move in moves:
            shown = {"seat": move["seat"], "action": move["action"]}
            known = self.seen.moves.setdefault(int(move["version"]), shown)
            if known != shown:
                self.seen.conflicts.append(f"version {move['version']}: {known} then {shown}")
        version = int(snapshot["version"])
        if self.seen.versions and version < self.seen.versions[-1]:
            self.seen.steps_back.append((self.seen.versions[-1], version))
        self.seen.versions.append(version)
        self.seen.shown.append((time.monotonic(), version))
        self.snapshot = snapshot
        if self.pending is not None and version > self.pending[0]:
            self.pending = None

    @property
    def version(self) -> int:
        """The newest version this client was shown (-1: none yet)."""
        return self.seen.versions[-1] if self.seen.versions else -1

    def describe(self) -> str:
        """Say where this client is and what it was shown last (a failure's detail)."""
        socket = "open" if self.ws is not None else "closed"
        shown = self.seen.shown[-1][0] if self.seen.shown else 0.0
        pending = None if self.pending is None else self.pending[0]
        return (
            f"v{self.version} socket {socket} to :{self.port} (connection"
            f" {self.seen.connections}), shown {time.monotonic() - shown:.1f} s ago, to act"
            f" {self.snapshot.get('to_act')}, legal {len(self.snapshot.get('legal') or [])},"
            f" pending {pending}, errors {self.seen.errors}"
        )

    def stack(self) -> str:
        """Return where this client's thread is now (a failure's detail: a client that
        stopped reconnecting shows where it waits)."""
        frame = sys._current_frames().get(self.ident or 0)
        return "".join(traceback.format_stack(frame)[-6:]) if frame is not None else "ended"

    def over(self) -> bool:
        """Return whether the match this client shows has ended."""
        return bool(self.snapshot.get("started")) and self.snapshot.get("to_act") is None

    # --- playing --------------------------------------------------------------------------

    def _act(self) -> None:
        """Act when this client's seat is to act: its first legal action, once per version
        (the same message, same id, again after a reconnection: never applied twice)."""
        if self.ws is None:
            return
        if self.host and self.snapshot and not self.snapshot.get("started"):
            self._pace()
            self.ws.send(json.dumps({"type": "start"}))
            return
        legal = self.snapshot.get("legal")
        if not legal or self.token is None:
            return
        version = int(self.snapshot["version"])
        if self.pending is None or self.pending[0] != version:
            action = legal[self.rng.randrange(len(legal))]
            message = {"type": "act", "action": action, "version": version}
            self.pending = (version, message | {"id": uuid.uuid4().hex})
        self._pace()
        self.ws.send(json.dumps(self.pending[1]))

    def run(self) -> None:
        try:
            self._play()
        except BaseException:
            self.crash = traceback.format_exc()
            raise

    def _pace(self) -> None:
        """Wait until the client may send one more message: at most `RATE` a second with
        bursts of `BURST`, as mousehole.client paces a bot (the server refuses a faster
        flood with `rate_limited` and drops the message: docs/online.md, Limits)."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.paced) * RATE)
        self.paced = now
        if self.tokens < 1:
            time.sleep((1 - self.tokens) / RATE)
            self.tokens, self.paced = 1.0, time.monotonic()
        self.tokens -= 1

    def _play(self) -> None:
        while not self.stopping.is_set():
            ws = self.ws
            if ws is None:
                ws = self._connect()
                if ws is None:
                    return
                with contextlib.suppress(OSError, ConnectionClosed):
                    self._act()
            try:
                message = json.loads(next_message(ws, 0.5))
            except TimeoutError:
                continue  # like a browser: a socket that stays open is waited on
            except (OSError, ConnectionClosed):
                self._drop()
                continue
            self._note(message)
            limited = message.get("type") == "error" and message.get("code") == "rate_limited"
            if limited:  # the message was dropped: send it again, later
                time.sleep(1)
            if limited or message.get("type") in ("update", "snapshot"):
                with contextlib.suppress(OSError, ConnectionClosed):
                    self._act()
        self._drop()

    def stop(self) -> None:
        """Stop playing and close the socket (returns once the thread ended)."""
        self.stopping.set()
        self.join(timeout=10)


class Table:
    """One online room: two players and a spectator (clients) plus two computer seats."""

    def __init__(self, instances: Instances, game: str, rng: random.Random) -> None:
        servers = instances.alive()
        computer = {"kind": "computer", "level": GAMES[game]}
        setup = {
            "game": game,
            "options": {"seats": 4},
            "seats": [{"kind": "open"}, computer, {"kind": "open"}, computer],
            "host_name": "Ann",
        }
        self.game = game
        for attempt in range(10):  # refused while an instance or Redis recovers: a new room
            try:
                created = post_json(f"{rng.choice(servers).url}/api/online", setup)
                self.code = str(created["code"])
                url = f"{rng.choice(servers).url}/api/online/{self.code}/join"
                joined = post_json(url, {"name": "Bo"})
                break
            except (urllib.error.URLError, OSError):
                if attempt == 9:
                    raise
                time.sleep(1)
                servers = instances.alive()
        self.clients = [
            Client(instances, self.code, created["token"], rng, host=True),
            Client(instances, self.code, joined["token"], rng),
            Client(instances, self.code, None, rng),
        ]
        for client in self.clients:
            client.start()

    def over(self) -> bool:
        """Return whether the match has ended (as its clients are shown)."""
        return any(client.over() for client in self.clients)

    def progress(self) -> list[tuple[float, int]]:
        """Return when the room moved as its clients saw it: (time, version) each time the
        lowest version any of its clients was shown went up."""
        events = sorted(
            (when, index, version)
            for index, client in enumerate(self.clients)
            for when, version in list(client.seen.shown)
        )
        shown = [-1] * len(self.clients)
        moved: list[tuple[float, int]] = []
        for when, index, version in events:
            shown[index] = max(shown[index], version)
            low = min(shown)
            if low >= 0 and (not moved or low > moved[-1][1]):
                moved.append((when, low))
        return moved

    def stop(self) -> None:
        """Stop every client."""
        for client in self.clients:
            client.stopping.set()
        for client in self.clients:
            client.stop()
