"""Don't Cut the Cheese's sampler of hidden state for the expert level (sampler.py): the secret
threshold drawn from what the paper's strength allows, the rollouts' stop and their scores."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from mousehole.engine import CHANCE, Match, State
from mousehole.games.dontcutthecheese.sampler import (
    EXPERT,
    evaluate,
    posterior,
    round_over,
    sample,
)
from tests.random_play import play_at_random

from .scenes import after_snap, game, held, on_the_trap, play, position


def test_the_threshold_is_drawn_from_the_prior_left_by_the_strength() -> None:
    assert posterior(5) == {1: 0.5, 2: 0.3, 3: 0.2}
    assert posterior(2) == {1: 0.5 / 0.8, 2: 0.3 / 0.8}
    assert posterior(1) == {1: 1.0}
    state = on_the_trap(2, strength_at_least=3)
    seat = state.current_player()
    rng = random.Random(1)
    drawn = Counter(
        sample(state.game, state.observation(seat), seat, rng).to_json()["threshold"]
        for _ in range(4000)
    )
    expected = posterior(state.to_json()["strength"])
    for threshold, p in expected.items():
        assert abs(drawn[threshold] / 4000 - p) < 0.03


def test_outside_a_papers_life_the_sample_keeps_the_public_threshold() -> None:
    """The threshold of the paper that snapped is public (last_threshold) once it snaps."""
    state = after_snap(3, snapper=0)
    seat = 1
    drawn = sample(state.game, state.observation(seat), seat, random.Random(0))
    assert drawn.to_json()["threshold"] == 2
    assert drawn.to_json()["phase"] == "draw"


def test_a_rollout_stops_once_the_paper_has_snapped() -> None:
    assert not round_over(position())
    assert not round_over(play(position(), "spin"))
    assert round_over(after_snap(3, snapper=0))


def test_evaluate_gives_a_finished_game_to_its_winner() -> None:
    match = Match(game(3), seed=5)
    play_at_random(match, 5)
    (winner,) = match.state.winners()
    assert evaluate(match.state) == [1.0 if s == winner else 0.0 for s in range(3)]


def test_evaluate_favours_the_seat_with_more_colours_and_sums_to_one() -> None:
    # Two papers snapped by seat 2: seats 0 and 1 drew one token each time.
    state = position(
        3,
        tokens=held((1, 1, 0), (2, 0, 0), (0, 0, 0)),
        round=3,
        snapper=2,
        last_threshold=2,
        turns=2,
    )
    shares = evaluate(state)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] > shares[1] > shares[2]


def test_the_experts_rollouts_are_scored_where_the_paper_snapped() -> None:
    """Every rollout of the expert's search ends at the snap and is scored there by
    `evaluate` (the snap is a chance state: the draws come next)."""
    scored: list[State] = []

    def recording(state: State) -> list[float]:
        scored.append(state)
        return evaluate(state)

    expert = dataclasses.replace(EXPERT, evaluate=recording, iterations=40, seconds=None)
    state = play(position(2), "spin", "face:bite2")
    expert.player(3).choose(state)
    assert len(scored) == 40
    assert all(round_over(s) and s.current_player() == CHANCE for s in scored)
