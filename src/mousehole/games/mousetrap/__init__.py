"""Mouse Trap: the flagship game. See docs/games/mousetrap.md."""

from .actions import MouseTrapAction
from .game import MouseTrapGame
from .state import MouseTrapState

__all__ = ["MouseTrapAction", "MouseTrapGame", "MouseTrapState"]
