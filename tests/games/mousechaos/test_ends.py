"""Where a piece can end a move of exactly n steps, and one path there (ends.py): its three
ways of asking agree, a path walks n single steps to its end, and a move of 0 ends nowhere."""

from __future__ import annotations

from itertools import pairwise

import pytest

from mousehole.games.mousechaos import MouseChaosState
from mousehole.games.mousechaos.board import NEIGHBOURS, NEST_OF, TABLE
from mousehole.games.mousechaos.ends import end_masks, ends, ends_of, mask_nodes, path
from mousehole.games.mousechaos.moves import CAT, HOLDER, MOUSE

from .scenes import at, midgame, scene


def _pieces(state: MouseChaosState) -> tuple[tuple[int, ...], ...]:
    return (state.mice, state.holders, state.cats, state.chairs)


def test_a_mouse_one_step_from_open_floor_ends_on_its_free_neighbours() -> None:
    state = scene(4, mice={6: (2, 4)})
    # (3, 4) below holds baby 5, so the mouse may only go up, left or right.
    assert ends(MOUSE, 6, 1, *_pieces(state)) == {at(1, 4), at(2, 3), at(2, 5)}
    assert ends(MOUSE, 6, 0, *_pieces(state)) == frozenset()


@pytest.mark.parametrize("n", [1, 2, 3, 5])
@pytest.mark.parametrize(("kind", "count"), [(HOLDER, 6), (MOUSE, 16), (CAT, 4)])
def test_ends_ends_of_and_end_masks_agree(kind: int, count: int, n: int) -> None:
    state = midgame(4, steps=120)
    assert isinstance(state, MouseChaosState)
    pieces = tuple(range(count))
    each = [ends(kind, p, n, *_pieces(state)) for p in pieces]
    assert [frozenset(e) for e in ends_of(kind, pieces, n, *_pieces(state))] == each
    masks = end_masks(kind, pieces, n, *_pieces(state))
    assert [frozenset(mask_nodes(m)) for m in masks] == each


def test_mask_nodes_lists_the_set_bits_in_order() -> None:
    assert mask_nodes((1 << 3) | (1 << 57) | (1 << TABLE)) == [3, 57, TABLE]
    assert mask_nodes(0) == []


@pytest.mark.parametrize("n", [1, 2, 4])
def test_a_path_walks_exactly_n_steps_to_each_end(n: int) -> None:
    state = scene(4, mice={6: (2, 4)})
    for to in ends(MOUSE, 6, n, *_pieces(state)):
        walked = path(MOUSE, 6, n, to, *_pieces(state))
        assert walked[0] == at(2, 4) and walked[-1] == to
        # n steps: into the wall and out of another hole are a step each (rules page,
        # Through the wall); a mouse entering a nest is put on any free square of it
        assert len(walked) == n + 1
        for a, b in pairwise(walked):
            if a < 100 and b < 100 and NEST_OF[b] < 0:
                assert b in NEIGHBOURS[a]
    assert path(MOUSE, 6, 1, at(9, 9), *_pieces(state)) == ()
