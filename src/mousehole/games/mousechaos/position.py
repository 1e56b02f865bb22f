"""A Mouse Chaos position's fields and the facts read from them, without the rules that make or
change it: the base of state.py's `MouseChaosState`, which stores the fields and holds the
rules. The modules that read a position for those rules (legal.py, standings.py,
positions.py) type it as this class, so that they import this module and state.py imports
them, one way only.
"""

from __future__ import annotations

from typing import Any

from ...engine.formats import FormattedState
from . import ends as E
from .board import NEST_OF, NESTS, TABLE
from .deal import slot_owner


class MouseChaosPosition(FormattedState):
    """The fields of a Mouse Chaos position. Seats are 0-based; seat + 1 is the next clockwise.

    Nodes are board squares (row * 10 + col) or board.TABLE. The fields are public to read
    and never change once `apply` has returned the state.
    """

    __slots__ = ()  # the fields' slots are MouseChaosState's (state.py)

    n: int
    phase: str
    current: int
    """The seat whose turn it is (0 before the first turn)."""
    turn: int
    """Turns begun so far (the first turn is 1); a round is `n` turns."""
    colours: tuple[int, ...]
    """Each mouse's colour index, -1 until dealt. Secret: only `to_json` holds it."""
    cards: tuple[int, ...]
    """Each card slot's colour, -1 until dealt. Secret until shown."""
    shown: tuple[bool, ...]
    """Card slots shown to everyone (at a reveal of their owner's nest)."""
    draws: tuple[int, ...]
    """The holder numbers drawn by the seats for who goes first, in seat order."""
    numbers: tuple[int, ...]
    """Each holder's number: 0 while nobody has looked, public once picked."""
    mice: tuple[int, ...]
    holders: tuple[int, ...]
    cats: tuple[int, ...]
    chairs: tuple[tuple[int, int], ...]
    """Each chair's (square, pose): pose 0..3 upright with its support on N, E, S, W; 4 lying."""
    revealed: tuple[bool, ...]
    """Mice turned over at a nest reveal: their colour is public."""
    knows: tuple[tuple[int, ...], ...]
    """knows[seat][mouse]: the turn the seat first peeked at the mouse, -1 never."""
    complete: tuple[bool, ...]
    """Nests whose four mice were all turned over right (2 seats: a seat needs both)."""
    picked: int
    """The holder picked this turn (-1 before the pick)."""
    steps: int
    """The picked holder's number n: every move this turn is exactly n steps (0 before)."""
    reveal: int
    """The nest being revealed (-1: none)."""
    revealer: int
    """The seat turning the mice over (the nest's owner; the mover for the phantom's nest)."""
    ending: str | None
    winner: int
    """The winning seat when `ending` is WIN (-1 otherwise)."""

    @property
    def round(self) -> int:
        """Return the round in play (1 during the first n turns; 0 before the first turn)."""
        return (self.turn + self.n - 1) // self.n

    def key(self) -> tuple[Any, ...]:
        """Return a hashable tuple of the whole position."""
        return (
            self.n, self.phase, self.current, self.turn, self.colours, self.cards, self.shown,
            self.draws, self.numbers, self.mice, self.holders, self.cats, self.chairs,
            self.revealed, self.knows, self.complete, self.picked, self.steps, self.reveal,
            self.revealer, self.ending, self.winner,
        )  # fmt: skip

    # -- derived facts --------------------------------------------------------------------

    def owner(self, slot: int) -> int:
        """Return the seat owning card slot and nest `slot` (-1: the phantom)."""
        return slot_owner(self.n, slot)

    def covered(self, mouse: int) -> bool:
        """Return True when a holder stands over the mouse (it cannot be seen or moved)."""
        return self.mice[mouse] in self.holders and self.mice[mouse] != TABLE

    def movable_mice(self) -> list[int]:
        """Return the visible mice outside the nests (rulebook: any visible, unblocked mouse,
        including those under the table)."""
        covered = {at for at in self.holders if at != TABLE}  # `covered`, one set for all
        return [
            m
            for m, at in enumerate(self.mice)
            if (at == TABLE or NEST_OF[at] < 0) and at not in covered
        ]

    def nest_mice(self, nest: int) -> list[int]:
        """Return the mice in `nest`, in the order of its squares."""
        mice = self.mice
        taken = [sq for sq in NESTS[nest] if sq in mice]  # most nests are empty
        return [m for sq in taken for m, at in enumerate(mice) if at == sq]

    def piece_ends(self, kind: int, piece: int) -> frozenset[int]:
        """Return where a holder, mouse or cat can end a move of exactly `steps` squares."""
        return E.ends(kind, piece, self.steps, self.mice, self.holders, self.cats, self.chairs)

    def chair_free(self, chair: int) -> bool:
        """Return True when no cat sits on the chair (rulebook: only then may it move)."""
        return self.chairs[chair][0] not in self.cats


__all__ = ["MouseChaosPosition"]
