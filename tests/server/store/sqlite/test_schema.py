"""SQLite files of older schema versions migrated to the current one
(src/mousehole/server/store/sqlite/schema.py; docs/storage.md)."""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from mousehole.server.rooms.room import Room
from mousehole.server.store import SQLiteStore
from mousehole.server.store.sqlite.schema import MIGRATIONS, SCHEMA_VERSION
from tests.server import scenes
from tests.server.store import writes

from ..backends import new_room


def test_a_version_1_file_is_migrated_to_the_current_version_and_its_rooms_load_as_local(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v1.sqlite3"
    room = new_room()
    stored = room.stored()
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (1)")
        for statement in MIGRATIONS[1]:
            db.execute(statement)
        db.execute(
            "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, 'then', 'then', 0)",
            (
                stored.room_id,
                stored.game,
                json.dumps(stored.options),
                json.dumps(stored.seats),
                stored.owner_hash,
                stored.seed,
            ),
        )
        db.executemany(
            "INSERT INTO moves VALUES (?, ?, ?, ?)",
            [(stored.room_id, m.index, m.seat, json.dumps(m.action)) for m in stored.moves],
        )

    migrated = SQLiteStore(path)
    try:
        assert migrated.schema_version() == SCHEMA_VERSION
        loaded = migrated.load(room.room_id)
        assert loaded is not None and loaded.moves == stored.moves
        assert (loaded.mode, loaded.host, loaded.started) == ("local", None, True)
    finally:
        migrated.close()


def test_a_version_2_file_is_migrated_to_version_3_and_its_online_rooms_talk_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v2.sqlite3"
    online, _, _ = Room.create(
        scenes.NAME,
        scenes.OPTIONS,
        [{"kind": "open"}, {"kind": "open"}],
        "Ann",
        code="K7QM4X",
        clock=time.monotonic,
        grace=60,
    )
    stored = online.stored()
    with closing(sqlite3.connect(path)) as db, db:  # a file as the version-2 server wrote it
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (2)")
        for statement in (*MIGRATIONS[1], *MIGRATIONS[2]):
            db.execute(statement)
        db.execute(
            "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, 'then', 'then', 0,"
            " 'online', 0, 0)",
            (
                stored.room_id,
                stored.game,
                json.dumps(stored.options),
                json.dumps(stored.seats),
                stored.owner_hash,
                stored.secret,
            ),
        )

    migrated = SQLiteStore(path)
    try:
        assert migrated.schema_version() == 3
        loaded = migrated.load("K7QM4X", lines=50)
        assert loaded is not None and loaded.seats == stored.seats
        assert (loaded.mode, loaded.chat_on, loaded.chat, loaded.chat_count) == (
            "online",
            True,
            [],
            0,
        )
        room = Room.from_stored(loaded, clock=time.monotonic, grace=60)
        line = room.talk.say(0, "Ann", "chat", {"text": "Still here"})
        writes.create(migrated, new_room().stored())  # the file takes new rooms and talk alike
        writes.write(
            migrated,
            "say",
            migrated.together(
                [
                    migrated.saying("K7QM4X", line, keep=500),
                    migrated.switching_chat("K7QM4X", False),
                ]
            ),
        )
        again = migrated.load("K7QM4X", lines=50)
        assert again is not None and again.chat == [line] and again.chat_on is False
    finally:
        migrated.close()
