"""The PostgreSQL store's tests: `store` here is a PostgresStore on a fresh database of the
tests' own cluster (tests/pg.py), in place of the parent folder's store on either backend."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mousehole.server.store.postgres import PostgresStore


@pytest.fixture
def store(postgres_url: str) -> Iterator[PostgresStore]:
    store = PostgresStore(postgres_url)
    yield store
    store.close()
