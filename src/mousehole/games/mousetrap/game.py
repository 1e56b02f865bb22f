"""Mouse Trap the game: its options and its first position. Its states and their rules are
state.py's; what a seat sees, observer.py's; the JSON, codec.py's; the words, words.py's.

Every rule cites its source as docs/games/mousetrap.md tells it: the game's specification
("spec") or one of Mousehole's rulings ("ruling"; Digital adaptations).
"""

from __future__ import annotations

from typing import ClassVar

from ...engine.formats import FormattedGame
from . import actions as A
from . import codec, observer, words
from .board import MAX_SEATS, MIN_SEATS, TOTAL_CHEESE
from .phases import ROLL, START
from .state import MouseTrapState, new_state


class MouseTrapGame(FormattedGame[MouseTrapState, A.MouseTrapAction]):
    """Mouse Trap for 2 to 4 seats. Options: `seats`, `start_seat` (a seat, or None: random).
    Its positions and events as JSON are codec.py's, what a seat sees observer.py's, the words
    words.py's and its actions' forms actions.py's."""

    name: ClassVar[str] = "mousetrap"
    title: ClassVar[str] = "Mouse Trap"
    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS
    codec = codec
    words = words
    observer = observer
    action_formats = A

    def new_initial_state(self) -> MouseTrapState:
        n = self._seats
        first = 0 if self.start_seat is None else self.start_seat
        phase = START if self.start_seat is None else ROLL
        return new_state(self, n, (0,) * n, (0,) * n, (False,) * n, TOTAL_CHEESE, 0, first, phase)


__all__ = ["MouseTrapGame"]
