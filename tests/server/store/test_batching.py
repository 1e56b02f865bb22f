"""What both stores share to store a batch (server/store/batching.py): compact JSON with sorted
keys, move rows, and a run of appends checked in order against what is stored, each failing
alone with the error it would get written by itself."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from mousehole.server.store import StorageError
from mousehole.server.store.batching import (
    Row,
    check_follows,
    dumps,
    finished_flags,
    follows_all,
    move_rows,
    plan_run,
    run_batch,
)
from mousehole.server.store.stored import StoredMove


@dataclass(frozen=True)
class Append:
    """An append as the batching reads it (each store's `Appending` has these fields)."""

    room_id: str
    indexes: tuple[int, ...]
    finished: bool | None = None
    rows: list[Row] = field(init=False)

    def __post_init__(self) -> None:
        rows = [(self.room_id, i, 0, "{}") for i in self.indexes]
        object.__setattr__(self, "rows", rows)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ({"b": [1, None], "a": "Zoë"}, '{"a":"Zoë","b":[1,null]}'),
        ({4: False, 3: True}, '{"3":true,"4":false}'),
        ({"seed": 2**70}, '{"seed":1180591620717411303424}'),  # beyond orjson's 64 bits
    ],
)
def test_stored_json_is_compact_with_sorted_keys(value: Any, text: str) -> None:
    assert dumps(value) == text
    assert json.loads(dumps(value)) == json.loads(json.dumps(value))


def test_moves_become_rows_of_room_index_seat_and_action_text() -> None:
    moves = [StoredMove(0, None, {"die": 3}), StoredMove(1, 1, {"to": [2, 1], "a": 0})]
    assert move_rows("r1", moves) == [
        ("r1", 0, None, '{"die":3}'),
        ("r1", 1, 1, '{"a":0,"to":[2,1]}'),
    ]


def test_rows_must_follow_the_stored_moves_without_a_gap_or_an_overlap() -> None:
    check_follows("r1", 2, [("r1", 2, 0, "{}"), ("r1", 3, 1, "{}")])
    check_follows("r1", 5, [])
    with pytest.raises(StorageError) as gap:
        check_follows("r1", 2, [("r1", 2, 0, "{}"), ("r1", 4, 1, "{}")])
    assert str(gap.value) == (
        "room 'r1': move index 4 would leave a gap: the next index is 3 (2 moves are stored)"
    )
    with pytest.raises(StorageError, match="move index 1 would leave an overlap"):
        check_follows("r1", 2, [("r1", 1, 0, "{}")])


def test_a_room_keeps_the_last_finished_flag_given_and_none_leaves_it_as_it_is() -> None:
    appends = [
        Append("r1", (0,), finished=None),
        Append("r2", (0,), finished=False),
        Append("r2", (1,), finished=None),  # says nothing: r2 stays False
        Append("r1", (1,), finished=True),
    ]
    assert finished_flags(appends) == {"r1": True, "r2": False}
    assert finished_flags([Append("r3", (0,))]) == {"r3": None}


def test_a_run_is_checked_in_order_and_each_bad_append_fails_alone() -> None:
    run = [
        ("r1 first", Append("r1", (2, 3))),
        ("r1 gap", Append("r1", (6,))),
        ("ghost", Append("ghost", (0,))),
        ("r1 next", Append("r1", (4,), finished=True)),  # follows the first, not the gap
        ("r2", Append("r2", (0,))),
    ]
    plan = plan_run(run, {"r1": 2, "r2": 0})
    errors = [None if e is None else str(e) for e in plan.results]
    assert errors == [
        None,
        "room 'r1': move index 6 would leave a gap: the next index is 4 (4 moves are stored)",
        "append to room 'ghost': no such room is stored",
        None,
        None,
    ]
    assert [row[:2] for row in plan.rows] == [("r1", 2), ("r1", 3), ("r1", 4), ("r2", 0)]
    assert plan.flags == {"r1": True, "r2": None}
    assert not follows_all(run, {"r1": 2, "r2": 0})
    assert follows_all([run[0], run[3], run[4]], {"r1": 2, "r2": 0})


def test_a_stores_own_refusal_fails_its_append_and_the_rest_of_the_run_goes_on() -> None:
    lease_lost = StorageError("room 'r1' was not stored: its lease is gone")
    run = [("r1", Append("r1", (0,))), ("r2", Append("r2", (0,)))]
    plan = plan_run(
        run, {"r1": 0, "r2": 0}, refused=lambda a: lease_lost if a.room_id == "r1" else None
    )
    assert plan.results == [lease_lost, None]
    assert [row[0] for row in plan.rows] == ["r2"]


def test_a_batch_stores_each_run_of_appends_together_and_other_writes_alone() -> None:
    done: list[str] = []

    def store_run(run: list[tuple[str, Append]]) -> list[StorageError | None]:
        done.append("run " + " ".join(what for what, _ in run))
        return [None] * len(run)

    def store_alone(what: str, write: object) -> StorageError | None:
        done.append(f"alone {what}")
        return StorageError(what) if what == "bad" else None

    writes: list[tuple[str, object]] = [
        ("a", Append("r1", (0,))),
        ("b", Append("r1", (1,))),
        ("bad", "a seating"),
        ("c", Append("r2", (0,))),
        ("d", "a creation"),
    ]
    results = run_batch(writes, Append, store_run, store_alone)
    assert done == ["run a b", "alone bad", "run c", "alone d"]
    assert [None if r is None else str(r) for r in results] == [None, None, "bad", None, None]
