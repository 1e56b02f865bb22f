"""Aus die Maus! cards as data: the two card lists of cards.json, checked when imported.

Kinds are small ints in the rules (cheese 0, cat 1, mouse1..mouse3 2..4: a mouse's paws are
its kind minus 1) and names in JSON. Source: docs/games/ausdiemaus.md, The cards and the
chips (90 cards, 9 chips; the red-back half and 5 chips with 2 or 3 players).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any, Final, NamedTuple

CHEESE: Final = 0
CAT: Final = 1
MOUSE1: Final = 2
MOUSE2: Final = 3
MOUSE3: Final = 4
CARD_NAMES: Final = ("cheese", "cat", "mouse1", "mouse2", "mouse3")
CARD_BY_NAME: Final = {name: kind for kind, name in enumerate(CARD_NAMES)}
MIN_SEATS: Final = 2
MAX_SEATS: Final = 6


class Deck(NamedTuple):
    """The cards and chips used at one table size."""

    name: str
    counts: tuple[int, ...]
    """How many cards of each kind, indexed by kind."""
    chips: int

    @property
    def size(self) -> int:
        """Return the number of cards."""
        return sum(self.counts)


def paws(kind: int) -> int:
    """Return a mouse card's paws (1..3); 0 for cheese and cat."""
    return kind - 1 if kind >= MOUSE1 else 0


def _check(data: Any) -> dict[int, Deck]:
    """Return the deck for each seat count 2..6; raise ValueError naming what is wrong."""
    if not isinstance(data, Mapping) or list(data.get("kinds", ())) != list(CARD_NAMES):
        raise ValueError(f"cards.json: 'kinds' must be {list(CARD_NAMES)}")
    decks = data.get("decks")
    if not isinstance(decks, Mapping) or not decks:
        raise ValueError("cards.json: 'decks' must be a non-empty object")
    by_seats: dict[int, Deck] = {}
    for name, deck in decks.items():
        where = f"cards.json: decks.{name}"
        if not isinstance(deck, Mapping):
            raise ValueError(f"{where}: expected an object")
        cards = deck.get("cards")
        if not isinstance(cards, Mapping) or set(cards) != set(CARD_NAMES):
            raise ValueError(f"{where}.cards: expected a count for each of {list(CARD_NAMES)}")
        counts = tuple(cards[kind] for kind in CARD_NAMES)
        if any(isinstance(c, bool) or not isinstance(c, int) or c < 1 for c in counts):
            raise ValueError(f"{where}.cards: every count must be a whole number >= 1")
        chips = deck.get("chips")
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
            raise ValueError(f"{where}.chips: expected a whole number >= 1")
        seats = deck.get("seats")
        if not isinstance(seats, list) or not seats:
            raise ValueError(f"{where}.seats: expected a list of seat counts")
        for n in seats:
            if n in by_seats or not (isinstance(n, int) and MIN_SEATS <= n <= MAX_SEATS):
                raise ValueError(f"{where}.seats: {n!r} is not a new seat count 2..6")
            if sum(counts) <= n:
                raise ValueError(f"{where}: too few cards to deal to {n} players")
            by_seats[n] = Deck(name, counts, chips)
    missing = [n for n in range(MIN_SEATS, MAX_SEATS + 1) if n not in by_seats]
    if missing:
        raise ValueError(f"cards.json: no deck for {missing} players")
    return by_seats


def _load() -> dict[int, Deck]:
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    return _check(json.loads(text))


DECKS: Final = _load()
"""The deck for each seat count: `DECKS[seats]`."""


def deal_sizes(seats: int, start: int, dealt: int) -> tuple[int, ...]:
    """Return each seat's stack after dealing `dealt` cards one at a time from `start` clockwise."""
    base, extra = divmod(dealt, seats)
    return tuple(base + (1 if (seat - start) % seats < extra else 0) for seat in range(seats))


__all__ = [
    "CARD_BY_NAME",
    "CARD_NAMES",
    "CAT",
    "CHEESE",
    "DECKS",
    "MAX_SEATS",
    "MIN_SEATS",
    "MOUSE1",
    "MOUSE2",
    "MOUSE3",
    "Deck",
    "deal_sizes",
    "paws",
]
