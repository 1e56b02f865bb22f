"""The Mouse Chaos kitchen floor (docs/games/mousechaos.md): a 10 x 10 grid and its furniture.

Squares are numbered `row * 10 + col` (row 0 at the top, col 0 on the left). Two nodes lie off
the grid: TABLE, the pool under (or, for cats, on top of) the kitchen table, and WALL, the
inside of the wall that every mouse-hole opens into.

```
      0  1  2  3  4  5  6  7  8  9
  0   N0 N0 .  h  .  .  h  .  N1 N1      N0..N3  nests (2 x 2; the mother starts on the
  1   N0 N0 .  .  .  .  .  .  N1 N1              outer corner square: 0, 9, 99, 90)
  2   .  .  C0 .  .  .  .  C1 .  .       C0..C3  chairs with a cat on each, backs pinwheeling
  3   h  .  .  r  r  r  r  .  .  h       r       the 12 ring squares around the table
  4   .  .  .  r  T  T  r  .  .  .       T       the table (the off-grid pool TABLE)
  5   .  .  .  r  T  T  r  .  .  .       h       a mouse-hole in the wall beside the square
  6   h  .  .  r  r  r  r  .  .  h
  7   .  .  C3 .  .  .  .  C2 .  .
  8   N3 N3 .  .  .  .  .  .  N2 N2
  9   N3 N3 .  h  .  .  h  .  N2 N2
```
"""

from __future__ import annotations

from typing import Final

SIZE: Final = 10
TABLE: Final = 100
"""The off-grid pool: holders at the start, mice under the table, cats perched on it."""
WALL: Final = 101
"""Inside the wall: a mouse in a hole (a move may pass through it, never end in it)."""

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
SIDES: Final = "NESW"
LYING: Final = 4
"""A chair's pose: 0..3 upright with its cross support on that side (N, E, S, W), 4 lying."""
POSES: Final = (*SIDES, "L")
STEP: Final = ((-1, 0), (0, 1), (1, 0), (0, -1))
OPPOSITE: Final = (SOUTH, WEST, NORTH, EAST)

COLOURS: Final = ("red", "blue", "green", "yellow")
MICE: Final = 16
MOTHERS: Final = 4
"""Mice 0..3 are the mothers (one of each colour), 4..15 the babies (three of each)."""
HOLDERS: Final = 6
CATS: Final = 4
CHAIRS: Final = 4


def square(row: int, col: int) -> int:
    """Return the square at (row, col)."""
    return row * SIZE + col


def row_col(node: int) -> tuple[int, int]:
    """Return (row, col) of a grid square."""
    return divmod(node, SIZE)


NESTS: Final = (
    (square(0, 0), square(0, 1), square(1, 0), square(1, 1)),
    (square(0, 9), square(0, 8), square(1, 9), square(1, 8)),
    (square(9, 9), square(9, 8), square(8, 9), square(8, 8)),
    (square(9, 0), square(9, 1), square(8, 0), square(8, 1)),
)
"""Each nest's squares, its outer corner (the mother's square) first. Nest k sits at seat k's
corner, clockwise from the top left."""
NEST_OF: Final = tuple(
    next((k for k, nest in enumerate(NESTS) if sq in nest), -1) for sq in range(SIZE * SIZE)
)
"""The nest a square belongs to, or -1."""
TABLE_SQUARES: Final = frozenset(square(r, c) for r in (4, 5) for c in (4, 5))
RING: Final = tuple(
    square(r, c) for r in range(3, 7) for c in range(3, 7) if square(r, c) not in TABLE_SQUARES
)
"""The 12 squares around the table: the babies start here, holders leave the table here."""
RING_SET: Final = frozenset(RING)
FLOOR: Final = tuple(sq for sq in range(SIZE * SIZE) if NEST_OF[sq] < 0 and sq not in TABLE_SQUARES)
"""The 80 squares a piece can stand on (the 84 playable ones less the table's four)."""
FLOOR_SET: Final = frozenset(FLOOR)

