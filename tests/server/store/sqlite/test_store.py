"""What only the SQLite store has (server/store/sqlite/store.py): its file made and proven
writable before the server starts, WAL mode and the sync setting that says how durable a commit
is, and writes run together in one savepoint. The contract both stores share runs in
tests/server/store/test_storage.py."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from mousehole.server.store import SQLiteStore, StorageError
from mousehole.server.store.sqlite.store import prepare_sqlite
from tests.server import scenes
from tests.server.store import writes
from tests.server.store.backends import new_room


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
        room = new_room()
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


def test_preparing_a_path_makes_its_folder_and_file_or_names_why_it_cannot(
    tmp_path: Path,
) -> None:
    path = tmp_path / "var" / "deep" / "rooms.sqlite3"
    assert prepare_sqlite(path) == path and path.is_file()
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    with pytest.raises(StorageError, match=r"cannot write the SQLite database '.*a-file/x.db'"):
        prepare_sqlite(blocked / "x.db")


def test_a_file_that_is_no_sqlite_database_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"these are not the rooms you are looking for" * 100)
    with pytest.raises(StorageError, match=r"notes.txt'.*not a database"):
        SQLiteStore(path)


def test_writes_run_together_are_stored_all_or_none(sqlite_store: SQLiteStore) -> None:
    room = new_room()
    moves = scenes.play(room, 2)
    fresh = new_room()
    both = sqlite_store.together(
        [sqlite_store.creating(fresh.stored()), sqlite_store.appending("r1", moves[1:])]
    )
    (error,) = sqlite_store.write_batch([("create and append with a gap", both)])
    assert error is not None and "would leave a gap" in str(error)
    assert sqlite_store.load("r1") is None, "the room created before the gap is undone too"
    one = sqlite_store.creating(fresh.stored())
    assert sqlite_store.together([one]) is one
    assert sqlite_store.describe() == f"sqlite:{sqlite_store.path}"
