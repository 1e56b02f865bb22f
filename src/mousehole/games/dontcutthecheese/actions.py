"""Don't Cut the Cheese actions: small interned values with a JSON form and a short text form.

Player actions: `spin` and `bite` (row, col of the mouth's top-left cell). Chance outcomes:
`start_seat`, `threshold` (the new paper's secret tear threshold), `spin_result` (the spinner's
face) and `draw` (the colour of a token drawn from the bag).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...engine import JSON, Action, MalformedActionError
from .paper import COLS, ROWS

MIN_SEATS: Final = 2
MAX_SEATS: Final = 6

SPIN_KIND: Final = "spin"
BITE_KIND: Final = "bite"
START_SEAT_KIND: Final = "start_seat"
THRESHOLD_KIND: Final = "threshold"
SPIN_RESULT_KIND: Final = "spin_result"
DRAW_KIND: Final = "draw"
KINDS: Final = (SPIN_KIND, BITE_KIND, START_SEAT_KIND, THRESHOLD_KIND, SPIN_RESULT_KIND, DRAW_KIND)

FACES: Final = ("bite1", "bite2", "bite3", "skip", "reverse", "bite_spin")
"""The spinner's six equal segments (docs/games/dontcutthecheese.md), by face index."""
BITE1, BITE2, BITE3, SKIP, REVERSE, BITE_SPIN = range(6)
COLOURS: Final = ("orange", "white", "yellow")
THRESHOLDS: Final = (1, 2, 3)


class CheeseAction(Action):
    """One Don't Cut the Cheese action. Use the module's constants: SPIN, BITES, FACES ..."""

    __slots__ = ("_key", "kind", "value")

    kind: str
    value: int
    """The seat, the threshold, the face index, the colour index, or for a bite the top-left
    cell index row * 12 + col, by kind; 0 for spin."""

    def __init__(self, kind: str, value: int = 0):
        self.kind = kind
        self.value = value
        self._key = (kind, value)

    def __eq__(self, other: object) -> bool:
        return type(other) is CheeseAction and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"CheeseAction.from_text({self.to_text()!r})"

    @property
    def row(self) -> int:
        """Return a bite's top-left row."""
        return self.value // COLS

    @property
    def col(self) -> int:
        """Return a bite's top-left column."""
        return self.value % COLS

    def to_json(self) -> JSON:
        kind = self.kind
        if kind == BITE_KIND:
            return {"type": kind, "row": self.row, "col": self.col}
        if kind == START_SEAT_KIND:
            return {"type": kind, "seat": self.value}
        if kind == THRESHOLD_KIND:
            return {"type": kind, "value": self.value}
        if kind == SPIN_RESULT_KIND:
            return {"type": kind, "face": FACES[self.value]}
        if kind == DRAW_KIND:
            return {"type": kind, "colour": COLOURS[self.value]}
        return {"type": SPIN_KIND}

    def to_text(self) -> str:
        kind = self.kind
        if kind == BITE_KIND:
            return f"bite:{self.row},{self.col}"
        if kind == START_SEAT_KIND:
            return f"start:{self.value}"
        if kind == THRESHOLD_KIND:
            return f"threshold:{self.value}"
        if kind == SPIN_RESULT_KIND:
            return f"face:{FACES[self.value]}"
        if kind == DRAW_KIND:
            return f"draw:{COLOURS[self.value]}"
        return SPIN_KIND

    @staticmethod
    def from_text(text: str) -> CheeseAction:
        """Return the action written as `text` (the inverse of `to_text`)."""
        return parse_text(text)


SPIN: Final[CheeseAction] = CheeseAction(SPIN_KIND)
BITES: Final = tuple(CheeseAction(BITE_KIND, i) for i in range(ROWS * COLS))
"""A bite at every cell of the grid, by cell index: well-formed, though most are illegal."""
START_SEATS: Final = tuple(CheeseAction(START_SEAT_KIND, s) for s in range(MAX_SEATS))
THRESHOLD_OUTCOMES: Final[dict[int, CheeseAction]] = {
    t: CheeseAction(THRESHOLD_KIND, t) for t in THRESHOLDS
}
SPIN_RESULTS: Final[tuple[CheeseAction, ...]] = tuple(
    CheeseAction(SPIN_RESULT_KIND, f) for f in range(len(FACES))
)
DRAWS: Final = tuple(CheeseAction(DRAW_KIND, c) for c in range(len(COLOURS)))


def bite(row: int, col: int) -> CheeseAction:
    """Return the bite whose mouth's top-left cell is (row, col) (a grid cell)."""
    return BITES[row * COLS + col]


def _int_field(data: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedActionError(f"{data.get('type')}.{name}: expected an integer, got {value!r}")
    if not low <= value <= high:
        raise MalformedActionError(f"{data.get('type')}.{name}: {value} is outside {low}..{high}")
    return value


def _name_field(data: Mapping[str, Any], name: str, names: tuple[str, ...]) -> int:
    value = data.get(name)
    if not isinstance(value, str) or value not in names:
        raise MalformedActionError(
            f"{data.get('type')}.{name}: expected one of {', '.join(names)}, got {value!r}"
        )
    return names.index(value)


def parse_json(data: Any) -> CheeseAction:
    """Return the action that `data` (a JSON object) describes."""
    if not isinstance(data, Mapping):
        raise MalformedActionError(f"an action is a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind == SPIN_KIND:
        return SPIN
    if kind == BITE_KIND:
        row = _int_field(data, "row", 0, ROWS - 1)
        return bite(row, _int_field(data, "col", 0, COLS - 1))
    if kind == START_SEAT_KIND:
        return START_SEATS[_int_field(data, "seat", 0, MAX_SEATS - 1)]
    if kind == THRESHOLD_KIND:
        return THRESHOLD_OUTCOMES[_int_field(data, "value", THRESHOLDS[0], THRESHOLDS[-1])]
    if kind == SPIN_RESULT_KIND:
        return SPIN_RESULTS[_name_field(data, "face", FACES)]
    if kind == DRAW_KIND:
        return DRAWS[_name_field(data, "colour", COLOURS)]
    raise MalformedActionError(
        f"type: unknown Don't Cut the Cheese action {kind!r} (known: {', '.join(KINDS)})"
    )


def parse_text(text: str) -> CheeseAction:
    """Return the action in short text form: spin, bite:1,4, start:2, threshold:3,
    face:bite_spin, draw:white."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action text is a string, not {type(text).__name__}")
    head, colon, rest = text.strip().partition(":")
    if head == SPIN_KIND and not colon:
        return SPIN
    try:
        if head == BITE_KIND:
            row, sep, col = rest.partition(",")
            if not sep:
                raise MalformedActionError(f"{text!r}: a bite is written bite:ROW,COL")
            return parse_json({"type": BITE_KIND, "row": int(row), "col": int(col)})
        if head == "start":
            return parse_json({"type": START_SEAT_KIND, "seat": int(rest)})
        if head == THRESHOLD_KIND:
            return parse_json({"type": THRESHOLD_KIND, "value": int(rest)})
    except ValueError as error:
        if isinstance(error, MalformedActionError):
            raise
        raise MalformedActionError(
            f"{text!r}: not a Don't Cut the Cheese action ({error})"
        ) from None
    if head == "face":
        return parse_json({"type": SPIN_RESULT_KIND, "face": rest})
    if head == DRAW_KIND:
        return parse_json({"type": DRAW_KIND, "colour": rest})
    raise MalformedActionError(
        f"{text!r}: not a Don't Cut the Cheese action (try spin, bite:1,4, face:bite2, "
        "threshold:2, draw:white, start:0)"
    )
