"""AusDieMausGame (game.py): its options, the deck it deals from and its first position."""

from __future__ import annotations

import pytest

from mousehole.engine import CHANCE
from mousehole.games.ausdiemaus import AusDieMausGame
from mousehole.games.ausdiemaus.cards import DECKS

from .scenes import game_for


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_game_deals_from_the_deck_of_its_seat_count(seats: int) -> None:
    game = game_for(seats)
    assert isinstance(game, AusDieMausGame)
    assert game.deck == DECKS[seats]
    assert game.options() == {"seats": seats, "start_seat": None}


def test_without_a_start_seat_chance_draws_it_with_equal_chances() -> None:
    state = game_for(4).new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [a.to_text() for a, _ in outcomes] == [f"start:{s}" for s in range(4)]
    assert all(p == pytest.approx(0.25) for _, p in outcomes)
    assert state.observation(None)["stacks"] == [0, 0, 0, 0]


def test_a_given_start_seat_is_dealt_at_once_and_chance_draws_the_pile_card() -> None:
    """ruling: deal one card at a time from the starting player until one card remains."""
    state = game_for(3, start_seat=1).new_initial_state()
    assert state.current == 1
    assert state.observation(None)["stacks"] == [14, 15, 15]
    assert state.current_player() == CHANCE
    assert [a.to_text() for a, _ in state.chance_outcomes()] == [
        "card:cheese",
        "card:cat",
        "card:mouse1",
        "card:mouse2",
        "card:mouse3",
    ]


def test_the_game_reads_back_its_actions_in_both_forms() -> None:
    game = game_for(2)
    turn = game.action_from_text("turn")
    assert game.action_from_json(turn.to_json()) == turn
    assert game.action_from_text("card:cat").to_json() == {"type": "card", "card": "cat"}
