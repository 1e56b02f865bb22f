"""The hub (server/rooms/hub.py): rooms kept in memory in front of the store, and each room's gate.

Persist, then publish (architecture habits 9 and 16): a room's gate is held from reading the
room until its change is stored and sent, so a `sync` waits for a commit still pending, and a
commit that fails drops the memory copy before the next reader looks. The gate tests run the
real app in this process and event loop, its sockets spoken to over ASGI, on a real SQLite file
that another connection locks (a commit waits) or refuses writes to (a commit fails).
"""

from __future__ import annotations

import asyncio
import gc
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mousehole.server import create_app
from mousehole.server.rooms.hub import Hub, OnlineSettings
from mousehole.server.rooms.room import Room
from mousehole.server.store import SQLiteStore
from tests.server import scenes
from tests.server.store import writes


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    yield store
    store.close()


def test_rooms_not_in_memory_are_rebuilt_from_the_store(store: SQLiteStore) -> None:
    room = scenes.private_room("00000000000000a1")
    asyncio.run(Hub(store).create(room))
    writes.append(store, room.code, scenes.play(room.table, 3))

    after_restart = Hub(store)
    again = after_restart.get(room.code)

    assert again is not None and again is not room
    assert again.snapshot("owner") == room.snapshot("owner")
    assert after_restart.get(room.code) is again, "rebuilt once, then kept in memory"
    assert after_restart.get("0000000000000000") is None
    assert after_restart.get("nope") is None, "not the shape of a room id: not even looked up"


def test_an_evicted_room_comes_back_from_the_store(store: SQLiteStore) -> None:
    hub = Hub(store, OnlineSettings(max_rooms=1))
    first, second = scenes.private_room("00000000000000aa"), scenes.private_room("00000000000000bb")
    asyncio.run(hub.create(first))
    asyncio.run(hub.create(second))

    assert list(hub.rooms) == [second.code], "the idle room past the limit was dropped"
    back = hub.get(first.code)

    assert back is not None and back is not first
    assert back.snapshot("owner") == first.snapshot("owner")


# ---------------------------------------------------------------- the gate


class Closed(Exception):
    """The app closed the socket (with its close code)."""


class Socket:
    """A WebSocket client of the app in this event loop: ASGI messages through two queues."""

    def __init__(self, app: Any, path: str):
        self.to_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.from_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        scope = {
            "type": "websocket",
            "asgi": {"version": "3.0"},
            "scheme": "ws",
            "http_version": "1.1",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": b"",
            "headers": [(b"host", b"testserver")],
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
            "subprotocols": [],
            "state": {},
        }
        self.task = asyncio.get_running_loop().create_task(
            app(scope, self.to_app.get, self.from_app.put)
        )

    async def hello(self, token: str) -> dict[str, Any]:
        """Connect, say hello with `token` and return the snapshot the app answers."""
        await self.to_app.put({"type": "websocket.connect"})
        accepted = await asyncio.wait_for(self.from_app.get(), 5)
        assert accepted["type"] == "websocket.accept", accepted
        await self.send({"type": "hello", "token": token})
        return await self.receive()

    async def send(self, message: dict[str, Any]) -> None:
        await self.to_app.put({"type": "websocket.receive", "text": json.dumps(message)})

    async def receive(self) -> dict[str, Any]:
        message = await asyncio.wait_for(self.from_app.get(), 10)
        if message["type"] == "websocket.close":
            raise Closed(message.get("code"))
        answer: dict[str, Any] = json.loads(message["text"])
        return answer

    def heard_nothing(self) -> bool:
        return self.from_app.empty()

    async def close(self) -> None:
        await self.to_app.put({"type": "websocket.disconnect", "code": 1000})
        await asyncio.wait_for(self.task, 5)


class WriteLock:
    """Another connection's write transaction on the database file (`BEGIN IMMEDIATE`): the
    server's commits wait for it (up to SQLite's busy timeout). It can add a trigger inside its
    transaction and commit it on the way out."""

    def __init__(self, path: Path):
        self.db = sqlite3.connect(path, isolation_level=None)
        self.commit = False

    def __enter__(self) -> WriteLock:
        self.db.execute("BEGIN IMMEDIATE")
        return self

    def refuse_moves(self) -> None:
        """Make every stored move fail, as a full disk would (committed when the lock ends)."""
        self.db.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON moves"
            " BEGIN SELECT RAISE(ABORT, 'the disk refused the move'); END"
        )
        self.commit = True

    def __exit__(self, *exc: object) -> None:
        self.db.execute("COMMIT" if self.commit else "ROLLBACK")
        self.db.close()


async def _until(condition: Callable[[], bool], what: str) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


Scenario = Callable[[Hub, Room, Socket, Socket, Path], Awaitable[None]]


