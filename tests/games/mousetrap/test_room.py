"""The room authority on Mouse Trap's own actions: a roll commits the die it leads to, the
crank is parsed but illegal at the start, a computer seat's turn (its roll and die), a finished
match, and the default of four seats. Moved from tests/server/rooms/test_table.py, whose other tests
play any game from its legal list (tests/server/scenes.py)."""

from __future__ import annotations

from typing import Any

import pytest

import mousehole
from mousehole.engine import Match
from mousehole.server.rooms.table import RoomError, Table
from tests.server.scenes import owner_view

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def _room(seats: list[dict[str, Any]] | None = None, **options: Any) -> tuple[Table, str]:
    return Table.create(
        "mousetrap", {"seats": 2, "start_seat": 0, **options}, seats or HUMANS, room_id="r1"
    )


def _refused(code: str, call: Any) -> RoomError:
    with pytest.raises(RoomError) as caught:
        call()
    assert caught.value.code == code, caught.value.message
    return caught.value


def test_an_action_commits_the_move_and_the_chance_it_leads_to() -> None:
    room, _ = _room()
    moves = room.act(0, {"type": "roll"}, 0, "a1")
    assert [m.seat for m in moves] == [0, None]
    assert moves[0].action == {"type": "roll"} and moves[1].action["type"] == "die"
    assert moves[1].events[0]["type"] == "moved"
    assert room.version == 2 and owner_view(room)["to_act"] == 1


def test_a_crank_at_the_start_is_parsed_but_illegal_and_changes_nothing() -> None:
    room, _ = _room()
    before = owner_view(room)
    _refused("illegal_action", lambda: room.act(0, {"type": "crank"}, 0))
    assert owner_view(room) == before


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
    assert owner_view(room)["to_act"] == 0


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
    room, _ = Table.create("mousetrap", {"seats": 2, "start_seat": 0}, HUMANS, record=record)
    assert owner_view(room)["winners"] == [0]
    _refused("game_over", lambda: room.act(1, {"type": "roll"}, room.version))
    _refused("game_over", lambda: room.advance(room.version))


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
    error = _refused("bad_seats", lambda: Table.create("mousetrap", {}, seats))
    assert error.message == message
