"""Mouse Chaos phases and endings (phases.py): the deal takes DEALS chance outcomes, then the
draw, and play only ever shows the phases listed, always as the module's own constants (the
rules compare them by identity)."""

from __future__ import annotations

import random

from mousehole.engine import CHANCE
from mousehole.games.mousechaos import MouseChaosGame, MouseChaosState
from mousehole.games.mousechaos.phases import (
    CAP_ROUNDS,
    DEAL,
    DEALS,
    DRAW,
    ENDINGS,
    PHASES,
    PICK,
)


def test_the_deal_is_sixteen_mice_and_four_cards_then_the_draw() -> None:
    state: MouseChaosState = MouseChaosGame(seats=4).new_initial_state()
    for _ in range(DEALS):
        assert state.phase is DEAL and state.current_player() == CHANCE
        state = state.apply(state.chance_outcomes()[0][0])
    assert DEALS == 20 and state.phase is DRAW


def test_a_chosen_start_seat_goes_from_the_deal_straight_to_the_pick() -> None:
    state: MouseChaosState = MouseChaosGame(seats=2, start_seat=1).new_initial_state()
    for _ in range(DEALS):
        state = state.apply(state.chance_outcomes()[-1][0])
    assert state.phase is PICK and state.current_player() == 1


def test_random_play_shows_only_the_listed_phases_as_the_constants_themselves() -> None:
    rng = random.Random(11)
    state: MouseChaosState = MouseChaosGame(seats=3).new_initial_state()
    seen = set()
    for _ in range(600):
        if state.is_terminal():
            break
        assert any(state.phase is phase for phase in PHASES), state.phase
        seen.add(state.phase)
        if state.is_chance_node():
            state = state.apply(state.sample_action(rng.random()))
        else:
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
    assert {"deal", "draw", "pick", "holder", "piece", "chair"} <= seen


def test_the_endings_and_the_cap() -> None:
    """docs/games/mousechaos.md: after 300 rounds with no winner the game ends with a ranking."""
    assert ENDINGS == ("win", "phantom", "cap")
    assert CAP_ROUNDS == 300
