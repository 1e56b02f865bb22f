"""Writes of the PostgreSQL store: each in a savepoint of its own, and appends a run at a time.

Nearly every write appends moves, so `PostgresStore.write_batch` stores a run of appends with
one SELECT, one INSERT and one UPDATE however many moves it holds (`append_together`), sent
through psycopg's pipeline; any other write runs alone in its savepoint (`write_alone`), so a
bad write fails alone. A run is first sent whole, its checks read back in the same round trip
(`_append_at_once`), so that a batch of moves costs two round trips with its commit; only a run
that something in it would fail is written again the careful way. docs/storage.md
("PostgreSQL").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

from ..batching import (
    Result,
    Row,
    check_follows,
    finished_flags,
    follows_all,
    missing,
    now,
    plan_run,
)
from ..stored import StorageError
from .fence import Fence, check, check_one, locking, lost, stale

Connection = psycopg.Connection[tuple[Any, ...]]
Write = Callable[[Connection], None]
"""One change to the database, run inside a transaction that the caller opens and commits."""


def one_line(error: BaseException) -> str:
    """Return an error's message on one line: the server's message and its detail, without
    the lines of context libpq adds (where in a function it was raised)."""
    diag = error.diag if isinstance(error, psycopg.Error) else None
    text = str(error)
    if diag is not None and diag.message_primary:
        detail = diag.message_detail
        text = diag.message_primary + (f" ({detail})" if detail else "")
    return " ".join(text.split())


@dataclass(frozen=True)
class Appending:
    """The write that appends moves to a stored room (`PostgresStore.appending`); stored with
    the appends next to it in a batch by `append_together`."""

    room_id: str
    rows: list[Row]
    finished: bool | None = None
    fence: Fence | None = None
    """The lease this write needs (several instances: fence.py), or None."""

    def __call__(self, db: Connection) -> None:
        check_one(db, self.room_id, self.fence)
        found = db.execute(
            "SELECT (SELECT coalesce(max(idx) + 1, 0) FROM moves WHERE room_id = %s)"
            " FROM rooms WHERE id = %s",
            (self.room_id, self.room_id),
        ).fetchone()
        if found is None:
            raise missing(self.room_id)
        check_follows(self.room_id, int(found[0]), self.rows)
        insert_moves(db, self.rows)
        db.execute(
            "UPDATE rooms SET updated_at = %s, finished = coalesce(%s, finished) WHERE id = %s",
            (now(), self.finished, self.room_id),
        )


def insert_moves(db: Connection, rows: Sequence[Row]) -> None:
    """Insert move rows with one statement (four arrays, however many rows)."""
    if rows:
        room_ids, indexes, seats, actions = (list(column) for column in zip(*rows, strict=True))
        db.execute(
            "INSERT INTO moves (room_id, idx, seat, action)"
            " SELECT * FROM unnest(%s::text[], %s::integer[], %s::integer[], %s::text[])",
            (room_ids, indexes, seats, actions),
        )


def _counting(db: Connection, rooms: list[str]) -> psycopg.Cursor[tuple[Any, ...]]:
    """Send the statement that reads where each of `rooms`' moves end: (id, next index) rows."""
    return db.execute(
        "SELECT id, (SELECT coalesce(max(idx) + 1, 0) FROM moves WHERE room_id = rooms.id)"
        " FROM rooms WHERE id = ANY(%s::text[])",
        (rooms,),
    )


def _touching(db: Connection, flags: dict[str, bool | None]) -> None:
    """Stamp the rooms `flags` names as updated now, and set each one's finished flag (None:
    as it was)."""
    db.execute(
        "UPDATE rooms SET updated_at = %s, finished = coalesce(f.finished, rooms.finished)"
        " FROM unnest(%s::text[], %s::boolean[]) AS f (id, finished)"
        " WHERE rooms.id = f.id",
        (now(), list(flags), list(flags.values())),
    )


def batch_fails(db: Connection, error: psycopg.Error) -> bool:
    """Return whether `error` fails the whole batch rather than one write: the connection is
    gone, or a lock that another client holds outlasted the lock timeout (the database takes
    no writes now: every write would wait as long, and /healthz should say so)."""
    return db.broken or db.closed or isinstance(error, psycopg.errors.LockNotAvailable)


def drain(db: Connection, pipe: psycopg.Pipeline) -> None:
    """Wait for the results of every statement sent, after one of them failed.

    PostgreSQL skips what follows a failed statement of a pipeline until the next sync, and
    psycopg raises the failure as soon as it reads it, maybe before that sync: the statements
    queued after it are answered "aborted" until then. Those belong to the failed write and are
    rolled back with it; only a lost connection matters here.
    """
    try:
        pipe.sync()
    except psycopg.Error:
        if db.broken or db.closed:
            raise


