"""Fencing of the PostgreSQL store's writes by room leases (several instances: cluster/lease.py).

When the store belongs to an instance of a cluster (`PostgresStore.fence_as`), every
write to a room carries the lease token that instance holds for it (`PostgresStore.hold`), and
is checked in its own transaction against the lease row, locked `FOR SHARE` until the commit:
another instance that took the room over has raised the token, so the write fails with
`LeaseLost` instead of committing. A write to a room this instance holds no lease of fails the
same way. Without an instance (one server), nothing is checked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import psycopg

from ..stored import StorageError

Write = Callable[[psycopg.Connection[Any]], None]
Fence = tuple[str, int]
"""(instance, token): the lease a write needs to hold when it commits."""

NO_LEASE = -1
"""The token of a write to a room whose lease this instance does not hold: never current."""


class LeaseLost(StorageError):
    """A write refused because this instance no longer drives its room (another took it over)."""

    def __init__(self, room_id: str, message: str):
        super().__init__(message)
        self.room_id = room_id


def lost(room_id: str, fence: Fence, found: tuple[str, int] | None) -> LeaseLost:
    """Return the error of a write whose fence does not match the lease row `found`."""
    if fence[1] == NO_LEASE:
        why = "this instance holds no lease of it"
    elif found is None:
        why = "its lease is gone"
    else:
        why = f"instance {found[0]} drives it now (lease token {found[1]}, ours {fence[1]})"
    return LeaseLost(room_id, f"room {room_id!r} was not stored: {why}")


def check(
    db: psycopg.Connection[Any], fences: Sequence[tuple[str, Fence]]
) -> dict[str, tuple[str, int] | None]:
    """Lock the lease rows of `fences` (room, fence) until the commit; return the rooms whose
    lease does not match, with the lease found (one statement however many rooms)."""
    return stale(locking(db, fences), fences)


def locking(
    db: psycopg.Connection[Any], fences: Sequence[tuple[str, Fence]]
) -> psycopg.Cursor[Any] | None:
    """Send the statement that locks the lease rows of `fences` until the commit, and return
    its cursor unread (in a pipeline the answer comes with the next sync: `stale` reads it)."""
    if not fences:
        return None
    rooms = sorted({room for room, _ in fences})
    return db.execute(
        "SELECT room, owner, token FROM room_leases WHERE room = ANY(%s::text[])"
        " ORDER BY room FOR SHARE",
        (rooms,),
    )


def stale(
    cursor: psycopg.Cursor[Any] | None, fences: Sequence[tuple[str, Fence]]
) -> dict[str, tuple[str, int] | None]:
    """Return the rooms of `fences` whose lease, as `locking` read it, does not match."""
    if cursor is None:
        return {}
    found = {str(room): (str(owner), int(token)) for room, owner, token in cursor.fetchall()}
    return {room: found.get(room) for room, fence in fences if found.get(room) != fence}


def check_one(db: psycopg.Connection[Any], room_id: str, fence: Fence | None) -> None:
    """Raise LeaseLost unless this write's fence holds `room_id`'s lease (None: no check)."""
    if fence is None:
        return
    row = db.execute(
        "SELECT owner, token FROM room_leases WHERE room = %s FOR SHARE", (room_id,)
    ).fetchone()
    found = None if row is None else (str(row[0]), int(row[1]))
    if found != fence:
        raise lost(room_id, fence, found)


def fenced(write: Write, room_id: str, fence: Fence | None) -> Write:
    """Return `write` checked against `room_id`'s lease first (as it is when `fence` is None)."""
    if fence is None:
        return write

    def checked(db: psycopg.Connection[Any]) -> None:
        check_one(db, room_id, fence)
        write(db)

    return checked


def leased(create: Write, room_id: str, instance: str, fences: dict[str, int]) -> Write:
    """Return the write that creates a room and gives its lease (token 1) to `instance`, the
    one that creates it, in the same transaction."""

    def write(db: psycopg.Connection[Any]) -> None:
        create(db)
        db.execute(
            "INSERT INTO room_leases (room, owner, token) VALUES (%s, %s, 1)", (room_id, instance)
        )
        fences[room_id] = 1

    return write
