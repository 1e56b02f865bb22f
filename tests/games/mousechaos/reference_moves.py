"""The reference for Mouse Chaos's moves: moves.py as it was before it was made fast (a
layer-by-layer search set up afresh for every piece), kept unchanged so that
test_fast_moves.py can check the fast search gives the same answers.

Where a holder, a mouse or a cat can go in exactly n steps (docs/games/mousechaos.md).

Steps are orthogonal and a path is simple (no node twice). The position is four tuples, the
same the state keeps: `mice` (16 nodes), `holders` (6 nodes), `cats` (4 nodes) and `chairs`
(4 pairs of square and pose). What blocks whom:

- holders: nests, the table, chairs (any pose), cats and other holders; mice do not;
- cats: nests, holders, lying chairs and other cats; upright chairs and the table are
  furniture a cat jumps onto (and may stay on); mice do not block a cat;
- mice: nests (entered only by a last step, onto a free nest square), holders, cats on the
  floor, lying chairs, an upright chair's cross support (the edge on its side), other mice on
  the floor; a mouse may pass under the table (a pool next to every ring square) and through
  the wall (into an open hole and out of another: one step each, never ending inside).

The search walks the graph layer by layer over (node, nodes used) pairs, so walks that reach
the same node through the same squares are merged; sets of nodes are bit masks. `ends` is
cached: a replay meets the same positions again and again, and it is pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from mousehole.games.mousechaos.board import (
    FLOOR_SET,
    HOLE_SIDE,
    LYING,
    NEIGHBOURS,
    NEST_OF,
    NESTS,
    RING,
    RING_SET,
    TABLE,
    WALL,
)

HOLDER: Final = 0
MOUSE: Final = 1
CAT: Final = 2

Mice = tuple[int, ...]
Holders = tuple[int, ...]
Cats = tuple[int, ...]
Chairs = tuple[tuple[int, int], ...]
Path = tuple[int, ...]
Graph = list[tuple[int, ...]]

INTO_NEST: Final = 102
"""Nodes 102..105: "into nest k", the mouse's last step; `ends` turns one into free squares."""
NODES: Final = INTO_NEST + 4
_NOT_FLOOR: Final = sum(1 << sq for sq in range(100) if sq not in FLOOR_SET)


def _floor_graph(table: bool, nests: bool) -> Graph:
    graph: Graph = []
    for sq in range(100):
        out = [b for b in NEIGHBOURS[sq] if b in FLOOR_SET] if sq in FLOOR_SET else []
        if table and sq in RING_SET:
            out.append(TABLE)
        if nests and sq in FLOOR_SET:
            out.extend(INTO_NEST + NEST_OF[b] for b in NEIGHBOURS[sq] if b >= 0 and NEST_OF[b] >= 0)
        graph.append(tuple(out))
    graph.append(RING)  # TABLE: a piece leaves it onto a ring square
    graph.extend([()] * (NODES - TABLE - 1))  # WALL (set per position) and INTO_NEST
    return graph


_HOLDER_GRAPH: Final = _floor_graph(table=False, nests=False)
_CAT_GRAPH: Final = _floor_graph(table=True, nests=False)
_MOUSE_GRAPH: Final = _floor_graph(table=True, nests=True)


def open_holes(holders: Holders, chairs: Chairs) -> tuple[int, ...]:
    """Return the squares whose mouse-hole is open: no holder on the square, no lying chair,
    no upright chair with its cross support across the hole."""
    shut = {h for h in holders if h in HOLE_SIDE}
    for sq, pose in chairs:
        if sq in HOLE_SIDE and (pose == LYING or pose == HOLE_SIDE[sq]):
            shut.add(sq)
    return tuple(sq for sq in HOLE_SIDE if sq not in shut)


def _bits(nodes: Iterable[int]) -> int:
    mask = 0
    for node in nodes:
        mask |= 1 << node
    return mask


