"""The Mouse Trap board as data (board.py; docs/games/mousetrap.md, "The board" and "The
machine"): 50 spaces with a six-space loop, moves that wrap around it, Build spaces by the
number of mice, and the words for each space."""

from __future__ import annotations

import pytest

from mousehole.games.mousetrap.board import (
    CHEESE_WHEEL,
    COMPONENTS,
    LOOP_START,
    SAFE,
    SPACES,
    TURN_CRANK,
    Kind,
    advance,
    builds_in,
    describe_space,
    is_loop,
)


def test_fifty_spaces_from_start_to_the_loop_and_twenty_three_components() -> None:
    assert len(SPACES) == 50 and SPACES[0].kind is Kind.START
    assert [SPACES[i].kind for i in range(LOOP_START, 50)] == [
        Kind.SAFE,
        Kind.BUILD,
        Kind.TURN_CRANK,
        Kind.BUILD,
        Kind.TAKE,
        Kind.CHEESE_WHEEL,
    ]
    assert (SAFE, TURN_CRANK, CHEESE_WHEEL) == (44, 46, 49)
    assert len(COMPONENTS) == 23 and COMPONENTS[-1] == "Cage"


@pytest.mark.parametrize(
    ("position", "steps", "lands"),
    [(40, 4, 44), (43, 6, 49), (48, 3, 45), (49, 1, 44), (46, 6, 46), (0, 5, 5)],
)
def test_a_move_past_49_carries_on_from_44(position: int, steps: int, lands: int) -> None:
    """docs: past 49 a mouse lands on 44 + ((p + d - 44) mod 6); from 48 a 3 lands on 45, and
    a 6 inside the loop comes back to where it started."""
    assert advance(position, steps) == lands


def test_the_loop_is_spaces_44_to_49() -> None:
    assert [p for p in range(50) if is_loop(p)] == list(range(44, 50))


@pytest.mark.parametrize(
    ("space", "eligible"),
    [(1, [2]), (9, [2, 3]), (3, [2, 3, 4]), (2, [])],  # Build 2, 2-3, 2-3-4, Take 2
)
def test_build_spaces_work_in_games_begun_with_that_many_mice(
    space: int, eligible: list[int]
) -> None:
    assert [n for n in (2, 3, 4) if builds_in(SPACES[space], n)] == eligible


def test_each_space_is_described_and_an_ineligible_build_says_so() -> None:
    assert describe_space(1, 2).startswith("Build 2: in a game begun with 2 mice")
    assert describe_space(1, 4).endswith("Not eligible in this 4-mouse game: nothing happens.")
    assert "next two components" in describe_space(45)  # a loop Build installs two
    assert describe_space(24) == "Lose 2: return 2 cheese (or all you have) to the supply."
    assert describe_space(13).startswith("Go to Start: move to space 0 and end the turn")
    assert all(describe_space(i) for i in range(50))
