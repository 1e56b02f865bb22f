"""The reinforcement-learning environments of every registered game (mousehole.rl).

PettingZoo's own `api_test` and `seed_test`, and Gymnasium's `check_env`, for every game with
an encoding at its fewest and its most seats; a seeded environment replays the same match;
every legal action of random games has its index; rewards are the shares of the win.
"""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import mousehole
from mousehole.engine import Match
from mousehole.games import MANIFESTS, GameManifest, load_game
from mousehole.rl import Encoded, aec_env, gym_env, gym_id

ENCODED = [m for m in MANIFESTS if m.encoding is not None]
CASES = [(m.name, n) for m in ENCODED for n in sorted({m.min_seats, m.max_seats})]
ids = [f"{name}-{seats}" for name, seats in CASES]

# PettingZoo's checks warn that a dict observation (observation plus action mask, the shape
# of its own board games) is not a Box, and Gymnasium's that it cannot tell a spec's render
# modes apart: advice about shapes, not failures.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:.*render.*:UserWarning"),
]


def test_every_registered_game_has_an_encoding() -> None:
    assert list(MANIFESTS) == ENCODED


@pytest.mark.parametrize(("name", "seats"), CASES, ids=ids)
def test_the_aec_environment_passes_pettingzoos_api_and_seed_tests(name: str, seats: int) -> None:
    api_test(aec_env(name, seats=seats), num_cycles=300)
    seed_test(lambda: aec_env(name, seats=seats), num_cycles=100)


@pytest.mark.parametrize(("name", "seats"), CASES, ids=ids)
def test_the_gym_environment_passes_gymnasiums_check_env(name: str, seats: int) -> None:
    level = mousehole.games.manifest(name).levels[0]  # the quickest opponents
    check_env(gymnasium.make(gym_id(name), seats=seats, opponents=level).unwrapped)


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


@pytest.mark.parametrize(("name", "seats"), CASES, ids=ids)
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


@pytest.mark.parametrize(("name", "seats"), CASES, ids=ids)
def test_every_legal_action_of_random_games_has_an_index_that_maps_back(
    name: str, seats: int
) -> None:
    encoded = Encoded(name, seats)
    assert len(encoded.actions) == len(encoded.index)
    for json_action, action in zip(encoded.action_json, encoded.actions, strict=True):
        assert action.to_json() == json_action
    game = load_game(name, seats=seats)
    for seed in range(3):
        rng = random.Random(seed)
        match = Match(game, seed=seed)
        for _ in range(400):
            state = match.state
            if state.is_terminal():
                break
            if state.is_chance_node():
                match.sample_chance()
                continue
            seat = state.current_player()
            mask = encoded.mask(state, seat)
            legal = state.legal_actions()
            assert int(mask.sum()) == len(legal)
            assert {encoded.actions[i] for i in np.flatnonzero(mask)} == set(legal)
            assert not encoded.mask(state, (seat + 1) % seats).any()
            vector = encoded.observe(state, seat)
            assert vector.shape == (encoded.size,) and vector.dtype == np.float32
            assert vector.min() >= 0.0 and vector.max() <= 1.0
            match.apply(legal[rng.randrange(len(legal))])


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


def test_bad_options_are_refused_by_name() -> None:
    name = ENCODED[0].name
    with pytest.raises(mousehole.InvalidOptionError, match="unknown level 'genius'"):
        gym_env(name, opponents="genius")
    with pytest.raises(mousehole.InvalidOptionError, match="opponents: expected one level"):
        gym_env(name, seats=ENCODED[0].min_seats, opponents=["easy"] * 5)
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
