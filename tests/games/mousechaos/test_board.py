"""The kitchen floor (board.py; docs/games/mousechaos.md, The board): its squares and
furniture, the nodes off the grid, and the drawing the rules page shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from mousehole.games.mousechaos.board import (
    CHAIR_START,
    EAST,
    FLOOR,
    HOLES,
    NEIGHBOURS,
    NEST_OF,
    NESTS,
    NORTH,
    RING,
    TABLE,
    TABLE_SQUARES,
    WALL,
    WEST,
    draw,
    node_json,
    node_text,
    parse_node,
    row_col,
    square,
)

RULES = Path(__file__).parents[3] / "docs" / "games" / "mousechaos.md"


def test_the_floor_is_the_grid_less_the_four_nests_and_the_table() -> None:
    assert len(FLOOR) == 100 - 4 * 4 - 4 == 80
    assert len(RING) == 12 and not set(RING) & TABLE_SQUARES
    assert all(NEST_OF[sq] < 0 for sq in FLOOR)


def test_each_nest_is_a_corner_with_its_mothers_square_first() -> None:
    assert [nest[0] for nest in NESTS] == [square(0, 0), square(0, 9), square(9, 9), square(9, 0)]
    for k, nest in enumerate(NESTS):
        assert len(set(nest)) == 4 and all(NEST_OF[sq] == k for sq in nest)


def test_every_mouse_hole_opens_on_the_wall_it_stands_by() -> None:
    assert len(HOLES) == 8
    for sq, side in HOLES:
        assert NEIGHBOURS[sq][side] == -1  # beyond that side is the wall
    assert NEIGHBOURS[square(0, 3)][NORTH] == -1 and NEIGHBOURS[square(0, 3)][EAST] == 4
    assert NEIGHBOURS[square(3, 0)][WEST] == -1


def test_the_chairs_start_diagonally_in_front_of_the_nests_in_a_pinwheel() -> None:
    assert [row_col(sq) for sq, _ in CHAIR_START] == [(2, 2), (2, 7), (7, 7), (7, 2)]
    assert [side for _, side in CHAIR_START] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("node", "json", "text"),
    [(square(3, 4), [3, 4], "3,4"), (TABLE, "table", "table"), (WALL, "wall", "wall")],
)
def test_nodes_are_written_as_row_and_column_or_by_name(node: int, json: object, text: str) -> None:
    assert node_json(node) == json
    assert node_text(node) == text


def test_parse_node_reads_squares_and_the_table_and_nothing_else() -> None:
    assert parse_node([9, 0]) == 90 and parse_node((0, 9)) == 9
    assert parse_node("table") == TABLE
    for bad in ("wall", [10, 0], [0, -1], [True, 1], [1, 2, 3], "3,4", None):
        assert parse_node(bad) is None


def test_the_drawing_is_the_one_on_the_rules_page() -> None:
    page = RULES.read_text(encoding="utf-8").splitlines()
    header, *rows = draw().splitlines()
    top = page.index(header)
    shown = page[top + 1 : top + 1 + len(rows)]
    # The page's rows carry a legend after the board.
    assert [line[: len(row)] for line, row in zip(shown, rows, strict=True)] == rows
