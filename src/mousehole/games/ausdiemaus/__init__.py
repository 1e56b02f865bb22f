"""Aus die Maus!: turn over cards, chase mice with cats. See docs/games/ausdiemaus.md."""

from .actions import AusDieMausAction
from .game import AusDieMausGame
from .state import AusDieMausState

__all__ = ["AusDieMausAction", "AusDieMausGame", "AusDieMausState"]
