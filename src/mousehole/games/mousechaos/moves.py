"""Where a holder, a mouse or a cat can go in exactly n steps (rulings.md section 4).

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

Sets of nodes are bit masks. A position is set up once for all its pieces of a kind (`_setup`:
one graph, its neighbour masks and the nodes it may not enter), then each piece
is a depth-first walk over (node, nodes used) whose last two to four steps are nested loops and
whose very last step is one mask operation (`_reach`). tests/games/mousechaos/reference_moves.py
keeps the plain layer-by-layer search this replaced, and test_fast_moves.py checks both agree.
`ends` is cached: a replay meets the same positions again and again, and it is pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any, Final

from .board import (
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
_FLOOR_SQUARES: Final = sum(1 << sq for sq in FLOOR_SET)


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


Masks = tuple[int, ...]
Search = tuple[Graph, Masks, int]
"""One kind of piece's search in one position: its graph, the same as neighbour masks, and
the mask of nodes it may not enter (the same for every piece of the kind: a piece's own
square is in every path's used nodes anyway)."""


def _masks(graph: Graph) -> Masks:
    return tuple(_bits(out) for out in graph)


_HOLDER_MASKS: Final = _masks(_HOLDER_GRAPH)
_CAT_MASKS: Final = _masks(_CAT_GRAPH)
_MOUSE_MASKS: Final = _masks(_MOUSE_GRAPH)


@lru_cache(maxsize=32)
def _mouse_graph(upright: Chairs, holes: tuple[int, ...]) -> tuple[Graph, Masks]:
    """Return the mice's graph with the upright chairs' cross supports and the open holes."""
    graph = list(_MOUSE_GRAPH)
    changed = {WALL}
    for sq, side in upright:  # the cross support closes one edge, both ways
        beyond = NEIGHBOURS[sq][side]
        if beyond < 0:
            continue
        target = INTO_NEST + NEST_OF[beyond] if NEST_OF[beyond] >= 0 else beyond
        graph[sq] = tuple(b for b in graph[sq] if b != target)
        graph[beyond] = tuple(b for b in graph[beyond] if b != sq)
        changed.update((sq, beyond))
    for sq in holes:
        graph[sq] = (*graph[sq], WALL)
        changed.add(sq)
    graph[WALL] = holes
    masks = list(_MOUSE_MASKS)
    for node in changed:
        masks[node] = _bits(graph[node])
    return graph, tuple(masks)


_BIT: Final = tuple(1 << node for node in range(NODES))
_NEST_MASKS: Final = tuple(_bits(nest) for nest in NESTS)
_NO_NESTS: Final = (0, 0, 0, 0)
_HOLDER_BLOCKED: Final = _NOT_FLOOR | 1 << TABLE | 1 << WALL
_CAT_BLOCKED: Final = _NOT_FLOOR | 1 << WALL | 1 << TABLE
"""The table bit is cleared again below: a cat may go onto the table (it is furniture)."""


@lru_cache(maxsize=64)
def _setup(
    kind: int, mice: Mice, holders: Holders, cats: Cats, chairs: Chairs
) -> tuple[Search, tuple[int, ...]]:
    """Return the search of one kind of piece in this position (every piece of the kind
    shares it, so a position is set up once per kind) and, for mice, the mask of each nest's
    free squares."""
    bit = _BIT
    if kind == HOLDER:
        blocked = _HOLDER_BLOCKED
        for at in holders:
            blocked |= bit[at]
        for at in cats:
            blocked |= bit[at]
        for sq, _ in chairs:
            blocked |= bit[sq]
        return (_HOLDER_GRAPH, _HOLDER_MASKS, blocked), _NO_NESTS
    if kind == CAT:
        blocked = _CAT_BLOCKED
        for at in holders:
            blocked |= bit[at]
        for at in cats:
            blocked |= bit[at]
        for sq, pose in chairs:
            if pose == LYING:
                blocked |= bit[sq]
        return (_CAT_GRAPH, _CAT_MASKS, blocked & ~bit[TABLE]), _NO_NESTS
    blocked = _NOT_FLOOR | bit[TABLE] | bit[WALL]
    for at in holders:
        blocked |= bit[at]
    upright: dict[int, int] = {}  # one support a square (the last chair's, as the reference)
    chair_squares = 0
    for sq, pose in chairs:
        chair_squares |= bit[sq]
        if pose == LYING:
            blocked |= bit[sq]
        else:
            upright[sq] = pose
    for at in cats:
        if not chair_squares >> at & 1:  # a cat on an upright chair is off the floor
            blocked |= bit[at]
    taken = 0
    for at in mice:
        taken |= bit[at]
    blocked |= taken & _FLOOR_SQUARES
    nests = tuple(nest & ~taken for nest in _NEST_MASKS)
    for k in range(4):
        if not nests[k]:
            blocked |= bit[INTO_NEST + k]
    blocked &= ~(bit[TABLE] | bit[WALL])  # a mouse passes under the table and through the wall
    graph, masks = _mouse_graph(tuple(upright.items()), open_holes(holders, chairs))
    return (graph, masks, blocked), nests


def _start(kind: int, piece: int, mice: Mice, holders: Holders, cats: Cats) -> int:
    return (holders, mice, cats)[kind][piece]


def _reach(start: int, search: Search, n: int) -> int:
    """Return the mask of the nodes where a simple path of exactly n >= 1 steps from `start`
    can end: a depth-first walk over (node, nodes used) down to two steps before the end,
    then the last two to four steps as loops whose last step is one mask."""
    graph, masks, blocked = search
    used = blocked | 1 << start
    if n == 1:
        return masks[start] & ~used
    found = 0
    stack = [(start, used, n)]
    pop, push = stack.pop, stack.append
    while stack:
        node, used, left = pop()
        if left > 4:
            left -= 1
            for b in graph[node]:
                if not used >> b & 1:
                    push((b, used | 1 << b, left))
        elif left == 4:
            for b in graph[node]:  # four steps left: to b, c and d, then free next to d
                if not used >> b & 1:
                    via_b = used | 1 << b
                    for c in graph[b]:
                        if not via_b >> c & 1:
                            via_c = via_b | 1 << c
                            for d in graph[c]:
                                if not via_c >> d & 1:
                                    found |= masks[d] & ~via_c  # d is in no mask of its own
        elif left == 3:
            for b in graph[node]:  # three steps left: to b and c, then free next to c
                if not used >> b & 1:
                    via_b = used | 1 << b
                    for c in graph[b]:
                        if not via_b >> c & 1:
                            found |= masks[c] & ~via_b
        else:
            for b in graph[node]:  # two steps left: to b, then free next to b
                if not used >> b & 1:
                    found |= masks[b] & ~used
    return found


_NESTS_MASK: Final = 15 << INTO_NEST
_FLOOR_MASK: Final = (1 << WALL) - 1  # squares and the table; not the wall, not the nests
_BYTES: Final = (WALL + 7) // 8
_BYTE_NODES: Final = tuple(
    tuple(tuple(8 * i + k for k in range(8) if byte >> k & 1) for byte in range(256))
    for i in range(_BYTES)
)
"""_BYTE_NODES[i][byte]: the nodes of a mask's byte i (a mask is read a byte at a time)."""


def _nodes(found: int, nests: tuple[int, ...]) -> int:
    """Return the mask of the nodes a move ends on, from a `_reach` mask: the squares and the
    table as they are, "into nest k" as nest k's free squares, never the wall."""
    out = found & _FLOOR_MASK
    if found & _NESTS_MASK:
        for k in range(4):
            if found >> (INTO_NEST + k) & 1:
                out |= nests[k]
    return out


def end_masks(
    kind: int,
    pieces: Iterable[int],
    n: int,
    mice: Mice,
    holders: Holders,
    cats: Cats,
    chairs: Chairs,
) -> list[int]:
    """Return, for each of `pieces` of one kind, the mask of the nodes (bit `node`) where it
    can end a move of exactly n steps: `ends` for many pieces with one set-up."""
    if n <= 0:
        return [0 for _ in pieces]
    search, nests = _setup(kind, mice, holders, cats, chairs)
    starts = (holders, mice, cats)[kind]
    return [_nodes(_reach(starts[p], search, n), nests) for p in pieces]


def mask_nodes(mask: int) -> list[int]:
    """Return the nodes of a node mask, in increasing order."""
    out: list[int] = []
    for i, byte in enumerate(mask.to_bytes(_BYTES, "little")):
        if byte:
            out += _BYTE_NODES[i][byte]
    return out


@lru_cache(maxsize=1 << 12)
def ends_of(
    kind: int,
    pieces: tuple[int, ...],
    n: int,
    mice: Mice,
    holders: Holders,
    cats: Cats,
    chairs: Chairs,
) -> tuple[tuple[int, ...], ...]:
    """Return, for each of `pieces` of one kind, the nodes where it can end a move of exactly
    n steps, in increasing order: `ends` for many pieces with one set-up and one cache entry
    (a computer player asks this for many positions and numbers, and again for the same)."""
    return _near_ends(kind, pieces, n, mice, holders, cats, chairs)


def _near_ends(
    kind: int,
    pieces: tuple[int, ...],
    n: int,
    mice: Mice,
    holders: Holders,
    cats: Cats,
    chairs: Chairs,
) -> tuple[tuple[int, ...], ...]:
    """Return `ends_of`'s answer, each piece's search reused from `_NEAR_ENDS` when the
    blocked nodes near it and the mice's graph are those of a search already made."""
    if n <= 0:
        return tuple(() for _ in pieces)
    search, nests = _setup(kind, mice, holders, cats, chairs)
    starts = (holders, mice, cats)[kind]
    graph: tuple[Any, ...] = ()
    if kind == MOUSE:
        upright = {sq: pose for sq, pose in chairs if pose != LYING}
        graph = (tuple(upright.items()), open_holes(holders, chairs))
    out = []
    for p in pieces:
        start = starts[p]
        key = (kind, start, n, search[2] & _near(kind, start)[n], graph)
        found = _NEAR_ENDS.get(key)
        if found is None:
            if len(_NEAR_ENDS) >= _NEAR_ENDS_SIZE:
                _NEAR_ENDS.clear()
            found = _NEAR_ENDS[key] = _reach(start, search, n)
        out.append(tuple(mask_nodes(_nodes(found, nests))))
    return tuple(out)


def _superset_mouse_graph() -> Graph:
    """Return the mice's graph with every hole open and no cross support: every position's
    mouse graph is this one less some edges."""
    graph = list(_MOUSE_GRAPH)
    for sq in HOLE_SIDE:
        graph[sq] = (*graph[sq], WALL)
    graph[WALL] = tuple(HOLE_SIDE)
    return graph


_SUPERSETS: Final = (_HOLDER_MASKS, _masks(_superset_mouse_graph()), _CAT_MASKS)


@cache
def _near(kind: int, start: int) -> tuple[int, ...]:
    """Return near[n]: the nodes a walk of at most n <= 6 steps from `start` can reach in the
    kind's graph with every hole open and no cross support. A search of exactly n steps from
    `start` reads no other node's blocked bit, in any position."""
    masks = _SUPERSETS[kind]
    layers = [1 << start]
    for _ in range(6):
        reached = layer = layers[-1]
        while layer:
            low = layer & -layer
            reached |= masks[low.bit_length() - 1]
            layer ^= low
        layers.append(reached)
    return tuple(layers)


_NEAR_ENDS: dict[tuple[Any, ...], int] = {}
"""`ends` and `ends_of`'s searches by (kind, start, n, the blocked nodes near the start, the
mice's graph changes): a computer player weighs many positions that differ only far from most
pieces (a holder moved elsewhere), and a piece's ends there are the same. Cleared when full."""
_NEAR_ENDS_SIZE: Final = 1 << 15


@lru_cache(maxsize=1 << 15)
def ends(
    kind: int, piece: int, n: int, mice: Mice, holders: Holders, cats: Cats, chairs: Chairs
) -> frozenset[int]:
    """Return the nodes where the piece can end a move of exactly n steps (a mouse that
    enters a nest can end on any of its free squares; no move ends inside the wall)."""
    return frozenset(_near_ends(kind, (piece,), n, mice, holders, cats, chairs)[0])


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
    start = _start(kind, piece, mice, holders, cats)
    graph, _, blocked = _setup(kind, mice, holders, cats, chairs)[0]
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


__all__ = [
    "CAT",
    "HOLDER",
    "MOUSE",
    "end_masks",
    "ends",
    "ends_of",
    "mask_nodes",
    "open_holes",
    "path",
]
