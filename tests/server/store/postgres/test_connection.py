"""A PostgreSQL store's connections (server/store/postgres/connection.py), on the tests' own
PostgreSQL server (tests/pg.py): URLs shown without their password, and the lock timeout."""

from __future__ import annotations

import psycopg
import pytest

from mousehole.server.store.postgres import PostgresStore
from mousehole.server.store.postgres.connection import Link, redact
from tests.pg import Cluster


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://ann:hunter2@db:5432/rooms", "postgresql://ann@db:5432/rooms"),
        ("postgresql://db/rooms?user=ann&password=hunter2", "postgresql://db/rooms?user=ann"),
        (
            "postgres://ann:p%40ss@db/rooms?sslmode=require",
            "postgres://ann@db/rooms?sslmode=require",
        ),
        ("postgresql://db/rooms", "postgresql://db/rooms"),
    ],
)
def test_a_url_is_shown_without_its_password_wherever_it_is_written(url: str, shown: str) -> None:
    assert redact(url) == shown
    assert "hunter2" not in redact(url) and "p%40ss" not in redact(url)


def test_the_health_check_names_host_port_and_database_never_the_password(
    postgres_cluster: Cluster,
) -> None:
    url = postgres_cluster.create_database()
    with_password = url.replace("mousehole@", "mousehole:hunter2@")
    store = PostgresStore(with_password)
    try:
        name = url.rsplit("/", 1)[1]
        assert store.describe() == f"postgresql://127.0.0.1:{postgres_cluster.port}/{name}"
    finally:
        store.close()


def test_the_lock_timeout_is_5_s_unless_the_url_sets_one(postgres_url: str) -> None:
    joiner = "&" if "?" in postgres_url else "?"
    for url, expected in (
        (postgres_url, "5s"),
        (postgres_url + joiner + "options=-c%20lock_timeout%3D250", "250ms"),
    ):
        store = PostgresStore(url)
        try:
            for link in (store._writer, store._reader):
                row = link.get().execute("SHOW lock_timeout").fetchone()
                assert row is not None and row[0] == expected, url
        finally:
            store.close()


def test_a_link_opens_its_connection_when_first_needed_and_again_after_it_broke(
    postgres_url: str,
) -> None:
    link = Link(postgres_url)
    try:
        first = link.get()
        assert link.get() is first, "an open connection is used again"
        first.close()
        second = link.get()
        assert second is not first and not second.closed
        assert second.execute("SELECT 1").fetchone() == (1,)
    finally:
        link.close()


def test_a_reset_ends_a_failed_transaction_and_the_link_goes_on(postgres_url: str) -> None:
    link = Link(postgres_url)
    try:
        db = link.get()
        db.execute("BEGIN")
        with pytest.raises(psycopg.errors.DivisionByZero):
            db.execute("SELECT 1 / 0")
        assert db.info.transaction_status == psycopg.pq.TransactionStatus.INERROR
        link.reset()
        assert link.get() is db, "a failed transaction is rolled back, not a new connection"
        assert db.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        assert db.execute("SELECT 2").fetchone() == (2,)
    finally:
        link.close()
