"""A game's fixed-shape observation vectors and action indexes (mousehole.rl.encoded): every
registered game has an encoding, and every legal action of random games has its index."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mousehole.engine import Match
from mousehole.games import MANIFESTS, load_game
from mousehole.rl import Encoded
from tests.rl.cases import CASES, ENCODED, IDS


def test_every_registered_game_has_an_encoding() -> None:
    assert list(MANIFESTS) == ENCODED


@pytest.mark.parametrize(("name", "seats"), CASES, ids=IDS)
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
