"""Rooms for the server's in-process tests: two humans' setup, a private room, and play.

Shared by the hub, writer, storage and PostgreSQL tests, so that each builds the same rooms.
"""

from __future__ import annotations

import time

from mousehole.server.online import OnlineRoom
from mousehole.server.room import Committed, Room

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
OPTIONS = {"seats": 2, "start_seat": 0}


def play(room: Room, turns: int) -> list[Committed]:
    """Let the seat to act take its first legal action `turns` times; return every move."""
    committed = []
    for _ in range(turns):
        snapshot = room.snapshot()
        committed += room.act(snapshot["to_act"], snapshot["legal"][0], room.version)
    return committed


def private_room(room_id: str) -> OnlineRoom:
    """Return a new private room (a local match of two humans) with the id `room_id`."""
    room, _ = OnlineRoom.create_private(
        "mousetrap", OPTIONS, HUMANS, room_id=room_id, clock=time.monotonic, grace=60
    )
    return room
