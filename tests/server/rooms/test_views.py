"""What each viewer of a room is sent (server/rooms/views.py), on an online room in this process:
a seat as everyone sees it (never its token hash), each viewer's snapshot with the legal actions
only for the seat to act, an update's moves with a snapshot that leaves the record to the client,
and the invitation page's summary."""

from __future__ import annotations

import json

from mousehole.server.rooms.room import Room
from tests.server import scenes

from .online_client import FakeClock


def _started(clock: FakeClock) -> tuple[Room, list[str]]:
    """An online room where Ann (host, seat 0) and Bo (seat 1) are connected and started."""
    room, _, ann = Room.create(
        scenes.NAME,
        scenes.OPTIONS,
        [{"kind": "open"}, {"kind": "open"}],
        "Ann",
        code="K7QM4X",
        clock=clock,
        grace=60.0,
    )
    _, bo = room.join("Bo")
    room.connect(0)
    room.connect(1)
    room.command(0, {"type": "start"})
    return room, [ann, bo]


def test_a_seat_is_seen_with_its_state_and_never_its_token_hash() -> None:
    clock = FakeClock()
    room, tokens = _started(clock)
    room.disconnect(1)
    clock.advance(5)
    assert room.seat_view(0) == {
        "seat": 0,
        "kind": "human",
        "name": "Ann",
        "level": None,
        "state": "connected",
        "absent_for": None,
        "host": True,
        "bot": False,
    }
    assert room.seat_view(1)["state"] == "absent" and room.seat_view(1)["absent_for"] == 5
    shown = json.dumps([room.shared_view(), room.summary()])
    for seat, token in zip(room.seats, tokens, strict=True):
        assert token not in shown and str(seat.token_hash) not in shown


def test_only_the_seat_to_act_gets_legal_actions_and_a_spectator_sees_the_public_view() -> None:
    room, _ = _started(FakeClock())
    actor = room.table.match.state.current_player()
    other = 1 - actor
    mine, theirs, spectator = room.snapshot(actor), room.snapshot(other), room.snapshot(None)
    assert mine["legal"] == room.table.match.state.legal_json() and mine["legal"]
    assert theirs["legal"] == [] and spectator["legal"] == []
    assert mine["you"] == {"seat": actor, "seats": [actor], "host": actor == 0}
    assert spectator["you"] == {"spectator": True}
    assert spectator["state"] == room.table.match.state.observation(None)
    assert mine["state"] == room.table.match.state.observation(actor)
    for snapshot in (mine, theirs, spectator):
        assert (snapshot["code"], snapshot["link"], snapshot["pace"]) == (
            "K7QM4X",
            "/join/K7QM4X",
            "server",
        )
        assert snapshot["to_act"] == actor and "record" in snapshot


def test_an_update_carries_its_moves_and_a_snapshot_without_the_record() -> None:
    room, _ = _started(FakeClock())
    actor = room.table.match.state.current_player()
    action = room.table.match.state.legal_json()[0]
    moves = room.table.act(actor, action, room.table.version)
    update = room.update(moves, None)
    assert update["type"] == "update"
    assert update["moves"] == [move.to_json(None) for move in moves]
    assert update["snapshot"]["version"] == room.table.version == len(moves)
    assert "record" not in update["snapshot"] and "chat" not in update["snapshot"]
    record = room.snapshot(None)["record"]  # what a client holds once it appends them
    assert [m["seat"] for m in record["moves"]] == [m["seat"] for m in update["moves"]]


def test_a_private_rooms_owner_is_paced_by_the_page_and_has_no_code() -> None:
    room = scenes.private_room("00000000000000a1")
    snapshot = room.snapshot("owner")
    assert (snapshot["code"], snapshot["link"], snapshot["grace"]) == (None, None, None)
    assert snapshot["pace"] == "client" and snapshot["chat_on"] is False
    assert snapshot["you"]["seats"] == [0, 1] and snapshot["you"]["host"] is True


def test_the_invitation_summary_shows_the_room_and_its_seats_but_no_match() -> None:
    room, _ = _started(FakeClock())
    summary = room.summary()
    assert summary["code"] == "K7QM4X" and summary["link"] == "/join/K7QM4X"
    assert (summary["started"], summary["over"], summary["host"]) == (True, False, 0)
    assert [seat["name"] for seat in summary["seats"]] == ["Ann", "Bo"]
    assert not {"state", "legal", "record", "you"} & set(summary)