def write_alone(
    db: Connection, pipe: psycopg.Pipeline, what: str, write: Write
) -> StorageError | None:
    """Run one write in its own savepoint; roll it back alone and return why it failed."""
    db.execute("SAVEPOINT one")
    try:
        write(db)
        pipe.sync()  # the write's errors arrive here, not at a later statement's
    except (psycopg.Error, StorageError) as error:
        if isinstance(error, psycopg.Error) and batch_fails(db, error):
            raise  # the connection is gone, or a lock held by another: the whole batch fails
        drain(db, pipe)
        db.execute("ROLLBACK TO SAVEPOINT one")
        db.execute("RELEASE SAVEPOINT one")
        if isinstance(error, StorageError):
            return error
        return StorageError(f"{what}: {one_line(error)}")
    db.execute("RELEASE SAVEPOINT one")
    return None


def append_together(
    db: Connection, pipe: psycopg.Pipeline, run: Sequence[tuple[str, Appending]]
) -> list[Result]:
    """Store a run of appends; return each one's error (None: stored).

    The run is sent at once (`_append_at_once`: one round trip); when a check of it fails,
    or PostgreSQL refuses it, it is undone and stored the careful way (`_append_checked`),
    which gives each append its own error.
    """
    if _append_at_once(db, pipe, run):
        return [None for _ in run]
    return _append_checked(db, pipe, run)


def _append_at_once(
    db: Connection, pipe: psycopg.Pipeline, run: Sequence[tuple[str, Appending]]
) -> bool:
    """Send a run of appends whole, then check it; keep it and return True if every append
    holds its room's lease and follows what was stored, else undo it and return False.

    The lease rows are locked (`FOR SHARE`) and the rooms' move counts read before the INSERT
    in the same transaction, and the commit is sent only after the caller has these answers,
    so a run kept here is exactly what the careful way would have stored, a round trip sooner.
    """
    fences = [(a.room_id, a.fence) for _, a in run if a.fence is not None]
    rooms = list(dict.fromkeys(append.room_id for _, append in run))
    db.execute("SAVEPOINT run")
    try:
        leases = locking(db, fences)
        counts = _counting(db, rooms)
        insert_moves(db, [row for _, append in run for row in append.rows])
        _touching(db, finished_flags([append for _, append in run]))
        pipe.sync()
        following = {str(room_id): int(count) for room_id, count in counts.fetchall()}
        kept = not stale(leases, fences) and follows_all(run, following)
    except psycopg.Error as error:
        if batch_fails(db, error):
            raise  # the connection is gone, or a lock held by another: the whole batch fails
        drain(db, pipe)
        kept = False
    if not kept:
        db.execute("ROLLBACK TO SAVEPOINT run")
    db.execute("RELEASE SAVEPOINT run")
    return kept


def _append_checked(
    db: Connection, pipe: psycopg.Pipeline, run: Sequence[tuple[str, Appending]]
) -> list[Result]:
    """Store a run of appends with three statements in all; return each one's error.

    One SELECT reads where every room's moves end, the appends are checked against it in
    Python (the same errors as one at a time), and one INSERT and one UPDATE, fed arrays,
    store the rest. Should PostgreSQL refuse either (another writer stored one of the
    moves first: the primary key), the run is rolled back and written again one append
    at a time, so that the error reaches the append at fault.
    """
    rooms = list(dict.fromkeys(append.room_id for _, append in run))
    fences = [(a.room_id, a.fence) for _, a in run if a.fence is not None]
    db.execute("SAVEPOINT run")
    try:
        taken = check(db, fences)
        found = _counting(db, rooms).fetchall()

        def refused(append: Appending) -> StorageError | None:
            if append.fence is None or append.room_id not in taken:
                return None
            return lost(append.room_id, append.fence, taken[append.room_id])

        plan = plan_run(run, {str(room): int(count) for room, count in found}, refused)
        insert_moves(db, plan.rows)
        if plan.flags:
            _touching(db, plan.flags)
        db.execute("RELEASE SAVEPOINT run")
        pipe.sync()
    except psycopg.Error as error:
        if batch_fails(db, error):
            raise  # the connection is gone, or a lock held by another: the whole batch fails
        drain(db, pipe)
        db.execute("ROLLBACK TO SAVEPOINT run")
        db.execute("RELEASE SAVEPOINT run")
        return [write_alone(db, pipe, what, append) for what, append in run]
    return plan.results
