"""The writer thread (server/store/writer.py): group commit of the rooms' writes, each caller
told its own write's outcome, on a real SQLite file."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from mousehole.server.rooms.hub import Hub
from mousehole.server.rooms.room import Room
from mousehole.server.rooms.table import Table
from mousehole.server.store import SQLiteStore, StorageError
from mousehole.server.store.writer import Writer
from tests.server import scenes
from tests.server.store import writes


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    yield store
    store.close()


def _room(room_id: str) -> Table:
    return Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id=room_id)[0]


def test_the_writer_groups_concurrent_writes_into_few_transactions(store: SQLiteStore) -> None:
    rooms = [scenes.private_room(f"{i:016x}") for i in range(50)]
    for room in rooms:
        writes.create(store, room.stored())
    hub = Hub(store)

    async def play() -> None:
        async def one(room: Room) -> None:
            for _ in range(4):
                await hub.save(room, scenes.play(room.table, 1), seats=False)

        await asyncio.gather(*(one(room) for room in rooms))

    asyncio.run(play())

    assert hub.writer is not None and hub.writer.writes == 200
    assert hub.writer.batches < 200, "writes queued together share a transaction"
    for room in rooms:
        loaded = store.load(room.code)
        assert loaded is not None and len(loaded.moves) == room.table.version


def test_each_caller_hears_its_own_writes_outcome_and_a_bad_write_fails_alone(
    store: SQLiteStore,
) -> None:
    first, second = _room("r1"), _room("r2")
    writer = Writer(store)

    async def main() -> list[BaseException | None]:
        return await asyncio.gather(
            writer.write("create r1", store.creating(first.stored())),
            writer.write("save the ghost", store.appending("ghost", scenes.play(_room("r9"), 1))),
            writer.write("create r2", store.creating(second.stored())),
            return_exceptions=True,
        )

    outcomes = asyncio.run(main())
    writer.close()

    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], StorageError)
    assert str(outcomes[1]) == "append to room 'ghost': no such room is stored"
    assert store.load("r1") is not None and store.load("r2") is not None


def test_a_write_that_raises_a_bug_fails_its_batch_and_the_thread_writes_on(
    store: SQLiteStore,
) -> None:
    writer = Writer(store)

    def broken(db: sqlite3.Connection) -> None:
        raise ValueError("a bug in a write")

    async def main() -> None:
        with pytest.raises(StorageError, match="write failed: a bug in a write"):
            await writer.write("broken", broken)
        await writer.write("create r1", store.creating(_room("r1").stored()))

    asyncio.run(main())
    writer.close()

    assert store.load("r1") is not None, "the thread survived the bug"
    assert writer.batches == 2 and writer.writes == 2


def test_closing_finishes_what_is_queued_and_refuses_later_writes_by_name(
    store: SQLiteStore,
) -> None:
    rooms = [_room(f"r{i}") for i in range(20)]
    writer = Writer(store)

    async def main() -> None:
        queued = [
            asyncio.ensure_future(writer.write(f"create {r.room_id}", store.creating(r.stored())))
            for r in rooms
        ]
        await asyncio.sleep(0)  # every write is queued before the writer is closed
        await asyncio.to_thread(writer.close)
        await asyncio.gather(*queued)
        with pytest.raises(StorageError, match="create late: the server is shutting down"):
            await writer.write("create late", store.creating(_room("late").stored()))

    asyncio.run(main())

    assert all(store.load(r.room_id) is not None for r in rooms)
    assert store.load("late") is None
