"""Room leases in PostgreSQL: which instance drives each room, fenced by a token.

Each instance writes a heartbeat row (`cluster_instances`: its id, and until when it counts
as alive, by PostgreSQL's clock) every `ttl / 3` seconds, from a thread of its own on a
connection of its own, so that a busy event loop does not make a live instance look dead.
A room's lease (`room_leases`: room, owner, token) belongs to its owner while the owner's
heartbeat is current; once the heartbeat has expired (the instance died, or cannot reach
PostgreSQL), any other instance takes the lease over by raising its token by one. The token
**fences** every commit: the PostgreSQL store checks, in the same transaction as the append
and with the lease row locked (`FOR SHARE`), that the room's lease still has this instance's
token (store/postgres/fence.py). A takeover's UPDATE waits for that lock, so either the old
owner's commit came first (and the new owner, which loads the room only after taking the
lease, sees it), or the old owner's commit finds a token it does not hold and fails: a stale
owner can never commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from datetime import datetime
from typing import Any

import psycopg

from ..store import StorageError
from ..store.postgres import redact
from ..store.postgres.appends import one_line

LEASE_TTL = 3.0
"""Seconds an instance's heartbeat counts after it was written: the longest a room waits for a
new driver after its driver died (plus a client's reconnection): docs/deploy.md."""

LEASE_LOCK = 0x6D6F7574
"""The advisory lock key held while the lease tables are created (instances starting at once)."""

TABLES = (
    """CREATE TABLE IF NOT EXISTS cluster_instances (
        id text PRIMARY KEY,            -- an instance: a random id per process
        expires timestamptz NOT NULL,   -- its heartbeat counts until then (PostgreSQL's clock)
        started timestamptz NOT NULL DEFAULT now()
    )""",
    """CREATE TABLE IF NOT EXISTS room_leases (
        room text PRIMARY KEY REFERENCES rooms (id) ON DELETE CASCADE,
        owner text NOT NULL,            -- the instance that drives the room
        token bigint NOT NULL           -- raised by one at each takeover: fences commits
    )""",
)

ACQUIRE = """
INSERT INTO room_leases AS l (room, owner, token)
SELECT %(room)s, %(me)s, 1
WHERE EXISTS (SELECT 1 FROM cluster_instances WHERE id = %(me)s AND expires > now())
ON CONFLICT (room) DO UPDATE SET owner = excluded.owner, token = l.token + 1
WHERE l.owner <> excluded.owner AND NOT EXISTS (
    SELECT 1 FROM cluster_instances i WHERE i.id = l.owner AND i.expires > now())
RETURNING owner, token
"""

ORPHANS = """
SELECT r.id, r.updated_at FROM rooms r LEFT JOIN room_leases l ON l.room = r.id
WHERE r.mode = 'online' AND r.started AND NOT r.finished
AND (l.owner IS NULL OR l.owner = %(me)s OR NOT EXISTS (
    SELECT 1 FROM cluster_instances i WHERE i.id = l.owner AND i.expires > now()))
AND NOT EXISTS (
    SELECT 1 FROM unnest(%(ids)s::text[], %(stamps)s::timestamptz[]) AS k (id, at)
    WHERE k.id = r.id AND k.at = r.updated_at)
ORDER BY l.owner IS NOT DISTINCT FROM %(me)s, r.updated_at DESC LIMIT %(limit)s
"""
"""Online rooms in play that nobody drives, then those this instance (`me`) drives, each
newest change first (the rooms this instance plays on cannot crowd out those nobody
drives), but those this instance already found with nothing due at the same last change
(`ids`, `stamps`)."""


class Leases:
    """One instance's heartbeat and its view of the room leases (one async connection)."""

    def __init__(self, url: str, me: str, ttl: float = LEASE_TTL):
        self.url = url
        self.where = redact(url)
        self.me = me
        self.ttl = ttl
        self._connection: psycopg.AsyncConnection[Any] | None = None
        self._lock = asyncio.Lock()
        self.beating = False
        """True while the last heartbeat was written (the health check reads it)."""
        self._since = 0.0
        self._written = 0.0
        self.lapses = 0
        """How many times the heartbeat went more than `ttl` seconds unwritten (this process
        frozen, PostgreSQL unreachable): each time, another instance may have taken any of
        this one's rooms over, so its leases are checked again (cluster/node.py)."""
        self._heart: psycopg.Connection[Any] | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    async def _db(self) -> psycopg.AsyncConnection[Any]:
        connection = self._connection
        if connection is None or connection.closed or connection.broken:
            if connection is not None:
                await connection.close()
            self._connection = None
            connection = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=5
            )
            self._connection = connection
        return connection

    async def _run(self, query: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        """Run one statement; raise StorageError naming the database when it fails."""
        async with self._lock:
            try:
                db = await self._db()
                cursor = await db.execute(query.encode(), params)
                return await cursor.fetchall() if cursor.description else []
            except psycopg.Error as error:
                if self._connection is not None and self._connection.broken:
                    await self._connection.close()
                    self._connection = None
                raise StorageError(f"leases at {self.where}: {one_line(error)}") from None

    async def open(self) -> None:
        """Create the lease tables if needed and write the first heartbeat."""
        async with self._lock:
            try:
                db = await self._db()
                async with db.transaction():
                    await db.execute("SELECT pg_advisory_xact_lock(%s)", (LEASE_LOCK,))
                    for statement in TABLES:
                        await db.execute(statement.encode())
            except psycopg.Error as error:
                raise StorageError(f"leases at {self.where}: {one_line(error)}") from None
        await self.beat()

    def _beat(self) -> None:
        """Write this instance's heartbeat (the heartbeat thread's connection): it counts as
        alive for `ttl` seconds more; raise StorageError when PostgreSQL does not take it."""
        try:
            db = self._heart
            if db is None or db.closed or db.broken:
                if db is not None:
                    db.close()
                db = self._heart = psycopg.connect(self.url, autocommit=True, connect_timeout=5)
            db.execute(
                "INSERT INTO cluster_instances (id, expires)"
                " VALUES (%s, now() + make_interval(secs => %s))"
                " ON CONFLICT (id) DO UPDATE SET expires = excluded.expires",
                (self.me, self.ttl),
            )
        except psycopg.Error as error:
            self.beating = False
            raise StorageError(f"heartbeat at {self.where}: {one_line(error)}") from None
        now = time.monotonic()
        if self._written and now - self._written > self.ttl:
            self.lapses += 1
        self._written = now
        if not self.beating:
            self._since = now
        self.beating = True

    def _beat_forever(self) -> None:
        while not self._stop.wait(self.ttl / 3):
            with contextlib.suppress(StorageError):
                self._beat()

    async def beat(self) -> None:
        """Write the heartbeat now, then every `ttl / 3` seconds from its thread (a failed one
        is tried again at the next beat; the health check fails meanwhile)."""
        await asyncio.to_thread(self._beat)
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._beat_forever, name="mousehole-heartbeat", daemon=True
            )
            self._thread.start()

    def settled(self) -> bool:
        """Return whether the heartbeat has been written for `ttl` seconds in a row: only then
        does another instance's expired heartbeat say it died (after PostgreSQL was
        unreachable, every heartbeat expired, and the others need a beat to come back)."""
        return self.beating and time.monotonic() - self._since >= self.ttl

    async def drive(self, room: str) -> tuple[str, int, bool] | None:
        """Return who drives `room`: (owner, token, taken), taking the lease when it is free
        or its owner's heartbeat has expired (`taken`: it is ours since this call, with a new
        token); None when no such room is stored. Raise StorageError when PostgreSQL fails."""
        try:
            rows = await self._run(ACQUIRE, {"room": room, "me": self.me})
        except StorageError as error:
            if "room_leases_room_fkey" in str(error) or "foreign key" in str(error):
                return None
            raise
        if rows:
            return str(rows[0][0]), int(rows[0][1]), True
        found = await self._run(
            "SELECT owner, token FROM room_leases WHERE room = %(room)s", {"room": room}
        )
        if not found:
            raise StorageError(f"room {room!r}: no lease, and this instance's heartbeat is stale")
        return str(found[0][0]), int(found[0][1]), False

    async def held(self, rooms: list[str]) -> dict[str, tuple[str, int]]:
        """Return the owner and token of each of `rooms`' leases (a room without one is left
        out); raise StorageError when PostgreSQL fails."""
        rows = await self._run(
            "SELECT room, owner, token FROM room_leases WHERE room = ANY(%(rooms)s)",
            {"rooms": rooms},
        )
        return {str(row[0]): (str(row[1]), int(row[2])) for row in rows}

    async def orphans(self, limit: int, idle: dict[str, datetime]) -> list[tuple[str, datetime]]:
        """Return up to `limit` online rooms in play (started, not finished) that nobody
        drives (no lease, or its owner's heartbeat expired) or that this instance drives, each with
        its last change, but those of `idle` (room: its last change when it had nothing due)
        not changed since."""
        params = {"limit": limit, "ids": list(idle), "stamps": list(idle.values()), "me": self.me}
        rows = await self._run(ORPHANS, params)
        return [(str(row[0]), row[1]) for row in rows]

    async def alive(self, owners: set[str]) -> set[str]:
        """Return which of `owners` have a current heartbeat."""
        rows = await self._run(
            "SELECT id FROM cluster_instances WHERE id = ANY(%(ids)s) AND expires > now()",
            {"ids": sorted(owners)},
        )
        return {str(row[0]) for row in rows}

    async def close(self, *, release: bool) -> None:
        """Stop the heartbeat and close the connections; with `release`, delete the heartbeat
        first, so that other instances take this one's rooms at once (a clean shutdown)."""
        self._stop.set()
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join, 5)
        if release:
            with contextlib.suppress(StorageError):
                await self._run("DELETE FROM cluster_instances WHERE id = %(me)s", {"me": self.me})
        async with self._lock:
            if self._connection is not None:
                await self._connection.close()
                self._connection = None
        if self._heart is not None:
            self._heart.close()