def _run(tmp_path: Path, scenario: Scenario) -> None:
    """Run `scenario` against the app on a fresh SQLite file with one private room stored and
    two sockets of its owner connected (a player's page and its second tab)."""
    path = tmp_path / "rooms.sqlite3"

    async def main() -> None:
        app = create_app(str(path))
        hub: Hub = app.state.hub
        room, token = Room.create_private(
            scenes.NAME,
            scenes.OPTIONS,
            scenes.HUMANS,
            room_id="00000000000000c1",
            clock=time.monotonic,
            grace=60,
        )
        await hub.create(room)
        first, second = Socket(app, f"/ws/rooms/{room.code}"), Socket(app, f"/ws/rooms/{room.code}")
        try:
            assert (await first.hello(token))["version"] == 0
            assert (await second.hello(token))["version"] == 0
            await scenario(hub, room, first, second, path)
        finally:
            for socket in (first, second):
                if not socket.task.done():
                    await socket.close()
            await hub.close()
            app.state.store.close()

    asyncio.run(main())


def _act(snapshot: dict[str, Any]) -> dict[str, Any]:
    """Return the command that plays the first legal action of the seat to act."""
    seat = snapshot["to_act"]
    return {
        "type": "act",
        "seat": seat,
        "action": snapshot["legal"][0],
        "version": snapshot["version"],
    }


def _stored_moves(path: Path, code: str) -> int:
    with sqlite3.connect(path) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM moves WHERE room_id = ?", (code,)).fetchone()
    return int(count)


def test_a_sync_waits_for_the_commit_of_a_pending_move_then_shows_it(tmp_path: Path) -> None:
    async def scenario(hub: Hub, room: Room, mover: Socket, other: Socket, path: Path) -> None:
        act = _act(room.snapshot("owner"))
        with WriteLock(path):  # the move's commit cannot land yet
            await mover.send(act)
            await _until(lambda: room.table.version > 0, "the move is applied, its commit pending")
            await other.send({"type": "sync"})
            await asyncio.sleep(0.3)
            assert other.heard_nothing(), "a sync was answered while the move was unstored"
            assert mover.heard_nothing(), "the mover was told before the commit"
            assert _stored_moves(path, room.code) == 0
        update = await mover.receive()
        assert update["type"] == "update" and update["snapshot"]["version"] >= 1
        stored = update["snapshot"]["version"]
        assert _stored_moves(path, room.code) == stored
        told, synced = await other.receive(), await other.receive()
        assert (told["type"], told["snapshot"]["version"]) == ("update", stored)
        assert (synced["type"], synced["version"]) == ("snapshot", stored)

    _run(tmp_path, scenario)


def test_a_failed_commit_drops_the_memory_copy_before_the_next_reader_sees_it(
    tmp_path: Path,
) -> None:
    async def scenario(hub: Hub, room: Room, mover: Socket, other: Socket, path: Path) -> None:
        before = room.snapshot("owner")
        with WriteLock(path) as lock:
            lock.refuse_moves()
            await mover.send(_act(before))
            await _until(lambda: room.table.version > 0, "the move is applied, its commit pending")
            await other.send({"type": "sync"})
            await asyncio.sleep(0.2)
            assert other.heard_nothing()
        error, resync = await mover.receive(), await mover.receive()
        assert (error["type"], error["code"]) == ("error", "storage_failed")
        assert "the disk refused the move" in error["message"]
        assert resync["version"] == 0 and resync["state"] == before["state"]
        synced = await other.receive()
        assert synced["type"] == "snapshot" and synced["version"] == 0, "the lost move is unseen"
        assert synced["state"] == before["state"]
        assert hub.rooms[room.code] is not room, "the copy that ran ahead was dropped"
        assert _stored_moves(path, room.code) == 0

        with sqlite3.connect(path) as db:
            db.execute("DROP TRIGGER refuse")
        await mover.send(_act(resync))  # the disk is back: the gate is open, play goes on
        update = await mover.receive()
        assert update["type"] == "update" and update["snapshot"]["version"] >= 1
        assert _stored_moves(path, room.code) == update["snapshot"]["version"]

    _run(tmp_path, scenario)


def test_the_gate_is_released_and_dropped_once_nobody_holds_or_waits_for_it(
    tmp_path: Path,
) -> None:
    async def scenario(hub: Hub, room: Room, mover: Socket, other: Socket, path: Path) -> None:
        held = hub.gate(room.code)
        await mover.send(_act(room.snapshot("owner")))
        await other.send({"type": "sync"})
        assert (await mover.receive())["type"] == "update"
        assert {(await other.receive())["type"], (await other.receive())["type"]} == {
            "update",
            "snapshot",
        }
        assert not held.locked(), "released after the commit and the sends"
        assert hub.gate(room.code) is held, "one gate per room while someone holds a reference"

        await mover.close()
        await other.close()
        del held
        gc.collect()

        assert room.code not in hub._gates, "nobody holds or waits for it: garbage-collected"
        fresh = hub.gate(room.code)
        assert not fresh.locked()

    _run(tmp_path, scenario)
