"""The room store: rooms and their moves, refused gaps, and rooms rebuilt by replay.

The store-level contract runs on both stores (the `store` and `backend` fixtures: a SQLite file
and a PostgreSQL database of the tests' own cluster, tests/pg.py); what only one of them has
(SQLite's WAL and sync modes, its old schema versions) is tested on it alone, and PostgreSQL's
own guarantees (a second writer, a server that goes away) in test_postgres.py.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import mousehole
import mousehole.engine
from mousehole.engine import Match
from mousehole.server import create_app
from mousehole.server.rooms.hub import Hub
from mousehole.server.rooms.online import OnlineRoom
from mousehole.server.rooms.room import Committed, Room
from mousehole.server.store import SQLiteStore, StorageError, StoredMove
from mousehole.server.store.batching import dumps as _dumps
from mousehole.server.store.postgres import PostgresStore
from mousehole.server.store.sqlite.schema import MIGRATIONS, SCHEMA_VERSION
from tests.server import scenes
from tests.server.store import writes

from .backends import Backend, Postgres, SQLite

AnyStore = SQLiteStore | PostgresStore


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """Where the store keeps its rooms: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "postgres":
        return Postgres(request.getfixturevalue("postgres_url"))
    return SQLite(tmp_path / "rooms.sqlite3")


@pytest.fixture
def store(backend: Backend) -> Iterator[AnyStore]:
    store = backend.open()
    yield store
    store.close()


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[SQLiteStore]:
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    yield store
    store.close()


def _room() -> Room:
    room, _ = Room.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="r1")
    return room


def _record_moves(room: Room) -> list[StoredMove]:
    return room.stored().moves


def test_a_room_and_its_appended_moves_load_back_exactly(store: AnyStore) -> None:
    room = _room()
    writes.create(store, room.stored())
    for _ in range(3):
        writes.append(store, room.room_id, scenes.play(room, 2), finished=room.finished)

    loaded = store.load(room.room_id)

    assert loaded is not None
    assert (loaded.game, loaded.options, loaded.seed) == (
        scenes.NAME,
        room.game.options(),
        room.match.seed,
    )
    assert loaded.owner_hash == room.owner_hash and loaded.seats == room.stored().seats
    assert loaded.moves == _record_moves(room) and len(loaded.moves) == room.version
    assert loaded.created_at <= loaded.updated_at and not loaded.finished
    assert store.load("nope") is None


@pytest.mark.parametrize(("skip", "problem"), [(1, "a gap"), (-1, "an overlap")])
def test_a_move_that_leaves_a_gap_or_overlaps_is_refused_and_nothing_is_stored(
    store: AnyStore, skip: int, problem: str
) -> None:
    room = _room()
    writes.create(store, room.stored())
    stored = room.version
    moves = scenes.play(room, 1)
    shifted = [Committed(m.index + skip, m.seat, m.action, m.events) for m in moves]

    with pytest.raises(StorageError, match=problem):
        writes.append(store, room.room_id, shifted)
    second = moves[-1]
    jump = Committed(second.index + 1, second.seat, second.action, second.events)
    with pytest.raises(StorageError, match="a gap"):  # the last move of a batch, too
        writes.append(store, room.room_id, [*moves[:-1], jump])

    loaded = store.load(room.room_id)
    assert loaded is not None and len(loaded.moves) == stored, "the transaction stored nothing"
    writes.append(store, room.room_id, moves)  # the right moves still fit
    loaded = store.load(room.room_id)
    assert loaded is not None and loaded.moves == _record_moves(room)


def test_appending_to_a_room_that_is_not_stored_is_refused(store: AnyStore) -> None:
    with pytest.raises(StorageError, match="no such room"):
        writes.append(store, "ghost", [StoredMove(0, 0, {"type": "roll"})])


def test_a_store_reopened_on_the_same_database_sees_every_room_and_move(
    backend: Backend,
) -> None:
    first = backend.open()
    room = _room()
    writes.create(first, room.stored())
    writes.append(first, room.room_id, scenes.play(room, 4))
    first.close()

    second = backend.open()
    try:
        loaded = second.load(room.room_id)
        assert loaded is not None and loaded.moves == _record_moves(room)
        assert second.schema_version() == SCHEMA_VERSION == 3
    finally:
        second.close()