HOLES: Final = (
    (square(0, 3), NORTH),
    (square(0, 6), NORTH),
    (square(3, 9), EAST),
    (square(6, 9), EAST),
    (square(9, 6), SOUTH),
    (square(9, 3), SOUTH),
    (square(6, 0), WEST),
    (square(3, 0), WEST),
)
"""The eight mouse-holes: the square in front of each and the wall side it opens on."""
HOLE_SIDE: Final = dict(HOLES)

CHAIR_START: Final = (
    (square(2, 2), NORTH),
    (square(2, 7), EAST),
    (square(7, 7), SOUTH),
    (square(7, 2), WEST),
)
"""Each chair's square (diagonally in front of nest k) and its support side: a pinwheel."""


def _neighbours(sq: int) -> tuple[int, ...]:
    """Return the square beyond each side of `sq` (-1 off the board)."""
    row, col = row_col(sq)
    out = []
    for dr, dc in STEP:
        r, c = row + dr, col + dc
        out.append(square(r, c) if 0 <= r < SIZE and 0 <= c < SIZE else -1)
    return tuple(out)


NEIGHBOURS: Final = tuple(_neighbours(sq) for sq in range(SIZE * SIZE))
"""NEIGHBOURS[sq][side]: the square beyond that side of `sq`, or -1 at the wall."""


def node_json(node: int) -> list[int] | str:
    """Return a node as JSON: [row, col], "table" or "wall"."""
    if node == TABLE:
        return "table"
    if node == WALL:
        return "wall"
    return list(row_col(node))


def node_text(node: int) -> str:
    """Return a node in short text: "3,4", "table" or "wall"."""
    if node == TABLE:
        return "table"
    if node == WALL:
        return "wall"
    row, col = row_col(node)
    return f"{row},{col}"


def parse_node(value: object) -> int | None:
    """Return the node that `value` ([row, col] or "table") names, or None if it names none."""
    if value == "table":
        return TABLE
    if isinstance(value, list | tuple) and len(value) == 2:
        row, col = value
        # `type(...) is int` leaves out bool (an int to isinstance): [true, 0] names no node
        if type(row) is int and type(col) is int and 0 <= row < SIZE and 0 <= col < SIZE:
            return square(row, col)
    return None


def draw() -> str:
    """Return the empty board as text, one line per row (the docs show it)."""
    holes = {sq for sq, _ in HOLES}
    chairs = {sq: k for k, (sq, _) in enumerate(CHAIR_START)}
    lines = ["    " + " ".join(f"{c:>2}" for c in range(SIZE))]
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            sq = square(row, col)
            if NEST_OF[sq] >= 0:
                cells.append(f"N{NEST_OF[sq]}")
            elif sq in TABLE_SQUARES:
                cells.append(" T")
            elif sq in chairs:
                cells.append(f"C{chairs[sq]}")
            elif sq in RING_SET:
                cells.append(" r")
            elif sq in holes:
                cells.append(" h")
            else:
                cells.append(" .")
        lines.append(f"{row:>2}  " + " ".join(cells))
    return "\n".join(lines)


__all__ = [
    "CATS",
    "CHAIRS",
    "CHAIR_START",
    "COLOURS",
    "FLOOR",
    "FLOOR_SET",
    "HOLDERS",
    "HOLES",
    "HOLE_SIDE",
    "LYING",
    "MICE",
    "MOTHERS",
    "NEIGHBOURS",
    "NESTS",
    "NEST_OF",
    "OPPOSITE",
    "POSES",
    "RING",
    "RING_SET",
    "SIDES",
    "SIZE",
    "TABLE",
    "TABLE_SQUARES",
    "WALL",
    "draw",
    "node_json",
    "node_text",
    "parse_node",
    "row_col",
    "square",
]
