"""Appending moves: the write that appends, and the run of appends stored in three statements.

Nearly every write is an append (a move of play), so the SQLite store keeps them as data
(`Appending`) and stores a run of them together (`append_together`); docs/storage.md.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson

from .records import MoveLike, StorageError

Alone = Callable[[sqlite3.Connection, str, "Appending"], StorageError | None]
"""Runs one write in a savepoint of its own and returns its error (`SQLiteStore._write_alone`)."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dumps(value: Any) -> str:
    """Return compact JSON text with sorted keys (orjson: every move is encoded on the event
    loop; the standard library, about 3 times slower, for what orjson refuses, such as an
    integer beyond 64 bits)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), sort_keys=True)


Row = tuple[str, int, int | None, str]
"""One row of the moves table: room id, index, seat (None: chance), action as JSON text."""


def check_follows(room_id: str, stored: int, rows: Sequence[Row]) -> None:
    """Raise StorageError unless `rows` are the moves that follow a room's `stored` moves."""
    for offset, (_, index, _, _) in enumerate(rows):
        expected = stored + offset
        if index != expected:
            problem = "a gap" if index > expected else "an overlap"
            raise StorageError(
                f"room {room_id!r}: move index {index} would leave {problem}: "
                f"the next index is {expected} ({stored} moves are stored)"
            )


@dataclass(frozen=True)
class Appending:
    """The write that appends moves to a stored room (`SQLiteStore.appending`).

    Called, it is a Write like any other; `SQLiteStore.write_batch` also knows it as data, and
    stores consecutive appends together (`append_together`).
    """

    room_id: str
    rows: list[Row]
    finished: bool | None = None

    def missing(self) -> StorageError:
        """Return the error of an append to a room that is not stored."""
        return StorageError(f"append to room {self.room_id!r}: no such room is stored")

    def __call__(self, db: sqlite3.Connection) -> None:
        # moves are stored without gaps from 0 (`check_follows`), so the count is the last
        # index + 1: max() reads one entry of the primary key, count(*) walks them all
        row = db.execute(
            "SELECT (SELECT coalesce(max(idx) + 1, 0) FROM moves WHERE room_id = ?)"
            " FROM rooms WHERE id = ?",
            (self.room_id, self.room_id),
        ).fetchone()
        if row is None:
            raise self.missing()
        insert_rows(db, self.room_id, int(row[0]), self.rows)
        db.execute(
            "UPDATE rooms SET updated_at = ?, finished = coalesce(?, finished) WHERE id = ?",
            (now(), None if self.finished is None else int(self.finished), self.room_id),
        )


def append_together(
    db: sqlite3.Connection, run: Sequence[tuple[str, Appending]], alone: Alone
) -> list[StorageError | None]:
    """Store a run of appends with three statements in all; return each one's error.

    Every statement hands Python's GIL to the event loop and must win it back, so one
    statement per write (five, with its savepoint) made the writer queue behind the loop
    (docs/benchmarks.md). Here one SELECT reads where every room's moves end, the appends
    are checked in Python against that (and against the appends before them in the run:
    one that leaves a gap fails alone, as in `Appending.__call__`), and one INSERT and one
    UPDATE, fed a JSON array through `json_each`, store the rest. Should either fail, the
    run is rolled back and written again one append at a time, so that the failure is
    told to the write that caused it.
    """
    rooms = list(dict.fromkeys(append.room_id for _, append in run))
    db.execute("SAVEPOINT run")
    try:
        (found,) = db.execute(
            "SELECT json_group_object(id, (SELECT coalesce(max(idx) + 1, 0) FROM moves"
            " WHERE room_id = rooms.id)) FROM rooms"
            " WHERE id IN (SELECT value FROM json_each(?))",
            (orjson.dumps(rooms).decode(),),
        ).fetchone()
        following: dict[str, int] = json.loads(found)
        results: list[StorageError | None] = []
        rows: list[Row] = []
        flags: dict[str, int | None] = {}
        for _, append in run:
            stored = following.get(append.room_id)
            if stored is None:
                results.append(append.missing())
                continue
            try:
                check_follows(append.room_id, stored, append.rows)
            except StorageError as error:
                results.append(error)
                continue
            results.append(None)
            rows += append.rows
            following[append.room_id] = stored + len(append.rows)
            if append.finished is not None or append.room_id not in flags:
                flags[append.room_id] = append.finished
        if rows:
            db.execute(
                "INSERT INTO moves (room_id, idx, seat, action)"
                " SELECT value->>0, value->>1, value->>2, value->>3 FROM json_each(?)",
                (orjson.dumps(rows).decode(),),
            )
            db.execute(
                "UPDATE rooms SET updated_at = ?, finished = coalesce(j.value->>1, finished)"
                " FROM json_each(?) AS j WHERE rooms.id = j.value->>0",
                (now(), orjson.dumps(list(flags.items())).decode()),
            )
    except sqlite3.Error:
        db.execute("ROLLBACK TO run")
        db.execute("RELEASE run")
        return [alone(db, what, append) for what, append in run]
    db.execute("RELEASE run")
    return results


def move_rows(room_id: str, moves: Sequence[MoveLike]) -> list[Row]:
    """Return the moves as rows of the moves table (taken when the write is queued)."""
    return [(room_id, m.index, m.seat, dumps(m.action)) for m in moves]


def insert_rows(db: sqlite3.Connection, room_id: str, stored: int, rows: Sequence[Row]) -> None:
    """Insert move rows after the `stored` moves a room has; refuse a gap or an overlap."""
    check_follows(room_id, stored, rows)
    db.executemany("INSERT INTO moves (room_id, idx, seat, action) VALUES (?, ?, ?, ?)", rows)