def test_a_room_rebuilt_from_the_store_shows_the_same_snapshot_and_plays_on(
    store: AnyStore,
) -> None:
    room = _room()
    writes.create(store, room.stored())
    writes.append(store, room.room_id, scenes.play(room, 5))
    loaded = store.load(room.room_id)
    assert loaded is not None

    rebuilt = Room.from_stored(loaded)

    assert rebuilt.version == room.version
    assert rebuilt.snapshot() == room.snapshot()
    assert rebuilt.owner_hash == room.owner_hash
    writes.append(store, rebuilt.room_id, scenes.play(rebuilt, 1))
    assert rebuilt.version > room.version


def test_a_rebuilt_room_draws_the_chance_the_uninterrupted_room_would_have_drawn(
    store: AnyStore,
) -> None:
    # The seed's stream is skipped past the outcomes already drawn: restarting it would replay
    # rolls the players have seen, and let them predict the next ones.
    room = _room()
    writes.create(store, room.stored())
    writes.append(store, room.room_id, scenes.play(room, 6))
    loaded = store.load(room.room_id)
    assert loaded is not None
    rebuilt = Room.from_stored(loaded)

    assert [m.action for m in scenes.play(rebuilt, 6)] == [m.action for m in scenes.play(room, 6)]


def test_a_room_whose_chance_a_secret_decides_keeps_it_stored_and_never_shows_it(
    store: AnyStore,
) -> None:
    new_secret = getattr(mousehole.engine, "new_secret", None)
    if new_secret is None:
        pytest.skip("the engine has no fairness secrets yet")
    room = _room()
    room.match = Match(room.game, secret=new_secret())  # type: ignore[call-arg,unused-ignore]
    writes.create(store, room.stored())
    writes.append(store, room.room_id, scenes.play(room, 4))
    loaded = store.load(room.room_id)
    assert loaded is not None and loaded.secret is not None and loaded.seed is None

    rebuilt = Room.from_stored(loaded)

    assert rebuilt.snapshot() == room.snapshot()
    assert rebuilt.snapshot()["record"].get("secret") is None, "secret until the end"
    assert [m.action for m in scenes.play(rebuilt, 6)] == [m.action for m in scenes.play(room, 6)]


def test_a_room_resumed_from_a_record_with_a_starting_position_is_stored_and_rebuilt(
    store: AnyStore,
) -> None:
    game = mousehole.load_game(scenes.NAME, **scenes.OPTIONS)
    start = game.new_initial_state().to_json()
    record = Match(game, seed=1, state=game.state_from_json(start)).record.to_json()
    room, _ = Room.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, record=record, room_id="r2")
    scenes.play(room, 2)
    writes.create(store, room.stored())

    loaded = store.load("r2")

    assert loaded is not None and loaded.initial == start
    assert Room.from_stored(loaded).snapshot() == room.snapshot()


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ({"b": [1, None], "a": "Zoë"}, '{"a":"Zoë","b":[1,null]}'),
        ({4: False, 3: True}, '{"3":true,"4":false}'),
        ({"seed": 2**70}, '{"seed":1180591620717411303424}'),  # beyond orjson's 64 bits
    ],
)
def test_stored_json_is_compact_with_sorted_keys(value: Any, text: str) -> None:
    assert _dumps(value) == text
    assert json.loads(_dumps(value)) == json.loads(json.dumps(value))


def test_the_database_is_in_wal_mode_with_a_schema_version(sqlite_store: SQLiteStore) -> None:
    with closing(sqlite3.connect(sqlite_store.path)) as other:
        assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert other.execute("SELECT version FROM schema_version").fetchall() == [(3,)]


@pytest.mark.parametrize(("sync", "level"), [("normal", 1), ("full", 2)])
def test_the_sync_setting_sets_how_durable_a_commit_is(
    tmp_path: Path, sync: str, level: int
) -> None:
    store = SQLiteStore(tmp_path / "rooms.sqlite3", sync=sync)
    try:
        # PRAGMA synchronous reads 1 for NORMAL and 2 for FULL on the store's own connection
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == level
        room = _room()
        writes.create(store, room.stored())
        moves = scenes.play(room, 2)
        writes.append(store, "r1", moves)
    finally:
        store.close()
    reopened = SQLiteStore(tmp_path / "rooms.sqlite3", sync=sync)
    try:
        loaded = reopened.load("r1")
        assert loaded is not None and [m.index for m in loaded.moves] == [m.index for m in moves]
    finally:
        reopened.close()


def test_an_unknown_sync_setting_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match=r"sync: expected one of normal, full, not 'off'"):
        SQLiteStore(tmp_path / "rooms.sqlite3", sync="off")
    assert not (tmp_path / "rooms.sqlite3").exists()


