"""Each room's timer (server/rooms/timers.py), on a hub in this process over a real SQLite file:
when the timer has something due (a computer's move after the hub's delay, host rights once the
host has been away the grace period), and a computer's move made by the timer, stored before
anyone could be told, until a person is to act."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from mousehole.server.rooms.hub import Hub, OnlineSettings
from mousehole.server.rooms.room import Room
from mousehole.server.store import SQLiteStore
from tests.server import scenes

from .online_client import FakeClock

DELAY = 0.05
GRACE = 60.0


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    yield store
    store.close()


def _room(clock: FakeClock, seats: list[dict[str, str]], start_seat: int) -> Room:
    """An online room whose host Ann (seat 0) is connected; the other seats as given."""
    room, _, _ = Room.create(
        scenes.NAME,
        {"seats": len(seats), "start_seat": start_seat},
        seats,
        "Ann",
        code="K7QM4X",
        clock=clock,
        grace=GRACE,
    )
    room.connect(0)
    return room


def test_a_computer_to_act_is_due_after_the_delay_and_an_idle_room_never() -> None:
    clock = FakeClock()
    hub = Hub(None, OnlineSettings(computer_delay=DELAY, clock=clock, grace=GRACE))
    computer = {"kind": "computer", "level": scenes.LEVEL}
    room = _room(clock, [{"kind": "open"}, computer], start_seat=1)
    assert hub.timers.next_in(room) is None, "not started, the host here: nothing due"
    room.command(0, {"type": "start"})
    assert room.computer_due() and hub.timers.next_in(room) == DELAY


def test_host_rights_are_due_once_the_host_has_been_away_the_grace_period() -> None:
    clock = FakeClock()
    hub = Hub(None, OnlineSettings(computer_delay=DELAY, clock=clock, grace=GRACE))
    room = _room(clock, [{"kind": "open"}, {"kind": "open"}], start_seat=0)
    room.join("Bo")
    room.connect(1)
    room.disconnect(0)
    clock.advance(GRACE - 15)
    assert hub.timers.next_in(room) == 15
    clock.advance(20)
    assert hub.timers.next_in(room) == 0.0


def test_the_timer_stores_the_computers_moves_and_stops_when_a_person_is_to_act(
    store: SQLiteStore,
) -> None:
    clock = FakeClock()
    computer = {"kind": "computer", "level": scenes.LEVEL}
    room = _room(clock, [{"kind": "open"}, computer], start_seat=1)
    room.command(0, {"type": "start"})

    async def run() -> None:
        hub = Hub(store, OnlineSettings(computer_delay=DELAY, clock=clock, grace=GRACE))
        await hub.create(room)
        hub.schedule(room)
        assert hub.timing(room.code)
        for _ in range(200):
            if not hub.timing(room.code):
                break
            await asyncio.sleep(0.05)
        assert not hub.timing(room.code), "the timer ends once the computer has moved"
        await hub.close()

    asyncio.run(run())
    actor = room.table.match.state.current_player()
    assert room.table.version > 0 and (actor == 0 or room.table.finished)
    stored = store.load(room.code)
    assert stored is not None and len(stored.moves) == room.table.version
