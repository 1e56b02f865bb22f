"""The PostgreSQL schema: the tables as created, the steps after them, and the migration.

Its versions are SQLite's (`sqlite/schema.py`): version N holds the same rooms, moves and talk
in either database, so a change to what is stored is a step in both
(tests/server/store/postgres/test_schema.py checks that the two numbers agree). A new database
is created at `BASELINE` in one step, since PostgreSQL came after SQLite's versions 1 and 2;
`MIGRATIONS[v]` will bring v-1 to v. docs/storage.md ("PostgreSQL") shows the tables.
"""

from __future__ import annotations

from typing import Any

import psycopg

from ..stored import StorageError

SCHEMA_VERSION = 3
"""The schema this code reads and writes (the same number as SQLite's `schema.SCHEMA_VERSION`)."""

BASELINE = 3
"""The version an empty database is created at, by `CREATE`."""

CREATE: tuple[str, ...] = (
    # JSON is kept as the text SQLite keeps (compact, sorted keys: appends.dumps), so a room
    # reads back byte for byte whichever database holds it; times are timestamptz, in UTC.
    """CREATE TABLE rooms (
        id text PRIMARY KEY,
        game text NOT NULL,
        options text NOT NULL,          -- JSON object: the game's options
        seats text NOT NULL,            -- JSON list: each seat (state, name, token hash...)
        owner_hash text NOT NULL,       -- SHA-256 of the owner token (never the token)
        seed bigint,                    -- the chance seed, or NULL when a fairness secret
        secret text,                    -- decides chance instead
        initial text,                   -- JSON: starting position of a resumed record, or NULL
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        finished boolean NOT NULL DEFAULT false,
        mode text NOT NULL DEFAULT 'local' CHECK (mode IN ('local', 'online')),
        host integer,                   -- the host's seat of an online room
        started boolean NOT NULL DEFAULT true,
        chat_on boolean NOT NULL DEFAULT true
    )""",
    # the listing (newest change first) and pruning (oldest) read rooms by their last change
    "CREATE INDEX rooms_updated_at ON rooms (updated_at)",
    """CREATE TABLE moves (
        room_id text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
        idx integer NOT NULL CHECK (idx >= 0),  -- the version before the move
        seat integer,                   -- NULL: a chance outcome
        action text NOT NULL,           -- JSON: the action or outcome
        PRIMARY KEY (room_id, idx)      -- a second writer of a move fails: no forked match
    )""",
    """CREATE TABLE chat (
        room_id text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
        idx integer NOT NULL CHECK (idx >= 0),  -- the room's lines in order, never reused
        seat integer NOT NULL,
        name text NOT NULL,             -- the seat's name then
        kind text NOT NULL,             -- 'react' (text: a reaction id) or 'chat'
        text text NOT NULL,
        at timestamptz NOT NULL,
        PRIMARY KEY (room_id, idx)
    )""",
)

MIGRATIONS: dict[int, tuple[str, ...]] = {}
"""`MIGRATIONS[v]` brings version v-1 to v, for v after `BASELINE` (none yet)."""

MIGRATION_LOCK = 0x6D6F7573
"""The advisory lock key ("mous") held while migrating: instances starting together on one
database migrate it once, one after the other."""


def migrate(connection: psycopg.Connection[Any], where: str) -> int:
    """Bring the database to SCHEMA_VERSION in one transaction; return the version it had.

    Refuse (StorageError naming `where`) a database whose version is newer than this code.
    """
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)")
        row = connection.execute("SELECT max(version) FROM schema_version").fetchone()
        found = int(row[0]) if row is not None and row[0] is not None else 0
        if found > SCHEMA_VERSION:
            raise StorageError(
                f"{where} has schema version {found}; this server knows only up to "
                f"{SCHEMA_VERSION}: upgrade the server"
            )
        current = found
        if current == 0:
            for statement in CREATE:
                connection.execute(statement.encode())
            current = BASELINE
        for version in range(current + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[version]:
                connection.execute(statement.encode())
        if found != SCHEMA_VERSION:
            connection.execute("DELETE FROM schema_version")
            connection.execute(
                "INSERT INTO schema_version (version) VALUES (%s)", (SCHEMA_VERSION,)
            )
    return found
