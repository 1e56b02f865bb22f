"""What a Mouse Chaos seat may do now: the legal actions of a position, and whether one action
is legal without listing them all (a replay checks each recorded action this way).

These functions read a state (state.py calls them); they never change it.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Final

from . import actions as A
from . import moves as M
from .board import CATS, FLOOR, FLOOR_SET, HOLDERS, LYING, MICE, TABLE
from .phases import CHAIR, HOLDER, PICK, PIECE, REVEAL

if TYPE_CHECKING:
    from .state import MouseChaosState

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


def chair_spots(state: MouseChaosState, chair: int) -> list[A.MouseChaosAction]:
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


def chair_ok(state: MouseChaosState, chair: int, sq: int, pose: int) -> bool:
    """Return True when the chair may be put on `sq` in `pose` (see `chair_spots`)."""
    if not state.chair_free(chair) or sq not in FLOOR_SET or (sq, pose) == state.chairs[chair]:
        return False
    if any(i != chair and at == sq for i, (at, _) in enumerate(state.chairs)):
        return False
    if sq in state.holders or sq in state.cats:
        return False
    return pose != LYING or sq not in state.mice


def allows(state: MouseChaosState, action: A.MouseChaosAction) -> bool:
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
            return m in state.movable_mice() and action.b in state.piece_ends(M.MOUSE, m)
        return kind == A.CAT and action.b in state.piece_ends(M.CAT, action.a)
    if phase is CHAIR:
        return kind == A.SKIP or (kind == A.CHAIR and chair_ok(state, action.a, action.b, action.c))
    if phase is REVEAL:
        m = action.a
        return kind == A.TURN and m in state.nest_mice(state.reveal) and not state.revealed[m]
    return False


def list_actions(state: MouseChaosState) -> tuple[A.MouseChaosAction, ...]:
    phase = state.phase
    if phase is PICK:
        on_table = [h for h, at in enumerate(state.holders) if at == TABLE]
        # rulebook: from the table while any remain there, else any on the floor
        pool = on_table or range(HOLDERS)
        return tuple(A.make(A.PICK, h) for h in pool)
    if phase is HOLDER:
        row = PIECE_MOVES[M.HOLDER][0]
        return tuple([row[to] for to in sorted(state.piece_ends(M.HOLDER, state.picked))])
    if phase is PIECE:
        out: list[A.MouseChaosAction] = []
        for kind, pieces in ((M.MOUSE, state.movable_mice()), (M.CAT, range(CATS))):
            for piece in pieces:
                row = PIECE_MOVES[kind][piece]
                out += [row[to] for to in sorted(state.piece_ends(kind, piece))]
        return tuple(out)
    if phase is CHAIR:
        out = [A.SKIP_ACTION]  # the chair step is optional
        for c in range(len(state.chairs)):
            if state.chair_free(c):
                out.extend(chair_spots(state, c))
        return tuple(out)
    if phase is REVEAL:
        return tuple(
            A.make(A.TURN, m) for m in state.nest_mice(state.reveal) if not state.revealed[m]
        )
    return ()


def why(state: MouseChaosState, action: A.MouseChaosAction) -> str:
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


__all__ = ["CHAIR_MOVES", "PIECE_MOVES", "allows", "chair_ok", "chair_spots", "list_actions", "why"]
