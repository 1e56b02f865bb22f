"""Don't Cut the Cheese the game: its options and its first position. Its states and their
rules are state.py's; what a seat sees, observer.py's; the JSON, codec.py's; the words,
words.py's. Every rule cites its source as docs/games/dontcutthecheese.md tells it.
"""

from __future__ import annotations

from typing import ClassVar

from ...engine.formats import FormattedGame
from . import actions as A
from . import codec, observer, words
from .phases import PAPER, START
from .state import CheeseState


class CheeseGame(FormattedGame[CheeseState, A.CheeseAction]):
    """Don't Cut the Cheese for 2 to 6 seats. Options: `seats`, `start_seat` (a seat, or None:
    random). Its positions and events as JSON are codec.py's, what a seat sees (all but the
    threshold, and each bite's preview) observer.py's, the words words.py's and its actions'
    forms actions.py's."""

    name: ClassVar[str] = observer.NAME
    title: ClassVar[str] = "Don't Cut the Cheese"
    min_seats: ClassVar[int] = A.MIN_SEATS
    max_seats: ClassVar[int] = A.MAX_SEATS
    codec = codec
    words = words
    observer = observer
    action_formats = A

    def new_initial_state(self) -> CheeseState:
        if self.start_seat is None:
            return CheeseState(self, self._seats, 0, START)
        return CheeseState(self, self._seats, self.start_seat, PAPER)


__all__ = ["CheeseGame"]
