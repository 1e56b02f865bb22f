"""The room authority: checks in a fixed order, commits, never applies anything twice."""

from __future__ import annotations

from typing import Any

import pytest

import mousehole
from mousehole.engine import Match
from mousehole.server.room import Room, RoomError, hash_token

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def _room(seats: list[dict[str, Any]] | None = None, **options: Any) -> tuple[Room, str]:
    return Room.create(
        "mousetrap", {"seats": 2, "start_seat": 0, **options}, seats or HUMANS, room_id="r1"
    )


def _refused(code: str, call: Any) -> RoomError:
    with pytest.raises(RoomError) as caught:
        call()
    assert caught.value.code == code, caught.value.message
    return caught.value


def test_a_room_keeps_only_the_hash_of_its_owner_token() -> None:
    room, token = _room()
    assert len(token) >= 40 and room.owner_hash == hash_token(token) != token
    assert room.owns(token) and not room.owns(token + "x") and not room.owns(None)


def test_an_action_commits_the_move_and_the_chance_it_leads_to() -> None:
    room, _ = _room()
    moves = room.act(0, {"type": "roll"}, 0, "a1")
    assert [m.seat for m in moves] == [0, None]
    assert moves[0].action == {"type": "roll"} and moves[1].action["type"] == "die"
    assert moves[1].events[0]["type"] == "moved"
    assert room.version == 2 and room.snapshot()["to_act"] == 1


def test_a_repeated_action_id_is_never_applied_twice() -> None:
    room, _ = _room()
    room.act(0, {"type": "roll"}, 0, "same")
    assert room.act(0, {"type": "roll"}, 0, "same") == []
    assert room.version == 2


@pytest.mark.parametrize(
    ("seat", "action", "version", "code"),
    [
        (1, {"type": "roll"}, 0, "not_your_turn"),
        (7, {"type": "roll"}, 0, "bad_seat"),
        ("0", {"type": "roll"}, 0, "bad_seat"),
        (0, {"type": "jump"}, 0, "malformed_action"),
        (0, "roll", 0, "malformed_action"),
        (0, {"type": "crank"}, 0, "illegal_action"),
        (0, {"type": "roll"}, 3, "stale_version"),
        (0, {"type": "roll"}, None, "stale_version"),
    ],
)
def test_a_refused_action_names_its_reason_and_changes_nothing(
    seat: Any, action: Any, version: Any, code: str
) -> None:
    room, _ = _room()
    before = room.snapshot()
    _refused(code, lambda: room.act(seat, action, version))
    assert room.snapshot() == before


def test_the_checks_run_in_order_turn_before_parse_before_legality_before_version() -> None:
    room, _ = _room()
    assert _refused("not_your_turn", lambda: room.act(1, {"type": "?"}, 9)).code
    assert _refused("malformed_action", lambda: room.act(0, {"type": "?"}, 9)).code
    assert _refused("illegal_action", lambda: room.act(0, {"type": "crank"}, 9)).code


def test_a_computer_seat_moves_only_when_advanced_and_a_human_seat_cannot_be_advanced() -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "name": "Cy", "level": "easy"}]
    room, _ = _room(seats)
    _refused("not_computer_turn", lambda: room.advance(0))
    room.act(0, {"type": "roll"}, 0)
    _refused("not_your_turn", lambda: room.act(1, {"type": "roll"}, 2))
    _refused("stale_version", lambda: room.advance(1))
    moves = room.advance(2)
    assert [m.seat for m in moves] == [1, None]
    assert room.snapshot()["to_act"] == 0


def test_a_finished_game_refuses_every_action() -> None:
    game = mousehole.load_game("mousetrap", seats=2, start_seat=0)
    start = game.state_from_json(
        {
            "seat_count": 2,
            "current": 0,
            "phase": "crank",
            "supply": 50,
            "components": 23,
            "mice": [
                {"seat": 0, "position": 46, "cheese": 1},
                {"seat": 1, "position": 49, "cheese": 1},
            ],
        }
    )
    record = Match(game, seed=1, state=start).record.to_json()
    record["moves"] = [{"seat": "chance", "action": {"type": "crank_result", "success": True}}]
    room, _ = Room.create("mousetrap", {"seats": 2, "start_seat": 0}, HUMANS, record=record)
    assert room.snapshot()["winners"] == [0]
    _refused("game_over", lambda: room.act(1, {"type": "roll"}, room.version))
    _refused("game_over", lambda: room.advance(room.version))


def test_a_saved_record_resumes_exactly_where_it_stopped() -> None:
    room, _ = _room()
    for _ in range(5):
        seat = room.snapshot()["to_act"]
        room.act(seat, {"type": "roll"}, room.version)
    saved = room.snapshot()
    again, token = Room.create(
        "mousetrap", {"seats": 2, "start_seat": 0}, HUMANS, record=saved["record"]
    )
    assert again.version == room.version
    assert again.snapshot()["state"] == saved["state"]
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
        ({"seats": 2}, HUMANS, {"game": "mousetrap", "moves": [{"seat": 5}]}, "bad_record"),
        ({"seats": 2}, HUMANS, {"game": "mousetrap", "options": {"seats": 3}}, "bad_record"),
    ],
)
def test_a_room_with_bad_options_seats_or_record_is_refused_with_a_named_reason(
    options: Any, seats: Any, record: Any, code: str
) -> None:
    error = _refused(code, lambda: Room.create("mousetrap", options, seats, record=record))
    assert error.message


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (HUMANS, "seats: the game is set up for 4 seats (options.seats), but 2 were given"),
        (HUMANS[:1], "seats: the game is set up for 4 seats (options.seats), but 1 was given"),
        ({"kind": "human"}, "seats: expected a list of 4 seats"),
    ],
)
def test_seats_that_do_not_fit_the_options_say_how_many_are_wanted(
    seats: Any, message: str
) -> None:
    error = _refused("bad_seats", lambda: Room.create("mousetrap", {}, seats))
    assert error.message == message
