"""CheeseGame (game.py): its options and its first position (docs/games/dontcutthecheese.md,
Setup)."""

from __future__ import annotations

import pytest

from mousehole import CHANCE, InvalidOptionError
from mousehole.games.dontcutthecheese import CheeseGame


def test_without_a_start_seat_chance_draws_it_before_the_first_paper() -> None:
    state = CheeseGame(seats=4).new_initial_state()
    assert state.current_player() == CHANCE
    assert state.to_json()["phase"] == "start"
    assert [a.to_text() for a, _ in state.chance_outcomes()] == [f"start:{s}" for s in range(4)]


def test_a_given_start_seat_begins_with_the_first_papers_secret_threshold() -> None:
    state = CheeseGame(seats=3, start_seat=2).new_initial_state()
    data = state.to_json()
    assert (data["phase"], data["current"]) == ("paper", 2)
    assert state.current_player() == CHANCE
    assert [a.to_text() for a, _ in state.chance_outcomes()] == [
        "threshold:1",
        "threshold:2",
        "threshold:3",
    ]
    hooked = state.apply(state.game.action_from_text("threshold:3"))
    assert hooked.current_player() == 2


def test_the_first_position_has_a_full_bag_and_nobody_holds_a_token() -> None:
    data = CheeseGame(seats=2, start_seat=0).new_initial_state().to_json()
    assert data["bag"] == {"orange": 10, "white": 10, "yellow": 10}
    assert all(sum(held.values()) == 0 for held in data["tokens"])


@pytest.mark.parametrize("seats", [1, 7])
def test_two_to_six_seats_play(seats: int) -> None:
    with pytest.raises(InvalidOptionError, match="takes 2 to 6 seats"):
        CheeseGame(seats=seats)
