"""Persist, then publish (architecture habit 16): no client is shown a move before it is stored.

Against a real `mousehole serve` process on a SQLite file: another process holds the database's
write lock (`BEGIN IMMEDIATE`), so the server's commit of a move cannot land; meanwhile other
sockets of the room ask for `sync`, join and leave (presence), and retry the same action id. Then
the server is SIGKILLed while the move is still unstored, and started again. Every move that any
client was shown must be in the database, and no client may ever see a room's version go back.

`make soak` (tests/soak/test_kill_cycles.py) runs `kill_cycles` a hundred times, outside the
unit suite.
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from tests.processes import ServerProcess, post_json
from tests.server import scenes
from tests.sockets import next_message

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


class Witness:
    """Everything the clients of one room were shown: versions in order, and every move."""

    def __init__(self) -> None:
        self.versions: list[tuple[str, int]] = []
        self.moves: dict[int, dict[str, Any]] = {}
        self.secret_seen = False

    def saw(self, who: str, message: dict[str, Any]) -> None:
        """Note what `message` shows: its version, its moves, its record, a revealed secret."""
        snapshot = message.get("snapshot", message)
        if not isinstance(snapshot, dict) or "version" not in snapshot:
            return
        self.versions.append((who, int(snapshot["version"])))
        for move in message.get("moves", []):
            self.moves[int(move["version"]) - 1] = {"seat": move["seat"], "action": move["action"]}
        record = snapshot.get("record")
        if isinstance(record, dict):
            for index, move in enumerate(record.get("moves", [])):
                self.moves.setdefault(index, move)
            self.secret_seen |= bool(record.get("secret"))

    def highest(self) -> int:
        """Return the highest version any client was shown."""
        return max((version for _, version in self.versions), default=0)


def receive(ws: ClientConnection, witness: Witness, who: str, timeout: float = 10) -> Any:
    """Receive one message and let the witness see it."""
    message = json.loads(next_message(ws, timeout))
    witness.saw(who, message)
    return message


def drain(ws: ClientConnection, witness: Witness, who: str, quiet: float = 0.3) -> None:
    """Receive until the socket has been quiet for `quiet` seconds (or closes)."""
    try:
        while True:
            receive(ws, witness, who, timeout=quiet)
    except Exception:  # quiet for long enough, or the socket closed: either ends the drain
        return


class WriteLock:
    """Another process's write transaction on the database file (`BEGIN IMMEDIATE`)."""

    def __init__(self, db: Path):
        self.db = sqlite3.connect(db, isolation_level=None, timeout=10)

    def __enter__(self) -> WriteLock:
        self.db.execute("BEGIN IMMEDIATE")
        return self

    def __exit__(self, *exc: object) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


def stored_moves(db: Path, code: str) -> list[dict[str, Any]]:
    """Return the room's moves as the database holds them (read by this test, not the server)."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT seat, action FROM moves WHERE room_id = ? ORDER BY idx", (code,)
        ).fetchall()
    return [
        {"seat": "chance" if seat is None else seat, "action": json.loads(action)}
        for seat, action in rows
    ]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real server on tmp_path/db.sqlite3 (killed at the end)."""
    process = ServerProcess(tmp_path / "db.sqlite3", tmp_path / "server.log")
    process.start()
    yield process
    process.kill()


def hello(
    stack: ExitStack, server: ServerProcess, code: str, greeting: dict[str, Any]
) -> ClientConnection:
    """Open a socket to the room (closed with `stack`) and say hello; the caller reads the
    snapshot."""
    url = f"ws://127.0.0.1:{server.port}/ws/rooms/{code}"
    ws = stack.enter_context(connect(url, close_timeout=1))
    ws.send(json.dumps({"type": "hello", **greeting}))
    return ws


def started_room(server: ServerProcess) -> tuple[str, dict[int, str]]:
    """Create a started two-player room (Ann starts); return its code and tokens."""
    body = {
        "game": scenes.NAME,
        "options": {"seats": 2, "start_seat": 0},
        "host_name": "Ann",
        "seats": [{"kind": "open"}, {"kind": "open"}],
    }
    ann = post_json(f"{server.url}/api/online", body)
    code = ann["code"]
    bo = post_json(f"{server.url}/api/online/{code}/join", {"name": "Bo"})
    with ExitStack() as stack:
        ws = hello(stack, server, code, {"token": ann["token"]})
        json.loads(next_message(ws, 5))
        ws.send(json.dumps({"type": "start"}))
        while not json.loads(next_message(ws, 5)).get("started"):
            pass
    return code, {0: ann["token"], 1: bo["token"]}


