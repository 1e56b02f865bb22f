"""Mouse Trap's sampler of hidden state for the expert level (`mousehole.bots.ISMCTS`).

Mouse Trap has no secrets (cheese counts are public): a seat's observation is the whole
position plus its `viewer`, so the one state consistent with it is read back from it.
"""

from __future__ import annotations

import random

from ...engine import JSON, Game, State
from ..manifest import Expert
from .bots import BOTS
from .bots import evaluate as evaluate_for


def sample(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
    """Return the position `observation` shows (it hides nothing)."""
    return game.state_from_json({k: v for k, v in observation.items() if k != "viewer"})


def evaluate(state: State) -> list[float]:
    """Return each seat's heuristic chance to win (the hard level's `evaluate`)."""
    return [evaluate_for(state, seat) for seat in range(state.game.seat_count)]


EXPERT = Expert(
    sample,
    iterations=400,
    seconds=0.8,
    rollout=BOTS["normal"],
    rollout_steps=40,
    evaluate=evaluate,
)
"""The expert level's settings: rollouts of the normal level's decisions, scored by the
hard level's heuristic after 40 decisions (about five rounds of rolls)."""


__all__ = ["EXPERT", "evaluate", "sample"]
