"""Don't Cut the Cheese: bite the cheese paper without snapping the trap. See
docs/games/dontcutthecheese.md."""

from .actions import CheeseAction
from .game import CheeseGame
from .state import CheeseState

__all__ = ["CheeseAction", "CheeseGame", "CheeseState"]
