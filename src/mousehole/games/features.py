"""Small helpers for the games' encodings (`encoding.py` in each game package, docs/rl.md):
pieces of a fixed-shape vector of numbers built from a seat's observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def one_hot(value: Any, choices: Sequence[Any]) -> list[float]:
    """Return len(choices) numbers: 1 where `value` is, 0 elsewhere (all 0 when it is none)."""
    return [1.0 if value == choice else 0.0 for choice in choices]


def seat_hot(seat: int | None, seats: int) -> list[float]:
    """Return `seats` numbers with a 1 at `seat` (all 0 for None)."""
    return [1.0 if seat == s else 0.0 for s in range(seats)]


def scaled(value: float | None, top: float) -> float:
    """Return `value / top` cut to 0..1 (0 for None)."""
    if value is None:
        return 0.0
    return max(0.0, min(1.0, value / top))


__all__ = ["one_hot", "scaled", "seat_hot"]