def one_locked_cycle(server: ServerProcess, code: str, tokens: dict[int, str], w: Witness) -> None:
    """Under another process's write lock: the player to act moves, a spectator syncs, a
    player leaves and comes back, the mover retries its action id; then SIGKILL, lock held."""
    with ExitStack() as stack:
        _locked_cycle(stack, server, code, tokens, w)


def _locked_cycle(
    stack: ExitStack, server: ServerProcess, code: str, tokens: dict[int, str], w: Witness
) -> None:
    sockets = {seat: hello(stack, server, code, {"token": t}) for seat, t in tokens.items()}
    spectator = hello(stack, server, code, {"spectate": True})
    first = receive(sockets[0], w, "seat 0")
    for seat in (1,):
        receive(sockets[seat], w, f"seat {seat}")
    receive(spectator, w, "spectator")
    for seat, ws in sockets.items():
        drain(ws, w, f"seat {seat}")
    drain(spectator, w, "spectator")
    version, mover = first["version"], first["to_act"]
    views = {seat: first for seat in sockets}
    mine = hello(stack, server, code, {"token": tokens[mover]})
    views[mover] = receive(mine, w, "mover")
    drain(mine, w, "mover")
    action = views[mover]["legal"][0]
    act = {"type": "act", "action": action, "version": version, "id": f"v{version}"}
    with WriteLock(server.db):
        mine.send(json.dumps(act))  # its commit waits on the lock
        time.sleep(0.2)
        spectator.send(json.dumps({"type": "sync"}))
        sockets[1 - mover].send(json.dumps({"type": "sync"}))
        mine.send(json.dumps(act))  # the same id again: an ack must not run ahead either
        late = hello(stack, server, code, {"spectate": True})  # a newcomer's snapshot
        sockets[mover].close()  # presence: the others hear that a socket left
        readers = [
            threading.Thread(target=drain, args=(ws, w, who, 0.5), daemon=True)
            for ws, who in ((spectator, "spectator"), (late, "late"), (mine, "mover"))
        ]
        for reader in readers:
            reader.start()
        time.sleep(1.5)
        server.kill()  # the lock is still held: the move never was stored
    for reader in readers:
        reader.join(timeout=5)


def check(server: ServerProcess, code: str, witness: Witness) -> None:
    """Every move any client saw is stored, and the room comes back at least that far."""
    stored = stored_moves(server.db, code)
    for index, move in sorted(witness.moves.items()):
        assert index < len(stored), f"move {index} was shown to a client but never stored"
        assert stored[index] == move, f"move {index} was shown as {move}, stored {stored[index]}"
    assert witness.highest() <= len(stored), (
        f"a client saw version {witness.highest()}, the database holds {len(stored)} moves"
    )


def test_nothing_is_shown_while_a_move_waits_for_its_commit_and_a_kill_takes_nothing_back(
    server: ServerProcess,
) -> None:
    code, tokens = started_room(server)
    witness = Witness()
    for _ in range(3):
        one_locked_cycle(server, code, tokens, witness)
        check(server, code, witness)
        server.start()
        seen = witness.highest()
        with ExitStack() as stack:
            ws = hello(stack, server, code, {"spectate": True})
            again = receive(ws, witness, "after restart")
        assert again["version"] >= seen, f"version went back from {seen} to {again['version']}"
    assert not witness.secret_seen, "the fairness secret was shown before the match ended"


def test_a_commit_that_fails_leaves_nothing_that_anyone_was_shown(server: ServerProcess) -> None:
    """The lock is held past the server's busy timeout: the roll is refused, and no socket
    was ever shown it (the issue's reproduction, without the kill)."""
    code, tokens = started_room(server)
    witness = Witness()
    with ExitStack() as stack:
        _refused_roll(stack, server, code, tokens, witness)
    check(server, code, witness)


def _refused_roll(
    stack: ExitStack, server: ServerProcess, code: str, tokens: dict[int, str], witness: Witness
) -> None:
    mover_ws = hello(stack, server, code, {"token": tokens[0]})
    spectator = hello(stack, server, code, {"spectate": True})
    first = receive(mover_ws, witness, "seat 0")
    receive(spectator, witness, "spectator")
    drain(mover_ws, witness, "seat 0")
    drain(spectator, witness, "spectator")
    assert first["to_act"] == 0
    act = {"type": "act", "action": first["legal"][0], "version": first["version"], "id": "r1"}
    answers: list[dict[str, Any]] = []
    with WriteLock(server.db):
        mover_ws.send(json.dumps(act))
        time.sleep(0.2)
        spectator.send(json.dumps({"type": "sync"}))
        answers.append(receive(mover_ws, witness, "seat 0", timeout=15))
    answers.append(receive(mover_ws, witness, "seat 0"))
    assert answers[0]["code"] == "storage_failed", answers[0]
    assert answers[1]["version"] == first["version"], "the refused roll is not in the snapshot"
    drain(spectator, witness, "spectator", quiet=1.0)
    assert witness.highest() == first["version"], witness.versions
    assert stored_moves(server.db, code) == [], "nothing was stored"
    # the room plays on from what is stored
    mover_ws.send(json.dumps(act | {"id": "r2"}))
    update = receive(mover_ws, witness, "seat 0")
    while update["type"] != "update":
        update = receive(mover_ws, witness, "seat 0")
    assert update["moves"][0]["version"] == first["version"] + 1


