"""Appending moves to SQLite: the write that appends, and a run of appends in three statements.

Nearly every write is an append (a move of play), so the SQLite store keeps them as data
(`Appending`) and stores a run of them together (`append_together`); the checks of a run are
the stores' shared ones (`store/batching.py`). docs/storage.md.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import orjson

from ..batching import Result, Row, check_follows, missing, now, plan_run

Alone = Callable[[sqlite3.Connection, str, "Appending"], Result]
"""Runs one write in a savepoint of its own and returns its error (`SQLiteStore._write_alone`)."""


@dataclass(frozen=True)
class Appending:
    """The write that appends moves to a stored room (`SQLiteStore.appending`).

    Called, it is a Write like any other; `SQLiteStore.write_batch` also knows it as data, and
    stores consecutive appends together (`append_together`).
    """

    room_id: str
    rows: list[Row]
    finished: bool | None = None

    def __call__(self, db: sqlite3.Connection) -> None:
        # moves are stored without gaps from 0 (`check_follows`), so the count is the last
        # index + 1: max() reads one entry of the primary key, count(*) walks them all
        row = db.execute(
            "SELECT (SELECT coalesce(max(idx) + 1, 0) FROM moves WHERE room_id = ?)"
            " FROM rooms WHERE id = ?",
            (self.room_id, self.room_id),
        ).fetchone()
        if row is None:
            raise missing(self.room_id)
        insert_rows(db, self.room_id, int(row[0]), self.rows)
        db.execute(
            "UPDATE rooms SET updated_at = ?, finished = coalesce(?, finished) WHERE id = ?",
            (now(), None if self.finished is None else int(self.finished), self.room_id),
        )


def append_together(
    db: sqlite3.Connection, run: Sequence[tuple[str, Appending]], alone: Alone
) -> list[Result]:
    """Store a run of appends with three statements in all; return each one's error.

    Every statement hands Python's GIL to the event loop and must win it back, so one
    statement per write (five, with its savepoint) would make the writer queue behind the
    loop (docs/benchmarks.md). Here one SELECT reads where every room's moves end, the
    appends are checked in Python against that (`batching.plan_run`), and one INSERT and one
    UPDATE, fed a JSON array through `json_each`, store the rest. Should either fail, the run
    is rolled back and written again one append at a time, so that the failure is told to
    the write that caused it.
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
        plan = plan_run(run, json.loads(found))
        if plan.rows:
            db.execute(
                "INSERT INTO moves (room_id, idx, seat, action)"
                " SELECT value->>0, value->>1, value->>2, value->>3 FROM json_each(?)",
                (orjson.dumps(plan.rows).decode(),),
            )
            db.execute(
                "UPDATE rooms SET updated_at = ?, finished = coalesce(j.value->>1, finished)"
                " FROM json_each(?) AS j WHERE rooms.id = j.value->>0",
                (now(), orjson.dumps(list(plan.flags.items())).decode()),
            )
    except sqlite3.Error:
        db.execute("ROLLBACK TO run")
        db.execute("RELEASE run")
        return [alone(db, what, append) for what, append in run]
    db.execute("RELEASE run")
    return plan.results


def insert_rows(db: sqlite3.Connection, room_id: str, stored: int, rows: Sequence[Row]) -> None:
    """Insert move rows after the `stored` moves a room has; refuse a gap or an overlap."""
    check_follows(room_id, stored, rows)
    db.executemany("INSERT INTO moves (room_id, idx, seat, action) VALUES (?, ?, ?, ?)", rows)
