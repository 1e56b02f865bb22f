"""Fencing (server/store/postgres/fence.py, with the leases of server/cluster/lease.py): a
stale owner of a room's lease can never commit, on the tests' own PostgreSQL.

Two stores on one database stand for two instances. The room's creator holds its lease (token
1); once its heartbeat has expired another instance takes the lease over (token 2), and from
then on every write of the first to that room fails with LeaseLost, alone in its batch, while
the new owner's writes commit. A takeover waits for a commit that already passed its fence.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from mousehole.server.cluster.lease import Leases
from mousehole.server.rooms.table import Table
from mousehole.server.store.postgres import PostgresStore
from mousehole.server.store.postgres.fence import NO_LEASE, LeaseLost, lost
from tests.server import scenes
from tests.server.store import writes


@pytest.fixture
def stores(postgres_url: str) -> Iterator[tuple[PostgresStore, PostgresStore]]:
    first, second = PostgresStore(postgres_url), PostgresStore(postgres_url)
    first.fence_as("first")
    second.fence_as("second")
    for instance in ("first", "second"):  # the lease tables, and a heartbeat each
        asyncio.run(_open(postgres_url, instance))
    yield first, second
    first.close()
    second.close()


def _leases(url: str, me: str) -> Leases:
    return Leases(url, me, ttl=60)


async def _open(url: str, me: str) -> None:
    leases = _leases(url, me)
    await leases.open()
    await leases.close(release=False)


def _expire(url: str, instance: str) -> None:
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(
            "UPDATE cluster_instances SET expires = now() - interval '1 s' WHERE id = %s",
            (instance,),
        )


def _take(url: str, me: str, room: str) -> tuple[str, int, bool] | None:
    async def take() -> tuple[str, int, bool] | None:
        leases = _leases(url, me)
        try:
            await leases.beat()
            return await leases.drive(room)
        finally:
            await leases.close(release=False)

    return asyncio.run(take())


def _room(store: PostgresStore, room_id: str) -> Table:
    room, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id=room_id)
    writes.create(store, room.stored())
    return room


def test_a_stale_owner_can_never_commit_and_the_new_owner_can(
    stores: tuple[PostgresStore, PostgresStore], postgres_url: str
) -> None:
    first, second = stores
    room = _room(first, "r1")
    assert first.token("r1") == 1, "the creator drives the room"
    moves = scenes.play(room, 2)  # each act with its chance outcome
    half = len(moves) // 2
    writes.append(first, "r1", moves[:half])
    assert _take(postgres_url, "second", "r1") == ("first", 1, False), "its owner is alive"
    _expire(postgres_url, "first")
    assert _take(postgres_url, "second", "r1") == ("second", 2, True), "taken over: token 2"
    second.hold("r1", 2)

    with pytest.raises(LeaseLost, match=r"instance second drives it now \(lease token 2"):
        writes.append(first, "r1", moves[half:])
    with pytest.raises(LeaseLost):
        writes.update_seats(first, "r1", [], host=0, started=True)
    stored = second.load("r1")
    assert stored is not None and len(stored.moves) == half, "nothing of the stale owner's"
    writes.append(second, "r1", moves[half:])
    stored = second.load("r1")
    assert stored is not None and len(stored.moves) == len(moves)


def test_in_one_batch_only_the_write_whose_lease_is_stale_fails(
    stores: tuple[PostgresStore, PostgresStore], postgres_url: str
) -> None:
    first, _ = stores
    kept, lost = _room(first, "kept"), _room(first, "lost")
    _expire(postgres_url, "first")
    assert _take(postgres_url, "second", "lost") == ("second", 2, True)
    played = scenes.play(kept, 1)
    results = first.write_batch(
        [
            ("append kept", first.appending("kept", played)),
            ("append lost", first.appending("lost", scenes.play(lost, 1))),
        ]
    )
    assert results[0] is None and isinstance(results[1], LeaseLost)
    assert first.failing is None, "a lost lease is the write's error, not the store's"
    a, b = first.load("kept"), first.load("lost")
    assert a is not None and b is not None and (len(a.moves), len(b.moves)) == (len(played), 0)


def test_a_write_without_a_lease_of_its_room_is_refused(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    first, second = stores
    room = _room(first, "r2")
    with pytest.raises(LeaseLost, match="this instance holds no lease of it"):
        writes.append(second, "r2", scenes.play(room, 1))


def test_a_takeover_waits_for_a_commit_that_passed_its_fence(
    stores: tuple[PostgresStore, PostgresStore], postgres_url: str
) -> None:
    first, second = stores
    room = _room(first, "r3")
    moves = scenes.play(room, 1)
    inside = threading.Event()

    def slow(db: Any) -> None:  # the commit is under way: its fence passed, the lock is held
        inside.set()
        time.sleep(1.0)

    write = first.together([first.appending("r3", moves), slow])
    committing = threading.Thread(target=first.write_batch, args=([("slow", write)],))
    committing.start()
    assert inside.wait(10)
    _expire(postgres_url, "first")
    started = time.monotonic()
    assert _take(postgres_url, "second", "r3") == ("second", 2, True)
    waited = time.monotonic() - started
    committing.join()
    assert waited > 0.5, "the takeover waited for the lease row's lock"
    stored = second.load("r3")
    assert stored is not None and len(stored.moves) == len(moves), "it sees that commit"


def test_an_instance_never_prunes_a_room_another_live_instance_drives(
    stores: tuple[PostgresStore, PostgresStore], postgres_url: str
) -> None:
    """In a cluster each instance counts only its own sockets (`keep`), so pruning must leave
    alone a room another live instance drives (its sockets, relayed from anywhere, are that
    instance's); its owner prunes it, and so may anyone once the owner is dead."""
    first, second = stores
    _room(first, "busy")
    long_ago = "2000-01-01T00:00:00.000+00:00"
    later = "2100-01-01T00:00:00.000+00:00"  # every room counts as expired

    def prune(store: PostgresStore) -> list[str]:
        pruned: list[str] = []
        write = store.pruning(finished_before=long_ago, idle_before=later, keep=[], pruned=pruned)
        assert store.write_batch([("prune", write)]) == [None]
        return pruned

    assert prune(second) == [], "the first instance drives it and is alive"
    assert first.load("busy") is not None
    _expire(postgres_url, "first")
    assert prune(second) == ["busy"], "its driver is dead: an expired room goes"
    assert second.load("busy") is None
    _room(first, "own")
    assert prune(first) == ["own"], "the driver prunes its own room when nobody is on it"


def test_a_lost_lease_is_told_with_who_drives_the_room_now_or_why_none_does() -> None:
    taken = lost("r1", ("first", 1), ("second", 2))
    assert taken.room_id == "r1"
    assert str(taken) == (
        "room 'r1' was not stored: instance second drives it now (lease token 2, ours 1)"
    )
    assert str(lost("r1", ("first", 1), None)) == "room 'r1' was not stored: its lease is gone"
    assert str(lost("r1", ("first", NO_LEASE), ("first", 1))) == (
        "room 'r1' was not stored: this instance holds no lease of it"
    )
