"""Mouse Chaos the game: its options and its first position. Its states and their rules are
state.py's; what a seat sees, observer.py's; the JSON, codec.py's; the words, words.py's. Every
rule cites its source as docs/games/mousechaos.md tells it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine.formats import FormattedGame
from . import actions as A
from . import codec, observer, words
from .state import MouseChaosState


class MouseChaosGame(FormattedGame[MouseChaosState, A.MouseChaosAction]):
    """Mouse Chaos for 2 to 4 seats. Options: `seats`, `start_seat` (a seat, or None: the
    seats draw holder numbers and the highest goes first). Its positions and events as JSON
    are codec.py's, what a seat sees (the public facts, its own cards and peeks) and of each
    action observer.py's, the words words.py's and its actions' forms actions.py's."""

    name: ClassVar[str] = observer.NAME
    title: ClassVar[str] = "Mouse Chaos"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    codec = codec
    words = words
    observer = observer
    action_formats = A

    def new_initial_state(self) -> MouseChaosState:
        return MouseChaosState(self)

    def state_from_observation(
        self, seen: Mapping[str, Any], colours: Sequence[int], cards: Sequence[int]
    ) -> MouseChaosState:
        """Return a full position that agrees with a seat's observation `seen`, with the
        hidden `colours` (16) and `cards` (4) filled in as colour indexes: one sample of what
        the seat does not know (the hard computer player searches such samples)."""
        return codec.position_from_observation(self, seen, colours, cards)


__all__ = ["MouseChaosGame"]
