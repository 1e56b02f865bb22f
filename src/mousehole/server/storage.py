"""Where the web app keeps its rooms: one SQLite file, written before anyone is told.

The record is the truth (architecture habit 2): a room is stored as its setup (game, options,
seats, seed) and every committed move, never as a snapshot; loading a room replays its moves.
See docs/storage.md for the schema and the durability guarantees.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

import orjson

from ..engine import JSON
from .text import repair_name

DEFAULT_DB_PATH = Path("var") / "mousehole.sqlite3"
"""The database used when none is given, relative to the working directory."""

SCHEMA_VERSION = 3
"""The schema this code reads and writes; `MIGRATIONS[v]` brings version v-1 to v."""

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE rooms (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,      -- JSON object: the game's options
            seats TEXT NOT NULL,        -- JSON list: [{seat, kind, name, level}]
            owner_hash TEXT NOT NULL,   -- SHA-256 of the owner token (never the token)
            seed INTEGER,               -- the chance seed of the room's match, or NULL when
            secret TEXT,                -- a fairness secret decides its chance instead
            initial TEXT,               -- JSON: starting position of a resumed record, or NULL
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE moves (
            room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,       -- 0-based index in the record (the version before it)
            seat INTEGER,               -- NULL: a chance outcome
            action TEXT NOT NULL,       -- JSON: the action or outcome
            PRIMARY KEY (room_id, idx)
        ) WITHOUT ROWID""",
    ),
    # 2: online rooms (docs/online.md). Their id is the room code; their seats JSON also holds
    # each seat's state ("open", "human", "computer", "assisted") and its token's SHA-256.
    2: (
        "ALTER TABLE rooms ADD COLUMN mode TEXT NOT NULL DEFAULT 'local'",  # 'local' | 'online'
        "ALTER TABLE rooms ADD COLUMN host INTEGER",  # the host's seat (online rooms)
        "ALTER TABLE rooms ADD COLUMN started INTEGER NOT NULL DEFAULT 1",
    ),
    # 3: talk in online rooms (docs/online.md, Talk): what was said, and the host's switch.
    3: (
        """CREATE TABLE chat (
            room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,       -- 0, 1, 2, ...: the room's lines in order
            seat INTEGER NOT NULL,      -- who said it
            name TEXT NOT NULL,         -- the seat's name then
            kind TEXT NOT NULL,         -- 'react' (text: a reaction id) or 'chat'
            text TEXT NOT NULL,
            at TEXT NOT NULL,           -- ISO 8601, UTC
            PRIMARY KEY (room_id, idx)
        ) WITHOUT ROWID""",
        "ALTER TABLE rooms ADD COLUMN chat_on INTEGER NOT NULL DEFAULT 1",  # the host's switch
    ),
}


class StorageError(RuntimeError):
    """The database cannot be created, written or read, or refused a write as inconsistent."""


Write = Callable[[sqlite3.Connection], None]
"""One change to the database, run inside a transaction that the caller opens and commits."""


class MoveLike(Protocol):
    """A committed move as the store needs it (`room.Committed` is one)."""

    @property
    def index(self) -> int: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def action(self) -> JSON: ...


@dataclass(frozen=True)
class StoredMove:
    """One stored move: its index in the record, its seat (None: chance) and its JSON action."""

    index: int
    seat: int | None
    action: JSON


@dataclass(frozen=True)
class StoredLine:
    """One stored line of a room's talk (`talk.Line` is one): a reaction or a chat line."""

    index: int
    seat: int
    name: str
    kind: str
    text: str
    at: str


@dataclass(frozen=True)
class StoredRoom:
    """Everything stored about a room: its setup and every committed move, in order."""

    room_id: str
    game: str
    options: JSON
    seats: list[JSON]
    owner_hash: str
    seed: int | None
    secret: str | None = None
    initial: JSON | None = None
    moves: list[StoredMove] = field(default_factory=list)
    finished: bool = False
    created_at: str = ""
    updated_at: str = ""
    mode: str = "local"
    """"local" (a browser's private room) or "online" (a room with a code: docs/online.md)."""
    host: int | None = None
    """The host's seat of an online room."""
    started: bool = True
    """False while an online room waits for its host's start."""
    chat_on: bool = True
    """False when the host of an online room has switched chat off."""
    chat: list[StoredLine] = field(default_factory=list)
    """The room's last lines of talk, oldest first (as many as `RoomStore.load` was asked)."""
    chat_count: int = 0
    """How many lines the room has had (the index of its next one)."""

    def record_json(self) -> JSON:
        """Return the stored match as record JSON (what `mousehole.engine.replay` reads)."""
        data: JSON = {
            "format": "mousehole-record/1",
            "game": self.game,
            "options": dict(self.options),
            "initial": self.initial,
            "seed": self.seed,
        }
        if self.secret is not None:  # the match carries on with its own secret
            data["secret"] = self.secret
        data["moves"] = [
            {"seat": "chance" if m.seat is None else m.seat, "action": m.action} for m in self.moves
        ]
        return data


