"""Rooms for the server's tests: the game they play, two humans' setup, a private room, and play.

Shared by the hub, writer, storage, PostgreSQL and live-server tests, so that each builds the
same rooms.
"""

from __future__ import annotations

import time

from mousehole.engine import JSON
from mousehole.games import MANIFESTS
from mousehole.server.rooms.room import Room
from mousehole.server.rooms.table import OWNER, Committed, Table

GAME = MANIFESTS[0]
"""The game of the server's tests that need a game, any game: they act from a snapshot's legal
list and check rooms, storage and the wire, never a rule, so they read the registry's first
rather than name one (tests/test_one_folder.py). A computer seat plays its first level."""
NAME = GAME.name
LEVEL = GAME.levels[0]

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
OPTIONS = {"seats": 2, "start_seat": 0}


def owner_view(room: Table) -> JSON:
    """Return the snapshot that `room`'s owner gets over the room socket: `room` as a private
    room (a local match, `Room.as_private`) seen with its owner token. In the games the
    tests play this way every seat sees the same, so it shows the position as the seat to act
    sees it, that seat's legal actions, and the record the owner's page keeps."""
    private = Room.as_private(room, clock=time.monotonic, grace=60)
    return private.snapshot(OWNER)


def play(room: Table, turns: int) -> list[Committed]:
    """Let the seat to act take its first legal action `turns` times; return every move."""
    committed = []
    for _ in range(turns):
        snapshot = owner_view(room)
        committed += room.act(snapshot["to_act"], snapshot["legal"][0], room.version)
    return committed


def private_room(room_id: str) -> Room:
    """Return a new private room (a local match of two humans) with the id `room_id`."""
    room, _ = Room.create_private(
        NAME, OPTIONS, HUMANS, room_id=room_id, clock=time.monotonic, grace=60
    )
    return room
