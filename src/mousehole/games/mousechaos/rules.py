"""Mouse Chaos the game: its options, its states (state.py) and the formats they are read and
written in (view.py). Rules cite seeds/mouse-chaos-rulebook.txt and rulings.md section 4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import JSON, Action, SeatedGame
from . import actions as A
from . import view
from .state import Events, MouseChaosState


class MouseChaosGame(SeatedGame):
    """Mouse Chaos for 2 to 4 seats. Options: `seats`, `start_seat` (a seat, or None: the
    seats draw holder numbers and the highest goes first)."""

    name: ClassVar[str] = "mousechaos"
    title: ClassVar[str] = "Mouse Chaos"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    def new_initial_state(self) -> MouseChaosState:
        return MouseChaosState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> MouseChaosState:
        return view.state_from_json(self, data)

    def state_from_observation(
        self, seen: Mapping[str, Any], colours: Sequence[int], cards: Sequence[int]
    ) -> MouseChaosState:
        """Return a full position that agrees with a seat's observation `seen`, with the
        hidden `colours` (16) and `cards` (4) filled in as colour indexes: one sample of what
        the seat does not know (the hard computer player searches such samples)."""
        return view.position_from_observation(self, seen, colours, cards)

    def action_from_json(self, data: Any) -> A.MouseChaosAction:
        return A.parse_json(data)

    def action_from_text(self, text: str) -> A.MouseChaosAction:
        return A.parse_text(text)

    def describe_action(self, action: Action) -> str:
        return view.describe_action(action)

    def describe_event(self, event: JSON) -> str:
        return view.describe_event(event)

    def tally(self, events: Sequence[JSON], counters: dict[str, int]) -> None:
        view.tally(events, counters)

    # -- the formats a state is written in: state.py asks its game, so it never imports them

    def position_json(self, state: MouseChaosState) -> JSON:
        """Return `state`'s omniscient position as JSON (`State.to_json`)."""
        return view.state_to_json(state)

    def observation_json(self, state: MouseChaosState, seat: int | None) -> JSON:
        """Return what `seat` may know of `state` (`State.observation`)."""
        return view.observation(state, seat)

    def action_view_json(
        self, state: MouseChaosState, action: Action, viewer: int | None
    ) -> JSON | None:
        """Return what `viewer` may see of `action` in `state` (`State.action_view`)."""
        return view.action_view(state, action, viewer)

    def events_json(self, events: Events) -> list[JSON]:
        """Return compact event tuples as JSON events (`State.events`)."""
        return [view.event_to_json(event) for event in events]


__all__ = ["MouseChaosGame"]
