"""A computer seat decides off the event loop (`Table.think`): a search that takes a second, such
as the expert level's, holds up its own room, never the loop every room shares."""

from __future__ import annotations

import asyncio
import threading

from mousehole.engine import Action, Player, State
from mousehole.server.rooms.table import Table
from tests.server import scenes


class Recording:
    """A computer player that notes the thread it decided in."""

    def __init__(self, player: Player):
        self.player = player
        self.threads: list[threading.Thread] = []

    def choose(self, state: State) -> Action:
        self.threads.append(threading.current_thread())
        return self.player.choose(state)


def _computer_room() -> tuple[Table, Recording]:
    seats = [
        {"kind": "computer", "name": "Cy", "level": scenes.LEVEL},
        {"kind": "human", "name": "Bo"},
    ]
    room, _ = Table.create(scenes.NAME, scenes.OPTIONS, seats, room_id="r1")
    recording = Recording(room._bots[0])
    room._bots[0] = recording
    return room, recording


def test_think_decides_in_a_worker_thread_and_advance_plays_that_choice() -> None:
    room, recording = _computer_room()
    version = room.version
    asyncio.run(room.think())
    assert recording.threads and recording.threads[0] is not threading.main_thread()
    asyncio.run(room.think())  # already thought at this version: not again
    assert len(recording.threads) == 1
    moves = room.advance(version)
    assert moves[0].seat == 0
    assert len(recording.threads) == 1, "advance played the thought, it did not decide again"


def test_a_thought_from_another_version_is_not_played() -> None:
    room, recording = _computer_room()
    asyncio.run(room.think())
    room._thought = (room.version + 5, 0, room._thought[2]) if room._thought else None
    room.advance(room.version)
    assert len(recording.threads) == 2  # decided again, on the loop's thread this time
    assert recording.threads[1] is threading.main_thread()


def test_think_does_nothing_when_a_person_is_to_act() -> None:
    room, _ = _computer_room()
    room.advance(room.version)
    while room.match.state.current_player() == 0:
        room.advance(room.version)
    asyncio.run(room.think())
    assert room._thought is None


def test_think_ahead_starts_the_choice_and_think_waits_for_it_instead_of_deciding_again() -> None:
    room, recording = _computer_room()
    version = room.version

    async def scenario() -> None:
        room.think_ahead()  # after a move is published: the choice starts at once
        assert room._thinking is not None and room._thinking[:2] == (version, 0)
        room.think_ahead()  # already in the making: not started twice
        await room.think()  # the page's `advance` arrives: it waits for that same choice

    asyncio.run(scenario())
    assert len(recording.threads) == 1 and recording.threads[0] is not threading.main_thread()
    assert room._thought is not None and room._thought[:2] == (version, 0)
    moves = room.advance(version)
    assert moves[0].seat == 0
    assert len(recording.threads) == 1, "advance played the choice made ahead"


def test_a_choice_made_ahead_for_a_seat_that_changed_hands_is_not_played() -> None:
    room, recording = _computer_room()

    async def scenario() -> None:
        room.think_ahead()
        assert room._thinking is not None
        future = room._thinking[2]
        room.set_seat(0, "computer", "Di", scenes.LEVEL)  # a new player for the seat
        await future  # the previous player's choice is made ...
        await asyncio.sleep(0)  # ... and its callbacks have run

    asyncio.run(scenario())
    assert room._thought is None, "the previous player's choice is dropped"
    assert len(recording.threads) == 1
