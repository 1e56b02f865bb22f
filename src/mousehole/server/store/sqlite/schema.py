"""The SQLite schema, as the steps that build it: `MIGRATIONS[v]` brings version v-1 to v.

docs/storage.md shows the tables as they are at SCHEMA_VERSION.
"""

from __future__ import annotations

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