def test_a_second_room_with_the_same_id_is_refused(store: AnyStore) -> None:
    writes.create(store, _room().stored())
    with pytest.raises(StorageError, match="create room 'r1'"):
        writes.create(store, _room().stored())


def test_a_database_from_a_newer_server_is_refused_at_startup(backend: Backend) -> None:
    backend.open().close()
    backend.execute("UPDATE schema_version SET version = 4")

    with pytest.raises(StorageError, match="schema version 4; this server knows only up to 3"):
        backend.open()


def test_a_batch_commits_every_good_write_and_fails_the_bad_one_alone(store: AnyStore) -> None:
    room = _room()
    writes.create(store, room.stored())
    moves = scenes.play(room, 2)
    other = Room.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="r2")[0]

    results = store.write_batch(
        [
            ("first", store.appending(room.room_id, moves[:1])),
            ("gap", store.appending(room.room_id, moves[2:])),  # skips a move: refused
            ("rest", store.appending(room.room_id, moves[1:])),
            ("other", store.creating(other.stored())),
            ("nowhere", store.seating("missing", [], host=0, started=True)),
        ]
    )

    assert [r is None for r in results] == [True, False, True, True, False]
    assert "gap" in str(results[1]) and "no such room" in str(results[4])
    loaded = store.load(room.room_id)
    assert loaded is not None and [m.index for m in loaded.moves] == list(range(len(moves)))
    assert store.load("r2") is not None


def _rows(backend: Backend, room_id: str) -> list[tuple[Any, ...]]:
    return backend.query(
        "SELECT idx, seat, action FROM moves WHERE room_id = ? ORDER BY idx", (room_id,)
    )


def test_appends_stored_together_are_the_rows_one_append_at_a_time_stores(
    store: AnyStore, backend: Backend
) -> None:
    alone, together = (
        _room(),
        Room.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="r2")[0],
    )
    writes.create(store, alone.stored())
    writes.create(store, together.stored())
    moves = scenes.play(alone, 6)  # stored to both rooms: the store checks order, not rules
    assert any(m.seat is None for m in moves) and any(m.seat is not None for m in moves)
    for move in moves:
        writes.append(store, "r1", [move])

    results = store.write_batch(
        [(f"move {m.index}", store.appending("r2", [m])) for m in moves[:-1]]
        + [("last", store.appending("r2", moves[-1:], finished=True))]
    )

    assert results == [None] * len(moves)
    assert _rows(backend, "r2") == _rows(backend, "r1")
    stored = _rows(backend, "r2")
    assert {type(row[0]) for row in stored} == {int}
    assert {type(row[1]) for row in stored} == {int, type(None)}, "chance moves: a NULL seat"
    flags = {
        room_id: bool(done) for room_id, done in backend.query("SELECT id, finished FROM rooms")
    }
    assert flags == {"r1": False, "r2": True}


def test_appends_stored_together_fail_alone_with_the_error_one_append_gets(
    store: AnyStore, backend: Backend
) -> None:
    room = _room()
    writes.create(store, room.stored())
    moves = scenes.play(room, 3)
    expected = [
        None,
        "room 'r1': move index 2 would leave a gap: the next index is 1 (1 moves are stored)",
        "append to room 'ghost': no such room is stored",
        None,
        "room 'r1': move index 0 would leave an overlap: the next index is 2 (2 moves are stored)",
    ]

    results = store.write_batch(
        [
            ("first", store.appending("r1", moves[:1])),
            ("gap", store.appending("r1", moves[2:])),
            ("ghost", store.appending("ghost", moves[:1])),
            ("second", store.appending("r1", moves[1:2])),
            ("again", store.appending("r1", moves[:1])),
        ]
    )

    assert [None if r is None else str(r) for r in results] == expected
    assert [row[0] for row in _rows(backend, "r1")] == [0, 1]


def test_when_a_run_of_appends_fails_in_the_database_only_the_append_at_fault_is_refused(
    store: AnyStore, backend: Backend
) -> None:
    rooms = [
        Room.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id=f"r{i}")[0]
        for i in range(3)
    ]
    for room in rooms:
        writes.create(store, room.stored())
    backend.refuse_moves_of("r1", "the disk refused room r1")
    plays = [scenes.play(room, 2) for room in rooms]

    results = store.write_batch(
        [
            (f"save {room.room_id}", store.appending(room.room_id, play))
            for room, play in zip(rooms, plays, strict=True)
        ]
    )

    assert [None if r is None else str(r) for r in results] == [
        None,
        "save r1: the disk refused room r1",
        None,
    ]
    assert [len(_rows(backend, f"r{i}")) for i in range(3)] == [len(plays[0]), 0, len(plays[2])]


