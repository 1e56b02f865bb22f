"""The PostgreSQL store's own guarantees (server/store/postgres/store.py), on the tests' own
PostgreSQL server (tests/pg.py).

The storage contract both stores share runs in tests/server/store/test_storage.py. Here: a
second writer of a move is refused by the primary key, a server that goes away fails commits
(and /healthz) until it is back and then the store recovers by itself, a real `mousehole serve
--database` killed mid-match loses no committed move, a URL that cannot be used stops the
server at start, and a lock held by another client fails a move after the lock timeout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import ClientConnection, connect

from mousehole.server import create_app
from mousehole.server.rooms.table import Table
from mousehole.server.store import StorageError
from mousehole.server.store.postgres import PostgresStore
from tests.pg import Cluster
from tests.processes import ServerProcess, free_port, post_json
from tests.server import scenes
from tests.server.store import writes
from tests.sockets import next_message

SETUP: dict[str, Any] = {
    "game": scenes.NAME,
    "options": {"seats": 2, "start_seat": 0},
    "seats": [
        {"kind": "human", "name": "Ann"},
        {"kind": "computer", "name": "Cy", "level": scenes.LEVEL},
    ],
}


def test_a_second_writer_of_a_move_is_refused_by_the_primary_key_and_the_match_never_forks(
    store: PostgresStore, postgres_url: str
) -> None:
    room, _ = Table.create(scenes.NAME, SETUP["options"], scenes.HUMANS, room_id="r1")
    writes.create(store, room.stored())
    ours = scenes.play(room, 1)[:1]
    # another instance stores move 0 of the same room and has not committed yet: our SELECT
    # still sees no move, so only the primary key can stop our INSERT
    other = psycopg.connect(postgres_url)
    other.execute("INSERT INTO moves VALUES ('r1', 0, 0, '{\"type\":\"theirs\"}')")
    results: list[Any] = []
    writing = threading.Thread(
        target=lambda: results.extend(store.write_batch([("ours", store.appending("r1", ours))]))
    )
    writing.start()
    writing.join(timeout=0.5)
    assert writing.is_alive(), "our INSERT waits on the other writer's key"
    other.commit()
    writing.join(timeout=10)
    other.close()

    assert len(results) == 1 and isinstance(results[0], StorageError)
    assert "move index 0 would leave an overlap" in str(results[0])
    loaded = store.load("r1")
    assert loaded is not None and [m.action for m in loaded.moves] == [{"type": "theirs"}]
    assert store.failing is None, "one write refused is no failing database"


def test_two_stores_on_one_database_the_second_append_of_a_move_is_refused(
    postgres_url: str,
) -> None:
    first, second = PostgresStore(postgres_url), PostgresStore(postgres_url)
    try:
        room, _ = Table.create(scenes.NAME, SETUP["options"], scenes.HUMANS, room_id="r1")
        writes.create(first, room.stored())
        moves = scenes.play(room, 1)
        writes.append(first, "r1", moves)
        with pytest.raises(StorageError, match="would leave an overlap"):
            writes.append(second, "r1", moves)
        loaded = second.load("r1")
        assert loaded is not None and len(loaded.moves) == len(moves)
    finally:
        first.close()
        second.close()


def test_while_postgresql_is_down_commits_fail_and_healthz_says_so_then_it_recovers_by_itself(
    postgres_cluster: Cluster, postgres_url: str
) -> None:
    with TestClient(create_app(database=postgres_url)) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        created = client.post("/api/rooms", json={**SETUP, "seats": scenes.HUMANS}).json()
        room, token = created["room"], created["token"]
        with client.websocket_connect(f"/ws/rooms/{room}") as ws:
            ws.send_json({"type": "hello", "token": token})
            snapshot = ws.receive_json()
            act = {"type": "act", "seat": 0, "action": snapshot["legal"][0], "version": 0}
            postgres_cluster.stop("immediate")  # a crash: every connection cut at once
            try:
                ws.send_json(act)
                error = ws.receive_json()
                assert (error["type"], error["code"]) == ("error", "storage_failed")
                with pytest.raises(WebSocketDisconnect) as closed:  # nor can it be read back
                    ws.receive_json()
                assert closed.value.code == 1011
                health = client.get("/healthz")
                assert health.status_code == 503
                assert health.json()["status"] == "failing"
                assert health.json()["storage"] == store.describe()
                assert health.json()["error"].startswith("commit of 1 writes: ")
                assert client.post("/api/rooms", json=SETUP).status_code == 503
            finally:
                postgres_cluster.start()
        with client.websocket_connect(f"/ws/rooms/{room}") as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["version"] == 0, "the refused move was never stored"
            ws.send_json(act)
            assert ws.receive_json()["snapshot"]["version"] >= 1, "stored: play goes on"
        assert client.get("/healthz").json() == {"status": "ok", "storage": store.describe()}
    loaded = PostgresStore(postgres_url)
    try:
        stored = loaded.load(room)
        assert stored is not None and len(stored.moves) >= 1
    finally:
        loaded.close()


# ---------------------------------------------------------------- a real server process


def _receive(ws: ClientConnection) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(next_message(ws, 5))
    return data


@contextmanager
def _join(
    server: ServerProcess, room: str, token: str
) -> Iterator[tuple[ClientConnection, dict[str, Any]]]:
    """Open a socket to the room and say hello; yield it and the snapshot it got."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room}", close_timeout=1) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        snapshot = _receive(ws)
        assert snapshot["type"] == "snapshot", snapshot
        yield ws, snapshot


