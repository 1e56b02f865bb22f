"""The position field checks every game's codec shares (engine/fields.py): each refusal names
the field and says what was wrong."""

from __future__ import annotations

from typing import Any

import pytest

from mousehole.engine import InvalidStateError
from mousehole.engine.fields import (
    counts_per_seat,
    json_object,
    one_of,
    same_game,
    true_or_false,
    whole_number,
)

PHASES = ("roll", "move")


@pytest.mark.parametrize(
    ("call", "field", "message"),
    [
        (lambda: json_object([1]), "state", "expected a JSON object, got list"),
        (lambda: same_game({"game": "chess"}, "cheddar", "a Cheddar position"), "game",
         "this is a Cheddar position, not 'chess'"),
        (lambda: whole_number(True, "turn"), "turn", "expected a whole number, got True"),
        (lambda: whole_number(2.0, "turn"), "turn", "expected a whole number, got 2.0"),
        (lambda: whole_number(-1, "turn"), "turn", "-1 is outside >= 0"),
        (lambda: whole_number(5, "seat", 0, 4), "seat", "5 is outside 0..4"),
        (lambda: counts_per_seat([1, 2], "chips", 3), "chips",
         "expected a list of 3 whole numbers, one per seat"),
        (lambda: counts_per_seat([1, "2", 3], "chips", 3), "chips[1]",
         "expected a whole number, got '2'"),
        (lambda: true_or_false(0, "drawing"), "drawing", "expected true or false, got 0"),
        (lambda: one_of("fly", "phase", PHASES), "phase", "'fly' is not one of roll, move"),
        (lambda: one_of(None, "phase", PHASES), "phase", "None is not one of roll, move"),
    ],
)  # fmt: skip
def test_a_bad_field_is_refused_naming_it_and_what_was_wrong(
    call: Any, field: str, message: str
) -> None:
    with pytest.raises(InvalidStateError) as error:
        call()
    assert error.value.field == field
    assert str(error.value) == f"{field}: {message}"


def test_good_fields_are_returned_as_read() -> None:
    data = {"game": "cheddar", "turn": 3}
    assert json_object(data) is data
    same_game({}, "cheddar", "a Cheddar position")  # `game` is optional
    assert whole_number(0, "turn") == 0 and whole_number(4, "seat", 0, 4) == 4
    assert counts_per_seat([0, 3], "chips", 2) == (0, 3)
    assert true_or_false(False, "drawing") is False


def test_an_option_is_returned_as_the_constant_itself() -> None:
    """Rules compare phases by identity, so the codec hands back the interned constant."""
    read = "".join(["ro", "ll"])
    assert read is not PHASES[0]
    assert one_of(read, "phase", PHASES) is PHASES[0]
