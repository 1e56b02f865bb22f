"""The PettingZoo AEC environment of every registered game (mousehole.rl.aec).

PettingZoo's own `api_test` and `seed_test` for every game with an encoding at its fewest and
its most seats; a seeded environment replays the same match; rewards are the shares of the
win; render shows the public view; bad options are refused by name.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import mousehole
from mousehole.games import GameManifest
from mousehole.rl import aec_env
from tests.rl.cases import CASES, ENCODED, IDS

# PettingZoo's checks warn that a dict observation (observation plus action mask, the shape
# of its own board games) is not a Box: advice about shapes, not failures.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
]


@pytest.mark.parametrize(("name", "seats"), CASES, ids=IDS)
def test_the_aec_environment_passes_pettingzoos_api_and_seed_tests(name: str, seats: int) -> None:
    api_test(aec_env(name, seats=seats), num_cycles=300)
    seed_test(lambda: aec_env(name, seats=seats), num_cycles=100)


def play_aec(name: str, seats: int, seed: int) -> tuple[list[int], dict[str, float], dict]:
    """Play a seeded AEC match with seeded random legal actions; return the actions, the
    rewards and the record."""
    env = aec_env(name, seats=seats)
    env.reset(seed=seed)
    rng = random.Random(seed)
    chosen: list[int] = []
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        chosen.append(action)
        env.step(action)
    return chosen, totals, env.record.to_json()


@pytest.mark.parametrize(("name", "seats"), CASES, ids=IDS)
def test_a_seeded_environment_replays_the_same_match(name: str, seats: int) -> None:
    first = play_aec(name, seats, seed=11)
    assert play_aec(name, seats, seed=11) == first
    other = play_aec(name, seats, seed=12)
    assert other[2]["moves"] != first[2]["moves"]
    result = mousehole.replay(first[2])  # the record is a real match of the engine
    assert result.error is None and result.state.is_terminal()
    winners = result.state.winners()
    expected = {f"seat_{s}": (1 / len(winners) if s in winners else 0.0) for s in range(seats)}
    assert first[1] == pytest.approx(expected)


def test_bad_aec_options_are_refused_by_name() -> None:
    name = ENCODED[0].name
    with pytest.raises(mousehole.InvalidOptionError, match="seats"):
        aec_env(name, seats=99)
    with pytest.raises(ValueError, match="render_mode"):
        aec_env(name, render_mode="pixels")


@pytest.mark.parametrize("manifest", ENCODED, ids=lambda m: m.name)
def test_render_is_text_of_the_public_view(manifest: GameManifest) -> None:
    env = aec_env(manifest.name, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and manifest.title in text
    assert "to act" in text.splitlines()[0]
    for key in manifest.conformance.secret_keys:
        assert f"\n{key}:" not in text
