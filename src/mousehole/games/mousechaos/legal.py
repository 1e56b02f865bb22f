"""What a Mouse Chaos seat may do now: the legal actions of a position, and whether one action
is legal without listing them all (a replay checks each recorded action this way).

These functions read a state (state.py calls them); they never change it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Final, overload

from . import actions as A
from . import ends as E
from . import moves as M
from .board import CATS, FLOOR, FLOOR_SET, HOLDERS, LYING, MICE, SIZE, TABLE
from .phases import CHAIR, HOLDER, PICK, PIECE, REVEAL
from .position import MouseChaosPosition

CHAIR_MOVES: Final = tuple(
    tuple(tuple(A.make(A.CHAIR, chair, sq, pose) for pose in range(5)) for sq in range(100))
    for chair in range(4)
)
"""CHAIR_MOVES[chair][square][pose]: every chair move, made once."""
NODES: Final = TABLE + 1
"""The nodes a move can end on: the 100 squares and the table."""
PIECE_MOVES: Final = (
    (tuple(A.make(A.HOLDER, 0, to) for to in range(NODES)),),
    tuple(tuple(A.make(A.MOUSE, m, to) for to in range(NODES)) for m in range(MICE)),
    tuple(tuple(A.make(A.CAT, c, to) for to in range(NODES)) for c in range(CATS)),
)
"""PIECE_MOVES[kind][piece][to] (kind as in moves.py; a holder move names no holder): every
holder, mouse and cat move, made once."""


_FLOOR_MASK: Final = sum(1 << sq for sq in FLOOR)
_BIT: Final = tuple(1 << node for node in range(NODES))
_ROW_MASK: Final = (1 << SIZE) - 1


class LazyMoves(Sequence[A.MouseChaosAction]):
    """A legal list that is not built: its length is counted from masks and an item is made
    when asked for (a random driver asks for one of hundreds). It equals the tuple of its
    items, and `in` answers without listing them."""

    __slots__ = ()

    @overload
    def __getitem__(self, index: int) -> A.MouseChaosAction: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[A.MouseChaosAction, ...]: ...
    def __getitem__(
        self, index: int | slice
    ) -> A.MouseChaosAction | tuple[A.MouseChaosAction, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"legal action index {index} is outside 0..{size - 1}")
        return self._item(index)

    def _item(self, index: int) -> A.MouseChaosAction:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({tuple(self)!r})"


_STRIDE: Final = 104
"""Bits per piece in PieceMoves' packed masks (a node mask has bits 0..100)."""
_NODE_MASK: Final = (1 << _STRIDE) - 1


class PieceMoves(LazyMoves):
    """The mouse and cat moves of a piece step, packed small (a state keeps it): the pieces
    that can move as bytes (kind * 16 + piece, kind as in moves.py) and the masks of their
    ends as one int, `_STRIDE` bits each, in the order `list_actions` lists them."""

    __slots__ = ("_masks", "_pieces", "_size")

    def __init__(self, pieces: Sequence[tuple[int, int]], masks: Sequence[int]):
        codes, packed, size, shift = bytearray(), 0, 0, 0
        for (kind, piece), mask in zip(pieces, masks, strict=True):
            if mask:
                packed |= mask << shift
                shift += _STRIDE
                codes.append(kind << 4 | piece)
                size += mask.bit_count()
        self._pieces = bytes(codes)
        self._masks = packed
        self._size = size

    def __len__(self) -> int:
        return self._size

    def _item(self, index: int) -> A.MouseChaosAction:
        masks = self._masks
        for code in self._pieces:
            mask = masks & _NODE_MASK
            count = mask.bit_count()
            if index < count:
                return PIECE_MOVES[code >> 4][code & 15][E.mask_nodes(mask)[index]]
            index -= count
            masks >>= _STRIDE
        raise AssertionError("piece move index past the last piece")  # the size says otherwise

    def __iter__(self) -> Iterator[A.MouseChaosAction]:
        masks = self._masks
        for code in self._pieces:
            row = PIECE_MOVES[code >> 4][code & 15]
            for to in E.mask_nodes(masks & _NODE_MASK):
                yield row[to]
            masks >>= _STRIDE

    def __contains__(self, action: object) -> bool:
        if type(action) is not A.MouseChaosAction or action.kind not in (A.MOUSE, A.CAT):
            return False
        kind = M.MOUSE if action.kind == A.MOUSE else M.CAT
        if not 0 <= action.a < len(PIECE_MOVES[kind]) or not 0 <= action.b < NODES:
            return False
        at = self._pieces.find(kind << 4 | action.a)
        return at >= 0 and bool(self._masks >> (_STRIDE * at + action.b) & 1)


