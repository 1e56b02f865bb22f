"""Mouse Trap's sampler of hidden state for the expert level (`mousehole.bots.ISMCTS`).

Mouse Trap has no secrets (cheese counts are public): a seat's observation is the whole
position plus its `viewer`, so the one state consistent with it is read back from it.
"""

from __future__ import annotations

import random

from ...engine import JSON, Game, State
from ..manifest import Expert
from .bots import BOTS


def sample(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
    """Return the position `observation` shows (it hides nothing)."""
    return game.state_from_json({k: v for k, v in observation.items() if k != "viewer"})


EXPERT = Expert(
    sample,
    iterations=800,
    seconds=0.8,
    rollout=BOTS["normal"],
    guide=BOTS["hard"],
    guide_weight=3.0,
)
"""The expert level's settings: rollouts to the end of the game by the normal level (a
whole game of Mouse Trap is cheap to play out), the hard level's choice tried first and
favoured, so that the search departs from it where the rollouts say the rest of the game
goes better."""


__all__ = ["EXPERT", "sample"]
