"""Cheese changing hands in Mouse Trap: a collection from the supply and then from the richest
rivals, and the split the collector chooses among tied rivals (docs/games/mousetrap.md).
These work on a state's field list (phases.py) while `state.py` builds a child; where mypyc
compiles state.py it compiles this module with it, so that a collection short of cheese (most
Take spaces once the supply runs low) stays in compiled code.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc

from __future__ import annotations

from functools import cache
from typing import Any, cast

from . import actions as A
from .phases import CAPTURED, CHEESE, PENDING, SUPPLY


@cache
def split_actions(tied: tuple[int, ...], amount: int) -> tuple[A.MouseTrapAction, ...]:
    """Return every way to take `amount` from the tied rivals (ruling: offer every split)."""

    def parts(k: int, total: int) -> list[tuple[int, ...]]:
        if k == 1:
            return [(total,)]
        return [(n, *rest) for n in range(total, -1, -1) for rest in parts(k - 1, total - n)]

    return tuple(A.split(dict(zip(tied, p, strict=True))) for p in parts(len(tied), amount))


def collect(
    v: list[Any], n: int, events: list[tuple[Any, ...]], seat: int, amount: int, from_supply: bool
) -> bool:
    """Take `amount` for `seat` into the field list `v` of `n` seats: from the supply first
    (unless Take 3), the shortfall from rivals. Return True when the seat must choose how to
    split it among tied rivals (the pending split is in `v[PENDING]`)."""
    got = min(amount, v[SUPPLY]) if from_supply else 0
    v[SUPPLY] -= got
    v[CHEESE + seat] += got
    shortfall = amount - got
    if from_supply:
        events.append(("collected", seat, got, amount))
        if shortfall:
            events.append(("shortfall", seat, shortfall))
    if not shortfall:
        return False
    # ruling: the richest among the other free mice, measured once as collection begins
    richest, tied = 0, cast(tuple[int, ...], ())
    for t in range(n):
        if t != seat and not v[CAPTURED + t]:
            held = v[CHEESE + t]
            if held > richest:
                richest, tied = held, (t,)
            elif held == richest and held:
                tied += (t,)
    cap = shortfall if shortfall < richest else richest
    if not cap:
        events.append(("took", seat, ()))
        return False
    if len(tied) == 1:
        take_from(v, events, seat, ((tied[0], cap),))
        return False
    # ruling: the only decision is how to split among the tied
    v[PENDING] = (tied, cap)
    events.append(("split_needed", seat, tied, cap))
    return True


def take_from(
    v: list[Any], events: list[tuple[Any, ...]], seat: int, take: tuple[tuple[int, int], ...]
) -> None:
    """Move the cheese of `take` ((rival, amount) pairs) from the rivals to `seat`."""
    for rival, n in take:
        v[CHEESE + rival] -= n
        v[CHEESE + seat] += n
    events.append(("took", seat, take))
