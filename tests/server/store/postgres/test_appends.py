"""Appends stored together on PostgreSQL (server/store/postgres/appends.py), on the tests' own
PostgreSQL server (tests/pg.py): a good run is sent at once, a run with a bad append is undone
and written the careful way, so that only the bad one fails."""

from __future__ import annotations

from typing import Any

import pytest

from mousehole.server.rooms.table import Table
from mousehole.server.store import StorageError
from mousehole.server.store.postgres import PostgresStore
from mousehole.server.store.postgres import appends as postgres_appends
from tests.server import scenes
from tests.server.store import writes


def test_a_batch_of_good_appends_is_stored_at_once_and_a_bad_one_the_careful_way(
    store: PostgresStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Appends that all follow what is stored commit as sent (two round trips with the
    commit), never through the careful way, which reads first; a run with one bad append is
    undone and written the careful way, so that only the bad one fails."""
    rooms = []
    for name in ("r1", "r2", "r3"):
        room, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id=name)
        writes.create(store, room.stored())
        rooms.append((name, scenes.play(room, 3)))
    careful = postgres_appends._append_checked
    taken: list[int] = []

    def counted(*args: Any) -> Any:
        taken.append(len(args[2]))
        return careful(*args)

    monkeypatch.setattr(postgres_appends, "_append_checked", counted)
    good = [(f"append to {name}", store.appending(name, moves[:2])) for name, moves in rooms]
    assert store.write_batch(good) == [None, None, None]
    assert taken == [], "a good run is stored at once"

    _, r1_moves = rooms[0]
    mixed = [
        ("r1 again", store.appending("r1", r1_moves[:2])),  # overlaps what is stored
        ("r2 next", store.appending("r2", rooms[1][1][2:3])),
    ]
    results = store.write_batch(mixed)
    assert taken == [2], "the run with a bad append was written the careful way"
    assert isinstance(results[0], StorageError) and "overlap" in str(results[0])
    assert results[1] is None
    for name, moves, stored in (("r1", rooms[0][1], 2), ("r2", rooms[1][1], 3), ("r3", [], 2)):
        loaded = store.load(name)
        assert loaded is not None and len(loaded.moves) == stored
        if moves:
            assert [m.action for m in loaded.moves] == [m.action for m in moves[:stored]]
