"""The cheese paper: its strength (the minimum vertex cut between the pegs, 4-connectivity),
the bites Max may take, and the scraps that fall away (docs/games/dontcutthecheese.md, "The cheese
paper"). The strength is checked on hand-drawn papers (golden values worked out by hand) and
against a textbook max-flow on thousands of random papers."""

from __future__ import annotations

import random
from collections import deque

import pytest

from mousehole.games.dontcutthecheese.paper import (
    ALL,
    BITES,
    COLS,
    INNER,
    ROWS,
    cell,
    from_rows,
    legal_bites,
    loose,
    strength,
    to_rows,
    unreachable,
)

from .scenes import INTACT, paper


def max_flow_strength(eaten: int) -> int:
    """Return the most peg-to-peg paths sharing no cell of columns 1..10 (Menger): a unit
    vertex-capacity max-flow by augmenting paths on the split-cell graph, the independent
    definition that `strength` must equal."""
    source, sink = "s", "t"
    cap: dict[tuple[object, object], int] = {}
    adj: dict[object, set[object]] = {}

    def edge(a: object, b: object, c: int) -> None:
        cap[a, b] = cap.get((a, b), 0) + c
        cap.setdefault((b, a), 0)
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)

    big = 100
    for r in range(ROWS):
        for c in range(COLS):
            if eaten & cell(r, c):
                continue
            inner = 1 <= c <= COLS - 2
            edge(("in", r, c), ("out", r, c), 1 if inner else big)
            if c == 0:
                edge(source, ("in", r, c), big)
            if c == COLS - 1:
                edge(("out", r, c), sink, big)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < ROWS and 0 <= cc < COLS and not eaten & cell(rr, cc):
                    edge(("out", r, c), ("in", rr, cc), big)
    flow = 0
    while True:
        parent: dict[object, object] = {source: source}
        queue = deque([source])
        while queue and sink not in parent:
            node = queue.popleft()
            for nxt in adj.get(node, ()):
                if nxt not in parent and cap[node, nxt] > 0:
                    parent[nxt] = node
                    queue.append(nxt)
        if sink not in parent:
            return flow
        node = sink
        while node != source:
            prev = parent[node]
            cap[prev, node] -= 1
            cap[node, prev] += 1
            node = prev
        flow += 1


GOLDEN = [
    pytest.param(INTACT, 5, id="an intact paper holds by all five rows"),
    pytest.param(
        """
        #..#########
        #..#########
        ############
        ############
        ############
        """,
        3,
        id="one bite from the top cuts two rows",
    ),
    pytest.param(
        """
        #..#########
        #..#########
        ############
        #.##########
        #.##########
        """,
        1,
        id="bites from both edges leave the one row between them",
    ),
    pytest.param(
        """
        #..#########
        #..#########
        ###..#######
        ###..#######
        ############
        """,
        1,
        id="a diagonal chain of holes counts as a cut through its corners",
    ),
    pytest.param(
        """
        #..#########
        #..#########
        ####..######
        ####..######
        ############
        """,
        2,
        id="holes that do not touch even at a corner leave a gap of paper",
    ),
    pytest.param(
        """
        #..#..#..#.#
        #..#..#..#.#
        ############
        ############
        ############
        """,
        3,
        id="many bites along one edge cut no more than one bite",
    ),
    pytest.param(
        """
        #..#########
        #..#########
        #..#########
        #..#########
        ############
        """,
        1,
        id="a column eaten down to the last cell",
    ),
    pytest.param(
        """
        ############
        #..#########
        #..#########
        #..#########
        #..#########
        """,
        1,
        id="the same from the bottom edge",
    ),
    pytest.param(
        """
        #....#######
        #.##.#######
        #.##.#######
        #....#######
        ############
        """,
        1,
        id="a ring of holes around paper is one cut, and the ring's inside holds nothing",
    ),
    pytest.param(
        """
        #..#########
        #..#########
        #..#########
        #..#########
        #..#########
        """,
        0,
        id="a column eaten through parts the pegs",
    ),
]


@pytest.mark.parametrize(("picture", "expected"), GOLDEN)
def test_the_strength_of_hand_drawn_papers(picture: str | list[str], expected: int) -> None:
    rows = picture if isinstance(picture, list) else paper(picture)
    eaten = from_rows(rows)
    assert strength(eaten) == expected
    assert max_flow_strength(eaten) == expected


def random_papers(count: int, seed: int) -> list[int]:
    """Return papers eaten by random legal bites, each stopped at a random point."""
    rng = random.Random(seed)
    papers = []
    for _ in range(count):
        eaten = 0
        for _ in range(rng.randrange(0, 18)):
            bites = legal_bites(eaten)
            if not bites:
                break
            eaten |= rng.choice(bites).mask
            eaten |= loose(eaten)
        papers.append(eaten)
    return papers


def test_the_strength_equals_a_max_flow_on_two_thousand_random_papers() -> None:
    for eaten in random_papers(2000, seed=11):
        assert strength(eaten) == max_flow_strength(eaten), to_rows(eaten)


def test_the_strength_equals_a_max_flow_on_random_masks_that_bites_cannot_make() -> None:
    """The dual computation does not rely on how holes were made: any set of holes."""
    rng = random.Random(5)
    for _ in range(1000):
        eaten = rng.getrandbits(ROWS * COLS) & INNER & rng.getrandbits(ROWS * COLS)
        assert strength(eaten) == max_flow_strength(eaten), to_rows(eaten)


def test_a_paper_that_still_holds_always_has_a_legal_bite() -> None:
    """The ruling on 'no legal bite': it cannot happen while the strength is at least 1, since
    a path through column 1 and column 2 gives a mouth with two cells of paper, and moving that
    mouth up until it meets a hole or the top edge keeps two cells of paper in it (docs)."""
    for eaten in random_papers(3000, seed=3):
        assert (strength(eaten) >= 1) <= bool(legal_bites(eaten)), to_rows(eaten)


def test_there_are_36_placements_and_an_intact_paper_allows_the_18_along_the_edges() -> None:
    assert len(BITES) == 36
    rows = {(b.row, b.col) for b in legal_bites(0)}
    assert rows == {(r, c) for r in (0, 3) for c in range(1, 10)}


def test_paper_joined_to_neither_peg_falls_away() -> None:
    ring = from_rows(
        paper(
            """
            #....#######
            #.#..#######
            #....#######
            ############
            ############
            """
        )
    )
    assert loose(ring) == cell(1, 2)
    assert unreachable(ring) is not None
    assert unreachable(ring | cell(1, 2)) is None


def test_pictures_and_masks_round_trip() -> None:
    for eaten in random_papers(200, seed=8):
        assert from_rows(to_rows(eaten)) == eaten
    assert to_rows(0) == INTACT
    assert from_rows(to_rows(ALL & INNER)) == ALL & INNER


def test_a_paper_with_a_lone_eaten_cell_is_refused_as_unreachable() -> None:
    assert "no mouth" in (unreachable(cell(2, 5)) or "")
    assert "pegs" in (unreachable(cell(2, 0)) or "")
