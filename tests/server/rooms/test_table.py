"""A room's match (rooms/table.py): checks in a fixed order, commits, never applies anything twice.

These tests play any game, the server tests' (tests/server/scenes.py), acting from a snapshot's
legal list; the tests that need one game's own actions live in its folder
(tests/games/<name>/test_room.py)."""

from __future__ import annotations

from typing import Any

import pytest

from mousehole.server.rooms.table import RoomError, Table, hash_token
from tests.server import scenes

HUMANS = scenes.HUMANS
NAME = scenes.NAME


def _room(seats: list[dict[str, Any]] | None = None, **options: Any) -> tuple[Table, str]:
    return Table.create(NAME, {**scenes.OPTIONS, **options}, seats or HUMANS, room_id="r1")


def _refused(code: str, call: Any) -> RoomError:
    with pytest.raises(RoomError) as caught:
        call()
    assert caught.value.code == code, caught.value.message
    return caught.value


def _first_legal(room: Table) -> Any:
    """Return the first action the seat to act may take now."""
    snapshot = scenes.owner_view(room)
    assert snapshot["to_act"] == 0 and snapshot["legal"], "the tests start on seat 0's turn"
    return snapshot["legal"][0]


def test_a_room_keeps_only_the_hash_of_its_owner_token() -> None:
    room, token = _room()
    assert len(token) >= 40 and room.owner_hash == hash_token(token) != token
    assert room.owns(token) and not room.owns(token + "x") and not room.owns(None)


def test_an_action_commits_the_move_and_numbers_every_move_it_leads_to() -> None:
    room, _ = _room()
    action = _first_legal(room)
    moves = room.act(0, action, 0, "a1")
    assert moves and moves[0].seat == 0 and moves[0].action == action
    assert [m.index for m in moves] == list(range(len(moves)))
    assert room.version == len(moves)


def test_a_repeated_action_id_is_never_applied_twice() -> None:
    room, _ = _room()
    action = _first_legal(room)
    committed = room.act(0, action, 0, "same")
    assert committed and room.version == len(committed)
    assert room.act(0, action, 0, "same") == []
    assert room.version == len(committed)


LEGAL = object()
"""Stands for the first legal action of the room's first snapshot."""


@pytest.mark.parametrize(
    ("seat", "action", "version", "code"),
    [
        (1, LEGAL, 0, "not_your_turn"),
        (7, LEGAL, 0, "bad_seat"),
        ("0", LEGAL, 0, "bad_seat"),
        (0, {"type": "jump"}, 0, "malformed_action"),
        (0, "roll", 0, "malformed_action"),
        (0, LEGAL, 3, "stale_version"),
        (0, LEGAL, None, "stale_version"),
    ],
)
def test_a_refused_action_names_its_reason_and_changes_nothing(
    seat: Any, action: Any, version: Any, code: str
) -> None:
    room, _ = _room()
    before = scenes.owner_view(room)
    sent = _first_legal(room) if action is LEGAL else action
    _refused(code, lambda: room.act(seat, sent, version))
    assert scenes.owner_view(room) == before


def test_the_checks_run_in_order_turn_before_parse_before_version() -> None:
    room, _ = _room()
    assert _refused("not_your_turn", lambda: room.act(1, {"type": "?"}, 9)).code
    assert _refused("malformed_action", lambda: room.act(0, {"type": "?"}, 9)).code
    assert _refused("stale_version", lambda: room.act(0, _first_legal(room), 9)).code


def test_a_human_seat_cannot_be_advanced() -> None:
    seats = [HUMANS[0], {"kind": "computer", "name": "Cy", "level": scenes.LEVEL}]
    room, _ = _room(seats)
    _refused("not_computer_turn", lambda: room.advance(0))
    assert room.version == 0


def test_a_saved_record_resumes_exactly_where_it_stopped() -> None:
    room, _ = _room()
    scenes.play(room, 5)
    saved = scenes.owner_view(room)
    again, token = Table.create(NAME, scenes.OPTIONS, HUMANS, record=saved["record"])
    assert again.version == room.version
    assert scenes.owner_view(again)["state"] == saved["state"]
    assert again.owns(token)


@pytest.mark.parametrize(
    ("options", "seats", "record", "code"),
    [
        ([], HUMANS, None, "bad_options"),
        ({"seats": 9}, HUMANS, None, "bad_options"),
        ({"seats": 2}, [{"kind": "human"}], None, "bad_seats"),
        ({"seats": 2}, [{"kind": "robot"}, {"kind": "human"}], None, "bad_seats"),
        ({"seats": 2}, [{"kind": "computer", "level": "god"}, HUMANS[0]], None, "bad_seats"),
        ({"seats": 2}, [{"kind": "human", "name": "x" * 40}, HUMANS[0]], None, "bad_seats"),
        ({"seats": 2}, HUMANS, "record", "bad_record"),
        ({"seats": 2}, HUMANS, {"game": NAME, "moves": [{"seat": 5}]}, "bad_record"),
        ({"seats": 2}, HUMANS, {"game": NAME, "options": {"seats": 3}}, "bad_record"),
    ],
)
def test_a_room_with_bad_options_seats_or_record_is_refused_with_a_named_reason(
    options: Any, seats: Any, record: Any, code: str
) -> None:
    error = _refused(code, lambda: Table.create(NAME, options, seats, record=record))
    assert error.message
