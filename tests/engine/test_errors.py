"""The engine's errors: one base class to catch them all, the built-in kinds callers already
catch (ValueError, LookupError), and the fields each error carries (who, what, why)."""

from __future__ import annotations

import pytest

from mousehole.engine import (
    IllegalActionError,
    InvalidOptionError,
    InvalidRecordError,
    InvalidStateError,
    MalformedActionError,
    MouseholeError,
    NotYourTurnError,
    UnknownGameError,
)
from tests.engine.dice_game import DiceGame


@pytest.mark.parametrize(
    ("error", "builtin"),
    [
        (UnknownGameError, LookupError),
        (InvalidOptionError, ValueError),
        (MalformedActionError, ValueError),
        (IllegalActionError, ValueError),
        (NotYourTurnError, ValueError),
        (InvalidRecordError, ValueError),
    ],
)
def test_every_error_is_a_mousehole_error_and_the_builtin_kind_it_names(
    error: type[Exception], builtin: type[Exception]
) -> None:
    assert issubclass(error, MouseholeError)
    assert issubclass(error, builtin)


def test_a_malformed_action_is_not_an_illegal_one() -> None:
    # Habit 6: cannot parse and not allowed now are different errors.
    assert not issubclass(MalformedActionError, IllegalActionError)
    assert not issubclass(IllegalActionError, MalformedActionError)


def test_not_your_turn_is_caught_as_an_illegal_action_with_its_fields() -> None:
    with pytest.raises(IllegalActionError) as caught:
        raise NotYourTurnError("seat 2 cannot roll: it is seat 0's turn", seat=2, action="roll")
    assert isinstance(caught.value, NotYourTurnError)
    assert (caught.value.seat, caught.value.action) == (2, "roll")
    assert str(caught.value) == "seat 2 cannot roll: it is seat 0's turn"


def test_an_illegal_action_keeps_its_own_copy_of_the_details() -> None:
    details: dict[str, int | str] = {"need": 3}
    error = IllegalActionError("too few", reason="too_few", details=details)
    details["need"] = 4
    assert error.reason == "too_few"
    assert error.details == {"need": 3}
    assert IllegalActionError("no reason").details == {}
    assert IllegalActionError("no reason").seat is None


def test_an_invalid_state_names_its_field_first_in_the_message() -> None:
    error = InvalidStateError("scores", "expected 2 scores")
    assert error.field == "scores"
    assert str(error) == "scores: expected 2 scores"


def test_a_game_refuses_a_bad_position_with_the_field_that_is_wrong() -> None:
    with pytest.raises(InvalidStateError) as caught:
        DiceGame(seats=2).state_from_json({"seat_count": 2, "phase": "nap"})
    assert caught.value.field == "phase"
