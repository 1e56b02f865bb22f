"""Who holds each seat of a room and who is connected to it (server/rooms/presence.py), on an
online room in this process with a fake clock: joining an open seat with a token, absences
timed from the last socket, the host's seat changes allowed only past the grace period, and
host rights passing to the next connected player."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mousehole.server.rooms.room import Room
from mousehole.server.rooms.table import RoomError
from tests.server import scenes

from .online_client import FakeClock

GRACE = 60.0


def _room(clock: FakeClock) -> tuple[Room, str]:
    """An online room of two open seats whose host, Ann, holds seat 0; return it and her token."""
    room, seat, token = Room.create(
        scenes.NAME,
        scenes.OPTIONS,
        [{"kind": "open"}, {"kind": "open"}],
        "Ann",
        code="K7QM4X",
        clock=clock,
        grace=GRACE,
    )
    assert seat == 0 and room.host == 0
    return room, token


def _refused(code: str, call: Callable[..., object], *args: object) -> str:
    """Call `call` and return the message of the RoomError it raises, checking its code."""
    with pytest.raises(RoomError) as refused:
        call(*args)
    assert refused.value.code == code
    return refused.value.message


def test_a_player_joins_the_first_open_seat_and_its_token_names_that_seat() -> None:
    room, ann = _room(FakeClock())
    assert "seat 0 is not open" in _refused("seat_taken", room.join, "Bo", 0)
    _refused("bad_seat", room.join, "Bo", 2)
    _refused("bad_seat", room.join, "Bo", True)  # a bool is no seat index
    _refused("bad_request", room.join, "Bo", None, "yes")
    seat, bo = room.join("Bo", bot=True)
    assert seat == 1 and room.seats[1].bot and room.table.seats[1].name == "Bo"
    assert "every seat is taken" in _refused("room_full", room.join, "Cy")
    assert (room.seat_of(ann), room.seat_of(bo)) == (0, 1)
    assert room.seat_of("not a token") is None and room.seat_of(12345) is None
    assert bo not in str(room.seats), "only the token's hash is kept"


def test_a_seat_is_absent_from_its_last_socket_closing_and_counts_the_seconds() -> None:
    clock = FakeClock()
    room, _ = _room(clock)
    room.join("Bo")
    room.connect(1)
    room.connect(1)
    assert room.absent_for(1) is None
    room.disconnect(1)
    clock.advance(30)
    assert room.absent_for(1) is None, "one of its sockets is still open"
    room.disconnect(1)
    clock.advance(GRACE - 1)
    assert room.absent_for(1) == GRACE - 1 and not room.long_absent(1)
    clock.advance(1)
    assert room.long_absent(1)
    room.connect(1)
    assert room.absent_for(1) is None and not room.long_absent(1)
    assert room.absent_for(0) is not None, "the host never connected: away since joining"


def test_the_host_gives_a_long_absent_seat_to_the_computer_and_its_player_takes_it_back() -> None:
    clock = FakeClock()
    room, _ = _room(clock)
    room.join("Bo")
    room.connect(1)
    room.disconnect(1)
    assert "has not been away for 60 s" in _refused("not_absent", room.replace, 1, scenes.LEVEL)
    clock.advance(GRACE)
    _refused("bad_level", room.replace, 1, "genius")
    room.replace(1, scenes.LEVEL)
    assert room.seats[1].state == "assisted" and room.table.seats[1].kind == "computer"
    assert room.table.seats[1].name == "Bo" and room.table.seats[1].level == scenes.LEVEL
    _refused("bad_seat", room.replace, 1, scenes.LEVEL)  # not a player's seat any more
    assert room.connect(1) is True, "Bo's token still holds the seat: it is his again"
    assert room.seats[1].state == "human" and room.table.seats[1].kind == "human"


def test_the_host_reopens_a_long_absent_seat_and_the_old_token_stops_working() -> None:
    clock = FakeClock()
    room, _ = _room(clock)
    _, bo = room.join("Bo")
    _refused("bad_seat", room.reopen, 0)  # the host's own seat
    room.connect(1)
    room.disconnect(1)
    _refused("not_absent", room.reopen, 1)
    clock.advance(GRACE)
    room.reopen(1)
    assert room.seats[1].state == "open" and room.table.seats[1].name == "Seat 2"
    assert room.seat_of(bo) is None
    seat, cy = room.join("Cy")
    assert seat == 1 and room.seat_of(cy) == 1


def test_host_rights_pass_to_the_next_connected_player_once_the_host_is_gone_too_long() -> None:
    clock = FakeClock()
    room, _ = _room(clock)
    room.join("Bo")
    room.connect(0)
    room.connect(1)
    assert room.host_handoff_in() is None, "the host is here"
    room.disconnect(0)
    clock.advance(20)
    assert room.host_handoff_in() == GRACE - 20
    assert room.pass_host_if_absent() is False and room.host == 0
    clock.advance(GRACE)
    assert room.host_handoff_in() == 0.0
    assert room.pass_host_if_absent() is True and room.host == 1


def test_with_nobody_connected_to_take_over_the_host_keeps_the_rights() -> None:
    clock = FakeClock()
    room, _ = _room(clock)
    _refused("bad_seat", room.hand_host, 1)  # an open seat has nobody to hand the rights to
    room.join("Bo")  # never connects
    clock.advance(GRACE * 2)
    assert room.host_handoff_in() is None, "nobody to wake the timer for"
    assert room.pass_host_if_absent() is False and room.host == 0
    room.hand_host(1)
    assert room.host == 1


def test_a_private_room_has_no_seat_tokens_and_no_absences() -> None:
    room = scenes.private_room("00000000000000a1")
    assert room.seat_of("anything") is None
    assert room.seats_of("owner") == [0, 1]
    room.connect("owner")
    room.disconnect("owner")
    assert room.absent_for(0) is None and room.host_handoff_in() is None
    assert room.pass_host_if_absent() is False
