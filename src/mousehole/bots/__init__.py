"""Game-agnostic players that use only the Game contract."""

from .expectimax import Evaluator, Expectimax
from .ismcts import ISMCTS, Sampler, rollout, shares
from .random import RandomBot

__all__ = ["ISMCTS", "Evaluator", "Expectimax", "RandomBot", "Sampler", "rollout", "shares"]
