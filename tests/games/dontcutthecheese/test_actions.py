"""Actions: JSON and text forms round trip, malformed input is refused by name
(MalformedActionError) and a well-formed action the rules do not allow now is a different error
(IllegalActionError)."""

from __future__ import annotations

import pytest

from mousehole import IllegalActionError, MalformedActionError
from mousehole.games.dontcutthecheese.actions import CheeseAction, parse_json, parse_text

from .scenes import game, play, position

EXAMPLES = [
    ({"type": "spin"}, "spin"),
    ({"type": "bite", "row": 3, "col": 7}, "bite:3,7"),
    ({"type": "start_seat", "seat": 5}, "start:5"),
    ({"type": "threshold", "value": 2}, "threshold:2"),
    ({"type": "spin_result", "face": "bite_spin"}, "face:bite_spin"),
    ({"type": "draw", "colour": "yellow"}, "draw:yellow"),
]


@pytest.mark.parametrize(("data", "text"), EXAMPLES)
def test_actions_round_trip_through_json_and_text(data: dict[str, object], text: str) -> None:
    action = parse_json(data)
    assert action.to_json() == data and action.to_text() == text
    assert parse_text(text) is action  # interned values
    assert eval(repr(action), {"CheeseAction": CheeseAction}) == action


MALFORMED = [
    pytest.param({"type": "nibble"}, "unknown Don't Cut the Cheese action 'nibble'", id="type"),
    pytest.param({"type": "bite", "row": 5, "col": 1}, r"bite.row: 5 is outside 0..4", id="row"),
    pytest.param({"type": "bite", "row": 1}, r"bite.col: expected an integer", id="no col"),
    pytest.param({"type": "bite", "row": True, "col": 1}, "bite.row", id="bool"),
    pytest.param({"type": "spin_result", "face": "bite4"}, "spin_result.face", id="face"),
    pytest.param({"type": "draw", "colour": "blue"}, "draw.colour", id="colour"),
    pytest.param({"type": "threshold", "value": 4}, r"outside 1..3", id="threshold"),
    pytest.param([1, 2], "JSON object", id="not an object"),
]


@pytest.mark.parametrize(("data", "message"), MALFORMED)
def test_malformed_json_actions_name_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(MalformedActionError, match=message):
        parse_json(data)


@pytest.mark.parametrize("text", ["bite:1", "bite:a,b", "face:", "draw", "spin:2", "start:x", ""])
def test_malformed_text_actions_are_refused(text: str) -> None:
    with pytest.raises(MalformedActionError):
        parse_text(text)


def test_a_well_formed_bite_at_the_wrong_time_is_illegal_not_malformed() -> None:
    state = position()
    with pytest.raises(IllegalActionError, match="seat 0 cannot bite:0,1: it must spin first"):
        play(state, "bite:0,1")
    state = play(state, "spin")
    with pytest.raises(IllegalActionError, match="chance cannot spin"):
        play(state, "spin")
    state = play(state, "face:bite1")
    with pytest.raises(IllegalActionError, match="1 bite"):
        play(state, "spin")


def test_the_game_reads_both_forms() -> None:
    g = game(2)
    assert g.action_from_json({"type": "bite", "row": 0, "col": 1}) == g.action_from_text(
        "bite:0,1"
    )
    assert g.describe_action(g.action_from_text("threshold:3")).endswith("secret)")


@pytest.mark.parametrize(
    ("bite", "reason", "details"),
    [
        ("bite:2,5", "closed", {}),  # the middle of a whole paper
        ("bite:0,0", "peg_column", {}),
        ("bite:4,2", "off_paper", {}),  # the bottom row: the mouth would hang below
    ],
)
def test_a_refused_bite_names_its_reason_in_a_stable_code(
    bite: str, reason: str, details: dict[str, int]
) -> None:
    """The refusal carries the rules' reason as a code and its numbers (a page words them in
    its reader's language), besides the English message."""
    state = play(position(), "spin", "face:bite1")
    with pytest.raises(IllegalActionError) as refused:
        play(state, bite)
    assert (refused.value.reason, refused.value.details) == (reason, details)
    assert str(refused.value).startswith(f"seat 0 cannot {bite}: ")
