"""The ranking at the 300-round cap (docs/games/mousechaos.md, "The end").

The cap is not a shared win. Every colour is shown, and the sides (the seats, and with three
seats the phantom) are ranked by:

1. `home`: the mice of their own colour(s) in their own nest(s);
2. `free`: the mice of their own colour(s) not under the table (fewer captured);

and a side equal on both shares its place. The seats in first place win (shared when tied);
if the phantom is among them, every seat loses.

These functions read a state; they never change it.
"""

from __future__ import annotations

from typing import NamedTuple

from .board import NEST_OF, TABLE
from .deal import slot_owner
from .position import MouseChaosPosition

PHANTOM_SIDE = -1
"""The phantom's side in a ranking (three seats)."""


class Standing(NamedTuple):
    """One side's place at the cap."""

    place: int
    """1 is first; sides equal on both counts share a place (1, 1, 3, ...)."""
    side: int
    """The seat, or PHANTOM_SIDE."""
    home: int
    """Mice of the side's colour(s) in the side's nest(s)."""
    free: int
    """Mice of the side's colour(s) not under the table."""


def sides(seats: int) -> list[int]:
    """Return the sides ranked at the cap: the seats, and the phantom with three seats."""
    return list(range(seats)) + ([PHANTOM_SIDE] if seats == 3 else [])


def ranking(state: MouseChaosPosition) -> tuple[Standing, ...]:
    """Return every side's standing at the cap, best first (ties by side order)."""
    counts = []
    for side in sides(state.n):
        slots = [k for k in range(4) if slot_owner(state.n, k) == side]
        colours = {state.cards[k] for k in slots}
        home = free = 0
        for m, at in enumerate(state.mice):
            if state.colours[m] not in colours:
                continue
            if at != TABLE:
                free += 1
                if NEST_OF[at] in slots:
                    home += 1
        counts.append((side, home, free))
    order = sorted(counts, key=lambda c: (-c[1], -c[2], c[0] if c[0] >= 0 else 4))
    out: list[Standing] = []
    for i, (side, home, free) in enumerate(order):
        tied = bool(out) and (out[-1].home, out[-1].free) == (home, free)
        out.append(Standing(out[-1].place if tied else i + 1, side, home, free))
    return tuple(out)


def cap_winners(state: MouseChaosPosition) -> list[int]:
    """Return the seats that win at the cap: first place, or nobody if the phantom is there."""
    first = [s.side for s in ranking(state) if s.place == 1]
    if PHANTOM_SIDE in first:
        return []
    return sorted(first)


__all__ = ["PHANTOM_SIDE", "Standing", "cap_winners", "ranking", "sides"]
