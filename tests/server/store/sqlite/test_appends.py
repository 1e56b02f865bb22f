"""Appending moves to SQLite (server/store/sqlite/appends.py), on a real SQLite file: one append
as a write, and a run of appends stored in three statements, written again one at a time when
the database refuses the run."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from mousehole.server.rooms.table import Committed, Table
from mousehole.server.store import SQLiteStore, StorageError
from mousehole.server.store.batching import Result, move_rows
from mousehole.server.store.sqlite.appends import Alone, Appending, append_together
from tests.server import scenes
from tests.server.store import writes


@pytest.fixture
def db(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    """A SQLite file with rooms r1 and r2 stored and no move yet, opened as the store opens it."""
    path = tmp_path / "rooms.sqlite3"
    store = SQLiteStore(path)
    for room_id in ("r1", "r2"):
        room, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id=room_id)
        writes.create(store, room.stored())
    store.close()
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        yield connection


def _moves(turns: int) -> list[Committed]:
    room, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="played")
    return scenes.play(room, turns)


def _stored(db: sqlite3.Connection, room_id: str) -> list[tuple[int, int | None, str]]:
    return db.execute(
        "SELECT idx, seat, action FROM moves WHERE room_id = ? ORDER BY idx", (room_id,)
    ).fetchall()


def _finished(db: sqlite3.Connection) -> dict[str, int]:
    return dict(db.execute("SELECT id, finished FROM rooms ORDER BY id").fetchall())


def _alone_log(log: list[str]) -> Alone:
    """The store's way of one write alone: a savepoint of its own, rolled back on refusal."""

    def alone(db: sqlite3.Connection, what: str, append: Appending) -> Result:
        log.append(what)
        db.execute("SAVEPOINT one")
        try:
            append(db)
        except (sqlite3.Error, StorageError) as error:
            db.execute("ROLLBACK TO one")
            return error if isinstance(error, StorageError) else StorageError(f"{what}: {error}")
        finally:
            db.execute("RELEASE one")
        return None

    return alone


def test_an_append_stores_its_rows_after_the_stored_moves_and_its_finished_flag(
    db: sqlite3.Connection,
) -> None:
    moves = _moves(3)
    rows = move_rows("r1", moves)
    Appending("r1", rows[:1])(db)
    Appending("r1", rows[1:], finished=True)(db)
    assert _stored(db, "r1") == [row[1:] for row in rows]
    assert _finished(db) == {"r1": 1, "r2": 0}
    with pytest.raises(StorageError, match="move index 0 would leave an overlap"):
        Appending("r1", rows[:1])(db)
    with pytest.raises(StorageError, match="append to room 'ghost': no such room is stored"):
        Appending("ghost", move_rows("ghost", moves))(db)


def test_a_run_of_appends_is_stored_together_and_each_bad_one_fails_alone(
    db: sqlite3.Connection,
) -> None:
    moves = _moves(2)
    r1, r2 = move_rows("r1", moves), move_rows("r2", moves)
    tried_alone: list[str] = []
    db.execute("BEGIN IMMEDIATE")
    results = append_together(
        db,
        [
            ("r1 first", Appending("r1", r1[:1])),
            ("r1 gap", Appending("r1", r1[2:])),
            ("r2 all", Appending("r2", r2, finished=True)),
            ("r1 rest", Appending("r1", r1[1:])),
        ],
        _alone_log(tried_alone),
    )
    db.execute("COMMIT")
    assert [None if r is None else str(r) for r in results] == [
        None,
        "room 'r1': move index 2 would leave a gap: the next index is 1 (1 moves are stored)",
        None,
        None,
    ]
    assert tried_alone == [], "a run the database takes is never written one at a time"
    assert _stored(db, "r1") == _stored(db, "r2") == [row[1:] for row in r1]
    assert _finished(db) == {"r1": 0, "r2": 1}


def test_a_run_the_database_refuses_is_written_again_one_append_at_a_time(
    db: sqlite3.Connection,
) -> None:
    db.execute(
        "CREATE TRIGGER refuse BEFORE INSERT ON moves WHEN NEW.room_id = 'r2'"
        " BEGIN SELECT RAISE(ABORT, 'the disk refused r2'); END"
    )
    moves = _moves(2)
    tried_alone: list[str] = []
    db.execute("BEGIN IMMEDIATE")
    results = append_together(
        db,
        [
            ("save r1", Appending("r1", move_rows("r1", moves))),
            ("save r2", Appending("r2", move_rows("r2", moves))),
        ],
        _alone_log(tried_alone),
    )
    db.execute("COMMIT")
    assert tried_alone == ["save r1", "save r2"]
    assert [None if r is None else str(r) for r in results] == [
        None,
        "save r2: the disk refused r2",
    ]
    assert len(_stored(db, "r1")) == len(moves) and _stored(db, "r2") == []
