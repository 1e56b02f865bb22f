"""Aus die Maus!: turn over cards, chase mice with cats. See docs/games/ausdiemaus.md."""

from .actions import AusDieMausAction
from .rules import AusDieMausGame, AusDieMausState

__all__ = ["AusDieMausAction", "AusDieMausGame", "AusDieMausState"]
