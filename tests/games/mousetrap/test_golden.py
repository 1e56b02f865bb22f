"""Golden records: three fixed-seed random 4-seat games, fingerprinted.

Why: the engine is optimised for speed (flat field lists, inlined hot paths, cached sampling),
and every such change must leave the rules exactly as they were. The same seeds must keep
producing byte-identical records; these digests were computed with the first, straightforward
version of the rules and have held through every optimisation since. If a deliberate rules
change alters them, recompute them and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import mousehole
from mousehole.engine import Match, State

GOLDEN = [
    (1, 349, [3], "9ab6e1f0c96f3e20"),
    (2, 668, [3], "aa94d217e74dcc77"),
    (3, 224, [1], "c46ebe38232a3517"),
]


class _Uniform:
    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state: State) -> mousehole.Action:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


@pytest.mark.parametrize(("seed", "moves", "winners", "digest"), GOLDEN)
def test_a_fixed_seed_random_game_gives_the_same_record_as_ever(
    seed: int, moves: int, winners: list[int], digest: str
) -> None:
    game = mousehole.load_game("mousetrap", seats=4)
    player = _Uniform(random.Random(seed))
    match = Match(game, seed=seed)
    state = match.play_out(dict.fromkeys(range(4), player))
    record = json.dumps(match.record.to_json(), sort_keys=True).encode()
    assert (len(match.record.moves), state.winners()) == (moves, winners)
    assert hashlib.sha256(record).hexdigest()[:16] == digest