class ChairMoves(LazyMoves):
    """The chair step's moves: skip, then per free chair every floor square without a
    holder, a cat or another chair (in square order), upright four ways or lying where no
    mouse is, less the chair's own square and pose; see `chair_spots`."""

    __slots__ = ("_chairs", "_counts", "_mice")

    def __init__(self, state: MouseChaosPosition):
        bit = _BIT
        mice = 0
        for at in state.mice:
            mice |= bit[at]
        mice &= _FLOOR_MASK
        self._mice = mice
        cats = 0
        for at in state.cats:
            cats |= bit[at]
        bar = cats  # holders and cats
        for at in state.holders:
            bar |= bit[at]
        squares = [bit[sq] for sq, _ in state.chairs]
        chairs: list[tuple[int, int, int, int]] = []
        counts, total = [1], 1  # skip
        for c, (here, pose) in enumerate(state.chairs):
            if cats >> here & 1:
                continue  # a cat sits on it: not free (`chair_free`)
            others = bar
            for i, square in enumerate(squares):
                if i != c:
                    others |= square
            free = _FLOOR_MASK & ~others
            total += 5 * free.bit_count() - (free & mice).bit_count()
            if free >> here & 1 and (pose < 4 or not mice >> here & 1):
                total -= 1  # a move puts it somewhere else
            chairs.append((c, free, here, pose))
            counts.append(total)
        self._chairs = tuple(chairs)
        self._counts = tuple(counts)

    def __len__(self) -> int:
        return self._counts[-1]

    def _poses(self, sq: int, here: int, pose: int) -> tuple[int, ...]:
        poses: tuple[int, ...] = _UPRIGHT if self._mice >> sq & 1 else _ANY_POSE
        if sq == here and pose in poses:
            poses = tuple(p for p in poses if p != pose)
        return poses

    def _item(self, index: int) -> A.MouseChaosAction:
        if index == 0:
            return A.SKIP_ACTION
        block = bisect_right(self._counts, index) - 1
        chair, free, here, pose = self._chairs[block]
        left = index - self._counts[block]
        table, mice, row_start = CHAIR_MOVES[chair], self._mice, 0
        while True:  # skip whole rows by counting, then walk the row
            row_free = free >> row_start & _ROW_MASK
            size = 5 * row_free.bit_count() - (row_free & mice >> row_start).bit_count()
            if row_start <= here < row_start + SIZE and row_free >> (here - row_start) & 1:
                size -= 1 if pose < 4 or not mice >> here & 1 else 0
            if left < size:
                break
            left -= size
            row_start += SIZE
        row_free <<= row_start
        while row_free:
            low = row_free & -row_free
            row_free ^= low
            sq = low.bit_length() - 1
            poses = self._poses(sq, here, pose)
            if left < len(poses):
                return table[sq][poses[left]]
            left -= len(poses)
        raise AssertionError("chair move index past its row")  # the counts say otherwise

    def __iter__(self) -> Iterator[A.MouseChaosAction]:
        yield A.SKIP_ACTION
        for chair, free, here, pose in self._chairs:
            table = CHAIR_MOVES[chair]
            for sq in E.mask_nodes(free):
                row = table[sq]
                for p in self._poses(sq, here, pose):
                    yield row[p]

    def __contains__(self, action: object) -> bool:
        if type(action) is not A.MouseChaosAction:
            return False
        if action.kind == A.SKIP:
            return True
        if action.kind != A.CHAIR or not 0 <= action.c <= LYING:
            return False
        for chair, free, here, pose in self._chairs:
            if chair == action.a:
                sq = action.b
                if not 0 <= sq < 100 or not free >> sq & 1 or (sq, action.c) == (here, pose):
                    return False
                return action.c != LYING or not self._mice >> sq & 1
        return False


_UPRIGHT: Final = (0, 1, 2, 3)
_ANY_POSE: Final = (0, 1, 2, 3, 4)


def chair_spots(state: MouseChaosPosition, chair: int) -> list[A.MouseChaosAction]:
    """Return the chair's moves: to any floor square without a holder, a cat or another
    chair; upright (four ways) over a mouse or not, lying only on an empty square."""
    taken = {sq for i, (sq, _) in enumerate(state.chairs) if i != chair}
    taken.update(state.holders)
    taken.update(state.cats)  # the table is no floor square: holders and cats there are no bar
    mice = set(state.mice)
    table = CHAIR_MOVES[chair]
    here, pose = state.chairs[chair]
    moved = table[here][: 4 if here in mice else 5] if here < len(table) else ()
    moved = moved[:pose] + moved[pose + 1 :]  # a move puts it somewhere else
    spots = list(
        chain.from_iterable(
            (moved if sq == here else table[sq][:4] if sq in mice else table[sq])
            for sq in FLOOR
            if sq not in taken
        )
    )
    return spots


