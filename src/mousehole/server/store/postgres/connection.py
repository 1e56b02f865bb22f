"""A PostgreSQL store's connections: opened when first needed and again after they broke, with
timeouts for connecting and for waiting on locks, and URLs shown without their password."""

from __future__ import annotations

import threading
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg

from .appends import Connection

SCHEMES = ("postgresql", "postgres")
CONNECT_TIMEOUT = 10
"""Seconds to wait for a connection when the URL sets no `connect_timeout`."""
LOCK_TIMEOUT = "5s"
"""How long a statement waits for a lock that another client holds, when the URL's `options`
set no `lock_timeout`: then the batch fails with `storage_failed` (SQLite's busy timeout is
5 s too), instead of every room of the instance waiting for as long as the lock is held."""


def redact(url: str) -> str:
    """Return the URL without its password (in the user part or as a `password` parameter)."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.partition(':')[0]}@{host}"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "password"])
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


class Link:
    """One connection, opened when first needed and again after it broke."""

    def __init__(self, url: str):
        self.url = url
        self.lock = threading.Lock()
        self._connection: Connection | None = None

    def get(self) -> Connection:
        connection = self._connection
        if connection is None or connection.closed or connection.broken:
            if connection is not None:
                connection.close()
            self._connection = None
            options = psycopg.conninfo.conninfo_to_dict(self.url)
            conninfo = self.url
            if "connect_timeout" not in options:
                conninfo = psycopg.conninfo.make_conninfo(conninfo, connect_timeout=CONNECT_TIMEOUT)
            connection = psycopg.connect(conninfo, autocommit=True)
            if "lock_timeout" not in str(options.get("options") or ""):
                connection.execute(f"SET lock_timeout = '{LOCK_TIMEOUT}'")
            self._connection = connection
        return connection

    def reset(self) -> None:
        """End a failed transaction (a broken connection is dropped, to be opened again)."""
        connection = self._connection
        if connection is None:
            return
        try:
            if connection.broken or connection.closed:
                raise psycopg.OperationalError("the connection is broken")
            if connection.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                connection.execute("ROLLBACK")
        except psycopg.Error:
            connection.close()
            self._connection = None

    def close(self) -> None:
        with self.lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
