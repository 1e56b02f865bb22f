"""The PostgreSQL schema (server/store/postgres/schema.py), on the tests' own PostgreSQL server
(tests/pg.py): SQLite's version numbers and a version table, made once on an empty database,
and a database of a newer version refused by name."""

from __future__ import annotations

import psycopg
import pytest

from mousehole.server.store import StorageError
from mousehole.server.store.postgres import PostgresStore
from mousehole.server.store.postgres.schema import SCHEMA_VERSION, migrate
from mousehole.server.store.sqlite import schema


def test_the_schema_has_sqlites_version_numbers_and_a_version_table(
    store: PostgresStore, postgres_url: str
) -> None:
    assert SCHEMA_VERSION == schema.SCHEMA_VERSION == store.schema_version() == 3
    with psycopg.connect(postgres_url) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(3,)]
    PostgresStore(postgres_url).close()  # a second start finds it current and changes nothing
    assert store.schema_version() == 3


def test_migrating_an_empty_database_makes_every_table_and_says_it_had_no_version(
    postgres_url: str,
) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as db:
        assert migrate(db, "the test database") == 0
        assert migrate(db, "the test database") == SCHEMA_VERSION, "the second finds it current"
        tables = {
            row[0]
            for row in db.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            )
        }
        assert {"schema_version", "rooms", "moves", "chat"} <= tables
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]


def test_a_database_of_a_newer_version_is_refused_naming_it_and_left_alone(
    postgres_url: str,
) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as db:
        migrate(db, "the test database")
        db.execute("UPDATE schema_version SET version = %s", (SCHEMA_VERSION + 1,))
        newer = rf"the test database has schema version {SCHEMA_VERSION + 1}; this server knows"
        with pytest.raises(StorageError, match=newer + rf" only up to {SCHEMA_VERSION}: upgrade"):
            migrate(db, "the test database")
        assert db.execute("SELECT version FROM schema_version").fetchall() == [
            (SCHEMA_VERSION + 1,)
        ]
