"""FormattedGame: a game that names its formats modules passes every format call on to them,
with its own options, and nothing else; FormattedState: a state answers its formats through
its game and its equality through its key."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

from mousehole.engine import JSON, Action, InvalidOptionError
from mousehole.engine.formats import FormattedGame, FormattedState

calls: list[tuple[str, Any]] = []


def _record(name: str, result: Any) -> Any:
    def call(*args: Any) -> Any:
        calls.append((name, args))
        return result

    return call


CODEC = SimpleNamespace(
    state_from_json=_record("state_from_json", "a state"),
    state_to_json=_record("state_to_json", {"position": 1}),
    event_to_json=lambda event: {"type": event[0]},
)
WORDS = SimpleNamespace(
    describe_action=_record("describe_action", "it rolls"),
    describe_event=_record("describe_event", "it moved"),
    tally=_record("tally", None),
)
OBSERVER = SimpleNamespace(observation=_record("observation", {"seen": 1}))
ACTIONS = SimpleNamespace(
    parse_json=_record("parse_json", "an action"), parse_text=_record("parse_text", "a text action")
)


class Cheddar(FormattedGame[Any, Any]):
    name: ClassVar[str] = "cheddar"
    title: ClassVar[str] = "Cheddar"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 3
    codec = CODEC
    words = WORDS
    observer = OBSERVER
    action_formats = ACTIONS

    def new_initial_state(self) -> Any:
        return "the first state"


@pytest.fixture(autouse=True)
def _fresh_calls() -> None:
    calls.clear()


def test_every_format_call_goes_to_the_named_module_with_the_game() -> None:
    game = Cheddar(seats=3, start_seat=1)
    data: Mapping[str, Any] = {"turn": 0}
    events: Sequence[JSON] = [{"type": "moved"}]
    counters: dict[str, int] = {}

    assert game.state_from_json(data) == "a state"
    assert game.action_from_json({"type": "roll"}) == "an action"
    assert game.action_from_text("roll") == "a text action"
    assert game.describe_action("roll") == "it rolls"  # type: ignore[arg-type]
    assert game.describe_event({"type": "moved"}) == "it moved"
    game.tally(events, counters)
    assert game.position_json("a state") == {"position": 1}
    assert game.observation_json("a state", 2) == {"seen": 1}
    assert calls == [
        ("state_from_json", (game, data)),
        ("parse_json", ({"type": "roll"},)),
        ("parse_text", ("roll",)),
        ("describe_action", ("roll",)),
        ("describe_event", ({"type": "moved"},)),
        ("tally", (events, counters)),
        ("state_to_json", ("a state",)),
        ("observation", ("a state", 2)),
    ]


def test_events_become_json_in_order() -> None:
    assert Cheddar(seats=2).events_json([("moved",), ("won",)]) == [
        {"type": "moved"},
        {"type": "won"},
    ]


def test_a_formatted_game_keeps_its_seated_options() -> None:
    assert Cheddar(seats=2, start_seat=None).options() == {"seats": 2, "start_seat": None}
    with pytest.raises(InvalidOptionError, match="seats: Cheddar takes 2 to 3 seats, not 4"):
        Cheddar(seats=4)


class Roll(Action):
    """The one action of the toy state below."""

    def to_json(self) -> JSON:
        return {"type": "roll", "secret": 6}

    def to_text(self) -> str:
        return "roll"


class Spot(FormattedState):
    """A toy position: a number, and the events of the apply that made it."""

    __slots__ = ("_events", "_game", "spot")

    def __init__(self, game: FormattedGame[Any, Any], spot: int, events: Any = ()):
        self._game = game
        self._events = events
        self.spot = spot

    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> Sequence[Action]:
        return [Roll()]

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return ()

    def apply(self, action: Action) -> Spot:
        return Spot(self._game, self.spot + 1, (("moved",),))

    def winners(self) -> list[int]:
        return []

    def key(self) -> tuple[Any, ...]:
        return (self.spot,)


class OtherSpot(Spot):
    __slots__ = ()


def test_a_formatted_state_takes_its_formats_from_its_game() -> None:
    game = Cheddar(seats=2)
    state = Spot(game, 1).apply(Roll())
    assert state.game is game
    assert state.raw_events == (("moved",),) and state.events == [{"type": "moved"}]
    assert state.to_json() == {"position": 1}
    assert state.observation(1) == {"seen": 1}
    assert repr(state) == "<Spot {'position': 1}>"
    assert calls[-3:] == [
        ("state_to_json", (state,)),
        ("observation", (state, 1)),
        ("state_to_json", (state,)),
    ]


def test_a_formatted_state_is_equal_by_its_key_and_its_type() -> None:
    game = Cheddar(seats=2)
    assert Spot(game, 2) == Spot(Cheddar(seats=3), 2)
    assert hash(Spot(game, 2)) == hash(Spot(game, 2))
    assert Spot(game, 2) != Spot(game, 3)
    assert Spot(game, 2) != OtherSpot(game, 2)
    assert Spot(game, 2) != (2,)


def test_without_an_observer_of_its_own_the_views_of_actions_are_the_defaults() -> None:
    state = Spot(Cheddar(seats=2), 0)
    assert state.legal_json() == [{"type": "roll", "secret": 6}]
    assert state.action_view(Roll(), 1) == {"type": "roll", "secret": 6}
    assert state.hindsight_view(Roll(), Spot(Cheddar(seats=2), 1), 1) is None


class Stilton(Cheddar):
    """A game whose observer hides the roll's secret and previews each action."""

    observer = SimpleNamespace(
        observation=_record("observation", {"seen": 2}),
        legal_json=lambda state: [{"type": "roll", "to": state.spot + 1}],
        action_view=lambda state, action, viewer: None if viewer is None else {"type": "roll"},
        hindsight_view=lambda state, action, before, viewer: {"type": "roll", "was": before.spot},
    )


def test_an_observers_views_of_actions_replace_the_defaults() -> None:
    state = Spot(Stilton(seats=2), 4)
    assert state.legal_json() == [{"type": "roll", "to": 5}]
    assert state.action_view(Roll(), 0) == {"type": "roll"}
    assert state.action_view(Roll(), None) is None
    assert state.hindsight_view(Roll(), Spot(Stilton(seats=2), 3), 1) == {"type": "roll", "was": 3}
    assert state.observation(0) == {"seen": 2}
