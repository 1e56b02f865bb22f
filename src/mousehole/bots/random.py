"""A player that picks uniformly among the legal actions, with its own seeded RNG."""

from __future__ import annotations

import random as _random

from ..engine import Action, State


class RandomBot:
    """Uniform over `legal_actions()`. Its RNG is its own: it never touches the match's chance."""

    def __init__(self, seed: int | None = None):
        self._rng = _random.Random(seed)

    def choose(self, state: State) -> Action:
        """Return a uniformly random legal action."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("RandomBot was asked to act where no seat decides")
        return actions[self._rng.randrange(len(actions))] if len(actions) > 1 else actions[0]
