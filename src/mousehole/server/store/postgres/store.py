"""The PostgreSQL store: the rooms in a PostgreSQL database, written before anyone is told.

The same guarantees as `SQLiteStore` (docs/storage.md): a write returns once committed, a
batch of writes is one transaction in which a bad write fails alone, and `(room_id, idx)` is
the moves' primary key, so a second writer of a move (another instance, say) fails instead of
forking the match. The writer thread calls `write_batch`, so the store is synchronous: one
connection for writes and one for reads (a read never waits behind a commit), each behind a
lock, each opened again after it broke (PostgreSQL restarted). Statements are sent through
psycopg's pipeline: a batch of moves costs two round trips, however many moves it holds.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import psycopg

from ....engine import JSON
from ..batching import Result, check_follows, dumps, move_rows, now, run_batch
from ..stored import (
    MoveLike,
    RoomSummary,
    StorageError,
    StoredLine,
    StoredMove,
    StoredRoom,
    loads_seats,
)
from .appends import (
    Appending,
    Connection,
    Write,
    append_together,
    insert_moves,
    one_line,
    write_alone,
)
from .connection import SCHEMES, Link, redact
from .fence import NO_LEASE, Fence, fenced, leased
from .schema import migrate

if TYPE_CHECKING:
    from ..base import Store


def _stamp(value: datetime) -> str:
    """Return a stored time as the ISO text SQLite keeps (`appends.now`)."""
    return value.astimezone(UTC).isoformat(timespec="milliseconds")


class PostgresStore:
    """The rooms, moves and talk tables of one PostgreSQL database (docs/storage.md)."""

    def __init__(self, url: str):
        scheme = urlsplit(url).scheme
        self.where = redact(url)
        if scheme not in SCHEMES:
            raise StorageError(f"expected a postgresql:// URL, not {self.where!r}")
        self._instance: str | None = None
        """The cluster instance this store belongs to (`fence_as`), or None: one server."""
        self._tokens: dict[str, int] = {}
        """The lease token this instance holds of each room it drives (`hold`, `release`)."""
        self.failing: StorageError | None = None
        """Why the last batch failed as a whole (the server unreachable, a commit refused),
        until one commits again; None while commits succeed (the health check reads it)."""
        self._writer = Link(url)
        self._reader = Link(url)
        try:
            connection = self._writer.get()
            info = connection.info
            self._described = f"postgresql://{info.host}:{info.port}/{info.dbname}"
            migrate(connection, self.where)
        except psycopg.Error as error:
            self.close()
            raise StorageError(
                f"cannot use PostgreSQL at {self.where}: {one_line(error)}"
            ) from None
        except StorageError:
            self.close()
            raise

    def describe(self) -> str:
        """Return what the health check names: "postgresql://host:port/database"."""
        return self._described

    def schema_version(self) -> int:
        """Return the schema version of the database."""
        with self._read() as db:
            row = db.execute("SELECT max(version) FROM schema_version").fetchone()
        return int(row[0]) if row is not None else 0

    def write_all(self, what: str, writes: Iterable[Write]) -> None:
        """Run `writes` in one transaction, all or none; raise StorageError naming `what` and
        the cause when one fails (`mousehole migrate`: a copy is whole or nothing)."""
        with self._writer.lock:
            try:
                db = self._writer.get()
                with db.transaction():
                    for write in writes:
                        write(db)
            except psycopg.Error as error:
                self._writer.reset()
                raise StorageError(f"{what}: {one_line(error)}") from error
            except BaseException:
                self._writer.reset()
                raise

    # The writes, as functions of a connection that `write_batch` runs in one transaction.

    def fence_as(self, instance: str) -> None:
        """Fence every write to a room from now on with the lease `instance` holds of it
        (fence.py): this store belongs to that instance of a cluster (cluster/lease.py)."""
        self._instance = instance

    def hold(self, room_id: str, token: int) -> None:
        """Fence this instance's writes to `room_id` with lease `token` from now on (the
        cluster took or found the room's lease with it)."""
        self._tokens[room_id] = token

    def release(self, room_id: str) -> None:
        """Stop fencing writes to `room_id` with a token: they are refused until `hold`."""
        self._tokens.pop(room_id, None)

    def token(self, room_id: str) -> int | None:
        """Return the lease token this instance's writes to `room_id` carry, or None."""
        return self._tokens.get(room_id)

    def held(self) -> dict[str, int]:
        """Return each room this instance fences its writes to, with its token (a copy)."""
        return dict(self._tokens)

    def fence(self, room_id: str) -> Fence | None:
        """Return the lease a write to `room_id` must hold at its commit (None: one server)."""
        if self._instance is None:
            return None
        return (self._instance, self._tokens.get(room_id, NO_LEASE))

    def _fenced(self, room_id: str, write: Write) -> Write:
        return fenced(write, room_id, self.fence(room_id))

    def creating(self, room: StoredRoom) -> Write:
        """Return the write that stores a new room (refused if its id is taken)."""
        stamp = now()
        # as SQLite's: a new room starts with no talk and chat on
        copy = self.copying(
            replace(room, created_at=stamp, updated_at=stamp, chat=[], chat_on=True)
        )
        if self._instance is None:
            return copy
        return leased(copy, room.room_id, self._instance, self._tokens)

    def copying(self, room: StoredRoom) -> Write:
        """Return the write that stores a room exactly as given: its times, flags, moves and
        lines of talk (`mousehole migrate` copies rooms from SQLite with it)."""
        values = (
            room.room_id,
            room.game,
            dumps(room.options),
            dumps(room.seats),
            room.owner_hash,
            room.seed,
            room.secret,
            None if room.initial is None else dumps(room.initial),
            room.created_at,
            room.updated_at,
            room.finished,
            room.mode,
            room.host,
            room.started,
            room.chat_on,
        )
        rows = move_rows(room.room_id, room.moves)
        lines = [
            (room.room_id, ln.index, ln.seat, ln.name, ln.kind, ln.text, ln.at) for ln in room.chat
        ]

        def write(db: Connection) -> None:
            db.execute(
                "INSERT INTO rooms (id, game, options, seats, owner_hash, seed, secret, initial,"
                " created_at, updated_at, finished, mode, host, started, chat_on)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                values,
            )
            check_follows(room.room_id, 0, rows)
            insert_moves(db, rows)
            if lines:
                with db.cursor() as cursor:
                    cursor.executemany(
                        "INSERT INTO chat (room_id, idx, seat, name, kind, text, at)"
                        " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                        lines,
                    )

        return write

    def appending(
        self, room_id: str, moves: Sequence[MoveLike], *, finished: bool | None = None
    ) -> Appending:
        """Return the write that appends moves; refused unless they follow what is stored."""
        return Appending(room_id, move_rows(room_id, moves), finished, self.fence(room_id))

    def seating(self, room_id: str, seats: list[JSON], *, host: int | None, started: bool) -> Write:
        """Return the write that stores an online room's seats, host and started flag."""
        values = (dumps(seats), host, started)

        def write(db: Connection) -> None:
            found = db.execute(
                "UPDATE rooms SET seats = %s, host = %s, started = %s, updated_at = %s"
                " WHERE id = %s RETURNING id",
                (*values, now(), room_id),
            ).fetchone()
            if found is None:
                raise StorageError(f"update room {room_id!r}: no such room is stored")

        return self._fenced(room_id, write)

    def saying(self, room_id: str, line: StoredLine, *, keep: int) -> Write:
        """Return the write that stores a line of talk, deleting the lines more than `keep`
        older (docs/storage.md)."""
        row = (room_id, line.index, line.seat, line.name, line.kind, line.text, line.at)

        def write(db: Connection) -> None:
            db.execute(
                "INSERT INTO chat (room_id, idx, seat, name, kind, text, at)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                row,
            )
            db.execute(
                "DELETE FROM chat WHERE room_id = %s AND idx <= %s", (room_id, line.index - keep)
            )

        return self._fenced(room_id, write)

    def switching_chat(self, room_id: str, on: bool) -> Write:
        """Return the write that stores the host's chat switch of an online room."""

        def write(db: Connection) -> None:
            found = db.execute(
                "UPDATE rooms SET chat_on = %s WHERE id = %s RETURNING id", (on, room_id)
            ).fetchone()
            if found is None:
                raise StorageError(f"switch chat of room {room_id!r}: no such room is stored")

        return self._fenced(room_id, write)

    def pruning(
        self, *, finished_before: str, idle_before: str, keep: Sequence[str], pruned: list[str]
    ) -> Write:
        """Return the write that deletes expired rooms (their moves and talk go with them, ON
        DELETE CASCADE), except those in `keep`, naming them in `pruned`. In a cluster `keep`
        holds only this instance's sockets, so a room another live instance drives is kept
        too: its sockets (relayed from anywhere) are that instance's to count, and it prunes
        the room itself once nobody is connected."""
        kept = list(keep)
        sql = (
            "DELETE FROM rooms WHERE ((finished AND updated_at < %s::timestamptz)"
            " OR updated_at < %s::timestamptz) AND NOT (id = ANY(%s::text[]))"
        )
        values: tuple[Any, ...] = (finished_before, idle_before, kept)
        if self._instance is not None:
            sql += (
                " AND NOT EXISTS (SELECT 1 FROM room_leases l JOIN cluster_instances i"
                " ON i.id = l.owner WHERE l.room = rooms.id AND l.owner <> %s"
                " AND i.expires > now())"
            )
            values += (self._instance,)

        def write(db: Connection) -> None:
            rows = db.execute(sql + " RETURNING id", values).fetchall()
            pruned.extend(str(row[0]) for row in rows)

        return write

    def together(self, writes: Sequence[Write]) -> Write:
        """Return one write that runs `writes` in order, all or none (a single write as it is,
        so that an `Appending` is stored with its neighbours)."""
        if len(writes) == 1:
            return writes[0]
        runs = list(writes)

        def write(db: Connection) -> None:
            for one in runs:
                one(db)

        return write

    def write_batch(self, writes: Sequence[tuple[str, Write]]) -> list[StorageError | None]:
        """Run `writes` in one transaction, in order; return each one's error (None: stored).

        A write that fails is rolled back alone (a savepoint each); consecutive appends are
        stored together (`_append_together`). When the batch cannot commit (the server is
        unreachable or refused the commit), every write gets that error and `failing` says
        so until a batch commits again.
        """
        results: list[Result] = []
        with self._writer.lock:
            try:
                db = self._writer.get()
                with db.pipeline() as pipe:
                    db.execute("BEGIN")
                    results = run_batch(
                        writes,
                        Appending,
                        lambda run: append_together(db, pipe, run),
                        lambda what, write: write_alone(db, pipe, what, write),
                    )
                    db.execute("COMMIT")
            except psycopg.Error as error:
                self._writer.reset()
                failed = StorageError(f"commit of {len(writes)} writes: {one_line(error)}")
                self.failing = failed
                return [failed for _ in writes]
            except BaseException:  # a bug in a write: nothing of the batch, the store usable
                self._writer.reset()
                raise
            self.failing = None
        return results

    # Reads, on a connection of their own.

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """Yield the reading connection, in a read-only transaction that sees one snapshot;
        a connection found broken (PostgreSQL restarted) is opened again once."""
        with self._reader.lock:
            for attempt in (1, 2):
                try:
                    db = self._reader.get()
                    db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    break
                except psycopg.OperationalError:
                    self._reader.reset()
                    if attempt == 2:
                        raise
            try:
                yield db
            finally:
                self._reader.reset()  # a read: nothing to commit

    def load(self, room_id: str, *, lines: int = 0) -> StoredRoom | None:
        """Return the room with all its moves and its last `lines` lines of talk, or None."""
        try:
            with self._read() as db, db.pipeline():
                room = db.execute(
                    "SELECT id, game, options, seats, owner_hash, seed, secret, initial,"
                    " created_at, updated_at, finished, mode, host, started, chat_on,"
                    " (SELECT coalesce(max(idx) + 1, 0) FROM chat WHERE room_id = rooms.id)"
                    " FROM rooms WHERE id = %s",
                    (room_id,),
                )
                moves = db.execute(
                    "SELECT idx, seat, action FROM moves WHERE room_id = %s ORDER BY idx",
                    (room_id,),
                )
                talk = db.execute(
                    "SELECT idx, seat, name, kind, text, at FROM chat WHERE room_id = %s"
                    " ORDER BY idx DESC LIMIT %s",
                    (room_id, lines),
                )
                row, move_rows_, talk_rows = room.fetchone(), moves.fetchall(), talk.fetchall()
            if row is None:
                return None
            stored = StoredRoom(
                room_id=row[0],
                game=row[1],
                options=json.loads(row[2]),
                seats=loads_seats(row[3]),
                owner_hash=row[4],
                seed=row[5],
                secret=row[6],
                initial=None if row[7] is None else json.loads(row[7]),
                moves=[StoredMove(i, seat, json.loads(action)) for i, seat, action in move_rows_],
                finished=row[10],
                created_at=_stamp(row[8]),
                updated_at=_stamp(row[9]),
                mode=row[11],
                host=row[12],
                started=row[13],
                chat_on=row[14],
                chat=[
                    StoredLine(i, seat, name, kind, text, _stamp(at))
                    for i, seat, name, kind, text, at in reversed(talk_rows)
                ],
                chat_count=int(row[15]),
            )
        except (psycopg.Error, ValueError, TypeError) as error:
            raise StorageError(f"load room {room_id!r}: {one_line(error)}") from error
        if [m.index for m in stored.moves] != list(range(len(stored.moves))):
            raise StorageError(f"load room {room_id!r}: its stored moves are not contiguous")
        return stored

    def rooms(
        self, *, mode: str | None = None, game: str | None = None, limit: int = 50
    ) -> list[RoomSummary]:
        """Return up to `limit` rooms, the most recently changed first, of `mode` and `game`
        when given (an operator's listing: `mousehole rooms`)."""
        try:
            with self._read() as db:
                rows = db.execute(
                    "SELECT id, game, mode, seats, finished, started, created_at, updated_at,"
                    " (SELECT count(*) FROM moves WHERE room_id = rooms.id) FROM rooms"
                    " WHERE (%(mode)s::text IS NULL OR mode = %(mode)s)"
                    " AND (%(game)s::text IS NULL OR game = %(game)s)"
                    " ORDER BY updated_at DESC, id LIMIT %(limit)s",
                    {"mode": mode, "game": game, "limit": limit},
                ).fetchall()
            return [RoomSummary.from_row(row, _stamp) for row in rows]
        except (psycopg.Error, ValueError) as error:
            raise StorageError(f"list rooms: {one_line(error)}") from error

    def room_ids(self, prefix: str, limit: int = 2) -> list[str]:
        """Return the ids of up to `limit` rooms whose id is `prefix` or starts with it (an
        exact match alone when there is one)."""
        try:
            with self._read() as db:
                exact = db.execute("SELECT id FROM rooms WHERE id = %s", (prefix,)).fetchone()
                if exact is not None:
                    return [str(exact[0])]
                rows = db.execute(
                    "SELECT id FROM rooms WHERE left(id, %s) = %s ORDER BY id LIMIT %s",
                    (len(prefix), prefix, limit),
                ).fetchall()
        except psycopg.Error as error:
            raise StorageError(f"find room {prefix!r}: {one_line(error)}") from error
        return [str(row[0]) for row in rows]

    def close(self) -> None:
        """Close both connections (a later call does nothing)."""
        self._writer.close()
        self._reader.close()


__all__ = ["Appending", "PostgresStore", "redact"]

if TYPE_CHECKING:

    def _is_a_store(store: PostgresStore) -> Store:
        return store  # mypy proves here that PostgresStore implements the Protocol
