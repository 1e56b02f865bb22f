"""Where a holder, a mouse or a cat can go in exactly n steps (docs/games/mousechaos.md).

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
one graph as (node, bit) pairs, its neighbour masks and the nodes it may not enter; the mice's
graph is the fixed one with only the nodes next to chairs and holes made again), then each
piece is a walk of nested loops over every simple path but its last two steps, which are one
mask operation per next-to-last node; a next-to-last node is skipped when every walk of two
steps from it ends on a node already found or used (`_reach`).
Where mypyc compiles this module (`make venv`; docs/testing.md, "The compiled build"), the
search walks the same paths with each mask as two machine words (`_reach_words`, its set-up
`_setup_words`, its graph native objects with word fields: `_Node`, `_Edge`), since a mask of
up to 106 bits is a Python int there too, made anew by every operation; run as Python,
`_reach`'s one int a mask is the faster. test_compiled.py checks
both give the same ends, and plays random games on both builds in lock step.
tests/games/mousechaos/reference_moves.py keeps the plain layer-by-layer search this replaced,
and test_fast_moves.py checks both agree. `ends` is cached: a replay meets the same positions
again and again, and it is pure.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc
from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # a machine word where mypyc compiles this module, else an int
    from mypy_extensions import i64

    # the type only (i64 is no name at run time) of the search in two words (`_reach_words`)
    Words = tuple[tuple["_Node", ...], i64, i64]
    """A `Search` as words: the graph (one `_Node` a node) and the blocked nodes' low and
    high words (`_TWO_STEPS` as words are `_TWO_WORDS`)."""

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
Adjacency = tuple[tuple[tuple[int, int], ...], ...]
"""adjacency[node]: (next node, its bit) for each edge out of `node`, in the graph's order."""
Search = tuple[Adjacency, Masks, int, Masks]
"""One kind of piece's search in one position: its graph as adjacency pairs, the same as
neighbour masks, the mask of nodes it may not enter (the same for every piece of the kind: a
piece's own square is in every path's used nodes anyway) and `_TWO_STEPS` of the kind."""


def _masks(graph: Graph) -> Masks:
    return tuple(_bits(out) for out in graph)


