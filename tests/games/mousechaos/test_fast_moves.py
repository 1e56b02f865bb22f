"""The fast move search (moves.py) against the reference it replaced (reference_moves.py, the
straightforward layer-by-layer search set up afresh for every piece): the same ends and the
same paths for every piece kind and every n over thousands of positions, and the same legal
holder, mouse, cat and chair moves (legal.py's tables) in positions met along random games.

Positions come two ways: scattered at random (any overlap at all, nests full or empty, chairs
in any pose, pieces on the table: both searches are pure functions of four tuples and must
agree even where play could never go), and met along random games (what play does make).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from mousehole.games.mousechaos import MouseChaosState, legal
from mousehole.games.mousechaos import actions as A
from mousehole.games.mousechaos import ends as E
from mousehole.games.mousechaos import moves as M
from mousehole.games.mousechaos.board import FLOOR, LYING, NESTS, TABLE
from mousehole.games.mousechaos.phases import CHAIR, HOLDER, PIECE
from tests.samples import sample

from . import reference_moves as R
from .knowledge import chaos, random_match, start

Position = tuple[M.Mice, M.Holders, M.Cats, M.Chairs]
NEST_SQUARES = [sq for nest in NESTS for sq in nest]
GAMES = sample(1, 12)
"""Random games a seat count whose every legal list is checked against the reference: one
under `make test` (about 12 s of CPU for the three seat counts), twelve under `make soak`."""


def scattered(rng: random.Random) -> Position:
    """Return a random position: pieces mostly apart, sometimes together, on the table or in
    the nests, with 0 to 4 upright chairs."""
    floor = list(FLOOR)
    rng.shuffle(floor)
    spots = iter(floor)

    def node(table: float, nest: float = 0.0) -> int:
        roll = rng.random()
        if roll < table:
            return TABLE
        if roll < table + nest:
            return rng.choice(NEST_SQUARES)
        if roll > 0.97:
            return rng.choice(FLOOR)  # may share a square with another piece
        return next(spots)

    nest = rng.choice([0.0, 0.2, 0.6])
    mice = tuple(node(0.05, nest) for _ in range(16))
    holders = tuple(node(rng.choice([0.0, 0.3])) for _ in range(6))
    cats = tuple(node(0.1) for _ in range(4))
    chairs = tuple((node(0.0), rng.randrange(5)) for _ in range(4))
    return mice, holders, cats, chairs


@pytest.mark.parametrize("seed", range(4))
def test_the_fast_search_ends_where_the_reference_ends(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for _ in range(750):
        position = scattered(rng)
        for kind, count in ((M.HOLDER, 6), (M.MOUSE, 16), (M.CAT, 4)):
            piece = rng.randrange(count)
            n = rng.randint(0, 6)
            fast = E.ends(kind, piece, n, *position)
            assert fast == R.ends(kind, piece, n, *position), (kind, piece, n, position)
            others = tuple(range(count))
            many = E.ends_of(kind, others, n, *position)  # one set-up for every piece
            assert many == tuple(tuple(sorted(E.ends(kind, p, n, *position))) for p in others)
            for to in sorted(fast)[:3]:
                path = E.path(kind, piece, n, to, *position)
                assert path == R.path(kind, piece, n, to, *position), (kind, piece, n, to)
            checked += 1
    assert checked == 3 * 750


def reference_chair_spots(state: MouseChaosState, chair: int) -> list[A.MouseChaosAction]:
    """Return the chair's moves as legal.chair_spots listed them before it was made fast."""
    taken = {sq for i, (sq, _) in enumerate(state.chairs) if i != chair}
    taken.update(h for h in state.holders if h != TABLE)
    taken.update(c for c in state.cats if c != TABLE)
    here = state.chairs[chair]
    spots: list[A.MouseChaosAction] = []
    for sq in FLOOR:
        if sq not in taken:
            poses = [p for p in range(5) if p != LYING or sq not in state.mice]
            if sq == here[0] and here[1] in poses:
                poses.remove(here[1])
            spots.extend(A.make(A.CHAIR, chair, sq, p) for p in poses)
    return spots


def reference_actions(state: MouseChaosState) -> tuple[A.MouseChaosAction, ...]:
    """Return the legal actions as legal.list_actions listed them, with the reference search
    and the reference chair moves."""
    where = (state.mice, state.holders, state.cats, state.chairs)
    if state.phase is CHAIR:
        chairs = [c for c in range(4) if state.chair_free(c)]
        return (A.SKIP_ACTION, *(a for c in chairs for a in reference_chair_spots(state, c)))
    if state.phase is HOLDER:
        ends = R.ends(R.HOLDER, state.picked, state.steps, *where)
        return tuple(A.make(A.HOLDER, 0, to) for to in sorted(ends))
    out: list[A.MouseChaosAction] = []
    for m in state.movable_mice():
        ends = R.ends(R.MOUSE, m, state.steps, *where)
        out.extend(A.make(A.MOUSE, m, to) for to in sorted(ends))
    for c in range(4):
        ends = R.ends(R.CAT, c, state.steps, *where)
        out.extend(A.make(A.CAT, c, to) for to in sorted(ends))
    return tuple(out)


def assert_a_sequence_of_its_items(
    listed: Sequence[A.MouseChaosAction], state: MouseChaosState
) -> None:
    """The lists made on demand (legal.LazyMoves) give by index, by negative index, by slice
    and by `in` exactly what iterating them gives, and `in` agrees with `legal.allows` on
    moves that are not in the list."""
    items = list(listed)
    assert len(listed) == len(items)
    assert [listed[i] for i in range(len(items))] == items
    assert [listed[-1 - i] for i in range(len(items))] == items[::-1]
    assert listed[1:4] == tuple(items[1:4])
    assert all(action in listed for action in items)
    with pytest.raises(IndexError):
        listed[len(items)]
    mover = items[-1] if items else A.SKIP_ACTION
    for to in (0, 11, 23, 44, 55, 67, 99, TABLE):
        for other in (
            A.make(mover.kind, mover.a, to, mover.c),
            A.make(A.CHAIR, mover.a, to, LYING),
            A.make(A.MOUSE, 4, to),
            A.make(A.CAT, 1, to),
        ):
            assert (other in listed) == (other in items) == legal.allows(state, other), other


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_legal_moves_of_many_games_are_the_reference_moves(seats: int) -> None:
    checked = 0
    for seed in range(GAMES):
        match = random_match(seats, 100 + seed, moves=1200)
        state = start(match)
        for _, action in match.record.moves:
            if state.phase in (HOLDER, PIECE, CHAIR):
                listed = legal.list_actions(state)
                assert listed == reference_actions(state)
                assert_a_sequence_of_its_items(listed, state)
                checked += 1
            state = chaos(state.apply(action))
    assert checked > 150 * GAMES