def chair_ok(state: MouseChaosPosition, chair: int, sq: int, pose: int) -> bool:
    """Return True when the chair may be put on `sq` in `pose` (see `chair_spots`)."""
    if not state.chair_free(chair) or sq not in FLOOR_SET or (sq, pose) == state.chairs[chair]:
        return False
    if any(i != chair and at == sq for i, (at, _) in enumerate(state.chairs)):
        return False
    if sq in state.holders or sq in state.cats:
        return False
    return pose != LYING or sq not in state.mice


def allows(state: MouseChaosPosition, action: A.MouseChaosAction) -> bool:
    """Return True when `action` is legal here (without listing every legal action)."""
    phase, kind = state.phase, action.kind
    if phase is PICK:
        on_table = TABLE in state.holders
        return kind == A.PICK and (not on_table or state.holders[action.a] == TABLE)
    if phase is HOLDER:
        return kind == A.HOLDER and action.b in state.piece_ends(M.HOLDER, state.picked)
    if phase is PIECE:
        if kind == A.MOUSE:
            m = action.a
            return m in state.movable_mice() and bool(_end_mask(state, M.MOUSE, m) >> action.b & 1)
        return kind == A.CAT and bool(_end_mask(state, M.CAT, action.a) >> action.b & 1)
    if phase is CHAIR:
        return kind == A.SKIP or (kind == A.CHAIR and chair_ok(state, action.a, action.b, action.c))
    if phase is REVEAL:
        m = action.a
        return kind == A.TURN and m in state.nest_mice(state.reveal) and not state.revealed[m]
    return False


def _end_mask(state: MouseChaosPosition, kind: int, piece: int) -> int:
    where = (state.mice, state.holders, state.cats, state.chairs)
    return E.end_masks(kind, (piece,), state.steps, *where)[0]


def holder_moves(state: MouseChaosPosition) -> tuple[A.MouseChaosAction, ...]:
    """Return the picked holder's moves (empty: it cannot move exactly n)."""
    row = PIECE_MOVES[M.HOLDER][0]
    return tuple([row[to] for to in E.mask_nodes(_end_mask(state, M.HOLDER, state.picked))])


def piece_moves(state: MouseChaosPosition) -> PieceMoves:
    """Return the mouse and cat moves of a piece step: the movable mice's, then the cats'."""
    where = (state.mice, state.holders, state.cats, state.chairs)
    mice = state.movable_mice()
    masks = E.end_masks(M.MOUSE, mice, state.steps, *where)
    masks += E.end_masks(M.CAT, _CATS, state.steps, *where)
    return PieceMoves([_MOUSE_PIECES[m] for m in mice] + _CAT_PIECES, masks)


_PICKS: Final = tuple(A.make(A.PICK, h) for h in range(HOLDERS))
_CATS: Final = range(CATS)
_MOUSE_PIECES: Final = tuple((M.MOUSE, m) for m in range(MICE))
_CAT_PIECES: Final = [(M.CAT, c) for c in _CATS]


def list_actions(state: MouseChaosPosition) -> Sequence[A.MouseChaosAction]:
    phase = state.phase
    if phase is PICK:
        # rulebook: from the table while any remain there, else any on the floor
        on_table = tuple(_PICKS[h] for h, at in enumerate(state.holders) if at == TABLE)
        return on_table or _PICKS
    if phase is HOLDER:
        return holder_moves(state)
    if phase is PIECE:
        return piece_moves(state)
    if phase is CHAIR:
        return ChairMoves(state)
    if phase is REVEAL:
        return tuple(
            A.make(A.TURN, m) for m in state.nest_mice(state.reveal) if not state.revealed[m]
        )
    return ()


def why(state: MouseChaosPosition, action: A.MouseChaosAction) -> str:
    """Return why a well-formed action is not legal here, in the rules' words."""
    expected = {
        PICK: "a holder must be picked first",
        HOLDER: f"the picked holder must move exactly {state.steps} squares",
        PIECE: f"a cat or a visible mouse must move exactly {state.steps} squares",
        CHAIR: "a chair without a cat may move (or skip)",
        REVEAL: f"a mouse of nest {state.reveal} must be turned over",
    }[state.phase]
    kinds = {PICK: A.PICK, HOLDER: A.HOLDER, CHAIR: A.CHAIR, REVEAL: A.TURN}
    if action.kind in (kinds.get(state.phase), A.SKIP) or (
        state.phase is PIECE and action.kind in (A.MOUSE, A.CAT)
    ):
        return f"no such move here ({expected})"
    return expected


__all__ = [
    "CHAIR_MOVES",
    "PIECE_MOVES",
    "ChairMoves",
    "LazyMoves",
    "PieceMoves",
    "allows",
    "chair_ok",
    "chair_spots",
    "holder_moves",
    "list_actions",
    "piece_moves",
    "why",
]
