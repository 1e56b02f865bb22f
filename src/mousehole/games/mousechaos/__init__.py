"""Mouse Chaos: steer hidden-colour mice home with holders, cats and chairs. See
docs/games/mousechaos.md."""

from .actions import MouseChaosAction
from .game import MouseChaosGame
from .state import MouseChaosState

__all__ = ["MouseChaosAction", "MouseChaosGame", "MouseChaosState"]
