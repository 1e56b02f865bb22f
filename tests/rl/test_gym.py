"""The Gymnasium environment of every registered game (mousehole.rl.gym): seat 0 against the
built-in computer players. Gymnasium's `check_env` for every game with an encoding at its
fewest and its most seats; a match played to the end earns seat 0 its share of the win; an
illegal action forfeits or raises as asked; bad options are refused by name."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import mousehole
from mousehole.games import GameManifest
from mousehole.rl import gym_env, gym_id
from tests.rl.cases import CASES, ENCODED, IDS

# Gymnasium's checker warns that it cannot tell a spec's render modes apart: advice, not a
# failure.
pytestmark = [pytest.mark.filterwarnings("ignore:.*render.*:UserWarning")]


@pytest.mark.parametrize(("name", "seats"), CASES, ids=IDS)
def test_the_gym_environment_passes_gymnasiums_check_env(name: str, seats: int) -> None:
    level = mousehole.games.manifest(name).levels[0]  # the quickest opponents
    check_env(gymnasium.make(gym_id(name), seats=seats, opponents=level).unwrapped)


@pytest.mark.parametrize("manifest", ENCODED, ids=lambda m: m.name)
def test_the_gym_environment_plays_seat_0_against_computers_to_a_share_of_the_win(
    manifest: GameManifest,
) -> None:
    level = manifest.levels[0]
    env = gym_env(manifest.name, seats=manifest.min_seats, opponents=level)
    _, info = env.reset(seed=3)
    rng = random.Random(3)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        assert (env.action_masks() == info["action_mask"]).all()
        _, reward, done, truncated, info = env.step(int(rng.choice(legal)))
        assert not truncated and not info["illegal_action"]
        total += reward
    winners = env.state_now.winners()
    assert total == (1 / len(winners) if 0 in winners else 0.0)
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_an_illegal_action_forfeits_or_raises_as_asked() -> None:
    name = ENCODED[0].name
    env = gym_env(name, opponents=ENCODED[0].levels[0])
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (0.0, True, True)
    strict = gym_env(name, opponents=ENCODED[0].levels[0], illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match=rf"action {illegal} \(.*\) is not legal for seat 0"):
        strict.step(illegal)
    with pytest.raises(ValueError, match=r"action: .* is outside"):
        strict.step(10**6)


def test_bad_gym_options_are_refused_by_name() -> None:
    name = ENCODED[0].name
    with pytest.raises(mousehole.InvalidOptionError, match="unknown level 'genius'"):
        gym_env(name, opponents="genius")
    with pytest.raises(mousehole.InvalidOptionError, match="opponents: expected one level"):
        gym_env(name, seats=ENCODED[0].min_seats, opponents=["easy"] * 5)
