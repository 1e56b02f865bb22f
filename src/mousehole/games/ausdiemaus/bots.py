"""Aus die Maus! computer player: one level, "auto".

The game has no decisions (ruling: every seat has exactly one action, turn over), so the only
player there can be plays that action. There are no strength levels to invent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...engine import Action, IllegalActionError, Player, State


class AutoPlayer:
    """Auto: turns over the top card whenever it is this seat's turn."""

    level: Final = "auto"

    def __init__(self, seed: int | None = None):
        del seed  # nothing to choose, so nothing random

    def choose(self, state: State) -> Action:
        """Return the one legal action."""
        actions = state.legal_actions()
        if not actions:
            raise IllegalActionError("no seat has a card to turn over here")
        return actions[0]


BOTS: Final[dict[str, Callable[[int | None], Player]]] = {"auto": AutoPlayer}
"""The one level: `BOTS["auto"](seed)` makes a player."""

__all__ = ["BOTS", "AutoPlayer"]
