"""`mousehole rooms` and `migrate`: the stored rooms, listed, printed and copied."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..games import GAMES
from .common import DATABASE_VARIABLE, database_url, fail

if TYPE_CHECKING:
    from ..server.store import Store


def run_rooms(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """List stored rooms (newest change first), or print one room's record as JSON."""
    from ..server.store import StorageError

    if args.game is not None and args.game not in GAMES:
        parser.error(f"unknown game {args.game!r}: choose one of {', '.join(sorted(GAMES))}")
    if args.limit < 1:
        parser.error(f"--limit must be at least 1, not {args.limit}")
    store, where = open_store_for(args, parser)
    try:
        if args.room is None:
            found = store.rooms(mode=args.mode, game=args.game, limit=args.limit)
            if args.json:
                for room in found:
                    print(json.dumps(room.to_json(), ensure_ascii=False))
            else:
                print(rooms_table(found))
            return 0
        key = args.room.strip()
        ids = store.room_ids(key) or store.room_ids(key.upper())  # codes are upper case
        if not ids:
            print(f"mousehole rooms: no room {key!r} in {where}", file=sys.stderr)
            return 1
        if len(ids) > 1:
            print(f"mousehole rooms: {key!r} starts more than one room id", file=sys.stderr)
            return 1
        stored = store.load(ids[0])
        assert stored is not None  # ids came from the same file
        record = stored.record_json()
        if not stored.finished and record.pop("secret", None) is not None:
            print(
                f"mousehole rooms: {ids[0]} is still being played: its fairness secret is "
                "left out (it is revealed when the match ends)",
                file=sys.stderr,
            )
        print(json.dumps(record, ensure_ascii=False, indent=1))
        return 0
    except StorageError as error:
        print(f"mousehole rooms: {error}", file=sys.stderr)
        return 1
    finally:
        store.close()


def open_store_for(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[Store, str]:
    """Return the store that `--db` or `--database` names, and how to name it in messages."""
    from ..server.http.app import open_store
    from ..server.store import DEFAULT_DB_PATH, StorageError

    database = database_url(args, parser)
    if database is not None:
        try:
            store = open_store(database=database)
        except StorageError as error:
            fail(parser, str(error))
        return store, store.describe()
    path = Path(args.db) if args.db else DEFAULT_DB_PATH
    if not path.is_file():  # never create an empty database by looking for one
        parser.error(f"no database at {str(path)!r} (mousehole serve --db {path} makes one)")
    try:
        return open_store(str(path)), repr(str(path))
    except StorageError as error:
        parser.error(str(error))


def run_migrate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Copy every room of a SQLite file into PostgreSQL; check each copy by replay."""
    from ..server.store import DEFAULT_DB_PATH, SQLiteStore, StorageError

    database = args.database or os.environ.get(DATABASE_VARIABLE, "").strip()
    if not database:
        parser.error(f"--database: which PostgreSQL database? (a URL, or ${DATABASE_VARIABLE})")
    path = Path(args.db) if args.db else DEFAULT_DB_PATH
    if not path.is_file():
        parser.error(f"no database at {str(path)!r}")
    try:
        source = SQLiteStore(path)
    except StorageError as error:
        parser.error(str(error))
    try:
        try:
            from ..server.store.transfer import PostgresStore, copy_rooms
        except ImportError:
            fail(parser, "PostgreSQL needs psycopg: pip install 'mousehole[postgres]'")
        try:
            target = PostgresStore(database)
        except StorageError as error:
            fail(parser, str(error))
        try:
            copied = copy_rooms(source, target)
            print(copied.summary(repr(str(path)), target.describe()))
            return 0
        except StorageError as error:
            print(f"mousehole migrate: {error}", file=sys.stderr)
            return 1
        finally:
            target.close()
    finally:
        source.close()


def rooms_table(rooms: Sequence[Any]) -> str:
    """Return the rooms as an aligned text table (long private ids shortened)."""
    if not rooms:
        return "no rooms"
    header = ("ROOM", "GAME", "MODE", "STATUS", "MOVES", "UPDATED (UTC)", "SEATS")
    rows = [header]
    for room in rooms:
        seats = []
        for seat in room.seats:
            state = seat.get("state", seat.get("kind"))
            if state == "open":
                seats.append("(open)")
            elif seat.get("kind") == "computer":
                seats.append(f"{seat.get('name')} (computer {seat.get('level')})")
            else:
                seats.append(f"{seat.get('name')}" + (f" ({state})" if state == "assisted" else ""))
        rows.append(
            (
                room.room_id if len(room.room_id) <= 20 else room.room_id[:18] + "…",
                room.game,
                room.mode,
                room.status,
                str(room.moves),
                room.updated_at[:16].replace("T", " "),
                ", ".join(seats),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header) - 1)]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(widths[i]) if i == 4 else cell.ljust(widths[i])
            for i, cell in enumerate(row[:-1])
        ]
        lines.append("  ".join([*cells, row[-1]]))
    return "\n".join(lines)
