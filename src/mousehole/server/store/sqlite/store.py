"""The SQLite store: one file, written before anyone is told (the default `Store`).

See docs/storage.md for the schema and the durability guarantees.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Sequence
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

from ....engine import JSON
from ..batching import Result, dumps, move_rows, now, run_batch
from ..stored import (
    MoveLike,
    RoomSummary,
    StorageError,
    StoredLine,
    StoredMove,
    StoredRoom,
    loads_seats,
)
from .appends import Appending, append_together, insert_rows
from .schema import MIGRATIONS, SCHEMA_VERSION

if TYPE_CHECKING:
    from ..base import Store

DEFAULT_DB_PATH = Path("var") / "mousehole.sqlite3"
"""The database used when none is given, relative to the working directory."""

Write = Callable[[sqlite3.Connection], None]
"""One change to the database, run inside a transaction that the caller opens and commits."""


SYNC_MODES = {"normal": "NORMAL", "full": "FULL"}
"""How durable a commit is when it returns (SQLite's `synchronous` in WAL mode): "normal"
survives a crash or kill of the server, never corrupts and fsyncs at checkpoints; "full" also
fsyncs every commit, so that it survives a power cut, at the cost of every update waiting on
the disk's flush (docs/storage.md, docs/benchmarks.md)."""
DEFAULT_SYNC = "normal"


def prepare_sqlite(path: Path) -> Path:
    """Return `path` after creating its folder and the database file, proven writable.

    Raise StorageError naming the path and the cause when it cannot be written, so that a bad
    `--db` stops the server at startup rather than at the first move.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(path)) as connection:
            # BEGIN IMMEDIATE takes the write lock: it fails on a read-only file or folder
            # without changing the database (SQLiteStore creates the schema afterwards).
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("ROLLBACK")
    except (OSError, sqlite3.Error) as error:
        raise StorageError(f"cannot write the SQLite database {str(path)!r}: {error}") from error
    return path


class SQLiteStore:
    """The rooms table and the moves table of one SQLite file, over one connection.

    Every method is one transaction that is durable when it returns: callers write first and
    tell clients after. `sync` (SYNC_MODES) says durable against what: "normal", a crash or
    kill of the server; "full", a power cut too (docs/storage.md). A lock makes the
    connection safe to share between the event loop and the threads of a test client.
    """

    def __init__(self, path: Path | str, *, sync: str = DEFAULT_SYNC):
        if sync not in SYNC_MODES:
            raise StorageError(f"sync: expected one of {', '.join(SYNC_MODES)}, not {sync!r}")
        self.path = Path(path)
        self.sync = sync
        self.failing: StorageError | None = None
        """Why the last group commit failed as a whole (disk full, file locked or read-only),
        until one succeeds again; None while commits succeed (the health check reads it)."""
        self._lock = threading.Lock()
        try:
            # autocommit mode (isolation_level=None): transactions are the explicit BEGINs below
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StorageError(f"cannot open the SQLite database {str(path)!r}: {error}") from None
        try:
            self._configure()
            self._migrate()
        except (sqlite3.Error, StorageError) as error:
            self._db.close()
            if isinstance(error, StorageError):
                raise
            raise StorageError(f"cannot prepare {str(path)!r}: {error}") from error

    def _configure(self) -> None:
        mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StorageError(f"{str(self.path)!r}: SQLite refused WAL mode (got {mode!r})")
        # A WAL commit is written to the -wal file before it returns, so a committed move
        # survives a killed server at either level; FULL also fsyncs it (power cuts too).
        self._db.execute(f"PRAGMA synchronous={SYNC_MODES[self.sync]}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")

    def _migrate(self) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = db.execute("SELECT max(version) FROM schema_version").fetchone()
            current = int(row[0]) if row[0] is not None else 0
            if current > SCHEMA_VERSION:
                raise StorageError(
                    f"{str(self.path)!r} has schema version {current}; this server knows "
                    f"only up to {SCHEMA_VERSION}: upgrade the server"
                )
            for version in range(current + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[version]:
                    db.execute(statement)
                db.execute("DELETE FROM schema_version")
                db.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def schema_version(self) -> int:
        """Return the schema version of the open database."""
        with self._lock:
            row = self._db.execute("SELECT max(version) FROM schema_version").fetchone()
        return int(row[0])

    # The writes as functions of a connection, so that `write_batch` can run many of them in
    # one transaction (group commit: one fsync for every change queued meanwhile).

    def creating(self, room: StoredRoom) -> Write:
        """Return the write that stores a new room and the moves it already has (refused if
        its id is taken)."""
        stamp = now()
        row = (
            room.room_id,
            room.game,
            dumps(room.options),
            dumps(room.seats),
            room.owner_hash,
            room.seed,
            room.secret,
            None if room.initial is None else dumps(room.initial),
            stamp,
            stamp,
            int(room.finished),
            room.mode,
            room.host,
            int(room.started),
        )
        rows = move_rows(room.room_id, room.moves)

        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO rooms (id, game, options, seats, owner_hash, seed, secret, initial,"
                " created_at, updated_at, finished, mode, host, started)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )
            insert_rows(db, room.room_id, 0, rows)

        return write

    def appending(
        self, room_id: str, moves: Sequence[MoveLike], *, finished: bool | None = None
    ) -> Appending:
        """Return the write that appends moves to a stored room (see `append`)."""
        return Appending(room_id, move_rows(room_id, moves), finished)

    def seating(self, room_id: str, seats: list[JSON], *, host: int | None, started: bool) -> Write:
        """Return the write that stores an online room's seats (see `update_seats`)."""
        values = (dumps(seats), host, int(started))

        def write(db: sqlite3.Connection) -> None:
            cursor = db.execute(
                "UPDATE rooms SET seats = ?, host = ?, started = ?, updated_at = ? WHERE id = ?",
                (*values, now(), room_id),
            )
            if cursor.rowcount != 1:
                raise StorageError(f"update room {room_id!r}: no such room is stored")

        return write

    def saying(self, room_id: str, line: StoredLine, *, keep: int) -> Write:
        """Return the write that stores a line of a room's talk and deletes the lines more
        than `keep` lines older (docs/storage.md)."""
        row = (room_id, line.index, line.seat, line.name, line.kind, line.text, line.at)

        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO chat (room_id, idx, seat, name, kind, text, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                row,
            )
            db.execute(
                "DELETE FROM chat WHERE room_id = ? AND idx <= ?", (room_id, line.index - keep)
            )

        return write

    def switching_chat(self, room_id: str, on: bool) -> Write:
        """Return the write that stores the host's chat switch of an online room."""

        def write(db: sqlite3.Connection) -> None:
            cursor = db.execute("UPDATE rooms SET chat_on = ? WHERE id = ?", (int(on), room_id))
            if cursor.rowcount != 1:
                raise StorageError(f"switch chat of room {room_id!r}: no such room is stored")

        return write

    def pruning(
        self, *, finished_before: str, idle_before: str, keep: Sequence[str], pruned: list[str]
    ) -> Write:
        """Return the write that deletes expired rooms with their moves, appending their ids
        to `pruned`: finished rooms not updated since `finished_before`, any room not updated
        since `idle_before` (ISO times in UTC, as stored), except the rooms in `keep`."""
        kept = list(keep)
        marks = ",".join("?" for _ in kept)  # SQLite reads `NOT IN ()` as true for every id

        def write(db: sqlite3.Connection) -> None:
            rows = db.execute(
                "SELECT id FROM rooms WHERE ((finished = 1 AND updated_at < ?) OR updated_at < ?)"
                f" AND id NOT IN ({marks})",
                (finished_before, idle_before, *kept),
            ).fetchall()
            ids = [str(row[0]) for row in rows]
            db.executemany("DELETE FROM moves WHERE room_id = ?", [(i,) for i in ids])
            db.executemany("DELETE FROM chat WHERE room_id = ?", [(i,) for i in ids])
            db.executemany("DELETE FROM rooms WHERE id = ?", [(i,) for i in ids])
            pruned.extend(ids)

        return write

    def describe(self) -> str:
        """Return what the health check names: "sqlite:" and the file's path."""
        return f"sqlite:{self.path}"

    def together(self, writes: Sequence[Write]) -> Write:
        """Return one write that runs `writes` in order (in the caller's savepoint: all or
        none); a single write is returned as it is, so that an `Appending` stays one and is
        stored with its neighbours."""
        if len(writes) == 1:
            return writes[0]
        runs = list(writes)

        def write(db: sqlite3.Connection) -> None:
            for one in runs:
                one(db)

        return write

    def write_batch(self, writes: Sequence[tuple[str, Write]]) -> list[StorageError | None]:
        """Run `writes` in one transaction, in order; return each one's error (None: stored).

        A write that fails is rolled back alone (its error names `what`); the others commit
        together. When the commit itself fails, every write gets that error. Consecutive
        `Appending` writes (the moves of play, nearly every write) are stored together by
        `_append_together` in three statements, however many there are; any other write runs
        in a savepoint of its own.
        """
        results: list[Result] = []
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                results = run_batch(
                    writes,
                    Appending,
                    lambda run: append_together(db, run, self._write_alone),
                    lambda what, write: self._write_alone(db, what, write),
                )
                db.execute("COMMIT")
            except sqlite3.Error as error:
                self._rollback()
                failed = StorageError(f"commit of {len(writes)} writes: {error}")
                self.failing = failed
                return [failed for _ in writes]
            except BaseException:  # a bug in a write: nothing of the batch, the store usable
                self._rollback()
                raise
            self.failing = None
        return results

    @staticmethod
    def _write_alone(db: sqlite3.Connection, what: str, write: Write) -> StorageError | None:
        """Run one write in its own savepoint; roll it back alone and return why it failed."""
        db.execute("SAVEPOINT one")
        try:
            write(db)
        except (sqlite3.Error, StorageError) as error:
            db.execute("ROLLBACK TO one")
            failure = error if isinstance(error, StorageError) else None
            return failure or StorageError(f"{what}: {error}")
        finally:
            db.execute("RELEASE one")
        return None

    def load(self, room_id: str, *, lines: int = 0) -> StoredRoom | None:
        """Return the stored room with all its moves in order and its last `lines` lines of
        talk, or None when there is none."""
        try:
            with self._lock:
                db = self._db
                db.execute("BEGIN")  # one consistent read of both tables
                try:
                    row = db.execute(
                        "SELECT id, game, options, seats, owner_hash, seed, secret, initial,"
                        " created_at, updated_at, finished, mode, host, started, chat_on,"
                        " (SELECT coalesce(max(idx) + 1, 0) FROM chat WHERE room_id = rooms.id)"
                        " FROM rooms WHERE id = ?",
                        (room_id,),
                    ).fetchone()
                    rows = db.execute(
                        "SELECT idx, seat, action FROM moves WHERE room_id = ? ORDER BY idx",
                        (room_id,),
                    ).fetchall()
                    talk = db.execute(
                        "SELECT idx, seat, name, kind, text, at FROM chat WHERE room_id = ?"
                        " ORDER BY idx DESC LIMIT ?",
                        (room_id, lines),
                    ).fetchall()
                finally:
                    self._rollback()  # a read: nothing to commit
            if row is None:
                return None
            moves = [StoredMove(int(i), seat, json.loads(action)) for i, seat, action in rows]
            stored = StoredRoom(
                room_id=row[0],
                game=row[1],
                options=json.loads(row[2]),
                seats=loads_seats(row[3]),
                owner_hash=row[4],
                seed=None if row[5] is None else int(row[5]),
                secret=row[6],
                initial=None if row[7] is None else json.loads(row[7]),
                moves=moves,
                finished=bool(row[10]),
                created_at=row[8],
                updated_at=row[9],
                mode=row[11],
                host=None if row[12] is None else int(row[12]),
                started=bool(row[13]),
                chat_on=bool(row[14]),
                chat=[StoredLine(int(i), int(seat), *text) for i, seat, *text in reversed(talk)],
                chat_count=int(row[15]),
            )
        except (sqlite3.Error, ValueError, TypeError) as error:
            raise StorageError(f"load room {room_id!r}: {error}") from error
        if [m.index for m in moves] != list(range(len(moves))):
            raise StorageError(f"load room {room_id!r}: its stored moves are not contiguous")
        return stored

    def rooms(
        self, *, mode: str | None = None, game: str | None = None, limit: int = 50
    ) -> list[RoomSummary]:
        """Return up to `limit` rooms, the most recently changed first, of `mode` and `game`
        when given (an operator's listing: `mousehole rooms`)."""
        where, params = [], []
        if mode is not None:
            where.append("mode = ?")
            params.append(mode)
        if game is not None:
            where.append("game = ?")
            params.append(game)
        sql = (
            "SELECT id, game, mode, seats, finished, started, created_at, updated_at,"
            " (SELECT count(*) FROM moves WHERE room_id = rooms.id) FROM rooms"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY updated_at DESC, id LIMIT ?"
        )
        try:
            with self._lock:
                rows = self._db.execute(sql, (*params, limit)).fetchall()
            return [RoomSummary.from_row(row) for row in rows]
        except (sqlite3.Error, ValueError) as error:
            raise StorageError(f"list rooms: {error}") from error

    def room_ids(self, prefix: str, limit: int = 2) -> list[str]:
        """Return the ids of up to `limit` rooms whose id is `prefix` or starts with it (an
        exact match alone when there is one)."""
        try:
            with self._lock:
                exact = self._db.execute("SELECT id FROM rooms WHERE id = ?", (prefix,)).fetchone()
                if exact is not None:
                    return [str(exact[0])]
                rows = self._db.execute(
                    "SELECT id FROM rooms WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT ?",
                    (len(prefix), prefix, limit),
                ).fetchall()
        except sqlite3.Error as error:
            raise StorageError(f"find room {prefix!r}: {error}") from error
        return [str(row[0]) for row in rows]

    def close(self) -> None:
        """Close the connection (a later call does nothing)."""
        with self._lock:
            self._db.close()

    def _rollback(self) -> None:
        try:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the connection itself is broken: the transaction did not happen


if TYPE_CHECKING:

    def _is_a_store(store: SQLiteStore) -> Store:
        return store  # mypy proves here that SQLiteStore implements the Protocol
