"""What both stores share in writing: rows of moves, and a batch of writes taken apart into runs.

A batch (`Store.write_batch`) is one transaction. Nearly every write in it appends moves, so
each store keeps its appends as data and stores a run of consecutive appends with a few
statements (`sqlite/appends.py`, `postgres/appends.py`); any other write runs alone in a
savepoint. The part that does not depend on the database is here, written once: splitting a
batch into runs (`run_batch`), and checking a run's appends against where each room's moves
end (`plan_run`), so that an append that would leave a gap or an overlap fails alone, with the
same error as when it is written by itself. docs/storage.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

import orjson

from .stored import MoveLike, StorageError

Row = tuple[str, int, int | None, str]
"""One row of the moves table: room id, index, seat (None: chance), action as JSON text."""


def now() -> str:
    """Return the time now as the ISO text the stores keep (UTC, milliseconds)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dumps(value: Any) -> str:
    """Return compact JSON text with sorted keys (orjson: every move is encoded on the event
    loop; the standard library, about 3 times slower, for what orjson refuses, such as an
    integer beyond 64 bits)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), sort_keys=True)


def move_rows(room_id: str, moves: Sequence[MoveLike]) -> list[Row]:
    """Return the moves as rows of the moves table (taken when the write is queued)."""
    return [(room_id, m.index, m.seat, dumps(m.action)) for m in moves]


def check_follows(room_id: str, stored: int, rows: Sequence[Row]) -> None:
    """Raise StorageError unless `rows` are the moves that follow a room's `stored` moves."""
    for offset, (_, index, _, _) in enumerate(rows):
        expected = stored + offset
        if index != expected:
            problem = "a gap" if index > expected else "an overlap"
            raise StorageError(
                f"room {room_id!r}: move index {index} would leave {problem}: "
                f"the next index is {expected} ({stored} moves are stored)"
            )


def missing(room_id: str) -> StorageError:
    """Return the error of an append to a room that is not stored."""
    return StorageError(f"append to room {room_id!r}: no such room is stored")


class AppendLike(Protocol):
    """An append as the batching needs it (each store's `Appending` is one)."""

    @property
    def room_id(self) -> str: ...
    @property
    def rows(self) -> list[Row]: ...
    @property
    def finished(self) -> bool | None: ...


A = TypeVar("A", bound=AppendLike)
W = TypeVar("W")

Result = StorageError | None
"""What became of one write: None when it is stored, else why it was refused."""


def run_batch(
    writes: Sequence[tuple[str, W]],
    append: type[A],
    store_run: Callable[[list[tuple[str, A]]], list[Result]],
    store_alone: Callable[[str, W], Result],
) -> list[Result]:
    """Store a batch's writes in order: each run of consecutive appends (instances of
    `append`) by `store_run`, every other write by `store_alone`; return each one's result."""
    results: list[Result] = []
    run: list[tuple[str, A]] = []
    for what, write in writes:
        if isinstance(write, append):
            run.append((what, write))
            continue
        if run:
            results += store_run(run)
            run = []
        results.append(store_alone(what, write))
    if run:
        results += store_run(run)
    return results


def finished_flags(appends: Sequence[AppendLike]) -> dict[str, bool | None]:
    """Return, for each room the appends touch, the finished flag to store: the last one given
    (None: leave the room's flag as it is)."""
    flags: dict[str, bool | None] = {}
    for append in appends:
        if append.finished is not None or append.room_id not in flags:
            flags[append.room_id] = append.finished
    return flags


@dataclass
class Plan:
    """A run of appends checked against what is stored: each one's result, and the rows and
    finished flags of those that may be stored."""

    results: list[Result] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    flags: dict[str, bool | None] = field(default_factory=dict)


def plan_run(
    run: Sequence[tuple[str, A]],
    following: dict[str, int],
    refused: Callable[[A], StorageError | None] = lambda _: None,
) -> Plan:
    """Check each append of `run` in order against `following` (each stored room's next move
    index) and against the appends before it in the run; an append fails alone, with the
    error it would get written by itself: `refused` (the store's own reason, such as a lost
    lease), a room not stored, or moves that leave a gap or an overlap."""
    following = dict(following)
    plan = Plan()
    kept: list[A] = []
    for _, append in run:
        why = refused(append)
        stored = following.get(append.room_id)
        if why is None and stored is None:
            why = missing(append.room_id)
        if why is None and stored is not None:
            try:
                check_follows(append.room_id, stored, append.rows)
            except StorageError as error:
                why = error
            else:
                following[append.room_id] = stored + len(append.rows)
        plan.results.append(why)
        if why is None:
            plan.rows += append.rows
            kept.append(append)
    plan.flags = finished_flags(kept)
    return plan


def follows_all(run: Sequence[tuple[str, AppendLike]], following: dict[str, int]) -> bool:
    """Return whether every append of `run`, in order, follows what is stored and the appends
    before it (the check of a run sent whole before its answers were read)."""
    return all(error is None for error in plan_run(run, following).results)


__all__ = [
    "AppendLike",
    "Plan",
    "Result",
    "Row",
    "check_follows",
    "dumps",
    "finished_flags",
    "follows_all",
    "missing",
    "move_rows",
    "now",
    "plan_run",
    "run_batch",
]
