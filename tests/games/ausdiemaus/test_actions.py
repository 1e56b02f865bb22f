"""Aus die Maus! actions: JSON and text forms, and what cannot be parsed."""

from __future__ import annotations

from typing import Any

import pytest

import mousehole
from mousehole.games.ausdiemaus import AusDieMausAction

GAME = mousehole.load_game("ausdiemaus", seats=3)


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("turn", {"type": "turn"}),
        ("start:2", {"type": "start_seat", "seat": 2}),
        ("card:cheese", {"type": "card", "card": "cheese"}),
        ("card:cat", {"type": "card", "card": "cat"}),
        ("card:mouse1", {"type": "card", "card": "mouse1"}),
        ("card:mouse2", {"type": "card", "card": "mouse2"}),
        ("card:mouse3", {"type": "card", "card": "mouse3"}),
    ],
)
def test_every_action_round_trips_through_json_and_text(text: str, data: dict[str, Any]) -> None:
    action = GAME.action_from_text(text)
    assert action.to_json() == data and action.to_text() == text == str(action)
    assert GAME.action_from_json(data) is action  # interned values
    assert eval(repr(action), {"AusDieMausAction": AusDieMausAction}) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("turn", "an action is a JSON object, not str"),
        (
            {"type": "flip"},
            "type: unknown Aus die Maus! action 'flip' (known: card, start_seat, turn)",
        ),
        ({"type": "card", "card": "dog"}, "card.card: 'dog' is not a card"),
        ({"type": "card"}, "card.card: None is not a card"),
        ({"type": "start_seat", "seat": 6}, "start_seat.seat: 6 is outside 0..5"),
        ({"type": "start_seat", "seat": True}, "start_seat.seat: expected an integer"),
    ],
)
def test_malformed_json_is_refused_with_the_field(data: Any, message: str) -> None:
    with pytest.raises(mousehole.MalformedActionError) as error:
        GAME.action_from_json(data)
    assert str(error.value).startswith(message)


@pytest.mark.parametrize("text", ["", "turn:1", "start:", "start:x", "card:", "card:dog", "roll"])
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(mousehole.MalformedActionError):
        GAME.action_from_text(text)


def test_actions_describe_themselves_for_the_replay() -> None:
    assert GAME.describe_action(GAME.action_from_text("turn")) == "turns over the top card"
    assert GAME.describe_action(GAME.action_from_text("start:1")) == "seat 1 begins"
    assert (
        GAME.describe_action(GAME.action_from_text("card:mouse2"))
        == "the card is a mouse with 2 paws"
    )
