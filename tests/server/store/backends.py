"""The two stores the storage contract runs on, and plain SQL beside them.

`backend` (a fixture of tests/server/store/conftest.py) is a `SQLite` file or a `Postgres`
database of the tests' own cluster (tests/pg.py); `open()` gives a store on it, as a server
started there would have, and `execute` / `query` reach its tables as an operator or another
process would: SQL written with `?` placeholders, which the PostgreSQL one turns into `%s`.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from mousehole.server.rooms.table import Table
from mousehole.server.store import SQLiteStore
from mousehole.server.store.postgres import PostgresStore
from tests.server import scenes

AnyStore = SQLiteStore | PostgresStore


def new_room() -> Table:
    """Return a room of the tests' game (tests/server/scenes.py), id r1, not stored yet."""
    room, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="r1")
    return room


class SQLite:
    name = "sqlite"

    def __init__(self, path: Path):
        self.path = path

    def open(self) -> SQLiteStore:
        return SQLiteStore(self.path)

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        with closing(sqlite3.connect(self.path)) as db, db:
            db.execute(sql, params)

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with closing(sqlite3.connect(self.path)) as db:
            return db.execute(sql, params).fetchall()

    def refuse_moves_of(self, room_id: str, message: str) -> None:
        """Make the database refuse every move of one room (a trigger), as a full disk would."""
        self.execute(
            f"CREATE TRIGGER refuse BEFORE INSERT ON moves WHEN NEW.room_id = '{room_id}'"
            f" BEGIN SELECT RAISE(ABORT, '{message}'); END"
        )


class Postgres:
    name = "postgres"

    def __init__(self, url: str):
        self.url = url

    def open(self) -> PostgresStore:
        return PostgresStore(self.url)

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as db:
            db.execute(sql.replace("?", "%s").encode(), params)

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as db:
            return db.execute(sql.replace("?", "%s").encode(), params).fetchall()

    def refuse_moves_of(self, room_id: str, message: str) -> None:
        """Make the database refuse every move of one room (a trigger), as a full disk would."""
        self.execute(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            f" RAISE EXCEPTION '{message}'; END $$"
        )
        self.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON moves FOR EACH ROW"
            f" WHEN (NEW.room_id = '{room_id}') EXECUTE FUNCTION refuse()"
        )


Backend = SQLite | Postgres
