"""Aus die Maus! positions as JSON: round trips, and every refusal names its field."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import mousehole
from mousehole.engine import CHANCE, TERMINAL, sample_outcome

from .scenes import game_for, play, position


def base(**changes: Any) -> dict[str, Any]:
    """Return a valid 3-seat position's JSON with `changes` applied."""
    data = position(
        3, current=1, pile=["cheese", "cat"], won={0: ["mouse2", "cheese", "cheese"]}
    ).to_json()
    data.update(changes)
    return data


def test_state_json_holds_the_observation_plus_the_stacks_contents() -> None:
    state = play(position(3, won={2: ["mouse1", "cheese"]}, unseen=[10, 10, None]), "turn")
    assert state.to_json() == {
        "game": "ausdiemaus",
        "seats": 3,
        "phase": "turn",
        "current": 0,
        "chips": [0, 0, 0],
        "chips_left": 5,
        "pile": ["cheese"],
        "chase": None,
        "ending": None,
        "turns": 2,
        "winners": [],
        "drawing": True,
        "unseen": [10, 10, 22],
        "won": [[], [], ["mouse1", "cheese"]],
    }


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_position_of_random_games_round_trips_through_json(seats: int) -> None:
    game = game_for(seats)
    rng = random.Random(seats)
    for _ in range(5):
        state = game.new_initial_state()
        while True:
            data = json.loads(json.dumps(state.to_json()))
            again = game.state_from_json(data)
            assert again == state and hash(again) == hash(state)
            assert again.to_json() == data and again.pool == state.pool
            if state.current_player() == TERMINAL:
                break
            if state.current_player() == CHANCE:
                state = state.apply(sample_outcome(state.chance_outcomes(), rng.random()))
            else:
                state = state.apply(state.legal_actions()[0])


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"game": "chess"}, "game", "not 'chess'"),
        ({"seats": 4}, "seats", "does not match"),
        ({"phase": "bidding"}, "phase", "'bidding' is not one of"),
        ({"unseen": [10, 10]}, "unseen", "one per seat"),
        ({"unseen": [10, -1, 33]}, "unseen[1]", "outside"),
        ({"unseen": [10, 10, 30]}, "unseen", "must be the deck's 45"),
        ({"won": [[], []]}, "won", "one per seat"),
        ({"won": [["brie"], [], []]}, "won[0][0]", "'brie' is not a card"),
        ({"won": [["cat"] * 7, [], []]}, "won", "8 cat cards"),
        ({"pile": "cheese"}, "pile", "list of card names"),
        ({"pile": ["mouse1"] * 4}, "pile", "4 mouse1 cards"),
        ({"chips": [1, 1]}, "chips", "one per seat"),
        ({"chips": [3, 3, 0]}, "chips_left", "5 left + 6 given must be 5 chips"),
        ({"chips_left": 6}, "chips_left", "outside 0..5"),
        ({"chips": [2, 1, 0], "chips_left": 1}, "chips_left", "must be 5 chips"),
        ({"chips": [2, 2, 1], "chips_left": 0}, "chips_left", "the game would be over"),
        ({"turns": -1}, "turns", "outside"),
        ({"turns": 10_000}, "turns", "safety stop"),
        ({"drawing": 1}, "drawing", "true or false"),
        ({"ending": "draw"}, "ending", "'draw' is not null or one of"),
        ({"ending": "run_out"}, "ending", "only once the game is over"),
        ({"current": 3}, "current", "outside 0..2"),
        ({"current": None}, "current", "needs the seat"),
        ({"chase": {"mouse_owner": 0, "chaser": 1, "paws": 1, "attempts_left": 1}}, "chase",
         "has no chase"),
        ({"phase": "restart"}, "pile", "must be empty"),
        ({"pile": [], "unseen": [10, 10, 22]}, "pile", "at least one card"),
        ({"phase": "over"}, "ending", "says how it ended"),
        ({"phase": "over", "ending": "run_out"}, "current", "nobody turns"),
        ({"phase": "start", "current": None}, "unseen", "the deal"),
        ({"winners": [1]}, "winners", "not [1]"),
    ],
)  # fmt: skip
def test_an_impossible_position_is_refused_naming_the_field(
    changes: dict[str, Any], field: str, message: str
) -> None:
    data = base(**changes)
    with pytest.raises(mousehole.InvalidStateError) as error:
        game_for(3).state_from_json(data)
    assert error.value.field == field
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("chase", "pile", "field", "message"),
    [
        ({"mouse_owner": 0, "chaser": 2, "paws": 2, "attempts_left": 2}, ["mouse2"],
         "chase.chaser", "left neighbour, seat 1"),
        ({"mouse_owner": 0, "chaser": 1, "paws": 4, "attempts_left": 1}, ["mouse2"],
         "chase.paws", "outside 1..3"),
        ({"mouse_owner": 0, "chaser": 1, "paws": 2, "attempts_left": 3}, ["mouse2"],
         "chase.attempts_left", "outside 1..2"),
        ({"mouse_owner": 0, "chaser": 1, "paws": 2, "attempts_left": 1}, ["mouse2"],
         "pile", "end with the chased mouse2 and then 1 cheese"),
        ({"mouse_owner": 0, "chaser": 1, "paws": 2, "attempts_left": 1}, ["mouse2", "cat"],
         "pile", "end with the chased mouse2"),
        (None, ["mouse2"], "chase", "a chase is"),
    ],
)  # fmt: skip
def test_a_chase_must_match_the_pile_and_the_seats(
    chase: dict[str, int] | None, pile: list[str], field: str, message: str
) -> None:
    with pytest.raises(mousehole.InvalidStateError) as error:
        position(3, phase="chase", current=1, pile=pile, chase=chase)
    assert error.value.field == field and message in str(error.value)


def test_a_valid_chase_position_is_read_and_played_on() -> None:
    state = position(
        3,
        phase="chase",
        current=1,
        pile=["cat", "mouse3", "cheese"],
        chase={"mouse_owner": 0, "chaser": 1, "paws": 3, "attempts_left": 2},
    )
    state = game_for(3).state_from_json(state.to_json())
    after = play(state, "turn", "card:cheese", "turn", "card:cheese")
    assert after.events[-2]["type"] == "escaped" and after.won[0] == (1, 4, 0, 0, 0)


def test_a_start_position_must_hold_the_deal_of_its_starting_seat() -> None:
    game = game_for(3, start_seat=2)
    initial = game.new_initial_state()
    assert game.state_from_json(initial.to_json()) == initial
    data = initial.to_json()
    data["unseen"] = [15, 15, 14]  # the deal from seat 0, not seat 2
    with pytest.raises(mousehole.InvalidStateError) as error:
        game.state_from_json(data)
    assert error.value.field == "unseen" and "[15, 14, 15]" in str(error.value)
