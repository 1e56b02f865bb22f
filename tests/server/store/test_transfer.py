"""Copying a SQLite file's rooms into PostgreSQL (server/store/transfer.py, `mousehole migrate`),
on a real file and a fresh database of the tests' own PostgreSQL (tests/pg.py): every room read
back equal, the counts told, a room that no longer replays copied as it is and named, and a
database already holding a room refused with nothing copied. The command itself, over a file the
real app wrote, is tested in tests/cli/test_rooms_migrate.py."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from mousehole.server.rooms.table import Table
from mousehole.server.store import SQLiteStore, StorageError
from mousehole.server.store.postgres import PostgresStore
from mousehole.server.store.transfer import EVERY, copy_rooms
from tests.server import scenes
from tests.server.store import writes


@pytest.fixture
def source(tmp_path: Path) -> Iterator[SQLiteStore]:
    """A SQLite file with two local rooms, r1 three turns in and r2 not yet played."""
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    for room_id, turns in (("r1", 3), ("r2", 0)):
        room, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id=room_id)
        scenes.play(room, turns)
        writes.create(store, room.stored())
    yield store
    store.close()


@pytest.fixture
def target(postgres_url: str) -> Iterator[PostgresStore]:
    store = PostgresStore(postgres_url)
    yield store
    store.close()


def test_every_room_is_copied_equal_and_counted(source: SQLiteStore, target: PostgresStore) -> None:
    copied = copy_rooms(source, target)
    r1 = source.load("r1")
    assert r1 is not None and r1.moves
    moves = len(r1.moves)
    assert (copied.rooms, copied.moves, copied.lines, copied.unplayable) == (
        {"local": 2, "online": 0},
        moves,
        0,
        [],
    )
    for room_id in ("r1", "r2"):
        assert target.load(room_id, lines=EVERY) == source.load(room_id, lines=EVERY)
    assert copied.summary("rooms.sqlite3", "pg").startswith(
        f"copied 2 rooms (2 local, 0 online), {moves} moves and 0 lines of talk"
        " from rooms.sqlite3 to pg;"
    )


def test_a_room_that_no_longer_replays_is_copied_as_it_is_and_named(
    source: SQLiteStore, target: PostgresStore
) -> None:
    r2 = source.load("r2")
    assert r2 is not None
    stored = len(r2.moves)
    with closing(sqlite3.connect(source.path)) as db, db:
        db.execute(
            "INSERT INTO moves (room_id, idx, seat, action) VALUES ('r2', ?, 0, ?)",
            (stored, '{"type":"no such action"}'),
        )
    copied = copy_rooms(source, target)
    assert copied.unplayable == ["r2"]
    assert target.load("r2", lines=EVERY) == source.load("r2", lines=EVERY)
    assert "1 rooms do not replay, in the file as in the copy" in copied.summary("f", "pg")
    assert copied.summary("f", "pg").endswith(": r2")


def test_a_database_that_holds_one_of_the_rooms_gets_none_of_them(
    source: SQLiteStore, target: PostgresStore
) -> None:
    held, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="r2")
    writes.create(target, held.stored())
    with pytest.raises(StorageError, match=r"already holds 1 of the rooms: r2; nothing was copied"):
        copy_rooms(source, target)
    assert target.room_ids("", limit=EVERY) == ["r2"]