@dataclass(frozen=True)
class RoomSummary:
    """One line of `RoomStore.rooms`: a room's setup and progress, without its moves."""

    room_id: str
    game: str
    mode: str
    seats: list[JSON]
    moves: int
    finished: bool
    started: bool
    created_at: str
    updated_at: str

    @property
    def status(self) -> str:
        """Return "waiting" (an online room before its start), "playing" or "finished"."""
        if self.finished:
            return "finished"
        return "playing" if self.started else "waiting"

    def to_json(self) -> JSON:
        return {
            "room": self.room_id,
            "game": self.game,
            "mode": self.mode,
            "status": self.status,
            "moves": self.moves,
            "seats": [
                {key: seat[key] for key in ("kind", "state", "name", "level") if key in seat}
                for seat in self.seats
            ],  # never a token hash
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        }


SYNC_MODES = {"normal": "NORMAL", "full": "FULL"}
"""How durable a commit is when it returns (SQLite's `synchronous` in WAL mode): "normal"
survives a crash or kill of the server, never corrupts and fsyncs at checkpoints; "full" also
fsyncs every commit, so that it survives a power cut, at the cost of every update waiting on
the disk's flush (docs/storage.md, docs/benchmarks.md)."""
DEFAULT_SYNC = "normal"


Row = tuple[str, int, int | None, str]
"""One row of the moves table: room id, index, seat (None: chance), action as JSON text."""


def _check_follows(room_id: str, stored: int, rows: Sequence[Row]) -> None:
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
    """The write that appends moves to a stored room (`RoomStore.appending`).

    Called, it is a Write like any other; `RoomStore.write_batch` also knows it as data, and
    stores consecutive appends together (`RoomStore._append_together`).
    """

    room_id: str
    rows: list[Row]
    finished: bool | None = None

    def missing(self) -> StorageError:
        """Return the error of an append to a room that is not stored."""
        return StorageError(f"append to room {self.room_id!r}: no such room is stored")

    def __call__(self, db: sqlite3.Connection) -> None:
        # moves are stored without gaps from 0 (`_check_follows`), so the count is the last
        # index + 1: max() reads one entry of the primary key, count(*) walks them all
        row = db.execute(
            "SELECT (SELECT coalesce(max(idx) + 1, 0) FROM moves WHERE room_id = ?)"
            " FROM rooms WHERE id = ?",
            (self.room_id, self.room_id),
        ).fetchone()
        if row is None:
            raise self.missing()
        RoomStore._insert_rows(db, self.room_id, int(row[0]), self.rows)
        db.execute(
            "UPDATE rooms SET updated_at = ?, finished = coalesce(?, finished) WHERE id = ?",
            (_now(), None if self.finished is None else int(self.finished), self.room_id),
        )


def prepare_sqlite(path: Path) -> Path:
    """Return `path` after creating its folder and the database file, proven writable.

    Raise StorageError naming the path and the cause when it cannot be written, so that a bad
    `--db` stops the server at startup rather than at the first move.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(path)) as connection:
            # BEGIN IMMEDIATE takes the write lock: it fails on a read-only file or folder
            # without changing the database (RoomStore creates the schema afterwards).
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("ROLLBACK")
    except (OSError, sqlite3.Error) as error:
        raise StorageError(f"cannot write the SQLite database {str(path)!r}: {error}") from error
    return path


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _loads_seats(text: str) -> Any:
    """Return a room's stored seats, each name made valid (`text.repair_name`: refused
    characters become U+FFFD). Rooms stored before names were checked may hold a lone
    surrogate, which no answer about the room could carry, or a control character."""
    seats = json.loads(text)
    if not isinstance(seats, list):
        return seats  # the room's rebuild names the problem (bad_seats)
    return [
        seat | {"name": repair_name(seat["name"], f"Seat {index + 1}")}
        if isinstance(seat, dict) and "name" in seat
        else seat
        for index, seat in enumerate(seats)
    ]


def _dumps(value: Any) -> str:
    """Return compact JSON text with sorted keys (orjson: every move is encoded on the event
    loop; the standard library, about 3 times slower, for what orjson refuses, such as an
    integer beyond 64 bits)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), sort_keys=True)


