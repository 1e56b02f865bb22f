"""The one WebSocket path of play (server/rooms/endpoint.py): a path names a room by its code in
any case or by a private id as it is, and a client that names unknown codes is told to wait
once it has guessed too many."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from mousehole.server.rooms.endpoint import find_room, room_key
from mousehole.server.rooms.hub import Hub, OnlineSettings
from mousehole.server.rooms.limits import local_limits
from mousehole.server.rooms.table import RoomError

from .online_client import EASY, FakeClock, _create, _hello


def test_a_code_is_read_in_capitals_and_a_private_id_as_it_is() -> None:
    assert room_key("k7qm4x") == "K7QM4X"
    assert room_key("K7qM4x") == "K7QM4X"
    assert room_key("0123456789abcdef") == "0123456789abcdef"
    assert room_key("not-a-code") == "not-a-code", "no code: left for the lookup to refuse"


def test_a_socket_that_names_a_rooms_code_in_small_letters_reaches_the_room(
    client: TestClient,
) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "computer", "level": EASY}])
    with client.websocket_connect(f"/ws/online/{data['code'].lower()}") as ws:
        snapshot = _hello(ws, token=data["token"])
    assert snapshot["type"] == "snapshot" and snapshot["you"]["seat"] == 0


def test_an_unknown_code_counts_as_a_guess_until_the_address_must_wait() -> None:
    clock = FakeClock()
    settings = OnlineSettings(attempts=2, attempts_window=60.0, clock=clock)
    hub, limits = Hub(None, settings), local_limits(settings)
    for _ in range(2):
        with pytest.raises(RoomError) as missing:
            find_room(hub, limits, "QQQQQQ", "203.0.113.5")
        assert missing.value.code == "no_room"
    with pytest.raises(RoomError) as refused:
        find_room(hub, limits, "QQQQQQ", "203.0.113.5")
    assert refused.value.code == "too_many_attempts" and "wait 60 s" in refused.value.message
    with pytest.raises(RoomError) as other:
        find_room(hub, limits, "QQQQQQ", "203.0.113.6")
    assert other.value.code == "no_room", "another address still gets an answer"
