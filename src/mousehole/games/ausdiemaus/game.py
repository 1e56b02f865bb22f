"""Aus die Maus! the game: its options and its first position. Its states and their rules are
state.py's; what a seat sees, observer.py's; the JSON, codec.py's; the words, words.py's.

Every rule cites its source as docs/games/ausdiemaus.md tells it: the game's rulebook
("rulebook") or one of Mousehole's rulings ("ruling"; Assumptions the rulings make).
"""

from __future__ import annotations

from typing import ClassVar

from ...engine.formats import FormattedGame
from . import actions as A
from . import codec, observer, words
from .cards import DECKS, MAX_SEATS, MIN_SEATS, Deck, deal_sizes
from .state import AusDieMausState


class AusDieMausGame(FormattedGame[AusDieMausState, A.AusDieMausAction]):
    """Aus die Maus! for 2 to 6 seats. Options: `seats`, `start_seat` (a seat, or None: random).
    Its positions and events as JSON are codec.py's, what a seat sees observer.py's, the words
    words.py's and its actions' forms actions.py's."""

    name: ClassVar[str] = "ausdiemaus"
    title: ClassVar[str] = "Aus die Maus!"
    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS
    codec = codec
    words = words
    observer = observer
    action_formats = A

    def __init__(self, seats: int = 4, start_seat: int | None = None):
        super().__init__(seats, start_seat)
        self.deck: Deck = DECKS[seats]  # rulebook: 2 or 3 players use the red-back half

    def new_initial_state(self) -> AusDieMausState:
        n = self._seats
        state = AusDieMausState(self, n, self.deck)
        if self.start_seat is not None:
            state.current = self.start_seat
            state.unseen = deal_sizes(n, self.start_seat, self.deck.size - 1)
        return state


__all__ = ["AusDieMausGame"]