def test_a_write_that_raises_a_bug_stores_nothing_of_its_batch_and_the_store_goes_on(
    store: AnyStore, backend: Backend
) -> None:
    room = _room()
    writes.create(store, room.stored())
    moves = scenes.play(room, 2)

    def broken(db: Any) -> None:
        raise ValueError("a bug in a write")

    with pytest.raises(ValueError, match="a bug in a write"):
        store.write_batch([("first", store.appending("r1", moves[:1])), ("broken", broken)])

    assert _rows(backend, "r1") == []
    assert store.write_batch([("again", store.appending("r1", moves))]) == [None]
    assert len(_rows(backend, "r1")) == len(moves)


# ---------------------------------------------------------------- the app over a failing disk

SETUP: dict[str, Any] = {"game": scenes.NAME, "options": scenes.OPTIONS, "seats": scenes.HUMANS}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"))) as client:
        yield client


def _fail(*args: Any, **kwargs: Any) -> None:
    raise StorageError("database or disk is full")


def _failing(*args: Any, **kwargs: Any) -> Any:
    """Stand in for a write factory: the write it returns fails as a full disk would."""
    return _fail


def test_a_room_that_cannot_be_stored_is_refused_with_a_503(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client.app.state.store, "creating", _failing)  # type: ignore[attr-defined]

    response = client.post("/api/rooms", json=SETUP)

    assert response.status_code == 503
    assert response.json()["error"]["code"] == "storage_failed"


