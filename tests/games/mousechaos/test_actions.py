"""Mouse Chaos actions (actions.py): interned values whose JSON and short text forms read back
to the same object, and malformed input refused naming the field (architecture habits 5, 6)."""

from __future__ import annotations

import pytest

from mousehole.engine import MalformedActionError
from mousehole.games.mousechaos.actions import (
    SKIP_ACTION,
    MouseChaosAction,
    make,
    parse_json,
    parse_text,
)

TEXTS = [
    "pick:2",
    "holder:3,4",
    "mouse:5:table",
    "cat:1:2,2",
    "chair:0:4,7:N",
    "chair:3:8,1:L",
    "skip",
    "turn:7",
    "colour:5:red",
    "card:2:blue",
    "draw:1:6",
    "number:4",
]


@pytest.mark.parametrize("text", TEXTS)
def test_every_form_reads_back_to_the_same_interned_action(text: str) -> None:
    action = parse_text(text)
    assert action.to_text() == text
    assert parse_json(action.to_json()) is action
    assert MouseChaosAction.from_text(text) is action
    assert repr(action) == f"MouseChaosAction.from_text({text!r})"


def test_make_interns_and_equal_actions_hash_alike() -> None:
    assert make("pick", 2) is parse_text("pick:2")
    assert parse_json({"type": "skip"}) is SKIP_ACTION
    fresh = MouseChaosAction("pick", 2)
    assert fresh == make("pick", 2) and hash(fresh) == hash(make("pick", 2))
    assert fresh != make("pick", 3)


def test_the_json_names_pieces_and_squares_as_row_and_column() -> None:
    assert parse_text("mouse:5:3,4").to_json() == {"type": "mouse", "mouse": 5, "to": [3, 4]}
    assert parse_text("chair:0:4,7:N").to_json() == {
        "type": "chair",
        "chair": 0,
        "to": [4, 7],
        "pose": "N",
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "pick", "holder": 6}, "pick.holder: 6 is outside 0..5"),
        ({"type": "pick", "holder": True}, "pick.holder: expected a whole number"),
        ({"type": "mouse", "mouse": 16, "to": "table"}, "mouse.mouse: 16 is outside 0..15"),
        ({"type": "holder", "to": "table"}, "holder.to: expected [row, col]"),
        ({"type": "colour", "mouse": 1, "colour": "pink"}, "colour.colour: 'pink' is not"),
        ({"type": "chair", "chair": 0, "to": [1, 1], "pose": "X"}, "chair.pose: 'X'"),
        ({"type": "dance"}, "type: unknown Mouse Chaos action 'dance'"),
        (["pick", 1], "an action is a JSON object, not list"),
    ],
)
def test_malformed_json_is_refused_naming_the_field(data: object, message: str) -> None:
    with pytest.raises(MalformedActionError) as caught:
        parse_json(data)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("text", ["pick", "pick:1:2", "hop:3", "mouse:5:x,y"])
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(MalformedActionError):
        parse_text(text)
