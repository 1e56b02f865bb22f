"""Mouse Trap actions: JSON and text round trips, and MalformedActionError for bad shapes.

Architecture habit 5: "Actions are small value objects with a round-trip notation (JSON and a
short text form), and a constructor-like repr." Habit 6: "A malformed action (cannot parse) is a
different error from an illegal one"; messages name the field at fault. The formats are the
ones docs/games/mousetrap.md ("For implementers") documents.
"""

from __future__ import annotations

from typing import Any

import pytest

import mousehole
from mousehole import IllegalActionError, MalformedActionError

GAME = mousehole.load_game("mousetrap", seats=4, start_seat=0)

# (text form, JSON form) of every action kind, as documented.
NOTATION: list[tuple[str, dict[str, Any]]] = [
    ("roll", {"type": "roll"}),
    ("crank", {"type": "crank"}),
    ("end", {"type": "end"}),
    *[(f"die:{v}", {"type": "die", "value": v}) for v in range(1, 7)],
    *[(f"spend:{s}", {"type": "spend", "target": s}) for s in range(4)],
    *[(f"start:{s}", {"type": "start_seat", "seat": s}) for s in range(4)],
    ("crank:ok", {"type": "crank_result", "success": True}),
    ("crank:fail", {"type": "crank_result", "success": False}),
    ("split:1=2", {"type": "split", "take": {"1": 2}}),
    ("split:1=1,3=1", {"type": "split", "take": {"1": 1, "3": 1}}),
    ("split:0=1,1=1,2=1", {"type": "split", "take": {"0": 1, "1": 1, "2": 1}}),
]


@pytest.mark.parametrize(("text", "data"), NOTATION, ids=[t for t, _ in NOTATION])
def test_every_action_kind_round_trips_through_json_and_text(
    text: str, data: dict[str, Any]
) -> None:
    """habit 5: "Actions are small value objects with a round-trip notation (JSON and a short
    text form)\"."""
    from_text = GAME.action_from_text(text)
    from_json = GAME.action_from_json(data)

    assert from_text == from_json
    assert hash(from_text) == hash(from_json)
    assert from_text.to_json() == data
    assert from_json.to_text() == text
    assert str(from_json) == text
    assert GAME.action_from_json(from_text.to_json()) == from_text
    assert GAME.action_from_text(from_json.to_text()) == from_json


@pytest.mark.parametrize(("text", "_data"), NOTATION, ids=[t for t, _ in NOTATION])
def test_an_action_repr_reads_back_as_the_same_action(text: str, _data: dict[str, Any]) -> None:
    """habit 5: "a constructor-like repr\"."""
    from mousehole.games.mousetrap import MouseTrapAction

    action = GAME.action_from_text(text)

    assert repr(action) == f"MouseTrapAction.from_text({text!r})"
    assert eval(repr(action), {"MouseTrapAction": MouseTrapAction}) == action


def test_different_actions_are_not_equal() -> None:
    """Value objects: equality follows the kind and every field."""
    texts = [text for text, _ in NOTATION]
    actions = [GAME.action_from_text(t) for t in texts]

    assert len(set(actions)) == len(texts)
    assert GAME.action_from_text("die:3") != GAME.action_from_text("spend:3")
    assert GAME.action_from_text("crank") != GAME.action_from_text("crank:ok")


def test_a_split_lists_its_seats_in_order_and_leaves_out_seats_paying_nothing() -> None:
    """docs: "cheese taken from each tied richest rival; seats paying 0 are left out\"."""
    action = GAME.action_from_json({"type": "split", "take": {"3": 1, "0": 0, "1": 2}})

    assert action.to_json() == {"type": "split", "take": {"1": 2, "3": 1}}
    assert action.to_text() == "split:1=2,3=1"
    assert action == GAME.action_from_text("split:3=1,1=2")


