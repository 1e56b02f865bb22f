"""One write at a time, each its own transaction: how the tests put rooms in a store.

The server only ever writes through the writer thread, many writes to a batch
(`Store.write_batch`); a test that needs a room stored, or a single append refused, runs one
write as a batch of its own here, on any `Store`, and gets the write's error raised.
"""

from __future__ import annotations

from collections.abc import Sequence

from mousehole.engine import JSON
from mousehole.server.store import MoveLike, Store, StoredRoom, Write


def write(store: Store, what: str, one: Write) -> None:
    """Run `one` as a batch of its own; raise its StorageError when it is refused."""
    (error,) = store.write_batch([(what, one)])
    if error is not None:
        raise error


def create(store: Store, room: StoredRoom) -> None:
    """Store a new room and the moves it already has."""
    write(store, f"create room {room.room_id!r}", store.creating(room))


def append(
    store: Store, room_id: str, moves: Sequence[MoveLike], *, finished: bool | None = None
) -> None:
    """Store the moves that follow a room's last stored move; refused with a gap or overlap."""
    write(store, f"append to room {room_id!r}", store.appending(room_id, moves, finished=finished))


def update_seats(
    store: Store, room_id: str, seats: list[JSON], *, host: int | None, started: bool
) -> None:
    """Store an online room's seats, host and started flag (its moves are untouched)."""
    write(
        store,
        f"update the seats of room {room_id!r}",
        store.seating(room_id, seats, host=host, started=started),
    )