def _pairs(out: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((b, 1 << b) for b in out)


def _adjacency(graph: Graph) -> Adjacency:
    return tuple(_pairs(out) for out in graph)


_HOLDER_MASKS: Final = _masks(_HOLDER_GRAPH)
_CAT_MASKS: Final = _masks(_CAT_GRAPH)
_MOUSE_MASKS: Final = _masks(_MOUSE_GRAPH)


def _superset_mouse_graph() -> Graph:
    """Return the mice's graph with every hole open and no cross support: every position's
    mouse graph is this one less some edges."""
    graph = list(_MOUSE_GRAPH)
    for sq in HOLE_SIDE:
        graph[sq] = (*graph[sq], WALL)
    graph[WALL] = tuple(HOLE_SIDE)
    return graph


def _two_steps(graph: Graph) -> Masks:
    """Return two[node]: the nodes a walk of exactly two steps from `node` can end on."""
    return tuple(_bits(c for b in out for c in graph[b]) for out in graph)


_TWO_STEPS: Final = (
    _two_steps(_HOLDER_GRAPH),
    _two_steps(_superset_mouse_graph()),
    _two_steps(_CAT_GRAPH),
)
"""Per kind, where a walk of two steps can end in any position (for mice: every hole open,
no cross support): a next-to-last node whose walks end only on nodes already found or used
adds nothing, and `_reach` skips it."""
_HOLDER_ADJ: Final = _adjacency(_HOLDER_GRAPH)
_CAT_ADJ: Final = _adjacency(_CAT_GRAPH)
_MOUSE_ADJ: Final = _adjacency(_MOUSE_GRAPH)


@lru_cache(maxsize=32)
def _mouse_graph(upright: Chairs, holes: tuple[int, ...]) -> tuple[Adjacency, Masks]:
    """Return the mice's graph with the upright chairs' cross supports and the open holes,
    as adjacency pairs and neighbour masks: the fixed graph's, with only the nodes whose
    edges change made again (each way a node changes is made once, in `_changed`)."""
    adjacency = list(_MOUSE_ADJ)
    masks = list(_MOUSE_MASKS)
    open_mask = 0
    for sq in holes:  # an open hole's square gains its edge into the wall
        open_mask |= 1 << sq
        adjacency[sq], masks[sq] = _OPEN_HOLE[sq]
    cut: dict[int, int] = {}  # node -> the mask of its edges' ends that a support closes
    for sq, side in upright:  # the cross support closes one edge, both ways
        for node, closed in _CUTS[sq][side]:
            cut[node] = cut.get(node, 0) | closed
    changed = _CHANGED
    for node, closed in cut.items():
        key = (node, closed, open_mask >> node & 1)
        made = changed.get(key)
        if made is None:
            made = changed[key] = _changed(*key)
        adjacency[node], masks[node] = made
    adjacency[WALL], masks[WALL] = _wall(holes), open_mask
    return tuple(adjacency), tuple(masks)


def _cuts(sq: int, side: int) -> tuple[tuple[int, int], ...]:
    """Return the edges an upright chair on `sq` with its support on `side` closes, as
    (node, the mask of the edge's other end), both ways."""
    beyond = NEIGHBOURS[sq][side] if sq < 100 else -1
    if beyond < 0:
        return ()
    target = INTO_NEST + NEST_OF[beyond] if NEST_OF[beyond] >= 0 else beyond
    return ((sq, 1 << target), (beyond, 1 << sq))


_CUTS: Final = tuple(tuple(_cuts(sq, side) for side in range(4)) for sq in range(NODES))


Made = tuple[tuple[tuple[int, int], ...], int]


def _changed(node: int, closed: int, hole: int) -> Made:
    """Return a node's adjacency pairs and neighbour mask in the mice's graph less the edges
    to the nodes in `closed`, with an edge into the wall when `hole` is 1."""
    out = tuple(b for b in _MOUSE_GRAPH[node] if not closed >> b & 1)
    if hole:
        out = (*out, WALL)
    return _pairs(out), _bits(out)


_OPEN_HOLE: Final = {sq: _changed(sq, 0, 1) for sq in HOLE_SIDE}
"""An open hole's square's adjacency pairs and neighbour mask with no edge cut."""
_CHANGED: dict[tuple[int, int, int], Made] = {}
"""`_changed`'s answers, made once: the mice's graphs change the same few nodes (the squares
next to chairs and holes) the same few ways."""


@cache
def _wall(holes: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Return the wall's adjacency pairs: out to every open hole."""
    return _pairs(holes)


_BIT: Final = tuple(1 << node for node in range(NODES))
_NEST_MASKS: Final = tuple(_bits(nest) for nest in NESTS)
_NO_NESTS: Final = (0, 0, 0, 0)
_HOLDER_BLOCKED: Final = _NOT_FLOOR | 1 << TABLE | 1 << WALL
_CAT_BLOCKED: Final = _NOT_FLOOR | 1 << WALL | 1 << TABLE
"""The table bit is cleared again below: a cat may go onto the table (it is furniture)."""


def _blocked(
    kind: int, mice: Mice, holders: Holders, cats: Cats, chairs: Chairs
) -> tuple[int, tuple[int, ...], Chairs, tuple[int, ...]]:
    """Return what one kind of piece may not enter in this position (the same for every piece
    of the kind: a piece's own square is in every path's used nodes anyway), for mice each
    nest's free squares, and for mice what changes their graph: the upright chairs (square,
    pose) and the open holes. `_setup` and `_setup_words` build their searches on it."""
    bit = _BIT
    if kind == HOLDER:
        blocked = _HOLDER_BLOCKED
        for at in holders:
            blocked |= bit[at]
        for at in cats:
            blocked |= bit[at]
        for sq, _ in chairs:
            blocked |= bit[sq]
        return blocked, _NO_NESTS, (), ()
    if kind == CAT:
        blocked = _CAT_BLOCKED
        for at in holders:
            blocked |= bit[at]
        for at in cats:
            blocked |= bit[at]
        for sq, pose in chairs:
            if pose == LYING:
                blocked |= bit[sq]
        return blocked & ~bit[TABLE], _NO_NESTS, (), ()
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
    n0, n1, n2, n3 = _NEST_MASKS
    nests = (n0 & ~taken, n1 & ~taken, n2 & ~taken, n3 & ~taken)
    for k, free in enumerate(nests):
        if not free:
            blocked |= bit[INTO_NEST + k]
    blocked &= ~(bit[TABLE] | bit[WALL])  # a mouse passes under the table and through the wall
    return blocked, nests, tuple(upright.items()), open_holes(holders, chairs)


_GRAPHS: Final = (_HOLDER_ADJ, _MOUSE_ADJ, _CAT_ADJ)
_GRAPH_MASKS: Final = (_HOLDER_MASKS, _MOUSE_MASKS, _CAT_MASKS)


@lru_cache(maxsize=64)
def _setup(
    kind: int, mice: Mice, holders: Holders, cats: Cats, chairs: Chairs
) -> tuple[Search, tuple[int, ...]]:
    """Return the search of one kind of piece in this position (every piece of the kind
    shares it, so a position is set up once per kind) and, for mice, the mask of each nest's
    free squares."""
    blocked, nests, upright, holes = _blocked(kind, mice, holders, cats, chairs)
    if kind == MOUSE:
        adjacency, masks = _mouse_graph(upright, holes)
    else:
        adjacency, masks = _GRAPHS[kind], _GRAPH_MASKS[kind]
    return (adjacency, masks, blocked, _TWO_STEPS[kind]), nests


def _start(kind: int, piece: int, mice: Mice, holders: Holders, cats: Cats) -> int:
    return (holders, mice, cats)[kind][piece]


def _reach(start: int, search: Search, n: int) -> int:
    """Return the mask of the nodes where a simple path of exactly n >= 1 steps from `start`
    can end: one nested loop per step but the last two, which are one mask per next-to-last
    node (the masks of its free neighbours, less the nodes used); a next-to-last node is
    skipped when every two-step walk from it ends on a node already found or used."""
    adj, masks, blocked, two = search
    used = blocked | 1 << start
    if n == 1:
        return masks[start] & ~used
    found = 0
    if n == 2:
        for b, bit in adj[start]:
            if not used & bit:
                found |= masks[b]
        return found & ~used
    if n == 3:
        for b, bit in adj[start]:
            if not used & bit:
                via_b = used | bit
                near = 0
                for c, c_bit in adj[b]:
                    if not via_b & c_bit:
                        near |= masks[c]
                found |= near & ~via_b
        return found
    firsts = [(start, used)]  # every simple path of the first n - 4 steps: its end, used
    for _ in range(n - 4):
        firsts = [(a, u | a_bit) for at, u in firsts for a, a_bit in adj[at] if not u & a_bit]
    for at, used in firsts:
        for b, b_bit in adj[at]:
            if not used & b_bit:
                via_b = used | b_bit
                for c, c_bit in adj[b]:
                    if not via_b & c_bit and two[c] & ~(found | via_b):
                        via_c = via_b | c_bit
                        near = 0
                        for d, d_bit in adj[c]:
                            if not via_c & d_bit:
                                near |= masks[d]
                        found |= near & ~via_c
    return found


_LOW: Final = (1 << 63) - 1
"""A node mask as two words (`_reach_words`): nodes 0..62 in the low word, 63.. in the high."""


class _Bits:
    """A node mask as two words. Where mypyc compiles this module its objects are native and
    their fields machine words, so reading one is a load (a tuple of ints would turn a Python
    int into a word at every read, and a mask's low word is too large for mypyc's short
    ints)."""

    def __init__(self, mask: int) -> None:
        self.low: i64 = mask & _LOW
        self.high: i64 = mask >> 63


class _Edge(_Bits):
    """An edge into `node`: the node's index and its own bit as two words."""

    def __init__(self, node: int) -> None:
        super().__init__(1 << node)
        self.node = node


_EDGES: Final = tuple([_Edge(node) for node in range(NODES)])
"""The edge into each node, made once: every graph's nodes share them."""


class _Node(_Bits):
    """A node of one kind's graph in one position, as words: the edges out of it and the mask
    of its neighbours (the low and high words)."""

    def __init__(self, out: Iterable[int], mask: int) -> None:
        super().__init__(mask)
        self.out = tuple([_EDGES[b] for b in out])


def _node_words(made: Made) -> _Node:
    pairs, mask = made
    return _Node([b for b, _ in pairs], mask)


def _graph_words(adjacency: Adjacency, masks: Masks) -> tuple[_Node, ...]:
    return tuple([_node_words((pairs, mask)) for pairs, mask in zip(adjacency, masks, strict=True)])


_WORD_GRAPHS: Final = (
    _graph_words(_HOLDER_ADJ, _HOLDER_MASKS),
    _graph_words(_MOUSE_ADJ, _MOUSE_MASKS),
    _graph_words(_CAT_ADJ, _CAT_MASKS),
)
_TWO_WORDS: Final = tuple(tuple([_Bits(mask) for mask in two]) for two in _TWO_STEPS)
_HOLE_WORDS: Final = {sq: _node_words(made) for sq, made in _OPEN_HOLE.items()}
_CHANGED_WORDS: dict[tuple[int, int, int], _Node] = {}
"""`_changed`'s answers as words, made once (as `_CHANGED`)."""


@cache
def _wall_words(holes: tuple[int, ...]) -> _Node:
    """Return the wall's node: out to every open hole, which are its neighbours."""
    return _node_words((_wall(holes), _bits(holes)))


@lru_cache(maxsize=32)
def _mouse_graph_words(upright: Chairs, holes: tuple[int, ...]) -> tuple[_Node, ...]:
    """Return `_mouse_graph`'s answer as words (its twin, node for node: the fixed graph's
    nodes with only the nodes next to the supports and the open holes made again)."""
    nodes = list(_WORD_GRAPHS[MOUSE])
    open_mask = 0
    for sq in holes:
        open_mask |= 1 << sq
        nodes[sq] = _HOLE_WORDS[sq]
    cut: dict[int, int] = {}
    for sq, side in upright:
        for node, closed in _CUTS[sq][side]:
            cut[node] = cut.get(node, 0) | closed
    changed = _CHANGED_WORDS
    for node, closed in cut.items():
        key = (node, closed, open_mask >> node & 1)
        made = changed.get(key)
        if made is None:
            made = changed[key] = _node_words(_changed(*key))
        nodes[node] = made
    nodes[WALL] = _wall_words(holes)
    return tuple(nodes)


@lru_cache(maxsize=64)
def _setup_words(
    kind: int, mice: Mice, holders: Holders, cats: Cats, chairs: Chairs
) -> tuple[Words, tuple[int, ...]]:
    """Return `_setup`'s search as words, and the nests' free squares: built from
    `_blocked` alone, never from `_setup`'s graph of Python ints (the compiled search has no
    use for it, and a random game meets each position once)."""
    blocked, nests, upright, holes = _blocked(kind, mice, holders, cats, chairs)
    graph = _mouse_graph_words(upright, holes) if kind == MOUSE else _WORD_GRAPHS[kind]
    return (graph, blocked & _LOW, blocked >> 63), nests


def _reach_words(start: int, kind: int, words: Words, n: int) -> int:
    """Return `_reach`'s answer, each mask as two words: where mypyc compiles this module the
    words are machine words (i64) read from native objects, while `_reach`'s masks of up to
    106 bits are Python ints that every operation allocates anew. The same walk, step for
    step."""
    graph, blocked_low, blocked_high = words
    two = _TWO_WORDS[kind]
    used_low: i64 = blocked_low
    used_high: i64 = blocked_high
    if start < 63:
        used_low |= 1 << start
    else:
        used_high |= 1 << (start - 63)
    found_low: i64 = 0
    found_high: i64 = 0
    here = graph[start]
    if n == 1:
        found_low = here.low & ~used_low
        found_high = here.high & ~used_high
    elif n == 2:
        for b in here.out:
            if not (used_low & b.low or used_high & b.high):
                node = graph[b.node]
                found_low |= node.low
                found_high |= node.high
        found_low &= ~used_low
        found_high &= ~used_high
    elif n == 3:
        for b in here.out:
            if not (used_low & b.low or used_high & b.high):
                via_low: i64 = used_low | b.low
                via_high: i64 = used_high | b.high
                near_low: i64 = 0
                near_high: i64 = 0
                for c in graph[b.node].out:
                    if not (via_low & c.low or via_high & c.high):
                        node = graph[c.node]
                        near_low |= node.low
                        near_high |= node.high
                found_low |= near_low & ~via_low
                found_high |= near_high & ~via_high
    else:
        firsts: list[tuple[int, i64, i64]] = [(start, used_low, used_high)]
        for _ in range(n - 4):
            firsts = [
                (a.node, u_low | a.low, u_high | a.high)
                for at, u_low, u_high in firsts
                for a in graph[at].out
                if not (u_low & a.low or u_high & a.high)
            ]
        for at, u_low, u_high in firsts:
            for b in graph[at].out:
                if u_low & b.low or u_high & b.high:
                    continue
                vb_low: i64 = u_low | b.low
                vb_high: i64 = u_high | b.high
                for c in graph[b.node].out:
                    if vb_low & c.low or vb_high & c.high:
                        continue
                    ahead = two[c.node]
                    if not (
                        ahead.low & ~(found_low | vb_low) or ahead.high & ~(found_high | vb_high)
                    ):
                        continue
                    vc_low: i64 = vb_low | c.low
                    vc_high: i64 = vb_high | c.high
                    nd_low: i64 = 0
                    nd_high: i64 = 0
                    for d in graph[c.node].out:
                        if not (vc_low & d.low or vc_high & d.high):
                            node = graph[d.node]
                            nd_low |= node.low
                            nd_high |= node.high
                    found_low |= nd_low & ~vc_low
                    found_high |= nd_high & ~vc_high
    high_part: int = found_high  # back to Python ints before the words are joined
    low_part: int = found_low
    return high_part << 63 | low_part


COMPILED: Final = not __file__.endswith((".py", ".pyc"))
"""True where this module runs as mypyc compiled it: ends.py then searches with
`_reach_words` (machine words), else with `_reach` (fewer Python operations a path)."""


__all__ = ["CAT", "COMPILED", "HOLDER", "MOUSE", "open_holes"]
