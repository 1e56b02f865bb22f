"""Reading a position's JSON: the field checks that every game's codec makes.

Each helper returns the value it read, or raises InvalidStateError naming the field (`where`,
a dotted path such as "mice[1].cheese") and what was wrong with it. JSON has no separate
integers and booleans in Python's eyes (`True` is an `int`), so a whole number is never a bool.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from .errors import InvalidStateError

_Option = TypeVar("_Option", bound=str)


def json_object(data: Any) -> Mapping[str, Any]:
    """Return `data` if it is a JSON object (the whole position)."""
    if not isinstance(data, Mapping):
        raise InvalidStateError("state", f"expected a JSON object, got {type(data).__name__}")
    return data


def same_game(data: Mapping[str, Any], name: str, position: str) -> None:
    """Check the optional `game` field names `name`; `position` says what this one is, in the
    game's words (its codec passes "a <title> position")."""
    if data.get("game", name) != name:
        raise InvalidStateError("game", f"this is {position}, not {data['game']!r}")


def whole_number(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    """Return `value` if it is a whole number in low..high (no upper bound when `high` is
    None)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(where, f"expected a whole number, got {value!r}")
    if value < low or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f">= {low}"
        raise InvalidStateError(where, f"{value} is outside {bounds}")
    return value


def counts_per_seat(value: Any, where: str, seats: int, low: int = 0) -> tuple[int, ...]:
    """Return `value` if it is a list of `seats` whole numbers >= `low`, one per seat."""
    if not isinstance(value, list) or len(value) != seats:
        raise InvalidStateError(where, f"expected a list of {seats} whole numbers, one per seat")
    return tuple(whole_number(v, f"{where}[{i}]", low) for i, v in enumerate(value))


def true_or_false(value: Any, where: str) -> bool:
    """Return `value` if it is a JSON boolean."""
    if not isinstance(value, bool):
        raise InvalidStateError(where, f"expected true or false, got {value!r}")
    return value


def one_of(value: Any, where: str, options: Sequence[_Option]) -> _Option:
    """Return the option equal to `value`: the constant itself, so that rules may compare
    phases by identity."""
    for option in options:
        if option == value:
            return option
    raise InvalidStateError(where, f"{value!r} is not one of {', '.join(options)}")


__all__ = [
    "counts_per_seat",
    "json_object",
    "one_of",
    "same_game",
    "true_or_false",
    "whole_number",
]
