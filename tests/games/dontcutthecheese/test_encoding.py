"""Don't Cut the Cheese's encoding and sampler for learning programs and the expert level."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

import mousehole
from mousehole.engine import Match, State
from mousehole.games.dontcutthecheese.sampler import posterior, sample
from mousehole.rl import Encoded


def on_the_trap(seats: int, strength_at_least: int) -> State:
    """Return a position with a paper on the trap at strength >= the given one."""
    match = Match(mousehole.load_game("dontcutthecheese", seats=seats), seed=4)
    rng = random.Random(4)
    while True:
        state = match.state
        data = state.to_json()
        if data["phase"] == "bite" and data["strength"] >= strength_at_least:
            return state
        if state.is_chance_node():
            match.sample_chance()
        else:
            actions = state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])


def test_two_papers_that_differ_only_in_their_threshold_encode_alike_for_every_seat() -> None:
    state = on_the_trap(3, strength_at_least=3)
    game = state.game
    twins = [game.state_from_json({**state.to_json(), "threshold": t}) for t in (1, 2, 3)]
    assert len({twin.to_json()["threshold"] for twin in twins}) == 3
    encoded = Encoded("dontcutthecheese", 3)
    for seat in range(3):
        first = encoded.observe(twins[0], seat)
        for twin in twins[1:]:
            assert np.array_equal(encoded.observe(twin, seat), first)


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