def test_a_text_action_may_carry_surrounding_spaces() -> None:
    """The text form is for people typing at a console: outer spaces are ignored."""
    assert GAME.action_from_text("  roll ") == GAME.action_from_json({"type": "roll"})
    assert GAME.action_from_text("die:4 ").to_json() == {"type": "die", "value": 4}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        pytest.param([], "JSON object", id="a-list"),
        pytest.param("roll", "JSON object", id="a-string"),
        pytest.param(None, "JSON object", id="null"),
        pytest.param(3, "JSON object", id="a-number"),
        pytest.param({}, "type", id="no-type"),
        pytest.param({"type": "jump"}, "type", id="unknown-type"),
        pytest.param({"type": None}, "type", id="null-type"),
        pytest.param({"type": 4}, "type", id="number-type"),
        pytest.param({"type": "die"}, "die.value", id="die-missing-value"),
        pytest.param({"type": "die", "value": True}, "die.value", id="die-bool-value"),
        pytest.param({"type": "die", "value": "4"}, "die.value", id="die-string-value"),
        pytest.param({"type": "die", "value": 4.0}, "die.value", id="die-float-value"),
        pytest.param({"type": "die", "value": 0}, "die.value", id="die-0"),
        pytest.param({"type": "die", "value": 7}, "die.value", id="die-7"),
        pytest.param({"type": "spend"}, "spend.target", id="spend-missing-target"),
        pytest.param({"type": "spend", "target": False}, "spend.target", id="spend-bool"),
        pytest.param({"type": "spend", "target": -1}, "spend.target", id="spend-negative"),
        pytest.param({"type": "spend", "target": 4}, "spend.target", id="spend-seat-4"),
        pytest.param({"type": "start_seat"}, "start_seat.seat", id="start-missing-seat"),
        pytest.param({"type": "start_seat", "seat": True}, "start_seat.seat", id="start-bool"),
        pytest.param({"type": "start_seat", "seat": 4}, "start_seat.seat", id="start-seat-4"),
        pytest.param({"type": "crank_result"}, "crank_result.success", id="crank-missing"),
        pytest.param(
            {"type": "crank_result", "success": 1}, "crank_result.success", id="crank-number"
        ),
        pytest.param(
            {"type": "crank_result", "success": "yes"}, "crank_result.success", id="crank-str"
        ),
        pytest.param({"type": "split"}, "split.take", id="split-missing-take"),
        pytest.param({"type": "split", "take": []}, "split.take", id="split-take-list"),
        pytest.param({"type": "split", "take": {}}, "split.take", id="split-take-empty"),
        pytest.param({"type": "split", "take": {"x": 1}}, "split.take", id="split-seat-x"),
        pytest.param({"type": "split", "take": {"4": 1}}, "split.take", id="split-seat-4"),
        pytest.param({"type": "split", "take": {"-1": 1}}, "split.take", id="split-seat-neg"),
        pytest.param({"type": "split", "take": {1: 1}}, "split.take", id="split-int-key"),
        pytest.param({"type": "split", "take": {"1": -1}}, r"split.take\[1\]", id="take-neg"),
        pytest.param({"type": "split", "take": {"1": True}}, r"split.take\[1\]", id="take-bool"),
        pytest.param({"type": "split", "take": {"1": "2"}}, r"split.take\[1\]", id="take-str"),
        pytest.param({"type": "split", "take": {"1": 1.5}}, r"split.take\[1\]", id="take-float"),
        pytest.param({"type": "split", "take": {"1": 0}}, "split.take", id="take-nothing"),
    ],
)
def test_a_malformed_json_action_is_refused_naming_the_field(data: Any, field: str) -> None:
    """habit 6: "A malformed action (cannot parse) is a different error from an illegal one
    (not allowed now); messages say who, what and why." (A split that takes nothing has no text
    form that reads back: `split:` is malformed.)"""
    with pytest.raises(MalformedActionError, match=field) as caught:
        GAME.action_from_json(data)

    assert not isinstance(caught.value, IllegalActionError)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        pytest.param("", "''", id="empty"),
        pytest.param("jump", "'jump'", id="unknown"),
        pytest.param("DIE:4", "'DIE:4'", id="upper-case"),
        pytest.param("roll:1", "'roll:1'", id="roll-with-value"),
        pytest.param("crank:maybe", "'crank:maybe'", id="crank-maybe"),
        pytest.param("die:", "'die:'", id="die-without-value"),
        pytest.param("die:x", "'die:x'", id="die-not-a-number"),
        pytest.param("die:7", "die.value", id="die-7"),
        pytest.param("spend:", "'spend:'", id="spend-without-target"),
        pytest.param("spend:-1", "spend.target", id="spend-negative"),
        pytest.param("start:9", "start_seat.seat", id="start-9"),
        pytest.param("split:", "'split:'", id="split-without-take"),
        pytest.param("split:1", "'split:1'", id="split-without-amount"),
        pytest.param("split:1=x", "'split:1=x'", id="split-amount-not-a-number"),
        pytest.param("split:1=2,", "'split:1=2,'", id="split-trailing-comma"),
        pytest.param("split:9=1", "split.take", id="split-seat-9"),
        pytest.param("split:1=0", "split", id="split-taking-nothing"),
        pytest.param("split:1=1,1=2", "split", id="split-naming-a-seat-twice"),
    ],
)
def test_a_malformed_text_action_is_refused_naming_the_text_or_field(text: str, named: str) -> None:
    """habit 6: "A malformed action (cannot parse) is a different error from an illegal one";
    a text the parser cannot read, or that reads ambiguously, names itself or its bad field."""
    with pytest.raises(MalformedActionError) as caught:
        GAME.action_from_text(text)

    assert named in str(caught.value)
    assert not isinstance(caught.value, IllegalActionError)


@pytest.mark.parametrize("text", [4, None, ["roll"]])
def test_an_action_text_that_is_not_a_string_is_malformed(text: Any) -> None:
    """habit 6: a malformed action raises MalformedActionError, never a TypeError."""
    with pytest.raises(MalformedActionError, match="string"):
        GAME.action_from_text(text)


def test_a_well_formed_action_that_is_not_allowed_now_is_illegal_not_malformed() -> None:
    """habit 6: "A malformed action (cannot parse) is a different error from an illegal one
    (not allowed now)." (`crank` parses, but a new turn only allows `roll`.)"""
    state = GAME.new_initial_state()
    crank = GAME.action_from_text("crank")

    with pytest.raises(IllegalActionError) as caught:
        state.apply(crank)

    assert not isinstance(caught.value, MalformedActionError)
    assert caught.value.seat == 0
    assert caught.value.action == "crank"
