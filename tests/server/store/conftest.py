"""The stores the storage tests run on: `backend` (a SQLite file or a PostgreSQL database,
backends.py), `store` (a store opened on it) and `sqlite_store` (a SQLite store alone)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mousehole.server.store import SQLiteStore

from .backends import AnyStore, Backend, Postgres, SQLite


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """Where the store keeps its rooms: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "postgres":
        return Postgres(request.getfixturevalue("postgres_url"))
    return SQLite(tmp_path / "rooms.sqlite3")


@pytest.fixture
def store(backend: Backend) -> Iterator[AnyStore]:
    store = backend.open()
    yield store
    store.close()


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[SQLiteStore]:
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    yield store
    store.close()
