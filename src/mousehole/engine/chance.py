"""Sampling a chance node: the outcome whose share of [0, 1) holds a uniform number `u`.

`sample_outcome(outcomes, u)` is how every driver (the match runner, the simulator, the random
players, `State.sample_action`) turns a chance node's `(outcome, probability)` list and one
uniform number into its outcome, so the same numbers always give the same game.

It runs at every chance step of every game, so the optional compiled build (`make venv`;
docs/testing.md, "The compiled build") compiles it: a driver then calls it without a Python
frame and adds the probabilities as machine doubles. tests/engine/test_chance.py checks the
compiled build against this file's source.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, Final, TypeVar

T = TypeVar("T")
"""An outcome: the games' actions (this module names no engine type, so it imports nothing)."""


_CUMULATIVE: Final[dict[int, tuple[Sequence[tuple[Any, float]], list[float]]]] = {}
"""Cumulative probabilities of outcome lists seen before, by identity. Games return the same
constant tuple at most chance nodes (a die), so sampling skips re-adding probabilities. Each
entry keeps its list alive, so an id cannot be reused by another list while it is cached.
When it holds `_CUMULATIVE_LIMIT` lists it is emptied and fills again with the lists in use
now: a game whose outcome lists change with the position (a deck's remaining cards) keeps
hitting the cache instead of recomputing every list that came after the first few thousand."""

_CUMULATIVE_LIMIT: Final = 4096


def cumulative_probabilities(outcomes: Sequence[tuple[T, float]]) -> list[float]:
    """Return the running sums of the outcomes' probabilities, the last one 1.0: outcome *i*
    is `sample_outcome`'s answer for `u` from sum *i-1* up to (not including) sum *i*."""
    acc = 0.0
    cumulative: list[float] = []
    for _, p in outcomes:
        acc += p
        cumulative.append(acc)
    cumulative[-1] = 1.0  # rounding: probabilities may sum to 0.9999999
    return cumulative


_LAST: Final[list[tuple[Sequence[tuple[Any, float]], list[float]]]] = [((), [])]
"""The outcome list sampled last and its cumulative probabilities, replaced as one tuple (so a
thread never sees one list with the other's sums): a long list drawn from several times in a
row is found by an identity test, cheaper than the cache's look-up."""


_SCAN_LIMIT: Final = 8
"""Outcome lists at most this long are sampled by adding their probabilities up to `u`: that
costs no more than a look-up in the cache, and a list made afresh at each draw (a deck's
remaining cards) is neither summed into a new list nor stored. Longer lists use the cache."""


def sample_outcome(outcomes: Sequence[tuple[T, float]], u: float) -> T:
    """Return the outcome whose cumulative probability interval holds `u` in [0, 1)."""
    if len(outcomes) <= _SCAN_LIMIT:
        # The same sums in the same order as `cumulative_probabilities`, so the same outcome
        # as a search of them; past the last sum (rounding) the last outcome, as there.
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if u < acc:
                return action
        return outcomes[-1][0]
    last = _LAST[0]
    if outcomes is last[0]:
        return outcomes[bisect_right(last[1], u)][0]
    entry = _CUMULATIVE.get(id(outcomes))
    if entry is None or entry[0] is not outcomes:
        cumulative = cumulative_probabilities(outcomes)
        if len(_CUMULATIVE) >= _CUMULATIVE_LIMIT:
            _CUMULATIVE.clear()
        _CUMULATIVE[id(outcomes)] = (outcomes, cumulative)
    else:
        cumulative = entry[1]
    _LAST[0] = (outcomes, cumulative)
    return outcomes[bisect_right(cumulative, u)][0]


COMPILED: Final = not __file__.endswith((".py", ".pyc"))
"""True where this module's extension module (mypyc, `make venv`) was imported, not chance.py."""

__all__ = ["COMPILED", "cumulative_probabilities", "sample_outcome"]
