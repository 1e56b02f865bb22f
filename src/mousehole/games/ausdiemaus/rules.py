"""Aus die Maus! the game: its options, its states (state.py) and the formats they are read and
written in (view.py). Every rule cites its source as docs/games/ausdiemaus.md tells it: the
game's rulebook ("rulebook") or one of Mousehole's rulings ("ruling"; Assumptions the rulings
make).
"""

from __future__ import annotations

from typing import ClassVar

from ...engine import JSON
from ...engine.formats import FormattedGame
from . import actions as A
from . import view
from .cards import DECKS, MAX_SEATS, MIN_SEATS, Deck, deal_sizes
from .state import AusDieMausState


class AusDieMausGame(FormattedGame[AusDieMausState, A.AusDieMausAction]):
    """Aus die Maus! for 2 to 6 seats. Options: `seats`, `start_seat` (a seat, or None: random).
    Its positions, events and words are view.py's, its actions' forms actions.py's."""

    name: ClassVar[str] = "ausdiemaus"
    title: ClassVar[str] = "Aus die Maus!"
    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS
    formats = view
    action_formats = A

    def __init__(self, seats: int = 4, start_seat: int | None = None):
        super().__init__(seats, start_seat)
        self.deck: Deck = DECKS[seats]  # rulebook: 2 or 3 players use the red-back half

    def new_initial_state(self) -> AusDieMausState:
        n = self._seats
        state = AusDieMausState(self, n)
        if self.start_seat is not None:
            state.current = self.start_seat
            state.unseen = deal_sizes(n, self.start_seat, self.deck.size - 1)
        return state

    def observation_json(self, state: AusDieMausState) -> JSON:
        """Return `state`'s public facts, the same for every viewer (`State.observation`)."""
        return view.observation(state)


__all__ = ["AusDieMausGame"]
