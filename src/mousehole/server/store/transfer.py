"""Copying a server's rooms from its SQLite file into PostgreSQL (`mousehole migrate`).

Every room is copied as it is stored (setup, moves, talk, seats, host, flags and times) in one
transaction, so a copy that fails leaves the database as it was; rooms the database already
holds are never overwritten. The copy is then checked against the file room by room: read
back, equal to the original, and replayed by the engine (`mousehole.engine.replay`) to the same
state and the same first error as the original. docs/storage.md ("Moving to PostgreSQL").
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ...engine import JSON, MouseholeError, replay
from ...games import load_game
from .postgres import PostgresStore
from .sqlite import SQLiteStore
from .stored import StorageError, StoredRoom

EVERY = sys.maxsize
"""As many rooms or lines as there are (a room keeps its last 500 lines: docs/storage.md)."""


@dataclass
class Copied:
    """What `copy_rooms` copied, and the rooms whose records do not replay in either place."""

    rooms: dict[str, int] = field(default_factory=lambda: {"local": 0, "online": 0})
    moves: int = 0
    lines: int = 0
    unplayable: list[str] = field(default_factory=list)
    """Rooms whose stored moves do not replay (in the file as in the copy, the same way)."""

    def summary(self, source: str, target: str) -> str:
        """Return the report `mousehole migrate` prints."""
        total = sum(self.rooms.values())
        text = (
            f"copied {total} rooms ({self.rooms['local']} local, {self.rooms['online']} online),"
            f" {self.moves} moves and {self.lines} lines of talk from {source} to {target};"
            " every copy reads back equal and replays as the original"
        )
        if self.unplayable:
            text += (
                f"\n{len(self.unplayable)} rooms do not replay, in the file as in the copy"
                f" (stored before a rules change?): {', '.join(self.unplayable)}"
            )
        return text


Replayed = tuple[JSON | None, int | None, str | None]
"""The state a record replays to, and the index and text of its first error."""


def _replayed(room: StoredRoom) -> Replayed:
    """Return the state a room's record replays to, and the index and text of its first
    error (what the server would rebuild the room from)."""
    try:
        result = replay(load_game(room.game, **room.options), room.record_json())
    except (MouseholeError, TypeError, ValueError) as error:
        return None, -1, f"{type(error).__name__}: {error}"
    problem = None if result.error is None else str(result.error)
    return result.state.to_json(), result.error_index, problem


def _differences(original: StoredRoom, copy: StoredRoom | None, replayed: Replayed) -> str | None:
    """Return how the copy differs from the original (which replays to `replayed`), or None
    when it is the same room."""
    if copy is None:
        return "missing from the copy"
    if copy != original:
        names = [
            name
            for name in original.__dataclass_fields__
            if getattr(copy, name) != getattr(original, name)
        ]
        return f"{', '.join(names)} differ"
    if _replayed(copy) != replayed:
        return "replays differently"
    return None


def copy_rooms(source: SQLiteStore, target: PostgresStore) -> Copied:
    """Copy every room of `source` into `target` in one transaction, then check each copy.

    Raise StorageError, copying nothing, when `target` already holds one of the rooms (naming
    them all) or the copy fails; raise StorageError naming the rooms whose copy differs.
    """
    ids = source.room_ids("", limit=EVERY)
    taken = sorted(set(ids) & set(target.room_ids("", limit=EVERY)))
    if taken:
        shown = ", ".join(taken[:20]) + (f" and {len(taken) - 20} more" if len(taken) > 20 else "")
        raise StorageError(
            f"{target.describe()} already holds {len(taken)} of the rooms: {shown}; nothing was"
            " copied (a room is never overwritten)"
        )

    def rooms() -> Iterator[StoredRoom]:
        for room_id in ids:
            room = source.load(room_id, lines=EVERY)
            if room is None:  # deleted meanwhile: the file is in use
                raise StorageError(f"room {room_id!r} vanished from {source.path}: stop its server")
            yield room

    target.write_all(f"copy {len(ids)} rooms", (target.copying(room) for room in rooms()))
    return _check(source, target, ids)


def _check(source: SQLiteStore, target: PostgresStore, ids: Sequence[str]) -> Copied:
    """Compare every copied room with the file's; return the counts."""
    copied = Copied()
    wrong: list[str] = []
    for room_id in ids:
        original = source.load(room_id, lines=EVERY)
        if original is None:
            wrong.append(f"{room_id} (gone from the file: is a server using it?)")
            continue
        replayed = _replayed(original)
        problem = _differences(original, target.load(room_id, lines=EVERY), replayed)
        if problem is not None:
            wrong.append(f"{room_id} ({problem})")
            continue
        copied.rooms[original.mode] = copied.rooms.get(original.mode, 0) + 1
        copied.moves += len(original.moves)
        copied.lines += len(original.chat)
        if replayed[2] is not None:
            copied.unplayable.append(room_id)
    if wrong:
        raise StorageError(f"{len(wrong)} copied rooms differ from the file: {'; '.join(wrong)}")
    return copied


__all__ = ["Copied", "PostgresStore", "copy_rooms"]
