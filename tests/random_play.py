"""Random play for tests that need a finished match of any game."""

from __future__ import annotations

import random

from mousehole.engine import Match


def play_at_random(match: Match, seed: int) -> None:
    """Play `match` to its end: chance from the match's own seed, each decision a legal action
    drawn uniformly by a generator seeded with `seed`."""
    rng = random.Random(seed)
    while not match.state.is_terminal():
        if match.state.is_chance_node():
            match.sample_chance()
        else:
            actions = match.state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
