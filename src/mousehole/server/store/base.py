"""The storage interface: what the hub, the writer thread and `mousehole rooms` need of a store.

Storage is an adapter behind a small interface (architecture habit 15; boardgame.io's
`src/server/db/base.ts`): `SQLiteStore` is the one implementation today, the embedded default;
a PostgreSQL store for several server instances implements the same Protocol.

A store hands out **writes** (`creating`, `appending`, `seating`, `saying`, `switching_chat`,
`pruning`, `together`): opaque changes that only the store that made them knows how to run.
The writer thread (`writer.py`) runs many of them in one transaction with `write_batch` and
settles each one's waiter; nobody is told of a change before its write is committed (persist,
then publish: habit 16).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ...engine import JSON
from .stored import MoveLike, RoomSummary, StorageError, StoredLine, StoredRoom

Write = Callable[..., None]
"""One change a store made and runs inside its own transaction (for SQLite, a function of the
connection)."""


class Store(Protocol):
    """Rooms, their moves and talk, stored durably; every write committed before it returns."""

    failing: StorageError | None
    """Why the last transaction failed as a whole, until one succeeds again (/healthz)."""

    def describe(self) -> str:
        """Return what the health check names, e.g. "sqlite:var/mousehole.sqlite3"."""
        ...

    def load(self, room_id: str, *, lines: int = 0) -> StoredRoom | None:
        """Return the room with its moves and its last `lines` of talk, or None."""
        ...

    def creating(self, room: StoredRoom) -> Write:
        """Return the write that stores a new room (refused if its id is taken)."""
        ...

    def appending(
        self, room_id: str, moves: Sequence[MoveLike], *, finished: bool | None = None
    ) -> Write:
        """Return the write that appends moves; refused unless they follow what is stored."""
        ...

    def seating(self, room_id: str, seats: list[JSON], *, host: int | None, started: bool) -> Write:
        """Return the write that stores an online room's seats, host and started flag."""
        ...

    def saying(self, room_id: str, line: StoredLine, *, keep: int) -> Write:
        """Return the write that stores a line of talk, keeping the room's last `keep`."""
        ...

    def switching_chat(self, room_id: str, on: bool) -> Write:
        """Return the write that stores the host's chat switch."""
        ...

    def pruning(
        self, *, finished_before: str, idle_before: str, keep: Sequence[str], pruned: list[str]
    ) -> Write:
        """Return the write that deletes expired rooms (not those in `keep`), naming them in
        `pruned`."""
        ...

    def together(self, writes: Sequence[Write]) -> Write:
        """Return one write that runs `writes` in order, all or none."""
        ...

    def write_batch(self, writes: Sequence[tuple[str, Write]]) -> list[StorageError | None]:
        """Run `writes` in one transaction; return each one's error (None: stored)."""
        ...

    def rooms(
        self, *, mode: str | None = None, game: str | None = None, limit: int = 50
    ) -> list[RoomSummary]:
        """Return rooms, the most recently changed first (an operator's listing)."""
        ...

    def room_ids(self, prefix: str, limit: int = 2) -> list[str]:
        """Return up to `limit` room ids that start with `prefix`."""
        ...

    def close(self) -> None:
        """Release the store's connections (at shutdown)."""
        ...


__all__ = ["Store", "Write"]
