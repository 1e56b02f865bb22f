"""What every store keeps and returns: rooms, their moves and talk, and the storage error.

The record is the truth (architecture habit 2): a room is stored as its setup (game, options,
seats, seed) and every committed move, never as a snapshot; loading a room replays its moves.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...engine import JSON
from ...engine.record import record_json
from ..text import repair_name


class StorageError(RuntimeError):
    """The database cannot be created, written or read, or refused a write as inconsistent."""


class MoveLike(Protocol):
    """A committed move as the store needs it (`room.Committed` is one)."""

    @property
    def index(self) -> int: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def action(self) -> JSON: ...


@dataclass(frozen=True)
class StoredMove:
    """One stored move: its index in the record, its seat (None: chance) and its JSON action."""

    index: int
    seat: int | None
    action: JSON


@dataclass(frozen=True)
class StoredLine:
    """One stored line of a room's talk (`talk.Line` is one): a reaction or a chat line."""

    index: int
    seat: int
    name: str
    kind: str
    text: str
    at: str


@dataclass(frozen=True)
class StoredRoom:
    """Everything stored about a room: its setup and every committed move, in order."""

    room_id: str
    game: str
    options: JSON
    seats: list[JSON]
    owner_hash: str
    seed: int | None
    secret: str | None = None
    initial: JSON | None = None
    moves: list[StoredMove] = field(default_factory=list)
    finished: bool = False
    created_at: str = ""
    updated_at: str = ""
    mode: str = "local"
    """"local" (a browser's private room) or "online" (a room with a code: docs/online.md)."""
    host: int | None = None
    """The host's seat of an online room."""
    started: bool = True
    """False while an online room waits for its host's start."""
    chat_on: bool = True
    """False when the host of an online room has switched chat off."""
    chat: list[StoredLine] = field(default_factory=list)
    """The room's last lines of talk, oldest first (as many as `Store.load` was asked)."""
    chat_count: int = 0
    """How many lines the room has had (the index of its next one)."""

    def record_json(self) -> JSON:
        """Return the stored match as record JSON (what `mousehole.engine.replay` reads)."""
        fairness = {} if self.secret is None else {"secret": self.secret}  # its own secret
        return record_json(
            self.game,
            self.options,
            self.initial,
            self.seed,
            ((m.seat, m.action) for m in self.moves),
            **fairness,
        )


@dataclass(frozen=True)
class RoomSummary:
    """One line of `Store.rooms`: a room's setup and progress, without its moves."""

    room_id: str
    game: str
    mode: str
    seats: list[JSON]
    moves: int
    finished: bool
    started: bool
    created_at: str
    updated_at: str

    @classmethod
    def from_row(cls, row: Sequence[Any], stamp: Callable[[Any], str] = str) -> RoomSummary:
        """Return the summary of a row of `Store.rooms`' query (id, game, mode, seats, finished,
        started, created_at, updated_at, move count), each store's times made text by `stamp`."""
        return cls(
            room_id=row[0],
            game=row[1],
            mode=row[2],
            seats=loads_seats(row[3]),
            finished=bool(row[4]),
            started=bool(row[5]),
            created_at=stamp(row[6]),
            updated_at=stamp(row[7]),
            moves=int(row[8]),
        )

    @property
    def status(self) -> str:
        """Return "waiting" (an online room before its start), "playing" or "finished"."""
        if self.finished:
            return "finished"
        return "playing" if self.started else "waiting"

    def to_json(self) -> JSON:
        return {
            "room": self.room_id,
            "game": self.game,
            "mode": self.mode,
            "status": self.status,
            "moves": self.moves,
            "seats": [
                {key: seat[key] for key in ("kind", "state", "name", "level") if key in seat}
                for seat in self.seats
            ],  # never a token hash
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        }


def loads_seats(text: str) -> Any:
    """Return a room's stored seats, each name made valid (`text.repair_name`: refused
    characters become U+FFFD). Rooms stored before names were checked may hold a lone
    surrogate, which no answer about the room could carry, or a control character."""
    seats = json.loads(text)
    if not isinstance(seats, list):
        return seats  # the room's rebuild names the problem (bad_seats)
    return [
        seat | {"name": repair_name(seat["name"], f"Seat {index + 1}")}
        if isinstance(seat, dict) and "name" in seat
        else seat
        for index, seat in enumerate(seats)
    ]
