"""The cheese paper as data: a 5 x 12 grid held as a bit mask of eaten cells, the 2 x 2 bites
Max can take out of it, and its strength (docs/games/dontcutthecheese.md, "The cheese paper").

Cell (row, col) is bit `row * COLS + col`; rows 0..4 run top to bottom, columns 0..11 left to
right. Columns 0 and 11 hook onto the pegs: they are never eaten. A bite is named by the mouth's
top-left cell, so its mouth covers rows r, r+1 and columns c, c+1.

The strength is the minimum number of paper cells whose removal disconnects the two pegs
(4-connectivity): by Menger's theorem, the most peg-to-peg paths that share no cell (a
max-flow with unit cell capacities). It is computed exactly through the grid's planar dual:
the pegs are cut apart exactly when the cells gone (eaten or removed) hold a chain, 8-connected,
from the top edge to the bottom edge; so the strength is the fewest paper cells on any such
chain, eaten cells being free (a 0-1 shortest path, run here on bit masks). The tests check it
against a textbook augmenting-path max-flow on thousands of papers.

Every mask fits in 60 bits. Where mypyc compiles this module (`make venv`; docs/testing.md,
"The compiled build") they are machine words, as long as no shift carries a cell past bit 62:
a shift down a row drops the top row's cells before it shifts, not after.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

ROWS: Final = 5
COLS: Final = 12
PEG_COLUMNS: Final = (0, COLS - 1)
MAX_STRENGTH: Final = ROWS
"""A fresh paper's strength: one path per row."""


def cell(row: int, col: int) -> int:
    """Return the bit of cell (row, col)."""
    return 1 << (row * COLS + col)


ALL: Final = (1 << (ROWS * COLS)) - 1
PEGS: Final = sum(cell(r, c) for r in range(ROWS) for c in PEG_COLUMNS)
INNER: Final = ALL & ~PEGS
"""The cells that can be eaten: columns 1..10."""
TOP: Final = sum(cell(0, c) for c in range(1, COLS - 1))
BOTTOM: Final = sum(cell(ROWS - 1, c) for c in range(1, COLS - 1))
_COL0: Final = sum(cell(r, 0) for r in range(ROWS))
_COL11: Final = sum(cell(r, COLS - 1) for r in range(ROWS))
_ABOVE_BOTTOM: Final = ALL >> COLS
"""Every row but the bottom one: the cells that a shift one row down keeps on the grid."""


class Bite:
    """One placement of Max's 2 x 2 mouth: its cells and the cells next to them."""

    __slots__ = ("col", "edge", "index", "mask", "ring", "row")

    def __init__(self, row: int, col: int):
        self.row = row
        self.col = col
        self.index = row * COLS + col
        self.mask = (
            cell(row, col) | cell(row, col + 1) | cell(row + 1, col) | cell(row + 1, col + 1)
        )
        ring = 0
        for r, c in (
            (row - 1, col),
            (row - 1, col + 1),
            (row + 2, col),
            (row + 2, col + 1),
            (row, col - 1),
            (row + 1, col - 1),
            (row, col + 2),
            (row + 1, col + 2),
        ):
            if 0 <= r < ROWS:
                ring |= cell(r, c)
        self.ring = (ring | self.mask) & INNER  # fmt: skip
        """The mouth's cells and their orthogonal neighbours: a hole there lets Max bite in."""
        self.edge = row == 0 or row + 1 == ROWS - 1
        """The mouth reaches the top or the bottom edge of the paper."""


BITES: Final = tuple(Bite(r, c) for r in range(ROWS - 1) for c in range(1, COLS - 2))
"""Every placement inside the biteable columns 1..10, in reading order (36 of them)."""
BITE_AT: Final = {b.index: b for b in BITES}
"""The placements by top-left cell index (row * COLS + col)."""


def paper_cells(eaten: int, bite: Bite) -> int:
    """Return how many cells of paper `bite` would eat."""
    return (bite.mask & ~eaten).bit_count()


def is_open(eaten: int, bite: Bite) -> bool:
    """Return True when `bite` eats in from the top or bottom edge or from a hole."""
    return bite.edge or bool(bite.ring & eaten)


@lru_cache(maxsize=65536)
def legal_bites(eaten: int) -> tuple[Bite, ...]:
    """Return the bites allowed on this paper: at least two cells of paper (no nibbling),
    eaten in from an edge or a hole."""
    return tuple(
        b for b in BITES if (b.mask & ~eaten).bit_count() >= 2 and (b.edge or b.ring & eaten)
    )


class Refusal(NamedTuple):
    """Why a bite is refused: a stable `reason` (a page words it), the English `message`, and
    the numbers the words need (`details`)."""

    reason: str
    message: str
    details: dict[str, int]


def bite_refusal(eaten: int, row: int, col: int) -> Refusal | None:
    """Return why a bite with its top-left cell at (row, col) is not allowed on this paper, or
    None if it is: off the grid (`off_paper`), on a peg column (`peg_column`), a nibble
    (`nibble`, with the cells it would eat) or not from an edge or a hole (`closed`)."""
    # The reasons name no row or column: a player reads them on the page, which counts from 1,
    # and the command line, which counts from 0 as the actions do.
    if row > ROWS - 2:
        message = "the mouth would reach below the bottom row: it would hang off the paper"
        return Refusal("off_paper", message, {})
    if col == 0 or col >= COLS - 2:
        message = (
            "the mouth would cover a peg column: the leftmost and rightmost columns "
            "hold the pegs and cannot be bitten"
        )
        return Refusal("peg_column", message, {})
    b = BITE_AT[row * COLS + col]
    cells = paper_cells(eaten, b)
    if cells < 2:
        message = f"it would eat {cells} cell(s) of paper: a bite takes at least 2 (no nibbling)"
        return Refusal("nibble", message, {"cells": cells})
    if not is_open(eaten, b):
        message = "a bite must eat in from the top or bottom edge or from a hole"
        return Refusal("closed", message, {})
    return None


