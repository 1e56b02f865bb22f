"""Don't Cut the Cheese the game: its options, its states (state.py) and the formats they are
read and written in (view.py). Every rule cites seeds/dont-cut-the-cheese-rulebook.txt
("rulebook") or rulings.md section 3 ("ruling").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import JSON, Action, SeatedGame
from . import actions as A
from . import view
from .state import PAPER, START, CheeseState, Events


class CheeseGame(SeatedGame):
    """Don't Cut the Cheese for 2 to 6 seats. Options: `seats`, `start_seat` (a seat, or None:
    random)."""

    name: ClassVar[str] = view.NAME
    title: ClassVar[str] = "Don't Cut the Cheese"
    min_seats: ClassVar[int] = A.MIN_SEATS
    max_seats: ClassVar[int] = A.MAX_SEATS

    def new_initial_state(self) -> CheeseState:
        if self.start_seat is None:
            return CheeseState(self, self._seats, 0, START)
        return CheeseState(self, self._seats, self.start_seat, PAPER)

    def state_from_json(self, data: Mapping[str, Any]) -> CheeseState:
        return view.state_from_json(self, data)

    def action_from_json(self, data: Any) -> A.CheeseAction:
        return A.parse_json(data)

    def action_from_text(self, text: str) -> A.CheeseAction:
        return A.parse_text(text)

    def describe_action(self, action: Action) -> str:
        return view.describe_action(action)

    def describe_event(self, event: JSON) -> str:
        return view.describe_event(event)

    def tally(self, events: Sequence[JSON], counters: dict[str, int]) -> None:
        view.tally(events, counters)

    # -- the formats a state is written in: state.py asks its game, so it never imports them

    def position_json(self, state: CheeseState) -> JSON:
        """Return `state`'s omniscient position as JSON (`State.to_json`): with the threshold."""
        return view.state_to_json(state)

    def observation_json(self, state: CheeseState, seat: int | None) -> JSON:
        """Return what `seat` may know (`State.observation`): everything but the threshold."""
        return view.observation(state, seat)

    def legal_json(self, state: CheeseState) -> list[JSON]:
        """Return the legal actions as a page receives them (`State.legal_json`): each bite
        with the strength the paper has after it."""
        return view.legal_json(state)

    def events_json(self, events: Events) -> list[JSON]:
        """Return compact event tuples as JSON events (`State.events`)."""
        return [view.event_to_json(event) for event in events]


__all__ = ["CheeseGame"]
