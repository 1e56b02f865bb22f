"""The room store: rooms and their moves, refused gaps, and rooms rebuilt by replay.

The store-level contract runs on both stores (the `store` and `backend` fixtures: a SQLite file
and a PostgreSQL database of the tests' own cluster, tests/pg.py); what only one of them has
is tested on it alone: SQLite's WAL and sync modes in sqlite/test_store.py, its old schema
versions in sqlite/test_schema.py, PostgreSQL's own guarantees (a second writer, a server that
goes away) in postgres/test_store.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import mousehole
import mousehole.engine
from mousehole.engine import Match
from mousehole.server.rooms.table import Committed, Table
from mousehole.server.store import StorageError, StoredMove
from mousehole.server.store.sqlite.schema import SCHEMA_VERSION
from tests.server import scenes
from tests.server.store import writes

from .backends import AnyStore, Backend, new_room


def _record_moves(room: Table) -> list[StoredMove]:
    return room.stored().moves


def test_a_room_and_its_appended_moves_load_back_exactly(store: AnyStore) -> None:
    room = new_room()
    writes.create(store, room.stored())
    for _ in range(3):
        writes.append(store, room.room_id, scenes.play(room, 2), finished=room.finished)

    loaded = store.load(room.room_id)

    assert loaded is not None
    assert (loaded.game, loaded.options, loaded.seed) == (
        scenes.NAME,
        room.game.options(),
        room.match.seed,
    )
    assert loaded.owner_hash == room.owner_hash and loaded.seats == room.stored().seats
    assert loaded.moves == _record_moves(room) and len(loaded.moves) == room.version
    assert loaded.created_at <= loaded.updated_at and not loaded.finished
    assert store.load("nope") is None


@pytest.mark.parametrize(("skip", "problem"), [(1, "a gap"), (-1, "an overlap")])
def test_a_move_that_leaves_a_gap_or_overlaps_is_refused_and_nothing_is_stored(
    store: AnyStore, skip: int, problem: str
) -> None:
    room = new_room()
    writes.create(store, room.stored())
    stored = room.version
    moves = scenes.play(room, 1)
    shifted = [Committed(m.index + skip, m.seat, m.action, m.events) for m in moves]

    with pytest.raises(StorageError, match=problem):
        writes.append(store, room.room_id, shifted)
    second = moves[-1]
    jump = Committed(second.index + 1, second.seat, second.action, second.events)
    with pytest.raises(StorageError, match="a gap"):  # the last move of a batch, too
        writes.append(store, room.room_id, [*moves[:-1], jump])

    loaded = store.load(room.room_id)
    assert loaded is not None and len(loaded.moves) == stored, "the transaction stored nothing"
    writes.append(store, room.room_id, moves)  # the right moves still fit
    loaded = store.load(room.room_id)
    assert loaded is not None and loaded.moves == _record_moves(room)


def test_appending_to_a_room_that_is_not_stored_is_refused(store: AnyStore) -> None:
    with pytest.raises(StorageError, match="no such room"):
        writes.append(store, "ghost", [StoredMove(0, 0, {"type": "roll"})])


def test_a_store_reopened_on_the_same_database_sees_every_room_and_move(
    backend: Backend,
) -> None:
    first = backend.open()
    room = new_room()
    writes.create(first, room.stored())
    writes.append(first, room.room_id, scenes.play(room, 4))
    first.close()

    second = backend.open()
    try:
        loaded = second.load(room.room_id)
        assert loaded is not None and loaded.moves == _record_moves(room)
        assert second.schema_version() == SCHEMA_VERSION == 3
    finally:
        second.close()


def test_a_room_rebuilt_from_the_store_shows_the_same_snapshot_and_plays_on(
    store: AnyStore,
) -> None:
    room = new_room()
    writes.create(store, room.stored())
    writes.append(store, room.room_id, scenes.play(room, 5))
    loaded = store.load(room.room_id)
    assert loaded is not None

    rebuilt = Table.from_stored(loaded)

    assert rebuilt.version == room.version
    assert scenes.owner_view(rebuilt) == scenes.owner_view(room)
    assert rebuilt.owner_hash == room.owner_hash
    writes.append(store, rebuilt.room_id, scenes.play(rebuilt, 1))
    assert rebuilt.version > room.version


def test_a_rebuilt_room_draws_the_chance_the_uninterrupted_room_would_have_drawn(
    store: AnyStore,
) -> None:
    # The seed's stream is skipped past the outcomes already drawn: restarting it would replay
    # rolls the players have seen, and let them predict the next ones.
    room = new_room()
    writes.create(store, room.stored())
    writes.append(store, room.room_id, scenes.play(room, 6))
    loaded = store.load(room.room_id)
    assert loaded is not None
    rebuilt = Table.from_stored(loaded)

    assert [m.action for m in scenes.play(rebuilt, 6)] == [m.action for m in scenes.play(room, 6)]


def test_a_room_whose_chance_a_secret_decides_keeps_it_stored_and_never_shows_it(
    store: AnyStore,
) -> None:
    new_secret = getattr(mousehole.engine, "new_secret", None)
    if new_secret is None:
        pytest.skip("the engine has no fairness secrets yet")
    room = new_room()
    room.match = Match(room.game, secret=new_secret())  # type: ignore[call-arg,unused-ignore]
    writes.create(store, room.stored())
    writes.append(store, room.room_id, scenes.play(room, 4))
    loaded = store.load(room.room_id)
    assert loaded is not None and loaded.secret is not None and loaded.seed is None

    rebuilt = Table.from_stored(loaded)

    assert scenes.owner_view(rebuilt) == scenes.owner_view(room)
    assert scenes.owner_view(rebuilt)["record"].get("secret") is None, "secret until the end"
    assert [m.action for m in scenes.play(rebuilt, 6)] == [m.action for m in scenes.play(room, 6)]


def test_a_room_resumed_from_a_record_with_a_starting_position_is_stored_and_rebuilt(
    store: AnyStore,
) -> None:
    game = mousehole.load_game(scenes.NAME, **scenes.OPTIONS)
    start = game.new_initial_state().to_json()
    record = Match(game, seed=1, state=game.state_from_json(start)).record.to_json()
    room, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, record=record, room_id="r2")
    scenes.play(room, 2)
    writes.create(store, room.stored())

    loaded = store.load("r2")

    assert loaded is not None and loaded.initial == start
    assert scenes.owner_view(Table.from_stored(loaded)) == scenes.owner_view(room)


def test_a_second_room_with_the_same_id_is_refused(store: AnyStore) -> None:
    writes.create(store, new_room().stored())
    with pytest.raises(StorageError, match="create room 'r1'"):
        writes.create(store, new_room().stored())


def test_a_database_from_a_newer_server_is_refused_at_startup(backend: Backend) -> None:
    backend.open().close()
    backend.execute("UPDATE schema_version SET version = 4")

    with pytest.raises(StorageError, match="schema version 4; this server knows only up to 3"):
        backend.open()


def test_a_batch_commits_every_good_write_and_fails_the_bad_one_alone(store: AnyStore) -> None:
    room = new_room()
    writes.create(store, room.stored())
    moves = scenes.play(room, 2)
    other = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="r2")[0]

    results = store.write_batch(
        [
            ("first", store.appending(room.room_id, moves[:1])),
            ("gap", store.appending(room.room_id, moves[2:])),  # skips a move: refused
            ("rest", store.appending(room.room_id, moves[1:])),
            ("other", store.creating(other.stored())),
            ("nowhere", store.seating("missing", [], host=0, started=True)),
        ]
    )

    assert [r is None for r in results] == [True, False, True, True, False]
    assert "gap" in str(results[1]) and "no such room" in str(results[4])
    loaded = store.load(room.room_id)
    assert loaded is not None and [m.index for m in loaded.moves] == list(range(len(moves)))
    assert store.load("r2") is not None


def _rows(backend: Backend, room_id: str) -> list[tuple[Any, ...]]:
    return backend.query(
        "SELECT idx, seat, action FROM moves WHERE room_id = ? ORDER BY idx", (room_id,)
    )


def test_appends_stored_together_are_the_rows_one_append_at_a_time_stores(
    store: AnyStore, backend: Backend
) -> None:
    alone, together = (
        new_room(),
        Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="r2")[0],
    )
    writes.create(store, alone.stored())
    writes.create(store, together.stored())
    moves = scenes.play(alone, 6)  # stored to both rooms: the store checks order, not rules
    assert any(m.seat is None for m in moves) and any(m.seat is not None for m in moves)
    for move in moves:
        writes.append(store, "r1", [move])

    results = store.write_batch(
        [(f"move {m.index}", store.appending("r2", [m])) for m in moves[:-1]]
        + [("last", store.appending("r2", moves[-1:], finished=True))]
    )

    assert results == [None] * len(moves)
    assert _rows(backend, "r2") == _rows(backend, "r1")
    stored = _rows(backend, "r2")
    assert {type(row[0]) for row in stored} == {int}
    assert {type(row[1]) for row in stored} == {int, type(None)}, "chance moves: a NULL seat"
    flags = {
        room_id: bool(done) for room_id, done in backend.query("SELECT id, finished FROM rooms")
    }
    assert flags == {"r1": False, "r2": True}


def test_appends_stored_together_fail_alone_with_the_error_one_append_gets(
    store: AnyStore, backend: Backend
) -> None:
    room = new_room()
    writes.create(store, room.stored())
    moves = scenes.play(room, 3)
    expected = [
        None,
        "room 'r1': move index 2 would leave a gap: the next index is 1 (1 moves are stored)",
        "append to room 'ghost': no such room is stored",
        None,
        "room 'r1': move index 0 would leave an overlap: the next index is 2 (2 moves are stored)",
    ]

    results = store.write_batch(
        [
            ("first", store.appending("r1", moves[:1])),
            ("gap", store.appending("r1", moves[2:])),
            ("ghost", store.appending("ghost", moves[:1])),
            ("second", store.appending("r1", moves[1:2])),
            ("again", store.appending("r1", moves[:1])),
        ]
    )

    assert [None if r is None else str(r) for r in results] == expected
    assert [row[0] for row in _rows(backend, "r1")] == [0, 1]


def test_when_a_run_of_appends_fails_in_the_database_only_the_append_at_fault_is_refused(
    store: AnyStore, backend: Backend
) -> None:
    rooms = [
        Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id=f"r{i}")[0]
        for i in range(3)
    ]
    for room in rooms:
        writes.create(store, room.stored())
    backend.refuse_moves_of("r1", "the disk refused room r1")
    plays = [scenes.play(room, 2) for room in rooms]

    results = store.write_batch(
        [
            (f"save {room.room_id}", store.appending(room.room_id, play))
            for room, play in zip(rooms, plays, strict=True)
        ]
    )

    assert [None if r is None else str(r) for r in results] == [
        None,
        "save r1: the disk refused room r1",
        None,
    ]
    assert [len(_rows(backend, f"r{i}")) for i in range(3)] == [len(plays[0]), 0, len(plays[2])]


def test_a_write_that_raises_a_bug_stores_nothing_of_its_batch_and_the_store_goes_on(
    store: AnyStore, backend: Backend
) -> None:
    room = new_room()
    writes.create(store, room.stored())
    moves = scenes.play(room, 2)

    def broken(db: Any) -> None:
        raise ValueError("a bug in a write")

    with pytest.raises(ValueError, match="a bug in a write"):
        store.write_batch([("first", store.appending("r1", moves[:1])), ("broken", broken)])

    assert _rows(backend, "r1") == []
    assert store.write_batch([("again", store.appending("r1", moves))]) == [None]
    assert len(_rows(backend, "r1")) == len(moves)
