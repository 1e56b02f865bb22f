"""RandomBot: uniform over the legal actions, reproducible from its seed, and refusing to act
where no seat decides."""

from __future__ import annotations

from collections import Counter

import pytest

from mousehole.bots.random import RandomBot
from mousehole.engine import CHANCE
from tests.engine.dice_game import DIE, HOLD, ROLL, DiceGame, DiceState


def _deciding() -> DiceState:
    """Seat 0 has rolled a 4 and may roll again or hold."""
    state = DiceGame(seats=2, start_seat=0).new_initial_state().apply(ROLL).apply(DIE[4])
    assert isinstance(state, DiceState)
    return state


def test_the_only_legal_action_is_always_chosen() -> None:
    state = DiceGame(seats=2, start_seat=0).new_initial_state()
    assert list(state.legal_actions()) == [ROLL]
    assert {RandomBot(seed).choose(state) for seed in range(20)} == {ROLL}


def test_the_same_seed_makes_the_same_choices() -> None:
    state = _deciding()
    first, second = RandomBot(7), RandomBot(7)
    assert [first.choose(state) for _ in range(30)] == [second.choose(state) for _ in range(30)]


def test_choices_are_spread_over_every_legal_action() -> None:
    bot = RandomBot(1)
    counts = Counter(bot.choose(_deciding()) for _ in range(400))
    assert set(counts) == {ROLL, HOLD}
    # Uniform over two actions: each near 200 of 400; 140 is far outside chance (6 sigma).
    assert min(counts.values()) > 140


def test_the_bot_refuses_a_chance_node() -> None:
    state = DiceGame(seats=2).new_initial_state()
    assert state.current_player() == CHANCE
    with pytest.raises(ValueError, match="no seat decides"):
        RandomBot(0).choose(state)
