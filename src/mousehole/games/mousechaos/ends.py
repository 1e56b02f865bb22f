"""Where a holder, a mouse or a cat can end a move of exactly n steps, and one path there: the
questions the rules, the codec and the computer players ask of a position (moves.py searches).

`end_masks` answers for many pieces of one kind with one set-up (the legal lists), `ends` and
`ends_of` are cached (a replay and a computer player's search meet the same positions again
and again, and the answer is pure), and `path` finds the steps of a move for its events. Where
moves.py runs compiled (`moves.COMPILED`), the searches walk its two-machine-word masks.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc
from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any, Final

from .board import NEST_OF, WALL
from .moves import (
    _CAT_MASKS,
    _HOLDER_MASKS,
    COMPILED,
    INTO_NEST,
    MOUSE,
    Cats,
    Chairs,
    Holders,
    Mice,
    Path,
    _blocked,
    _masks,
    _reach,
    _reach_words,
    _setup,
    _setup_words,
    _start,
    _superset_mouse_graph,
)

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
    starts = (holders, mice, cats)[kind]
    if COMPILED:
        words, nests = _setup_words(kind, mice, holders, cats, chairs)
        if kind != MOUSE:
            return [_reach_words(starts[p], kind, words, n) for p in pieces]
        return [_nodes(_reach_words(starts[p], kind, words, n), nests) for p in pieces]
    search, nests = _setup(kind, mice, holders, cats, chairs)
    if kind != MOUSE:  # only a mouse's search ends "into a nest" or in the wall
        return [_reach(starts[p], search, n) for p in pieces]
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
    blocked, nests, upright, holes = _blocked(kind, mice, holders, cats, chairs)
    starts = (holders, mice, cats)[kind]
    graph = (upright, holes)
    out = []
    for p in pieces:
        start = starts[p]
        key = (kind, start, n, blocked & _near(kind, start)[n], graph)
        found = _NEAR_ENDS.get(key)
        if found is None:
            if len(_NEAR_ENDS) >= _NEAR_ENDS_SIZE:
                _NEAR_ENDS.clear()
            if COMPILED:
                words = _setup_words(kind, mice, holders, cats, chairs)[0]
                found = _NEAR_ENDS[key] = _reach_words(start, kind, words, n)
            else:
                search = _setup(kind, mice, holders, cats, chairs)[0]
                found = _NEAR_ENDS[key] = _reach(start, search, n)
        out.append(tuple(mask_nodes(_nodes(found, nests))))
    return tuple(out)


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
    adj, _, blocked, _ = _setup(kind, mice, holders, cats, chairs)[0]
    goal = INTO_NEST + NEST_OF[to] if to < 100 and NEST_OF[to] >= 0 else to
    stack: list[tuple[int, int, Path]] = [(start, blocked | 1 << start, (start,))]
    while stack:
        node, used, walked = stack.pop()
        if len(walked) == n + 1:
            if node == goal:
                return (*walked[:-1], to)
            continue
        for b, bit in adj[node]:
            if not used & bit:
                stack.append((b, used | bit, (*walked, b)))
    return ()


__all__ = ["end_masks", "ends", "ends_of", "mask_nodes", "path"]
