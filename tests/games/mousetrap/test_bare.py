"""`bare.play` (bare.py), Mouse Trap's rules as one bare loop: a random game from `rnd()`,
step for step the one a driver of the public API plays with `State.sample_action(rnd())`.
The benchmark's side of it: test_bare_loop.py."""

from __future__ import annotations

import random

import pytest

import mousehole
from mousehole.games.mousetrap import bare


def _api_game(seats: int, seed: int) -> tuple[list[int], int]:
    """Return the winners and steps of the public API's random game of `seed`."""
    rnd = random.Random(seed).random
    state = mousehole.load_game("mousetrap", seats=seats).new_initial_state()
    steps = 0
    while not state.is_terminal():
        state = state.apply(state.sample_action(rnd()))
        steps += 1
    return state.winners(), steps


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_bare_loop_plays_the_public_apis_game(seats: int) -> None:
    for seed in range(5):
        assert bare.play(seats, random.Random(seed).random) == _api_game(seats, seed)


def test_the_same_numbers_give_the_same_game_and_others_another() -> None:
    games = [bare.play(3, random.Random(seed).random) for seed in range(20)]
    assert games[0] == bare.play(3, random.Random(0).random)
    assert len(set(steps for _, steps in games)) > 1
    for winners, steps in games:
        assert len(winners) == 1 and 0 <= winners[0] < 3 and steps > 50
