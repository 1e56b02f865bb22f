"""FormattedGame: a game that names its formats modules passes every format call on to them,
with its own options, and nothing else."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

from mousehole.engine import JSON, InvalidOptionError
from mousehole.engine.formats import FormattedGame

calls: list[tuple[str, Any]] = []


def _record(name: str, result: Any) -> Any:
    def call(*args: Any) -> Any:
        calls.append((name, args))
        return result

    return call


VIEW = SimpleNamespace(
    state_from_json=_record("state_from_json", "a state"),
    state_to_json=_record("state_to_json", {"position": 1}),
    event_to_json=lambda event: {"type": event[0]},
    describe_action=_record("describe_action", "it rolls"),
    describe_event=_record("describe_event", "it moved"),
    tally=_record("tally", None),
)
ACTIONS = SimpleNamespace(
    parse_json=_record("parse_json", "an action"), parse_text=_record("parse_text", "a text action")
)


class Cheddar(FormattedGame[Any, Any]):
    name: ClassVar[str] = "cheddar"
    title: ClassVar[str] = "Cheddar"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 3
    formats = VIEW
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
    assert calls == [
        ("state_from_json", (game, data)),
        ("parse_json", ({"type": "roll"},)),
        ("parse_text", ("roll",)),
        ("describe_action", ("roll",)),
        ("describe_event", ({"type": "moved"},)),
        ("tally", (events, counters)),
        ("state_to_json", ("a state",)),
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
