"""Aus die Maus! the game: its options, its states (state.py) and the formats they are read and
written in (view.py). Every rule cites its source as docs/games/ausdiemaus.md tells it: the
game's rulebook ("rulebook") or one of Mousehole's rulings ("ruling"; Assumptions the rulings
make).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import JSON, Action, SeatedGame
from . import actions as A
from . import view
from .cards import DECKS, MAX_SEATS, MIN_SEATS, Deck, deal_sizes
from .state import AusDieMausState, Events


class AusDieMausGame(SeatedGame):
    """Aus die Maus! for 2 to 6 seats. Options: `seats`, `start_seat` (a seat, or None: random)."""

    name: ClassVar[str] = "ausdiemaus"
    title: ClassVar[str] = "Aus die Maus!"
    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS

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

    def state_from_json(self, data: Mapping[str, Any]) -> AusDieMausState:
        return view.state_from_json(self, data)

    def action_from_json(self, data: Any) -> A.AusDieMausAction:
        return A.parse_json(data)

    def action_from_text(self, text: str) -> A.AusDieMausAction:
        return A.parse_text(text)

    def describe_action(self, action: Action) -> str:
        return view.describe_action(action)

    def describe_event(self, event: JSON) -> str:
        return view.describe_event(event)

    def tally(self, events: Sequence[JSON], counters: dict[str, int]) -> None:
        view.tally(events, counters)

    # -- the formats a state is written in: state.py asks its game, so it never imports them

    def position_json(self, state: AusDieMausState) -> JSON:
        """Return `state`'s omniscient position as JSON (`State.to_json`)."""
        return view.state_to_json(state)

    def observation_json(self, state: AusDieMausState) -> JSON:
        """Return `state`'s public facts, the same for every viewer (`State.observation`)."""
        return view.observation(state)

    def events_json(self, events: Events) -> list[JSON]:
        """Return compact event tuples as JSON events (`State.events`)."""
        return [view.event_to_json(event) for event in events]


__all__ = ["AusDieMausGame"]
