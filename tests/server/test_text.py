"""The rules for text from outside (`server/text.py`): names of any script, what a name may not
hold, stored names repaired, lone surrogates found by their place. The scan that bounds JSON
before it is parsed is tested in rooms/test_wire.py; the real server's answers are in
live/test_names_live.py and rooms/test_wire_live.py."""

from __future__ import annotations

import json

import pytest

from mousehole.server.text import MAX_NAME, lone_surrogate, name_problem, repair_name


@pytest.mark.parametrize("name", ["Zoë", "🐭", "👩‍👩‍👧", "李小龙", "سارة", "a" * MAX_NAME, " Bo "])
def test_a_name_of_any_script_emoji_and_joiners_is_accepted(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("\ud800x", "U+D800 is a lone surrogate, not a character"),
        ("a\tb", "U+0009 is a control character"),
        ("\x9b", "U+009B is a control character"),
        ("a\u2029b", "U+2029 is a line break"),
        ("\u2067ab", "U+2067 is a bidirectional text control"),
        ("a" * (MAX_NAME + 1), f"a name of 1 to {MAX_NAME} characters, not {MAX_NAME + 1}"),
        ("  ", f"a name of 1 to {MAX_NAME} characters, not 0"),
        (None, f"expected a name of 1 to {MAX_NAME} characters, not NoneType"),
    ],
)
def test_a_name_that_breaks_a_rule_is_told_which_character_or_length(
    name: object, problem: str
) -> None:
    found = name_problem(name)
    assert found is not None and found.startswith(problem)


def test_a_stored_name_is_repaired_with_the_replacement_character_or_its_seat_name() -> None:
    assert repair_name("\ud800x\x07", "Seat 2") == "\ufffdx\ufffd"
    assert repair_name(" " + "b" * 30, "Seat 2") == "b" * MAX_NAME
    assert repair_name("   ", "Seat 2") == "Seat 2"
    assert repair_name(None, "Seat 2") == "Seat 2"
    assert repair_name("Zoë", "Seat 2") == "Zoë"


def test_a_lone_surrogate_is_found_in_keys_values_and_lists_by_its_place() -> None:
    assert lone_surrogate({"type": "act", "action": {"kind": "\udfff"}}) == "U+DFFF at action.kind"
    assert lone_surrogate({"a": [1, "\ud800"]}) == "U+D800 at a[1]"
    assert lone_surrogate({"\ud83d": 1}) == "U+D83D in a key at the top level"
    assert lone_surrogate(json.loads('{"id": "\\ud83d\\udc2d"}')) is None  # a pair: one mouse
