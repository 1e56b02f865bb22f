"""Game-agnostic players that use only the Game contract."""

from .expectimax import Evaluator, Expectimax
from .random import RandomBot

__all__ = ["Evaluator", "Expectimax", "RandomBot"]