class RoomStore:
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

    def create(self, room: StoredRoom) -> None:
        """Store a new room and the moves it already has, in one transaction."""
        with self._write(f"create room {room.room_id!r}") as db:
            self.creating(room)(db)

    def append(
        self, room_id: str, moves: Sequence[MoveLike], *, finished: bool | None = None
    ) -> None:
        """Store the moves that follow a room's last stored move, in one transaction.

        Raise StorageError, storing nothing, when the room is unknown or the moves leave a gap
        or overlap what is stored. `finished` (when given) updates the room's finished flag.
        """
        with self._write(f"append to room {room_id!r}") as db:
            self.appending(room_id, moves, finished=finished)(db)

    def update_seats(
        self, room_id: str, seats: list[JSON], *, host: int | None, started: bool
    ) -> None:
        """Store an online room's seats, host and started flag (its moves are untouched)."""
        with self._write(f"update the seats of room {room_id!r}") as db:
            self.seating(room_id, seats, host=host, started=started)(db)

    # The writes as functions of a connection, so that `write_batch` can run many of them in
    # one transaction (group commit: one fsync for every change queued meanwhile).

    def creating(self, room: StoredRoom) -> Write:
        """Return the write that stores a new room (see `create`)."""
        now = _now()
        row = (
            room.room_id,
            room.game,
            _dumps(room.options),
            _dumps(room.seats),
            room.owner_hash,
            room.seed,
            room.secret,
            None if room.initial is None else _dumps(room.initial),
            now,
            now,
            int(room.finished),
            room.mode,
            room.host,
            int(room.started),
        )
        rows = self._move_rows(room.room_id, room.moves)

        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO rooms (id, game, options, seats, owner_hash, seed, secret, initial,"
                " created_at, updated_at, finished, mode, host, started)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )
            self._insert_rows(db, room.room_id, 0, rows)

        return write

    def appending(
        self, room_id: str, moves: Sequence[MoveLike], *, finished: bool | None = None
    ) -> Appending:
        """Return the write that appends moves to a stored room (see `append`)."""
        return Appending(room_id, self._move_rows(room_id, moves), finished)

    def seating(self, room_id: str, seats: list[JSON], *, host: int | None, started: bool) -> Write:
        """Return the write that stores an online room's seats (see `update_seats`)."""
        values = (_dumps(seats), host, int(started))

        def write(db: sqlite3.Connection) -> None:
            cursor = db.execute(
                "UPDATE rooms SET seats = ?, host = ?, started = ?, updated_at = ? WHERE id = ?",
                (*values, _now(), room_id),
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

    def write_batch(self, writes: Sequence[tuple[str, Write]]) -> list[StorageError | None]:
        """Run `writes` in one transaction, in order; return each one's error (None: stored).

        A write that fails is rolled back alone (its error names `what`); the others commit
        together. When the commit itself fails, every write gets that error. Consecutive
        `Appending` writes (the moves of play, nearly every write) are stored together by
        `_append_together` in three statements, however many there are; any other write runs
        in a savepoint of its own.
        """
        results: list[StorageError | None] = []
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                run: list[tuple[str, Appending]] = []
                for what, write in writes:
                    if isinstance(write, Appending):
                        run.append((what, write))
                        continue
                    if run:
                        results += self._append_together(db, run)
                        run = []
                    results.append(self._write_alone(db, what, write))
                if run:
                    results += self._append_together(db, run)
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

    def _append_together(
        self, db: sqlite3.Connection, run: Sequence[tuple[str, Appending]]
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
                    _check_follows(append.room_id, stored, append.rows)
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
                    (_now(), orjson.dumps(list(flags.items())).decode()),
                )
        except sqlite3.Error:
            db.execute("ROLLBACK TO run")
            db.execute("RELEASE run")
            return [self._write_alone(db, what, append) for what, append in run]
        db.execute("RELEASE run")
        return results

    @staticmethod
    def _move_rows(room_id: str, moves: Sequence[MoveLike]) -> list[Row]:
        """Return the moves as rows of the moves table (taken when the write is queued)."""
        return [(room_id, m.index, m.seat, _dumps(m.action)) for m in moves]

    @staticmethod
    def _insert_rows(
        db: sqlite3.Connection, room_id: str, stored: int, rows: Sequence[Row]
    ) -> None:
        """Insert move rows after the `stored` moves a room has; refuse a gap or an overlap."""
        _check_follows(room_id, stored, rows)
        db.executemany("INSERT INTO moves (room_id, idx, seat, action) VALUES (?, ?, ?, ?)", rows)

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
                seats=_loads_seats(row[3]),
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
            return [
                RoomSummary(
                    room_id=row[0],
                    game=row[1],
                    mode=row[2],
                    seats=_loads_seats(row[3]),
                    finished=bool(row[4]),
                    started=bool(row[5]),
                    created_at=row[6],
                    updated_at=row[7],
                    moves=int(row[8]),
                )
                for row in rows
            ]
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

    @contextmanager
    def _write(self, what: str) -> Iterator[sqlite3.Connection]:
        """Run the body in one BEGIN IMMEDIATE ... COMMIT; roll back on any failure.

        A SQLite failure (disk full, read-only file, closed store) becomes a StorageError
        naming `what`; nothing of the transaction is kept.
        """
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                db.execute("COMMIT")
            except BaseException as error:
                self._rollback()
                if isinstance(error, sqlite3.Error):
                    raise StorageError(f"{what}: {error}") from error
                raise

    def _rollback(self) -> None:
        try:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the connection itself is broken: the transaction did not happen
