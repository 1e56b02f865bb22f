"""Mouse Trap actions: small interned values with a JSON form and a short text form.

Player actions: roll, split, spend, crank, end. Chance outcomes: die, crank_result, start_seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...engine import JSON, Action, MalformedActionError
from .board import MAX_SEATS

ROLL_KIND: Final = "roll"
SPLIT_KIND: Final = "split"
SPEND_KIND: Final = "spend"
CRANK_KIND: Final = "crank"
END_KIND: Final = "end"
DIE_KIND: Final = "die"
CRANK_RESULT_KIND: Final = "crank_result"
START_SEAT_KIND: Final = "start_seat"


class MouseTrapAction(Action):
    """One Mouse Trap action. Build them with the module's constants and helpers."""

    __slots__ = ("_key", "kind", "take", "value")

    kind: str
    value: int
    """The die value, target seat, start seat or crank success (1/0), by kind."""
    take: tuple[tuple[int, int], ...]
    """For a split: (seat, cheese) pairs with cheese > 0, by seat."""

    def __init__(self, kind: str, value: int = 0, take: tuple[tuple[int, int], ...] = ()):
        self.kind = kind
        self.value = value
        self.take = take
        self._key = (kind, value, take)

    def __eq__(self, other: object) -> bool:
        return type(other) is MouseTrapAction and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"MouseTrapAction.from_text({self.to_text()!r})"

    def to_json(self) -> JSON:
        kind = self.kind
        if kind == DIE_KIND:
            return {"type": kind, "value": self.value}
        if kind == SPEND_KIND:
            return {"type": kind, "target": self.value}
        if kind == START_SEAT_KIND:
            return {"type": kind, "seat": self.value}
        if kind == CRANK_RESULT_KIND:
            return {"type": kind, "success": bool(self.value)}
        if kind == SPLIT_KIND:
            return {"type": kind, "take": {str(seat): n for seat, n in self.take}}
        return {"type": kind}

    def to_text(self) -> str:
        kind = self.kind
        if kind in (DIE_KIND, SPEND_KIND):
            return f"{kind}:{self.value}"
        if kind == START_SEAT_KIND:
            return f"start:{self.value}"
        if kind == CRANK_RESULT_KIND:
            return "crank:ok" if self.value else "crank:fail"
        if kind == SPLIT_KIND:
            return "split:" + ",".join(f"{seat}={n}" for seat, n in self.take)
        return kind

    @staticmethod
    def from_text(text: str) -> MouseTrapAction:
        """Return the action written as `text` (the inverse of `to_text`)."""
        return parse_text(text)


ROLL: Final = MouseTrapAction(ROLL_KIND)
CRANK: Final = MouseTrapAction(CRANK_KIND)
END: Final = MouseTrapAction(END_KIND)
DICE: Final = tuple(MouseTrapAction(DIE_KIND, v) for v in range(1, 7))
CRANK_OK: Final = MouseTrapAction(CRANK_RESULT_KIND, 1)
CRANK_FAIL: Final = MouseTrapAction(CRANK_RESULT_KIND, 0)
SPENDS: Final = tuple(MouseTrapAction(SPEND_KIND, s) for s in range(MAX_SEATS))
START_SEATS: Final = tuple(MouseTrapAction(START_SEAT_KIND, s) for s in range(MAX_SEATS))
_SIMPLE: Final = {ROLL_KIND: ROLL, CRANK_KIND: CRANK, END_KIND: END}
_SEAT_KEYS: Final = frozenset(str(s) for s in range(MAX_SEATS))


def split(take: Mapping[int, int]) -> MouseTrapAction:
    """Return the split action taking `take[seat]` cheese from each tied rival."""
    return MouseTrapAction(SPLIT_KIND, 0, tuple(sorted((s, n) for s, n in take.items() if n)))


def _int_field(data: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedActionError(f"{data.get('type')}.{name}: expected an integer, got {value!r}")
    if not low <= value <= high:
        raise MalformedActionError(f"{data.get('type')}.{name}: {value} is outside {low}..{high}")
    return value


def parse_json(data: Any) -> MouseTrapAction:
    """Return the action that `data` (a JSON object) describes."""
    if not isinstance(data, Mapping):
        raise MalformedActionError(f"an action is a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind == DIE_KIND:
        return DICE[_int_field(data, "value", 1, 6) - 1]
    if kind == SPEND_KIND:
        return SPENDS[_int_field(data, "target", 0, MAX_SEATS - 1)]
    if kind == START_SEAT_KIND:
        return START_SEATS[_int_field(data, "seat", 0, MAX_SEATS - 1)]
    if kind == CRANK_RESULT_KIND:
        success = data.get("success")
        if not isinstance(success, bool):
            raise MalformedActionError(
                f"crank_result.success: expected true or false, got {success!r}"
            )
        return CRANK_OK if success else CRANK_FAIL
    if kind == SPLIT_KIND:
        return split(_parse_take(data.get("take")))
    known = ", ".join(
        sorted([*_SIMPLE, DIE_KIND, SPEND_KIND, SPLIT_KIND, CRANK_RESULT_KIND, START_SEAT_KIND])
    )
    raise MalformedActionError(f"type: unknown Mouse Trap action {kind!r} (known: {known})")


def _parse_take(take: Any) -> dict[int, int]:
    if not isinstance(take, Mapping) or not take:
        raise MalformedActionError('split.take: expected an object like {"1": 2}')
    result: dict[int, int] = {}
    for key, n in take.items():
        if not (isinstance(key, str) and key in _SEAT_KEYS):
            raise MalformedActionError(
                f"split.take: {key!r} is not a seat index 0..{MAX_SEATS - 1}"
            )
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise MalformedActionError(
                f"split.take[{key}]: expected a whole number >= 0, got {n!r}"
            )
        result[int(key)] = n
    if not any(result.values()):
        raise MalformedActionError("split.take: a split takes at least one cheese")
    return result


def parse_text(text: str) -> MouseTrapAction:
    """Return the action in short text form: roll, crank, end, die:4, spend:2, split:1=2,3=1,
    crank:ok, crank:fail, start:1."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action text is a string, not {type(text).__name__}")
    head, _, rest = text.strip().partition(":")
    if not rest and head in _SIMPLE:
        return _SIMPLE[head]
    try:
        if head == DIE_KIND:
            return parse_json({"type": DIE_KIND, "value": int(rest)})
        if head == SPEND_KIND:
            return parse_json({"type": SPEND_KIND, "target": int(rest)})
        if head == "start":
            return parse_json({"type": START_SEAT_KIND, "seat": int(rest)})
        if head == CRANK_KIND and rest in ("ok", "fail"):
            return CRANK_OK if rest == "ok" else CRANK_FAIL
        if head == SPLIT_KIND:
            pairs = [part.split("=") for part in rest.split(",")]
            take = {s: int(n) for s, n in pairs}
            if len(take) != len(pairs):
                raise MalformedActionError(f"{text!r}: a split names each seat once")
            return parse_json({"type": SPLIT_KIND, "take": take})
    except ValueError as error:
        if isinstance(error, MalformedActionError):
            raise
        raise MalformedActionError(f"{text!r}: not a Mouse Trap action ({error})") from None
    raise MalformedActionError(
        f"{text!r}: not a Mouse Trap action (try roll, die:4, spend:2, split:1=2, crank, end)"
    )
