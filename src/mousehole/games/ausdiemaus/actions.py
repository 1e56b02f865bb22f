"""Aus die Maus! actions: small interned values with a JSON form and a short text form.

The one player action is `turn` (turn over the top card of your stack). Chance outcomes:
`start_seat` (who begins) and `card` (the kind of a card nobody has seen yet, as it is turned).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...engine import JSON, Action, MalformedActionError
from .cards import CARD_BY_NAME, CARD_NAMES, MAX_SEATS

TURN_KIND: Final = "turn"
START_SEAT_KIND: Final = "start_seat"
CARD_KIND: Final = "card"
KINDS: Final = (TURN_KIND, START_SEAT_KIND, CARD_KIND)


class AusDieMausAction(Action):
    """One Aus die Maus! action. Use the module's constants: TURN, START_SEATS, CARDS."""

    __slots__ = ("_key", "kind", "value")

    kind: str
    value: int
    """The start seat, or the card kind (cards.CHEESE ...), by kind; 0 for turn."""

    def __init__(self, kind: str, value: int = 0):
        self.kind = kind
        self.value = value
        self._key = (kind, value)

    def __eq__(self, other: object) -> bool:
        return type(other) is AusDieMausAction and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"AusDieMausAction.from_text({self.to_text()!r})"

    def to_json(self) -> JSON:
        if self.kind == START_SEAT_KIND:
            return {"type": START_SEAT_KIND, "seat": self.value}
        if self.kind == CARD_KIND:
            return {"type": CARD_KIND, "card": CARD_NAMES[self.value]}
        return {"type": TURN_KIND}

    def to_text(self) -> str:
        if self.kind == START_SEAT_KIND:
            return f"start:{self.value}"
        if self.kind == CARD_KIND:
            return f"card:{CARD_NAMES[self.value]}"
        return TURN_KIND

    @staticmethod
    def from_text(text: str) -> AusDieMausAction:
        """Return the action written as `text` (the inverse of `to_text`)."""
        return parse_text(text)


TURN: Final = AusDieMausAction(TURN_KIND)
START_SEATS: Final = tuple(AusDieMausAction(START_SEAT_KIND, s) for s in range(MAX_SEATS))
CARDS: Final = tuple(AusDieMausAction(CARD_KIND, k) for k in range(len(CARD_NAMES)))


def parse_json(data: Any) -> AusDieMausAction:
    """Return the action that `data` (a JSON object) describes."""
    if not isinstance(data, Mapping):
        raise MalformedActionError(f"an action is a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind == TURN_KIND:
        return TURN
    if kind == START_SEAT_KIND:
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise MalformedActionError(f"start_seat.seat: expected an integer, got {seat!r}")
        if not 0 <= seat < MAX_SEATS:
            raise MalformedActionError(f"start_seat.seat: {seat} is outside 0..{MAX_SEATS - 1}")
        return START_SEATS[seat]
    if kind == CARD_KIND:
        card = data.get("card")
        if not isinstance(card, str) or card not in CARD_BY_NAME:
            raise MalformedActionError(
                f"card.card: {card!r} is not a card (one of {', '.join(CARD_NAMES)})"
            )
        return CARDS[CARD_BY_NAME[card]]
    raise MalformedActionError(
        f"type: unknown Aus die Maus! action {kind!r} (known: {', '.join(sorted(KINDS))})"
    )


def parse_text(text: str) -> AusDieMausAction:
    """Return the action in short text form: turn, start:1, card:mouse2."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action text is a string, not {type(text).__name__}")
    head, sep, rest = text.strip().partition(":")
    if head == TURN_KIND and not sep:
        return TURN
    if head == "start" and rest.isdigit():
        return parse_json({"type": START_SEAT_KIND, "seat": int(rest)})
    if head == CARD_KIND and sep:
        return parse_json({"type": CARD_KIND, "card": rest})
    raise MalformedActionError(
        f"{text!r}: not an Aus die Maus! action (try turn, start:1, card:mouse2)"
    )
