"""Mouse Chaos actions: small interned values with a JSON form and a short text form.

Player actions, in a turn's order: `pick` a holder, move it (`holder`, to a destination), move
a `mouse` or a `cat` (to a destination), then move a `chair` (to a square, in a pose) or
`skip`; `turn` over a mouse of a full nest during a reveal. One action per destination: the
path a piece walks is in the move's event (codec.py), for the animation.

Chance outcomes: `colour` (a mouse's colour, dealt face down), `card` (a colour card dealt to
a hand slot), `draw` (a seat's holder number when the first player is drawn) and `number` (the
number under a holder picked for the first time).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...engine import JSON, Action, MalformedActionError
from .board import CHAIRS, COLOURS, HOLDERS, MICE, POSES, TABLE, node_json, node_text, parse_node

COLOUR: Final = "colour"
CARD: Final = "card"
DRAW: Final = "draw"
NUMBER: Final = "number"
PICK: Final = "pick"
HOLDER: Final = "holder"
MOUSE: Final = "mouse"
CAT: Final = "cat"
CHAIR: Final = "chair"
SKIP: Final = "skip"
TURN: Final = "turn"
KINDS: Final = (COLOUR, CARD, DRAW, NUMBER, PICK, HOLDER, MOUSE, CAT, CHAIR, SKIP, TURN)
CHANCE_KINDS: Final = frozenset((COLOUR, CARD, DRAW, NUMBER))
MAX_SEATS: Final = 4


class MouseChaosAction(Action):
    """One Mouse Chaos action. Make them with `make` (interned) or the parsers."""

    __slots__ = ("_hash", "a", "b", "c", "kind")

    kind: str
    a: int
    """The piece (mouse, cat, chair, holder), slot or seat; the number for `number`."""
    b: int
    """The destination node, colour or number, by kind."""
    c: int
    """A chair's pose (0..3 upright with the support on N, E, S, W; 4 lying)."""

    def __init__(self, kind: str, a: int = 0, b: int = 0, c: int = 0):
        self.kind, self.a, self.b, self.c = kind, a, b, c
        self._hash = hash((kind, a, b, c))

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is MouseChaosAction
            and self.kind == other.kind
            and self.a == other.a
            and self.b == other.b
            and self.c == other.c
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"MouseChaosAction.from_text({self.to_text()!r})"

    def to_json(self) -> JSON:
        kind, a, b = self.kind, self.a, self.b
        if kind == COLOUR:
            return {"type": kind, "mouse": a, "colour": COLOURS[b]}
        if kind == CARD:
            return {"type": kind, "slot": a, "colour": COLOURS[b]}
        if kind == DRAW:
            return {"type": kind, "seat": a, "number": b}
        if kind == NUMBER:
            return {"type": kind, "number": a}
        if kind == PICK:
            return {"type": kind, "holder": a}
        if kind == HOLDER:
            return {"type": kind, "to": node_json(b)}
        if kind in (MOUSE, CAT):
            return {"type": kind, kind: a, "to": node_json(b)}
        if kind == CHAIR:
            return {"type": kind, "chair": a, "to": node_json(b), "pose": POSES[self.c]}
        if kind == TURN:
            return {"type": kind, "mouse": a}
        return {"type": SKIP}

    def to_text(self) -> str:
        kind, a, b = self.kind, self.a, self.b
        if kind in (COLOUR, CARD):
            return f"{kind}:{a}:{COLOURS[b]}"
        if kind == DRAW:
            return f"draw:{a}:{b}"
        if kind in (NUMBER, PICK, TURN):
            return f"{kind}:{a}"
        if kind == HOLDER:
            return f"holder:{node_text(b)}"
        if kind in (MOUSE, CAT):
            return f"{kind}:{a}:{node_text(b)}"
        if kind == CHAIR:
            return f"chair:{a}:{node_text(b)}:{POSES[self.c]}"
        return SKIP

    @staticmethod
    def from_text(text: str) -> MouseChaosAction:
        """Return the action written as `text` (the inverse of `to_text`)."""
        return parse_text(text)


_INTERNED: dict[tuple[str, int, int, int], MouseChaosAction] = {}


def make(kind: str, a: int = 0, b: int = 0, c: int = 0) -> MouseChaosAction:
    """Return the interned action (kind, a, b, c): the same object every time."""
    key = (kind, a, b, c)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = MouseChaosAction(kind, a, b, c)
    return action


SKIP_ACTION: Final = make(SKIP)


def _int(data: Mapping[str, Any], kind: str, field: str, low: int, high: int) -> int:
    value = data.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedActionError(f"{kind}.{field}: expected a whole number, got {value!r}")
    if not low <= value <= high:
        raise MalformedActionError(f"{kind}.{field}: {value} is outside {low}..{high}")
    return value


