"""What the engine's speed work must keep: the same games. Random games with fixed seeds are
played through the public API and everything a driver, a page or a record sees along them
(every legal list in full, every chance outcome, every action, event, omniscient position and
every seat's and the spectator's observation after each step, and the winners) is hashed into
one digest per game. The digests below were made by the engine as it was before its move
search and legal lists were made faster (docs/games/mousechaos.md, "Speed"); a faster engine
must give the same ones.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import mousehole
from mousehole.engine import CHANCE, TERMINAL, sample_outcome
from mousehole.games.mousechaos import MouseChaosState
from mousehole.games.mousechaos.state import _SLOTS

DIGESTS = {
    (2, 1): (1158, "6261d5198f6301507d2a98ae313412b54931c7c5d29439221587b78cea70062b"),
    (3, 0): (995, "bee8471f1338743a1f97cbb583cff2fa9f76cd3f640a3558653ef9c700e51695"),
    (4, 0): (665, "af6fa7a197f85ee1aa44d1bd110a5ca0c606d50f45dd5de65e54b26d379d352a"),
    (4, 2): (621, "2e6e0b1bbb812ef3b9717d1d517e2af63c77c566becb08c858c4309bd5acb39e"),
}
"""(seats, seed) -> (steps, digest) of the random game `digest` plays."""


def _dump(value: object) -> bytes:
    return json.dumps(value, sort_keys=True).encode()


def digest(seats: int, seed: int) -> tuple[int, str]:
    """Play the random game of `random.Random(seed)` (the loop of benchmarks/engine.py's
    `random_games`) and return its steps and the digest of everything seen along it."""
    game = mousehole.load_game("mousechaos", seats=seats)
    rnd = random.Random(seed).random
    seen = hashlib.sha256()
    state = game.new_initial_state()
    steps = 0
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            outcomes = state.chance_outcomes()
            seen.update(repr([(a.to_text(), p) for a, p in outcomes]).encode())
            action = sample_outcome(outcomes, rnd())
        else:
            actions = state.legal_actions()
            seen.update("|".join(a.to_text() for a in actions).encode())
            seen.update(str(len(actions)).encode())
            action = actions[int(rnd() * len(actions))]
        state = state.apply(action)
        seen.update(action.to_text().encode())
        seen.update(_dump(list(state.events)))
        seen.update(_dump(state.to_json()))
        for viewer in [None, *range(seats)]:
            seen.update(_dump(state.observation(viewer)))
        steps += 1
    seen.update(repr(state.winners()).encode())
    return steps, seen.hexdigest()


@pytest.mark.parametrize(("seats", "seed"), sorted(DIGESTS))
def test_seeded_random_games_are_the_games_the_engine_played_before(seats: int, seed: int) -> None:
    assert digest(seats, seed) == DIGESTS[seats, seed]


def test_a_child_state_copies_every_field() -> None:
    state = mousehole.load_game("mousechaos", seats=3).new_initial_state()
    rnd = random.Random(5).random
    for _ in range(400):
        state = state.apply(state.sample_action(rnd()))
    assert isinstance(state, MouseChaosState)
    child = state._child()
    for name in _SLOTS:
        if name == "_events":
            assert child._events == ()
        elif name == "_legal":
            assert child._legal is None
        else:
            assert getattr(child, name) == getattr(state, name), name
    assert child.key() == state.key()