def bite_problem(eaten: int, row: int, col: int) -> str | None:
    """Return `bite_refusal`'s message, or None when the bite is allowed."""
    refusal = bite_refusal(eaten, row, col)
    return None if refusal is None else refusal.message


def _grow8(x: int) -> int:
    """Return `x` with its 8 neighbours, inside columns 1..10 (the peg columns are the guard
    that stops a shift from wrapping into the next row)."""
    x |= (x << 1) | (x >> 1)
    x |= ((x & _ABOVE_BOTTOM) << COLS) | (x >> COLS)
    return x & INNER


def _flood8(seed: int, allowed: int) -> int:
    """Return the cells of `allowed` 8-connected to `seed` (which lies in `allowed`)."""
    while True:
        grown = _grow8(seed) & allowed
        if grown == seed:
            return seed
        seed = grown


@lru_cache(maxsize=262144)
def strength(eaten: int) -> int:
    """Return the paper's strength, 0..5: the fewest paper cells whose removal disconnects the
    pegs (see the module's docstring)."""
    gone = eaten & INNER
    reach = _flood8(TOP & gone, gone)  # cells reachable from the top edge for free
    for cost in range(MAX_STRENGTH):
        if reach & BOTTOM:
            return cost
        # one more paper cell: any cell next to the chain so far, or on the top edge
        step = reach | ((_grow8(reach) | TOP) & INNER)
        reach = _flood8(step, step | gone)
    return MAX_STRENGTH


def _grow4(x: int) -> int:
    """Return `x` with its 4 neighbours, on the whole grid (no wrapping between rows)."""
    down = (x & _ABOVE_BOTTOM) << COLS
    return (x | ((x << 1) & ~_COL0) | ((x >> 1) & ~_COL11) | down | (x >> COLS)) & ALL


def attached(eaten: int) -> int:
    """Return the paper cells joined to a peg (4-connectivity)."""
    paper = ALL & ~eaten
    seed = PEGS & paper
    while True:
        grown = _grow4(seed) & paper
        if grown == seed:
            return seed
        seed = grown


@lru_cache(maxsize=65536)
def loose(eaten: int) -> int:
    """Return the paper cells joined to neither peg: scraps that fall away at once (cached:
    random play and searches meet the same papers again and again)."""
    return ALL & ~eaten & ~attached(eaten)


def after_bite(eaten: int, bite: Bite) -> tuple[int, int]:
    """Return what `bite` leaves of this paper: its strength then, and how many loose cells
    fall away with it (the preview a player sees before biting; `CheeseState` bites the same
    way)."""
    after = eaten | bite.mask
    fallen = loose(after)
    return strength(after | fallen), fallen.bit_count()


def unreachable(eaten: int) -> str | None:
    """Return why no sequence of bites leaves this paper, or None when one may.

    A necessary check, not a search: every eaten cell was either bitten, so some mouth's four
    cells are all eaten, or fell away as a scrap, so it joins no peg even with every such cell
    put back; the pegs are never eaten, and no scrap is left hanging.
    """
    if eaten & PEGS:
        return f"columns 0 and {COLS - 1} hold the pegs and are never eaten"
    scraps = loose(eaten)
    if scraps:
        row, col = divmod(scraps.bit_length() - 1, COLS)
        return f"the paper at row {row}, column {col} joins neither peg: it would have fallen"
    bitten = 0
    for b in BITES:
        if b.mask & eaten == b.mask:
            bitten |= b.mask
    fell = eaten & ~bitten
    if fell and attached(eaten & ~fell) & fell:
        row, col = divmod((attached(eaten & ~fell) & fell).bit_length() - 1, COLS)
        return (
            f"row {row}, column {col} is eaten, but no mouth of four eaten cells covers it "
            "and it was not a fallen scrap"
        )
    return None


def from_rows(rows: list[str]) -> int:
    """Return the eaten-cell mask of ROWS strings of COLS characters ('#' or '.'); the caller
    has checked their shape."""
    return sum(
        cell(r, c) for r, line in enumerate(rows) for c, char in enumerate(line) if char == "."
    )


def to_rows(eaten: int) -> list[str]:
    """Return the paper as ROWS strings of COLS characters: '#' paper, '.' eaten."""
    return ["".join("." if eaten & cell(r, c) else "#" for c in range(COLS)) for r in range(ROWS)]


__all__ = [
    "ALL",
    "BITES",
    "BITE_AT",
    "BOTTOM",
    "COLS",
    "INNER",
    "MAX_STRENGTH",
    "PEGS",
    "PEG_COLUMNS",
    "ROWS",
    "TOP",
    "Bite",
    "Refusal",
    "after_bite",
    "attached",
    "bite_problem",
    "bite_refusal",
    "cell",
    "from_rows",
    "is_open",
    "legal_bites",
    "loose",
    "paper_cells",
    "strength",
    "to_rows",
    "unreachable",
]