def _colour(data: Mapping[str, Any], kind: str) -> int:
    value = data.get("colour")
    if value not in COLOURS:
        raise MalformedActionError(
            f"{kind}.colour: {value!r} is not a colour (one of {', '.join(COLOURS)})"
        )
    return COLOURS.index(value)


def _to(data: Mapping[str, Any], kind: str, table: bool) -> int:
    node = parse_node(data.get("to"))
    if node is None or (node == TABLE and not table):
        where = '[row, col] (0..9 each) or "table"' if table else "[row, col] (0..9 each)"
        raise MalformedActionError(f"{kind}.to: expected {where}, got {data.get('to')!r}")
    return node


def parse_json(data: Any) -> MouseChaosAction:
    """Return the action that `data` (a JSON object) describes."""
    if not isinstance(data, Mapping):
        raise MalformedActionError(f"an action is a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind == COLOUR:
        return make(kind, _int(data, kind, "mouse", 0, MICE - 1), _colour(data, kind))
    if kind == CARD:
        return make(kind, _int(data, kind, "slot", 0, 3), _colour(data, kind))
    if kind == DRAW:
        seat = _int(data, kind, "seat", 0, MAX_SEATS - 1)
        return make(kind, seat, _int(data, kind, "number", 1, HOLDERS))
    if kind == NUMBER:
        return make(kind, _int(data, kind, "number", 1, HOLDERS))
    if kind == PICK:
        return make(kind, _int(data, kind, "holder", 0, HOLDERS - 1))
    if kind == HOLDER:
        return make(kind, 0, _to(data, kind, False))
    if kind == MOUSE:
        return make(kind, _int(data, kind, "mouse", 0, MICE - 1), _to(data, kind, True))
    if kind == CAT:
        return make(kind, _int(data, kind, "cat", 0, 3), _to(data, kind, True))
    if kind == CHAIR:
        pose = data.get("pose")
        if pose not in POSES:
            raise MalformedActionError(
                f"chair.pose: {pose!r} is not a pose (N, E, S, W: upright with the cross "
                "support on that side; L: lying)"
            )
        chair = _int(data, kind, "chair", 0, CHAIRS - 1)
        return make(kind, chair, _to(data, kind, False), POSES.index(pose))
    if kind == TURN:
        return make(kind, _int(data, kind, "mouse", 0, MICE - 1))
    if kind == SKIP:
        return SKIP_ACTION
    raise MalformedActionError(
        f"type: unknown Mouse Chaos action {kind!r} (known: {', '.join(sorted(KINDS))})"
    )


def _text_node(text: str) -> Any:
    if text == "table":
        return "table"
    row, sep, col = text.partition(",")
    if sep and row.isdigit() and col.isdigit():
        return [int(row), int(col)]
    return text


def parse_text(text: str) -> MouseChaosAction:
    """Return the action in short text form: pick:2, holder:3,4, mouse:5:table, cat:1:2,2,
    chair:0:4,7:N, skip, turn:7, colour:5:red, card:2:blue, draw:1:6, number:4."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action text is a string, not {type(text).__name__}")
    parts = text.strip().split(":")
    head, rest = parts[0], parts[1:]
    fields: dict[str, tuple[str, ...]] = {
        COLOUR: ("mouse", "colour"),
        CARD: ("slot", "colour"),
        DRAW: ("seat", "number"),
        NUMBER: ("number",),
        PICK: ("holder",),
        HOLDER: ("to",),
        MOUSE: ("mouse", "to"),
        CAT: ("cat", "to"),
        CHAIR: ("chair", "to", "pose"),
        TURN: ("mouse",),
        SKIP: (),
    }
    names = fields.get(head)
    if names is None or len(rest) != len(names):
        raise MalformedActionError(
            f"{text!r}: not a Mouse Chaos action (try pick:2, holder:3,4, mouse:5:table, "
            "cat:1:2,2, chair:0:4,7:N, skip, turn:7)"
        )
    data: dict[str, Any] = {"type": head}
    for name, value in zip(names, rest, strict=True):
        if name == "to":
            data[name] = _text_node(value)
        elif name in ("colour", "pose"):
            data[name] = value
        else:
            data[name] = int(value) if value.isdigit() else value
    return parse_json(data)


__all__ = [
    "CARD",
    "CAT",
    "CHAIR",
    "CHANCE_KINDS",
    "COLOUR",
    "DRAW",
    "HOLDER",
    "KINDS",
    "MOUSE",
    "NUMBER",
    "PICK",
    "SKIP",
    "SKIP_ACTION",
    "TURN",
    "MouseChaosAction",
    "make",
    "parse_json",
    "parse_text",
]
