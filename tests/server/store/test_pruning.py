"""Expired rooms pruned from the store with their moves, rooms with an open socket kept
(docs/storage.md, on both stores)."""

from __future__ import annotations

import asyncio

from mousehole.server.rooms.hub import Hub
from tests.server import scenes
from tests.server.store import writes

from .backends import AnyStore, Backend


def _age(backend: Backend, room_id: str, days: float) -> None:
    """Make a room look last changed `days` ago, as a server running that long would see it."""
    from datetime import UTC, datetime, timedelta

    when = (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="milliseconds")
    backend.execute("UPDATE rooms SET updated_at = ? WHERE id = ?", (when, room_id))


def test_expired_rooms_are_pruned_with_their_moves_and_others_are_kept(
    store: AnyStore, backend: Backend
) -> None:
    rooms = {
        name: scenes.private_room(f"{i:016x}")
        for i, name in enumerate(("done", "fresh", "stale", "live"))
    }
    for room in rooms.values():
        writes.create(store, room.stored())
        writes.append(store, room.code, scenes.play(room.table, 2))
    backend.execute("UPDATE rooms SET finished = true WHERE id = ?", (rooms["done"].code,))
    _age(backend, rooms["done"].code, 31)  # finished a month ago: gone after 30 days
    _age(backend, rooms["fresh"].code, 31)  # unfinished, a month old: kept until 90 days
    _age(backend, rooms["stale"].code, 91)  # nobody touched it for three months: gone
    _age(backend, rooms["live"].code, 91)  # as old, but someone has it open: kept
    hub = Hub(store)
    for room in rooms.values():
        hub._keep(room)
    hub.sockets[rooms["live"].code] = []  # an open socket's entry, as join() makes it

    pruned = asyncio.run(hub.prune())

    assert sorted(pruned) == sorted([rooms["done"].code, rooms["stale"].code])
    assert store.load(rooms["done"].code) is None and store.load(rooms["stale"].code) is None
    assert store.load(rooms["fresh"].code) is not None
    assert store.load(rooms["live"].code) is not None
    assert rooms["done"].code not in hub.rooms and rooms["fresh"].code in hub.rooms
    left = {row[0] for row in backend.query("SELECT DISTINCT room_id FROM moves")}
    assert left == {rooms["fresh"].code, rooms["live"].code}, "their moves went with them"
    assert asyncio.run(hub.prune()) == [], "nothing more to prune"


def test_expired_rooms_are_pruned_while_no_socket_is_open_anywhere(
    store: AnyStore, backend: Backend
) -> None:
    room = scenes.private_room("00000000000000ab")
    writes.create(store, room.stored())
    _age(backend, room.code, 91)
    # the list of rooms to keep is empty: `id NOT IN (NULL)` once kept every room
    assert asyncio.run(Hub(store).prune()) == [room.code]
    assert store.load(room.code) is None
