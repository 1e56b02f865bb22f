"""The bag of tokens and the tokens each seat holds, counted by colour, and the chance of each
colour in a draw (docs/games/dontcutthecheese.md: the bag is drawn lazily, by its counts).
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc

from __future__ import annotations

from functools import lru_cache
from typing import Final

from . import actions as A

TOKENS_PER_COLOUR: Final = 10  # ruling: 30 tokens, 10 of each colour

Tokens = tuple[int, int, int]
"""Counts by colour: orange, white, yellow."""


@lru_cache(maxsize=1024)
def draw_outcomes(bag: Tokens) -> tuple[tuple[A.CheeseAction, float], ...]:
    """Return the chance of each colour for a token drawn from `bag`: its share of the bag."""
    total = sum(bag)
    return tuple((A.DRAWS[c], count / total) for c, count in enumerate(bag) if count)


def bump(tokens: tuple[Tokens, ...], seat: int, colour: int) -> tuple[Tokens, ...]:
    """Return `tokens` with one more token of `colour` for `seat`."""
    held = list(tokens[seat])
    held[colour] += 1
    changed = list(tokens)
    changed[seat] = (held[0], held[1], held[2])
    return tuple(changed)


def take(bag: Tokens, colour: int) -> Tokens:
    """Return `bag` less one token of `colour`."""
    left = list(bag)
    left[colour] -= 1
    return (left[0], left[1], left[2])
