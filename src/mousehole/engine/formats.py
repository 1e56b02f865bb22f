"""A seated game whose formats live in modules of its own, and the state base that asks it.

Every game package keeps the same named parts (src/mousehole/games/README.md): `game.py` the
Game class, `state.py` the position and the rules that change it, `observer.py` what a seat
sees, `codec.py` the JSON of positions and events, `words.py` actions and events in words,
`actions.py` the actions and their parsers. `FormattedGame` passes the Game's calls on to
those modules once, so that a game's Game class names its modules and keeps only what is its
own (its options, its first state), instead of passing each call on, method by method:

    class CheddarGame(FormattedGame[CheddarState, CheddarAction]):
        name = "cheddar"; title = "Cheddar"; min_seats = 2; max_seats = 4
        codec = codec             # state_from_json, state_to_json, event_to_json
        words = words             # describe_action, describe_event, tally
        observer = observer       # observation (and legal_json, action_view where it has them)
        action_formats = actions  # parse_json, parse_text

        def new_initial_state(self) -> CheddarState: ...

`FormattedState` is the other half: a state holds its game and its last events, and takes
`to_json`, `events`, `observation`, `legal_json`, `action_view`, `hindsight_view`, equality and
`repr` from them and its `key()`. A state module so never imports its codec, observer or Game
class (the game reaches it typed as this module's `FormattedGame`), and the game's modules
import each other one way only: game -> observer, codec, words -> state -> actions and the data
modules.

The modules are checked against the Protocols below by mypy (a module may stand for a
Protocol), so a missing or mistyped function is a type error, not a surprise at run time.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from .game import JSON, Action, SeatedGame, State

S = TypeVar("S", bound=State)
S_contra = TypeVar("S_contra", bound=State, contravariant=True)
A = TypeVar("A", bound=Action)
A_co = TypeVar("A_co", bound=Action, covariant=True)


class StateCodec(Protocol[S]):
    """What a game's `codec.py` holds: its positions and events as JSON."""

    def state_from_json(self, game: Any, data: Mapping[str, Any]) -> S:
        """Return the position `data` describes, for `game` (its options)."""
        ...

    def state_to_json(self, state: S) -> JSON:
        """Return the omniscient position as JSON (`State.to_json`)."""
        ...

    def event_to_json(self, event: Any) -> JSON:
        """Return one of the state's compact events as a JSON event (`State.events`)."""
        ...


class Words(Protocol):
    """What a game's `words.py` holds: its actions and events in words, and their tally."""

    def describe_action(self, action: Action) -> str:
        """Return the action in words (`Game.describe_action`)."""
        ...

    def describe_event(self, event: JSON) -> str:
        """Return the event in words (`Game.describe_event`)."""
        ...

    def tally(self, events: Sequence[JSON], counters: dict[str, int]) -> None:
        """Add the events to the simulator's counters (`Game.tally`)."""
        ...


