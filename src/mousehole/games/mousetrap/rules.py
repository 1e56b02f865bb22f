"""Mouse Trap the game: its options, its states (state.py) and the formats they are read and
written in (view.py). Every rule cites its source as docs/games/mousetrap.md tells it: the
game's specification ("spec") or one of Mousehole's rulings ("ruling"; Digital adaptations).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import JSON, Action, SeatedGame
from . import actions as A
from . import view
from .board import MAX_SEATS, MIN_SEATS, TOTAL_CHEESE
from .state import ROLL, START, Events, MouseTrapState


class MouseTrapGame(SeatedGame):
    """Mouse Trap for 2 to 4 seats. Options: `seats`, `start_seat` (a seat, or None: random)."""

    name: ClassVar[str] = "mousetrap"
    title: ClassVar[str] = "Mouse Trap"
    min_seats: ClassVar[int] = MIN_SEATS
    max_seats: ClassVar[int] = MAX_SEATS

    def new_initial_state(self) -> MouseTrapState:
        n = self._seats
        first = 0 if self.start_seat is None else self.start_seat
        phase = START if self.start_seat is None else ROLL
        return MouseTrapState(
            self, n, (0,) * n, (0,) * n, (False,) * n, TOTAL_CHEESE, 0, first, phase
        )

    def state_from_json(self, data: Mapping[str, Any]) -> MouseTrapState:
        return view.state_from_json(self, data)

    def action_from_json(self, data: Any) -> A.MouseTrapAction:
        return A.parse_json(data)

    def action_from_text(self, text: str) -> A.MouseTrapAction:
        return A.parse_text(text)

    def describe_action(self, action: Action) -> str:
        return view.describe_action(action)

    def describe_event(self, event: JSON) -> str:
        return view.describe_event(event)

    def tally(self, events: Sequence[JSON], counters: dict[str, int]) -> None:
        view.tally(events, counters)

    # -- the formats a state is written in: state.py asks its game, so it never imports them

    def position_json(self, state: MouseTrapState) -> JSON:
        """Return `state` as JSON (`State.to_json`; snapshots call it for every viewer)."""
        return view.state_to_json(state)

    def events_json(self, events: Events) -> list[JSON]:
        """Return compact event tuples as JSON events (`State.events`)."""
        event_to_json = view.event_to_json
        return [event_to_json(event) for event in events]


__all__ = ["MouseTrapGame"]