def one_racing_cycle(
    server: ServerProcess, code: str, tokens: dict[int, str], w: Witness, kill_after: float
) -> None:
    """Both players move as fast as the server answers while a spectator syncs; the server
    is SIGKILLed `kill_after` seconds in, wherever it is (mid-commit, mid-broadcast)."""
    killer = threading.Timer(kill_after, server.kill)
    with ExitStack() as stack:
        sockets = {seat: hello(stack, server, code, {"token": t}) for seat, t in tokens.items()}
        spectator = hello(stack, server, code, {"spectate": True})
        views = {seat: receive(ws, w, f"seat {seat}") for seat, ws in sockets.items()}
        reader = threading.Thread(target=_sync_forever, args=(spectator, w), daemon=True)
        killer.start()
        reader.start()
        try:
            for step in range(10_000):
                view = views[0]
                mover = view["to_act"]
                if mover is None:
                    return  # the match is over
                latest = views[mover]
                if latest["version"] != view["version"]:
                    latest = _view_at(sockets[mover], w, mover, view["version"])
                action = latest["legal"][0]
                message = {"type": "act", "action": action, "version": view["version"]}
                sockets[mover].send(json.dumps(message | {"id": f"race{view['version']}-{step}"}))
                views = {seat: _next_update(ws, w, seat) for seat, ws in sockets.items()}
        except Exception:  # the kill closed the sockets: the cycle ends here
            return
        finally:
            killer.join()
            reader.join(timeout=5)


def _sync_forever(ws: ClientConnection, w: Witness) -> None:
    try:
        while True:
            ws.send(json.dumps({"type": "sync"}))
            receive(ws, w, "spectator", timeout=5)
    except Exception:  # the kill closed the socket
        return


def _next_update(ws: ClientConnection, w: Witness, seat: int) -> dict[str, Any]:
    while True:
        message = receive(ws, w, f"seat {seat}")
        if message["type"] == "update":
            snapshot: dict[str, Any] = message["snapshot"]
            return snapshot


def _view_at(ws: ClientConnection, w: Witness, seat: int, version: int) -> dict[str, Any]:
    ws.send(json.dumps({"type": "sync"}))
    while True:
        message: dict[str, Any] = receive(ws, w, f"seat {seat}")
        if message.get("type") == "snapshot" and message["version"] == version:
            return message


def kill_cycles(server: ServerProcess, cycles: int, seed: int) -> int:
    """Run `cycles` kill cycles on one room (a new room once a match ends), alternating the
    locked cycle and a racing one killed at a random moment; check after each restart.
    Return how many messages with a version the clients were shown in all."""
    chooser = random.Random(seed)
    code, tokens = started_room(server)
    witness = Witness()
    shown = 0
    for cycle in range(cycles):
        if cycle % 2:
            one_racing_cycle(server, code, tokens, witness, chooser.uniform(0.05, 0.6))
        else:
            one_locked_cycle(server, code, tokens, witness)
        server.kill()
        check(server, code, witness)
        server.start()
        seen = witness.highest()
        with ExitStack() as stack:
            again = receive(hello(stack, server, code, {"spectate": True}), Witness(), "check")
        assert again["version"] >= seen, f"cycle {cycle}: version went back from {seen}"
        if again["to_act"] is None:  # the match ended: carry on in a new room
            assert witness.secret_seen or again["version"] == seen
            shown += len(witness.versions)
            code, tokens = started_room(server)
            witness = Witness()
        elif witness.secret_seen:
            raise AssertionError(f"cycle {cycle}: the secret was shown before the end")
    return shown + len(witness.versions)


def test_kills_while_players_race_and_while_a_commit_waits_lose_nothing_anyone_saw(
    server: ServerProcess,
) -> None:
    assert kill_cycles(server, cycles=4, seed=13) > 0, "the clients were shown something"
