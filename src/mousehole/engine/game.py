"""The game contract: a Game makes States; a State is a pure position with explicit chance.

Modelled on OpenSpiel's `State` (`current_player` returns CHANCE at chance nodes, which list
their `chance_outcomes`), with python-chess style value actions. Rules never roll dice: the
caller (the match runner, a bot, a test) picks the outcome and applies it like any action.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .chance import sample_outcome
from .errors import IllegalActionError, InvalidOptionError

JSON = dict[str, Any]
"""A JSON object as Python sees it (what `json.loads` returns for `{...}`)."""

CHANCE = -1
"""`current_player()` at a chance node: the caller must apply one of `chance_outcomes()`."""

TERMINAL = -4
"""`current_player()` once the game is over."""


class Action(ABC):
    """A small immutable value: one player decision or one chance outcome."""

    __slots__ = ()

    @abstractmethod
    def to_json(self) -> JSON:
        """Return the action as a JSON object (`Game.action_from_json` reads it back)."""

    @abstractmethod
    def to_text(self) -> str:
        """Return the short text form (`Game.action_from_text` reads it back)."""

    def __str__(self) -> str:
        return self.to_text()


class State(ABC):
    """One position of one game. `apply` returns a new State and never changes this one."""

    __slots__ = ()

    @property
    @abstractmethod
    def game(self) -> Game:
        """Return the Game (rules and options) this state belongs to."""

    @abstractmethod
    def current_player(self) -> int:
        """Return the seat to act, `CHANCE` at a chance node or `TERMINAL` at the end."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Return the acting seat's legal actions; empty at chance and terminal nodes."""

    @abstractmethod
    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """Return `(outcome, probability)` pairs at a chance node; empty elsewhere."""

    @abstractmethod
    def apply(self, action: Action) -> State:
        """Return the state after `action`; raise IllegalActionError if it is not legal here."""

    def sample_action(self, u: float) -> Action:
        """Return the step a random driver takes for `u` in [0, 1): at a chance node
        `sample_outcome(chance_outcomes(), u)`, at a decision the uniform choice
        `legal_actions()[int(u * len(legal_actions()))]`.

        For simulations and random play: one call instead of three. A game may answer it
        without listing every action; it must return exactly what this default returns
        (tests/conformance checks every game against it). Raise ValueError for a `u` outside
        [0, 1) and IllegalActionError once the game is over."""
        if not 0.0 <= u < 1.0:
            raise ValueError(f"u: expected a number in [0, 1), got {u!r}")
        if self.current_player() == CHANCE:
            return sample_outcome(self.chance_outcomes(), u)
        actions = self.legal_actions()
        if not actions:
            raise IllegalActionError("the game is over: there is no step to sample")
        return actions[int(u * len(actions))]

    @abstractmethod
    def winners(self) -> list[int]:
        """Return the seats that won: empty while the game runs."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Return the omniscient position as JSON. Never send this to a player."""

    @abstractmethod
    def observation(self, seat: int | None) -> JSON:
        """Return what `seat` may know (None: a spectator, public facts only)."""

    def legal_json(self) -> list[JSON]:
        """Return the legal actions as the acting seat's page receives them (`legal` in a
        snapshot): each action's JSON, to which a game may add public fields the rules compute
        about it, such as a preview of its effect. The action is read back from its own fields
        (`Game.action_from_json` ignores the added ones)."""
        return [action.to_json() for action in self.legal_actions()]

    def action_view(self, action: Action, viewer: int | None) -> JSON | None:
        """Return what `viewer` may see of `action` applied here (None: nothing at all).

        Games with secrets (a shuffle, a peek) override this; the default shows everything.
        """
        return action.to_json()

    def hindsight_view(self, action: Action, before: State, viewer: int | None) -> JSON | None:
        """Return what `viewer` may see now of `action`, an earlier move made in `before` whose
        view then hid something, or None to keep that view (the default).

        A secret that later play makes public (a paper's tear threshold, shown when it snaps)
        is shown in the record from then on (`record_view`), so a record that a browser keeps
        can be played again as the position it led to.
        """
        return None

    @property
    def events(self) -> Sequence[JSON]:
        """Return what the last `apply` did, as public JSON events (for logs and animation)."""
        return ()

    def is_terminal(self) -> bool:
        """Return True once the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Return True when the next step is a chance outcome."""
        return self.current_player() == CHANCE


class Game(ABC):
    """The rules of one game with its options fixed; a factory for states and actions."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    # What the platform needs beyond the rules (catalogue blurb, page, server policy,
    # computer players) is the game's manifest: mousehole.games.GameManifest.

    @property
    @abstractmethod
    def seat_count(self) -> int:
        """Return the number of seats this game was set up for."""

    @abstractmethod
    def options(self) -> JSON:
        """Return the rules options as JSON (`load_game(name, **options)` recreates the game)."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """Return the position before the first action."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Return the state described by `data`; raise InvalidStateError naming the bad field."""

    @abstractmethod
    def action_from_json(self, data: Any) -> Action:
        """Return the action described by `data`; raise MalformedActionError if it is not one."""

    @abstractmethod
    def action_from_text(self, text: str) -> Action:
        """Return the action in short text form; raise MalformedActionError if it is not one."""

    def describe_action(self, action: Action) -> str:
        """Return a readable sentence fragment for a play-by-play."""
        return action.to_text()

    def describe_event(self, event: JSON) -> str:
        """Return a log line for one of `State.events`."""
        return ", ".join(f"{k}={v}" for k, v in event.items())

    def tally(self, events: Sequence[JSON], counters: dict[str, int]) -> None:
        """Add what `events` show to a simulator's counters (default: one count per type)."""
        for event in events:
            kind = str(event.get("type"))
            counters[kind] = counters.get(kind, 0) + 1

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options().items())
        return f"load_game({self.name!r}, {args})"


class SeatedGame(Game):
    """A game whose options are its seat count and the starting seat (None: chance draws it).

    Every game so far takes exactly these options; one check keeps their errors alike.
    """

    def __init__(self, seats: int = 4, start_seat: int | None = None):
        if isinstance(seats, bool) or not isinstance(seats, int):
            raise InvalidOptionError(f"seats: expected a whole number, got {seats!r}")
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidOptionError(
                f"seats: {self.title} takes {self.min_seats} to {self.max_seats} seats, not {seats}"
            )
        if start_seat is not None and (
            isinstance(start_seat, bool)
            or not isinstance(start_seat, int)
            or not 0 <= start_seat < seats
        ):
            raise InvalidOptionError(
                f"start_seat: expected a seat 0..{seats - 1} or null (random), got {start_seat!r}"
            )
        self._seats = seats
        self.start_seat = start_seat

    @property
    def seat_count(self) -> int:
        return self._seats

    def options(self) -> JSON:
        return {"seats": self._seats, "start_seat": self.start_seat}
