"""A seated game whose formats live in modules of its own, and a Game that only names them.

Every game package keeps the same files (src/mousehole/games/README.md): `actions.py` parses
its actions, `view.py` reads and writes its positions and events and puts them in words.
`FormattedGame` passes the Game's calls on to those modules once, so that a game's Game class
names its two modules and keeps only what is its own (its options, its first state, any
format a module of its own does not hold), instead of passing each call on, method by method.

    class CheddarGame(FormattedGame[CheddarState, CheddarAction]):
        name = "cheddar"; title = "Cheddar"; min_seats = 2; max_seats = 4
        formats = view            # state_from_json, state_to_json, event_to_json, describe_*, tally
        action_formats = actions  # parse_json, parse_text

        def new_initial_state(self) -> CheddarState: ...

The modules are checked against `StateFormats` and `ActionFormats` by mypy (a module may stand
for a Protocol), so a missing or mistyped function is a type error, not a surprise at run time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from .game import JSON, Action, SeatedGame, State

S = TypeVar("S", bound=State)
A = TypeVar("A", bound=Action)
A_co = TypeVar("A_co", bound=Action, covariant=True)


class StateFormats(Protocol[S]):
    """What a game's `view.py` holds: its positions, events and words."""

    def state_from_json(self, game: Any, data: Mapping[str, Any]) -> S:
        """Return the position `data` describes, for `game` (its options)."""
        ...

    def state_to_json(self, state: S) -> JSON:
        """Return the omniscient position as JSON (`State.to_json`)."""
        ...

    def event_to_json(self, event: Any) -> JSON:
        """Return one of the state's compact events as a JSON event (`State.events`)."""
        ...

    def describe_action(self, action: Action) -> str:
        """Return the action in words (`Game.describe_action`)."""
        ...

    def describe_event(self, event: JSON) -> str:
        """Return the event in words (`Game.describe_event`)."""
        ...

    def tally(self, events: Sequence[JSON], counters: dict[str, int]) -> None:
        """Add the events to the simulator's counters (`Game.tally`)."""
        ...


class ActionFormats(Protocol[A_co]):
    """What a game's `actions.py` holds: its parsers."""

    def parse_json(self, data: Any) -> A_co:
        """Return the action `data` is (`Game.action_from_json`)."""
        ...

    def parse_text(self, text: str) -> A_co:
        """Return the action `text` is (`Game.action_from_text`)."""
        ...


class FormattedGame(SeatedGame, Generic[S, A]):
    """A `SeatedGame` whose formats are its `formats` (view) and `action_formats` (actions)
    modules, named once in the subclass (see the top of this file)."""

    formats: StateFormats[S]
    action_formats: ActionFormats[A]

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        return self.formats.state_from_json(self, data)

    def action_from_json(self, data: Any) -> A:
        return self.action_formats.parse_json(data)

    def action_from_text(self, text: str) -> A:
        return self.action_formats.parse_text(text)

    def describe_action(self, action: Action) -> str:
        return self.formats.describe_action(action)

    def describe_event(self, event: JSON) -> str:
        return self.formats.describe_event(event)

    def tally(self, events: Sequence[JSON], counters: dict[str, int]) -> None:
        self.formats.tally(events, counters)

    # -- the formats a state is written in: a state asks its game, so it never imports them

    def position_json(self, state: S) -> JSON:
        """Return `state`'s omniscient position as JSON (`State.to_json`; snapshots call it
        for every viewer)."""
        return self.formats.state_to_json(state)

    def events_json(self, events: Iterable[Any]) -> list[JSON]:
        """Return a state's compact event tuples as JSON events (`State.events`)."""
        event_to_json = self.formats.event_to_json
        return [event_to_json(event) for event in events]


__all__ = ["ActionFormats", "FormattedGame", "StateFormats"]