def _step(ws: ClientConnection, snapshot: dict[str, Any]) -> dict[str, Any]:
    """Send the human's first legal action, or let the computer move; return the update."""
    version = snapshot["version"]
    if snapshot["legal"]:
        message = {"type": "act", "seat": 0, "action": snapshot["legal"][0], "version": version}
    else:
        message = {"type": "advance", "version": version}
    ws.send(json.dumps(message))
    update = _receive(ws)
    assert update["type"] == "update", update
    return update


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_server_on_postgresql_killed_mid_match_comes_back_with_every_committed_move(
    postgres_url: str, tmp_path: Path
) -> None:
    def start() -> ServerProcess:
        server = ServerProcess(None, tmp_path / "server.log", args=["--database", postgres_url])
        servers.append(server)
        return server.start()

    servers: list[ServerProcess] = []
    try:
        server = start()
        with urllib.request.urlopen(f"{server.url}/healthz", timeout=5) as answer:
            health = json.loads(answer.read())
        assert health["status"] == "ok" and health["storage"].startswith("postgresql://127.0.0.1:")
        created = post_json(f"{server.url}/api/rooms", SETUP)
        told: list[dict[str, Any]] = []
        with _join(server, created["room"], created["token"]) as (ws, snapshot):
            for _ in range(8):
                update = _step(ws, snapshot)
                told += update["moves"]
                snapshot = update["snapshot"]
            server.kill()  # right after the last update arrived: no shutdown code runs

        again = start()
        with _join(again, created["room"], created["token"]) as (ws, resumed):
            assert resumed["version"] == snapshot["version"] == len(told)
            assert resumed["state"] == snapshot["state"]
            assert resumed["record"]["moves"] == [
                {"seat": move["seat"], "action": move["action"]} for move in told
            ], "every move told, each exactly once"
            assert _step(ws, resumed)["moves"][0]["version"] == len(told) + 1, "play carries on"
    finally:
        for server in servers:
            server.kill()


@pytest.mark.parametrize("how", ["--database", "MOUSEHOLE_DATABASE"])
def test_a_database_url_that_cannot_be_used_stops_the_server_at_start_with_one_line(
    how: str, postgres_cluster: Cluster, tmp_path: Path
) -> None:
    nobody = f"postgresql://ann:hunter2@127.0.0.1:{free_port()}/rooms"
    no_such = postgres_cluster.url("no_such_database")
    for url, cause in [
        (nobody, "Connection refused"),
        (no_such, 'database "no_such_database" does not exist'),
    ]:
        argv = ["--database", url] if how == "--database" else []
        env = {"MOUSEHOLE_DATABASE": url} if how != "--database" else {}
        done = subprocess.run(
            [sys.executable, "-m", "mousehole.cli", "serve", "--port", str(free_port()), *argv],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
            env={**_environment(), **env},
        )
        shown = url.replace(":hunter2", "")
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1, f"one line, no stack trace: {done.stderr}"
        assert done.stderr.startswith(f"mousehole serve: error: cannot use PostgreSQL at {shown}: ")
        assert cause in done.stderr and "hunter2" not in done.stderr
        assert not (tmp_path / "var").exists(), "no SQLite file made instead"


def _environment() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if key != "MOUSEHOLE_DATABASE"}


def test_a_url_that_is_not_postgresql_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match=r"expected a postgresql:// URL, not 'mysql://ann@db/x'"):
        PostgresStore("mysql://ann:hunter2@db/x")


def test_a_write_lock_held_by_another_client_fails_the_move_after_the_lock_timeout_not_forever(
    postgres_url: str,
) -> None:
    """Another client holding a lock that blocks our writes (here `LOCK TABLE moves`) is what
    SQLite's busy timeout covers for SQLite: the move fails with `storage_failed` once the
    lock timeout passes (the URL's `options=-c lock_timeout=...`, else 5 s), nobody is told of
    it, /healthz says why, and once the lock is released the same move is stored."""
    url = postgres_url + ("&" if "?" in postgres_url else "?") + "options=-c%20lock_timeout%3D1500"
    with TestClient(create_app(database=url)) as client:
        created = client.post("/api/rooms", json={**SETUP, "seats": scenes.HUMANS}).json()
        room, token = created["room"], created["token"]
        with client.websocket_connect(f"/ws/rooms/{room}") as ws:
            ws.send_json({"type": "hello", "token": token})
            snapshot = ws.receive_json()
            act = {"type": "act", "seat": 0, "action": snapshot["legal"][0], "version": 0}
            holder = psycopg.connect(postgres_url)
            try:
                holder.execute("LOCK TABLE moves IN EXCLUSIVE MODE")
                waited = threading.Event()
                timer = threading.Timer(30, waited.set)  # the test's own bound, far above 1.5 s
                timer.start()
                ws.send_json(act)
                error = ws.receive_json()
                timer.cancel()
                assert not waited.is_set(), "the move waited on the lock for 30 s"
                assert (error["type"], error["code"]) == ("error", "storage_failed")
                assert "lock timeout" in error["message"]
                health = client.get("/healthz").json()
                assert health["status"] == "failing" and "lock timeout" in health["error"]
            finally:
                holder.rollback()
                holder.close()
        with client.websocket_connect(f"/ws/rooms/{room}") as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["version"] == 0, "the refused move was never stored"
            ws.send_json(act)
            assert ws.receive_json()["snapshot"]["version"] >= 1, "stored once the lock is gone"
        assert client.get("/healthz").json()["status"] == "ok"
