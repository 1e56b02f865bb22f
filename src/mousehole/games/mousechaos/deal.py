"""The face-down deal and the holder numbers: Mouse Chaos's chance outcomes (rulebook, "Game
Preparation"; docs/games/mousechaos.md), and who owns which card slot and nest.

The deal is sequential: one outcome per mouse (mothers first, then babies) and per colour card,
each drawn from what is left, which is exactly a shuffle. A holder's number is drawn the first
time it is picked (nobody has looked under it before), from the numbers nobody has seen.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import actions as A
from .board import HOLDERS, MICE, MOTHERS


def slot_owner(seats: int, slot: int) -> int:
    """Return the seat that holds colour card `slot` and owns nest `slot` (-1: the phantom).

    4 seats: slot k is seat k's. 3 seats: slot 3 is the phantom's (rulebook, variant for 3).
    2 seats: each seat has two cards and the two opposite nests (slots 0, 2 and 1, 3)."""
    if seats == 2:
        return slot % 2
    return slot if slot < seats else -1


@lru_cache(maxsize=4096)
def deal_outcomes(dealt: tuple[int, ...]) -> tuple[tuple[A.MouseChaosAction, float], ...]:
    """Return the chance of each colour for the next face-down deal, given what was dealt:
    a mother takes a colour no mother has, a baby one of the three of its colour left, a
    card one of the colours not dealt as a card."""
    k = len(dealt)
    if k < MOTHERS or k >= MICE:
        first = 0 if k < MOTHERS else MICE
        left = [c for c in range(4) if c not in dealt[first:]]
        slot = k if k < MOTHERS else k - MICE
        kind = A.COLOUR if k < MOTHERS else A.CARD
        return tuple((A.make(kind, slot, c), 1 / len(left)) for c in left)
    counts = [3 - dealt[MOTHERS:].count(c) for c in range(4)]
    total = sum(counts)
    return tuple((A.make(A.COLOUR, k, c), n / total) for c, n in enumerate(counts) if n)


@lru_cache(maxsize=256)
def number_outcomes(used: tuple[int, ...], kind: str, seat: int) -> tuple[Any, ...]:
    """Return the chance of each holder number not in `used` (a draw for `seat`, or the
    number under a holder picked for the first time)."""
    left = [v for v in range(1, HOLDERS + 1) if v not in used]
    if kind == A.DRAW:
        return tuple((A.make(A.DRAW, seat, v), 1 / len(left)) for v in left)
    return tuple((A.make(A.NUMBER, v), 1 / len(left)) for v in left)


__all__ = ["deal_outcomes", "number_outcomes", "slot_owner"]
