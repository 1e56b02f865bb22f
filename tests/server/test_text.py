"""The rules for text from outside (`server/text.py`) and the scan that bounds JSON before it is
parsed (`wire.shape_problem`); the real server's answers are in live/test_names_live.py and
rooms/test_wire_live.py."""

from __future__ import annotations

import json

import pytest

from mousehole.server.rooms.wire import MAX_DEPTH, MAX_DIGITS, shape_problem
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


def test_digits_and_brackets_inside_strings_do_not_count_toward_the_limits() -> None:
    text = json.dumps({"id": "9" * 500 + "[" * 500 + '\\"{' * 100, "n": [[1]]})
    assert shape_problem(text) is None
    assert shape_problem('"unterminated ' + "[" * 500) is None  # the parser says "not JSON"


def test_the_limits_are_exact() -> None:
    assert shape_problem("[" * MAX_DEPTH + "]" * MAX_DEPTH) is None
    deeper = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    assert shape_problem(deeper) == f"arrays and objects nest more than {MAX_DEPTH} deep"
    assert shape_problem("[" + "1" * MAX_DIGITS + "]") is None
    longer = "[-0." + "1" * (MAX_DIGITS + 1) + "]"
    assert shape_problem(longer) == f"a number has more than {MAX_DIGITS} digits"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[-9223372036854775809]", "the integer -9223372036854775809 does not fit in 64 bits"),
        ("[1e999]", "the number 1e999 is too large for a double"),
        ("[-4.5e400]", "the number -4.5e400 is too large for a double"),
    ],
)
def test_a_number_beyond_64_bits_or_a_double_is_refused_by_name(text: str, problem: str) -> None:
    """What the wire accepts, orjson can encode again (a relayed message crosses the bus
    between instances as JSON: an integer over 64 bits once broke a relaying instance)."""
    import orjson

    from mousehole.server.rooms.table import RoomError
    from mousehole.server.rooms.wire import parse

    with pytest.raises(RoomError) as refused:
        parse(text, "the message", refusal="bad_message")
    assert refused.value.code == "bad_message"
    assert str(refused.value.message) == f"the message is refused: {problem}"
    for fits in ("[-9223372036854775808]", "[9999999999999999999]", "[1.7e308]", "[5e-400]"):
        value = parse(fits, "the message", refusal="bad_message")
        assert orjson.loads(orjson.dumps(value)) == value
