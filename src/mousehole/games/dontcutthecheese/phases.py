"""The phases of a Don't Cut the Cheese turn, which are chance's and which a seat's, and what
each offers: chance's outcomes, the legal bites, the turn order (docs/games/dontcutthecheese.md).
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from . import actions as A
from .paper import legal_bites

START: Final = "start"  # chance: the starting seat, when setup leaves it random
PAPER: Final = "paper"  # chance: the secret tear threshold of the paper just hooked on
SPIN: Final = "spin"  # decision: the current seat spins
SPINNER: Final = "spinner"  # chance: the face the spinner stops on
BITE: Final = "bite"  # decision: where the current seat bites (bites_left > 0)
DRAW: Final = "draw"  # chance: the colour the next seat in `drawing` takes from the bag
SPIN_OFF: Final = "spin_off"  # decision: the current contestant spins in a spin-off
SPIN_OFF_SPINNER: Final = "spin_off_spinner"  # chance: the face of a spin-off spin
OVER: Final = "over"
PHASES: Final = (START, PAPER, SPIN, SPINNER, BITE, DRAW, SPIN_OFF, SPIN_OFF_SPINNER, OVER)
DECISIONS: Final = frozenset((SPIN, BITE, SPIN_OFF))

COMPLETE: Final = "complete"  # spin-off reason: several completed their colours at once
BAG_EMPTY: Final = "bag_empty"  # spin-off reason / ending: the bag ran out with no winner
SPIN_OFF_REASONS: Final = (COMPLETE, BAG_EMPTY)

THRESHOLD_PRIOR: Final = {1: 0.5, 2: 0.3, 3: 0.2}  # ruling: P(1) = 0.5, P(2) = 0.3, P(3) = 0.2
BITES_SHOWN: Final = (1, 2, 3, 0, 0, 1)
"""Bites on each face, by face index (ruling: Skip and Reverse count 0 in a spin-off)."""

SPIN_ONLY: Final = (A.SPIN,)
NO_ACTIONS: Final[tuple[A.CheeseAction, ...]] = ()
FACE_OUTCOMES: Final = tuple((face, 1 / 6) for face in A.SPIN_RESULTS)
THRESHOLD_OUTCOMES: Final = tuple((A.THRESHOLD_OUTCOMES[t], p) for t, p in THRESHOLD_PRIOR.items())

Events = tuple[tuple[Any, ...], ...]
"""Compact event tuples (type, seat, ...); `view.event_to_json` names their fields."""


@lru_cache(maxsize=16)
def seat_outcomes(n: int) -> tuple[tuple[A.CheeseAction, float], ...]:
    """Return the chance of each starting seat of `n`: all alike."""
    return tuple((A.START_SEATS[s], 1 / n) for s in range(n))


@lru_cache(maxsize=65536)
def bite_actions(eaten: int) -> tuple[A.CheeseAction, ...]:
    """Return the legal bites of the paper `eaten` (a bit mask of eaten cells) as actions."""
    return tuple(A.BITES[b.index] for b in legal_bites(eaten))


@lru_cache(maxsize=65536)
def legal_bite_values(eaten: int) -> frozenset[int]:
    """Return the top-left cell indexes of the legal bites: a bite is legal exactly when its
    value is here (`bite_problem` says why one that is not here is refused)."""
    return frozenset(b.index for b in legal_bites(eaten))


def around(first: int, n: int, direction: int) -> tuple[int, ...]:
    """Return every seat in turn order from `first` in `direction` (1 or -1)."""
    return tuple((first + direction * i) % n for i in range(n))