def test_a_move_that_cannot_be_stored_is_undone_and_the_client_resyncs(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = client.post("/api/rooms", json=SETUP).json()
    store = client.app.state.store  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/rooms/{data['room']}") as ws:
        ws.send_json({"type": "hello", "token": data["token"]})
        before = ws.receive_json()
        with monkeypatch.context() as patch:
            patch.setattr(store, "appending", _failing)
            legal = before["legal"][0]
            ws.send_json({"type": "act", "seat": 0, "action": legal, "version": 0})
            error = ws.receive_json()
            assert (error["type"], error["code"]) == ("error", "storage_failed")
            snapshot = ws.receive_json()
            assert snapshot["type"] == "snapshot"
            assert snapshot["version"] == before["version"] == 0, "the unsaved move is undone"
            assert snapshot["state"] == before["state"]
        ws.send_json({"type": "act", "seat": 0, "action": legal, "version": 0})
        update = ws.receive_json()
        played = update["snapshot"]["version"]
        assert played == len(update["moves"]) >= 1, "once the disk is back, play goes on"
    stored = store.load(data["room"])
    assert stored is not None and len(stored.moves) == played


def test_a_stored_room_that_no_longer_replays_is_refused_and_the_client_told_to_retry(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.sqlite3"
    with TestClient(create_app(str(path))) as client:
        data = client.post("/api/rooms", json=SETUP).json()
        with client.websocket_connect(f"/ws/rooms/{data['room']}") as ws:
            ws.send_json({"type": "hello", "token": data["token"]})
            legal = ws.receive_json()["legal"][0]
            ws.send_json({"type": "act", "seat": 0, "action": legal, "version": 0})
            ws.receive_json()
    with closing(sqlite3.connect(path)) as db, db:
        db.execute('UPDATE moves SET action = \'{"type": "jump"}\' WHERE idx = 0')

    with (
        TestClient(create_app(str(path))) as client,  # a restart: nothing in memory
        client.websocket_connect(f"/ws/rooms/{data['room']}") as ws,
    ):
        error = ws.receive_json()
        assert (error["code"], "moves[0]" in error["message"]) == ("storage_failed", True)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1011


def test_a_version_1_file_is_migrated_to_the_current_version_and_its_rooms_load_as_local(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v1.sqlite3"
    room = _room()
    stored = room.stored()
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (1)")
        for statement in MIGRATIONS[1]:
            db.execute(statement)
        db.execute(
            "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, 'then', 'then', 0)",
            (
                stored.room_id,
                stored.game,
                json.dumps(stored.options),
                json.dumps(stored.seats),
                stored.owner_hash,
                stored.seed,
            ),
        )
        db.executemany(
            "INSERT INTO moves VALUES (?, ?, ?, ?)",
            [(stored.room_id, m.index, m.seat, json.dumps(m.action)) for m in stored.moves],
        )

    migrated = SQLiteStore(path)
    try:
        assert migrated.schema_version() == SCHEMA_VERSION
        loaded = migrated.load(room.room_id)
        assert loaded is not None and loaded.moves == stored.moves
        assert (loaded.mode, loaded.host, loaded.started) == ("local", None, True)
    finally:
        migrated.close()


def test_a_version_2_file_is_migrated_to_version_3_and_its_online_rooms_talk_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v2.sqlite3"
    online, _, _ = OnlineRoom.create(
        scenes.NAME,
        scenes.OPTIONS,
        [{"kind": "open"}, {"kind": "open"}],
        "Ann",
        code="K7QM4X",
        clock=time.monotonic,
        grace=60,
    )
    stored = online.stored()
    with closing(sqlite3.connect(path)) as db, db:  # a file as the version-2 server wrote it
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (2)")
        for statement in (*MIGRATIONS[1], *MIGRATIONS[2]):
            db.execute(statement)
        db.execute(
            "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, 'then', 'then', 0,"
            " 'online', 0, 0)",
            (
                stored.room_id,
                stored.game,
                json.dumps(stored.options),
                json.dumps(stored.seats),
                stored.owner_hash,
                stored.secret,
            ),
        )

    migrated = SQLiteStore(path)
    try:
        assert migrated.schema_version() == 3
        loaded = migrated.load("K7QM4X", lines=50)
        assert loaded is not None and loaded.seats == stored.seats
        assert (loaded.mode, loaded.chat_on, loaded.chat, loaded.chat_count) == (
            "online",
            True,
            [],
            0,
        )
        room = OnlineRoom.from_stored(loaded, clock=time.monotonic, grace=60)
        line = room.talk.say(0, "Ann", "chat", {"text": "Still here"})
        writes.create(migrated, _room().stored())  # the file takes new rooms and talk alike
        writes.write(
            migrated,
            "say",
            migrated.together(
                [
                    migrated.saying("K7QM4X", line, keep=500),
                    migrated.switching_chat("K7QM4X", False),
                ]
            ),
        )
        again = migrated.load("K7QM4X", lines=50)
        assert again is not None and again.chat == [line] and again.chat_on is False
    finally:
        migrated.close()


# ---------------------------------------------------------------- expiry


def _age(backend: Backend, room_id: str, days: float) -> None:
    """Make a room look last changed `days` ago, as a server running that long would see it."""
    from datetime import UTC, datetime, timedelta

    when = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="milliseconds")
    backend.execute("UPDATE rooms SET updated_at = ? WHERE id = ?", (when, room_id))


def test_expired_rooms_are_pruned_with_their_moves_and_others_are_kept(
    store: AnyStore, backend: Backend
) -> None:
    rooms = {
        name: scenes.private_room(f"{i:016x}")
        for i, name in enumerate(("done", "fresh", "stale", "live"))
    }
    for room in rooms.values():
        writes.create(store, room.stored())
        writes.append(store, room.code, scenes.play(room.room, 2))
    backend.execute("UPDATE rooms SET finished = true WHERE id = ?", (rooms["done"].code,))
    _age(backend, rooms["done"].code, 31)  # finished a month ago: gone after 30 days
    _age(backend, rooms["fresh"].code, 31)  # unfinished, a month old: kept until 90 days
    _age(backend, rooms["stale"].code, 91)  # nobody touched it for three months: gone
    _age(backend, rooms["live"].code, 91)  # as old, but someone has it open: kept
    hub = Hub(store)
    for room in rooms.values():
        hub._keep(room)
    hub.sockets[rooms["live"].code] = []  # an open socket's entry, as join() makes it

    pruned = asyncio.run(hub.prune())

    assert sorted(pruned) == sorted([rooms["done"].code, rooms["stale"].code])
    assert store.load(rooms["done"].code) is None and store.load(rooms["stale"].code) is None
    assert store.load(rooms["fresh"].code) is not None
    assert store.load(rooms["live"].code) is not None
    assert rooms["done"].code not in hub.rooms and rooms["fresh"].code in hub.rooms
    left = {row[0] for row in backend.query("SELECT DISTINCT room_id FROM moves")}
    assert left == {rooms["fresh"].code, rooms["live"].code}, "their moves went with them"
    assert asyncio.run(hub.prune()) == [], "nothing more to prune"


def test_expired_rooms_are_pruned_while_no_socket_is_open_anywhere(
    store: AnyStore, backend: Backend
) -> None:
    room = scenes.private_room("00000000000000ab")
    writes.create(store, room.stored())
    _age(backend, room.code, 91)
    # the list of rooms to keep is empty: `id NOT IN (NULL)` once kept every room
    assert asyncio.run(Hub(store).prune()) == [room.code]
    assert store.load(room.code) is None
