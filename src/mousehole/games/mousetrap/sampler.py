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
    iterations=100_000,
    seconds=0.8,
    rollout=BOTS["hard"],
    guide=BOTS["hard"],
    depth=1,
    confidence=2.0,
    paired=True,
)
"""The expert level's settings: an improvement on the hard level. Each choice is valued by
rollouts in which every seat then plays like hard to the end of the game (a whole game of
Mouse Trap is cheap to play out); the choices are compared on common random numbers (the
same dice), and hard's choice is kept unless another beats it by two standard errors. It
stops after 0.8 s of CPU time."""


__all__ = ["EXPERT", "sample"]
