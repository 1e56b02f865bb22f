"""Room leases in PostgreSQL (server/cluster/lease.py), on a fresh database of the tests' own
(tests/pg.py): two `Leases` in this process stand for two instances. A room is driven by the
first that asks while its heartbeat is current, taken over with a new token once that instance
is gone, and an online room in play that nobody drives is found as an orphan. Fencing, the
store refusing a stale owner's commit, is tested in tests/server/store/postgres/test_fence.py."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterator

import pytest

from mousehole.server.cluster.lease import Leases
from mousehole.server.rooms.room import Room
from mousehole.server.rooms.table import Table
from mousehole.server.store.postgres import PostgresStore
from tests.server import scenes
from tests.server.store import writes


@pytest.fixture
def store(postgres_url: str) -> Iterator[PostgresStore]:
    """The database's store, holding a local room `r1` (the lease tables refer to rooms)."""
    store = PostgresStore(postgres_url)
    room, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="r1")
    writes.create(store, room.stored())
    yield store
    store.close()


def _online_room(store: PostgresStore, code: str, *, started: bool) -> None:
    """Store an online room of Ann and Bo, started or still waiting for its host."""
    room, _, _ = Room.create(
        scenes.NAME,
        scenes.OPTIONS,
        [{"kind": "open"}, {"kind": "open"}],
        "Ann",
        code=code,
        clock=time.monotonic,
        grace=60.0,
    )
    room.join("Bo")
    if started:
        room.command(0, {"type": "start"})
    writes.create(store, room.stored())


def _run(test: Callable[[str], Awaitable[None]], url: str) -> None:
    asyncio.run(test(url))


def _run_two(test: Callable[[Leases, Leases], Awaitable[None]], url: str) -> None:
    """Run `test` with two open instances, "a" and "b" (a minute's heartbeat), and close
    both after it (closing one the test closed already does nothing more)."""

    async def run() -> None:
        a, b = Leases(url, "a", ttl=60), Leases(url, "b", ttl=60)
        await a.open()
        await b.open()
        try:
            await test(a, b)
        finally:
            await a.close(release=False)
            await b.close(release=False)

    asyncio.run(run())


def test_the_first_live_instance_that_asks_drives_a_room_and_keeps_it(
    store: PostgresStore, postgres_url: str
) -> None:
    async def test(a: Leases, b: Leases) -> None:
        assert await a.drive("r1") == ("a", 1, True), "free: taken with token 1"
        assert await a.drive("r1") == ("a", 1, False), "already ours"
        assert await b.drive("r1") == ("a", 1, False), "its driver is alive"
        assert await b.drive("ghost") is None, "no such room stored"
        assert await b.held(["r1", "ghost"]) == {"r1": ("a", 1)}
        assert await b.alive({"a", "b", "c"}) == {"a", "b"}

    _run_two(test, postgres_url)


def test_once_its_driver_leaves_another_instance_takes_the_room_with_a_new_token(
    store: PostgresStore, postgres_url: str
) -> None:
    async def test(a: Leases, b: Leases) -> None:
        await a.drive("r1")
        await a.close(release=True)  # a clean shutdown deletes its heartbeat
        assert await b.alive({"a", "b"}) == {"b"}
        assert await b.drive("r1") == ("b", 2, True)
        assert await b.held(["r1"]) == {"r1": ("b", 2)}

    _run_two(test, postgres_url)


def test_an_instance_is_settled_once_its_heartbeat_has_been_written_for_a_whole_ttl(
    store: PostgresStore, postgres_url: str
) -> None:
    async def test(url: str) -> None:
        a = Leases(url, "a", ttl=1.5)  # a beat every 0.5 s: a lapse needs a 1.5 s stall
        assert not a.settled() and not a.beating
        await a.open()
        try:
            assert a.beating and not a.settled()
            await asyncio.sleep(1.7)
            assert a.settled() and a.lapses == 0
            assert await a.alive({"a"}) == {"a"}, "the thread kept the heartbeat current"
        finally:
            await a.close(release=True)

    _run(test, postgres_url)


def test_online_rooms_in_play_that_nobody_drives_are_orphans(
    store: PostgresStore, postgres_url: str
) -> None:
    _online_room(store, "PLAYNG", started=True)
    _online_room(store, "WAITNG", started=False)

    async def test(a: Leases, b: Leases) -> None:
        found = await b.orphans(10, {})
        assert [room for room, _ in found] == ["PLAYNG"], "local and waiting rooms are not"
        assert await b.orphans(10, dict(found)) == [], "unchanged since it had nothing due"
        await a.drive("PLAYNG")
        assert await b.orphans(10, {}) == [], "a live instance drives it"
        assert [room for room, _ in await a.orphans(10, {})] == ["PLAYNG"], "its own"

    _run_two(test, postgres_url)