def _setup(
    kind: int, piece: int, mice: Mice, holders: Holders, cats: Cats, chairs: Chairs
) -> tuple[int, Graph, int]:
    """Return the piece's start node, its graph and the mask of nodes it may not enter."""
    floor_holders = _bits(h for h in holders if h != TABLE)
    if kind == HOLDER:
        start = holders[piece]
        blocked = floor_holders & ~(1 << start) | _NOT_FLOOR | 1 << TABLE | 1 << WALL
        blocked |= _bits(sq for sq, _ in chairs) | _bits(c for c in cats if c != TABLE)
        return start, _HOLDER_GRAPH, blocked
    if kind == CAT:
        start = cats[piece]
        others = _bits(c for i, c in enumerate(cats) if i != piece and c != TABLE)
        lying = _bits(sq for sq, pose in chairs if pose == LYING)
        return start, _CAT_GRAPH, floor_holders | others | lying | _NOT_FLOOR | 1 << WALL
    start = mice[piece]
    upright = {sq: pose for sq, pose in chairs if pose != LYING}
    floor_mice = _bits(m for i, m in enumerate(mice) if i != piece and m in FLOOR_SET)
    floor_cats = _bits(c for c in cats if c != TABLE and c not in upright)
    lying = _bits(sq for sq, pose in chairs if pose == LYING)
    taken = set(mice)
    full = _bits(INTO_NEST + k for k, nest in enumerate(NESTS) if all(q in taken for q in nest))
    blocked = floor_holders | floor_cats | floor_mice | lying | full | _NOT_FLOOR
    graph = list(_MOUSE_GRAPH)
    for sq, side in upright.items():  # the cross support closes one edge, both ways
        beyond = NEIGHBOURS[sq][side]
        if beyond < 0:
            continue
        target = INTO_NEST + NEST_OF[beyond] if NEST_OF[beyond] >= 0 else beyond
        graph[sq] = tuple(b for b in graph[sq] if b != target)
        graph[beyond] = tuple(b for b in graph[beyond] if b != sq)
    holes = open_holes(holders, chairs)
    for sq in holes:
        graph[sq] = (*graph[sq], WALL)
    graph[WALL] = holes
    return start, graph, blocked


def _layers(start: int, graph: Graph, blocked: int, n: int) -> set[int]:
    layer = {(start, blocked | 1 << start)}
    for _ in range(n - 1):
        nxt = set()
        for node, used in layer:
            for b in graph[node]:
                if not used >> b & 1:
                    nxt.add((b, used | 1 << b))
        layer = nxt
    found = set()
    for node, used in layer:
        for b in graph[node]:
            if not used >> b & 1:
                found.add(b)
    return found


@lru_cache(maxsize=1 << 15)
def ends(
    kind: int, piece: int, n: int, mice: Mice, holders: Holders, cats: Cats, chairs: Chairs
) -> frozenset[int]:
    """Return the nodes where the piece can end a move of exactly n steps (a mouse that
    enters a nest can end on any of its free squares; no move ends inside the wall)."""
    if n <= 0:
        return frozenset()
    start, graph, blocked = _setup(kind, piece, mice, holders, cats, chairs)
    found = _layers(start, graph, blocked, n)
    found.discard(WALL)
    out = {node for node in found if node < INTO_NEST}
    taken = set(mice)
    for node in found - out:
        out.update(q for q in NESTS[node - INTO_NEST] if q not in taken)
    return frozenset(out)


def path(
    kind: int,
    piece: int,
    n: int,
    to: int,
    mice: Mice,
    holders: Holders,
    cats: Cats,
    chairs: Chairs,
) -> Path:
    """Return one path of exactly n steps from the piece to `to` (start included); empty if
    there is none. A mouse's path into a nest ends on the nest square it is put on."""
    start, graph, blocked = _setup(kind, piece, mice, holders, cats, chairs)
    goal = INTO_NEST + NEST_OF[to] if to < 100 and NEST_OF[to] >= 0 else to
    stack: list[tuple[int, int, Path]] = [(start, blocked | 1 << start, (start,))]
    while stack:
        node, used, walked = stack.pop()
        if len(walked) == n + 1:
            if node == goal:
                return (*walked[:-1], to)
            continue
        for b in graph[node]:
            if not used >> b & 1:
                stack.append((b, used | 1 << b, (*walked, b)))
    return ()


__all__ = ["CAT", "HOLDER", "MOUSE", "ends", "open_holes", "path"]