class Observer(Protocol[S_contra]):
    """What a game's `observer.py` holds at least: what a seat sees of a position. It may
    also hold `legal_json(state)`, `action_view(state, action, viewer)` and
    `hindsight_view(state, action, before, viewer)`, which replace `State.legal_json`,
    `State.action_view` and `State.hindsight_view`'s defaults for its game."""

    def observation(self, state: S_contra, seat: int | None) -> JSON:
        """Return what `seat` may know of `state` (`State.observation`)."""
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
    """A `SeatedGame` whose formats are its `codec`, `words`, `observer` and
    `action_formats` modules, named once in the subclass (see the top of this file)."""

    codec: StateCodec[S]
    words: Words
    observer: Observer[S]
    action_formats: ActionFormats[A]

    @abstractmethod
    def new_initial_state(self) -> S:
        """Return the position before the first action."""

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        return self.codec.state_from_json(self, data)

    def action_from_json(self, data: Any) -> A:
        return self.action_formats.parse_json(data)

    def action_from_text(self, text: str) -> A:
        return self.action_formats.parse_text(text)

    def describe_action(self, action: Action) -> str:
        return self.words.describe_action(action)

    def describe_event(self, event: JSON) -> str:
        return self.words.describe_event(event)

    def tally(self, events: Sequence[JSON], counters: dict[str, int]) -> None:
        self.words.tally(events, counters)

    # -- what a FormattedState asks its game, so that it never imports these modules

    def position_json(self, state: S) -> JSON:
        """Return `state`'s omniscient position as JSON (`State.to_json`; snapshots call it
        for every viewer)."""
        return self.codec.state_to_json(state)

    def events_json(self, events: Iterable[Any]) -> list[JSON]:
        """Return a state's compact event tuples as JSON events (`State.events`)."""
        event_to_json = self.codec.event_to_json
        return [event_to_json(event) for event in events]

    def observation_json(self, state: S, seat: int | None) -> JSON:
        """Return what `seat` may know of `state` (`State.observation`)."""
        return self.observer.observation(state, seat)

    def legal_json(self, state: S) -> list[JSON]:
        """Return `state`'s legal actions as the acting seat's page receives them
        (`State.legal_json`): the observer's `legal_json` where it has one, else each
        action's JSON."""
        legal: Callable[[S], list[JSON]] | None = getattr(self.observer, "legal_json", None)
        if legal is not None:
            return legal(state)
        return [action.to_json() for action in state.legal_actions()]

    def action_view(self, state: S, action: Action, viewer: int | None) -> JSON | None:
        """Return what `viewer` may see of `action` applied at `state` (`State.action_view`):
        the observer's `action_view` where it has one, else all of the action."""
        view: Callable[[S, Action, int | None], JSON | None] | None = getattr(
            self.observer, "action_view", None
        )
        if view is not None:
            return view(state, action, viewer)
        return action.to_json()

    def hindsight_view(
        self, state: S, action: Action, before: State, viewer: int | None
    ) -> JSON | None:
        """Return what `viewer` may see at `state` of `action`, an earlier move made at
        `before` (`State.hindsight_view`): the observer's `hindsight_view` where it has one,
        else None (the view made then stands)."""
        view: Callable[[S, Action, State, int | None], JSON | None] | None = getattr(
            self.observer, "hindsight_view", None
        )
        return None if view is None else view(state, action, before, viewer)


class FormattedState(State):
    """A state of a `FormattedGame`: it holds its game (`_game`) and the compact events of
    the `apply` that made it (`_events`), and answers the contract's formats through them.

    A subclass declares both among its own `__slots__`, sets them in its constructor and in
    every child it builds, and returns from `key()` a hashable tuple of its whole position:
    equality and hashing use it. This class has no slots of its own, so a subclass that mypyc
    compiles into a native class (whose fields are a C struct) may derive from it."""

    __slots__ = ()

    _game: FormattedGame[Any, Any]
    _events: tuple[tuple[Any, ...], ...]

    @property
    def game(self) -> FormattedGame[Any, Any]:
        return self._game

    @property
    def events(self) -> list[JSON]:
        return self._game.events_json(self._events)

    @property
    def raw_events(self) -> tuple[tuple[Any, ...], ...]:
        """Return the last apply's events as compact tuples (cheap: for simulators)."""
        return self._events

    def to_json(self) -> JSON:
        return self._game.position_json(self)

    def observation(self, seat: int | None) -> JSON:
        return self._game.observation_json(self, seat)

    def legal_json(self) -> list[JSON]:
        return self._game.legal_json(self)

    def action_view(self, action: Action, viewer: int | None) -> JSON | None:
        return self._game.action_view(self, action, viewer)

    def hindsight_view(self, action: Action, before: State, viewer: int | None) -> JSON | None:
        return self._game.hindsight_view(self, action, before, viewer)

    @abstractmethod
    def key(self) -> tuple[Any, ...]:
        """Return a hashable tuple of everything that decides the future of this position."""

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, FormattedState)
            and type(other) is type(self)
            and self.key() == other.key()
        )

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.to_json()!r}>"


__all__ = [
    "ActionFormats",
    "FormattedGame",
    "FormattedState",
    "Observer",
    "StateCodec",
    "Words",
]
