"""The nest reveal (rulebook, "Game End"; docs/games/mousechaos.md): four mice in a nest.

The nest's owner shows their colour card(s) and turns the mice over one at a time, in the
order they choose. A right colour lies on its side (revealed) and the next is turned; all four
right wins (2 seats: completes that nest; both nests win). The first wrong colour stops the
reveal: that mouse goes to its colour's owner (2 seats: to that seat's fuller incomplete nest),
who reveals in turn if that nest now holds four. The phantom's nest (3 seats) is revealed by
the seat whose turn it is, and the phantom may win: then every seat loses.

These functions change a state that `apply` is building (state.py calls them). They name what
they read and write of it as `Revealing`, which state.py's `MouseChaosState` has (mypy checks
it where state.py calls them), so that this module never imports state.py.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc
from __future__ import annotations

from typing import Any, Protocol

from .board import NESTS
from .phases import PHANTOM, REVEAL, WIN


class Revealing(Protocol):
    """What a nest reveal reads and changes of the state `apply` is building."""

    n: int
    phase: str
    current: int
    colours: tuple[int, ...]
    cards: tuple[int, ...]
    shown: tuple[bool, ...]
    mice: tuple[int, ...]
    revealed: tuple[bool, ...]
    complete: tuple[bool, ...]
    reveal: int
    revealer: int
    _events: tuple[tuple[Any, ...], ...]

    def owner(self, slot: int) -> int:
        """Return the seat owning card slot and nest `slot` (-1: the phantom)."""
        ...

    def nest_mice(self, nest: int) -> list[int]:
        """Return the mice in `nest`, in the order of its squares."""
        ...

    def finish(self, ending: str, winner: int) -> None:
        """End the game: `winner` is the winning seat for WIN, else -1."""
        ...

    def chair_phase(self) -> None:
        """Go on to the optional chair move (the turn's last step), or end the turn."""
        ...


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def right_colours(state: Revealing, nest: int) -> set[int]:
    """Return the colours that belong in `nest`: its owner's card(s)."""
    owner = state.owner(nest)
    return {state.cards[k] for k in range(4) if state.owner(k) == owner}


def start_reveal(state: Revealing, nest: int) -> None:
    """Begin the reveal of a full nest: its owner's cards are shown to everyone. A nest whose
    four mice are all face up already (an ejected mouse made it full) is complete at once."""
    owner = state.owner(nest)
    state.phase = REVEAL
    state.reveal = nest
    state.revealer = owner if owner >= 0 else state.current  # ruling: the mover plays the phantom
    slots = [k for k in range(4) if state.owner(k) == owner]
    shown = state.shown
    for k in slots:
        shown = _put(shown, k, True)
    state.shown = shown
    cards = tuple(state.cards[k] for k in slots)
    state._events = (*state._events, ("reveal", state.revealer, nest, owner, cards))
    _settle(state, nest)


def _settle(state: Revealing, nest: int) -> None:
    """Complete the nest if its four mice are face up and right; else the owner turns on."""
    if not all(state.revealed[m] for m in state.nest_mice(nest)):
        return  # the owner turns the next one
    owner = state.owner(nest)
    state.complete = _put(state.complete, nest, True)
    state._events = (*state._events, ("complete", state.revealer, nest, owner))
    if owner < 0:
        state.finish(PHANTOM, -1)
    elif state.n != 2 or all(state.complete[k] for k in range(4) if state.owner(k) == owner):
        state.finish(WIN, owner)
    else:
        state.chair_phase()


def turn_over(state: Revealing, mouse: int) -> None:
    """Turn over one mouse of the nest being revealed, and do what its colour says."""
    nest = state.reveal
    colour = state.colours[mouse]
    right = colour in right_colours(state, nest)
    state.revealed = _put(state.revealed, mouse, True)
    events: list[tuple[Any, ...]] = [("turned", state.revealer, mouse, colour, right)]
    state._events = tuple(events)
    if not right:
        _eject(state, mouse, colour)
        return
    _settle(state, nest)


def _eject(state: Revealing, mouse: int, colour: int) -> None:
    """Send a wrong mouse to its colour's owner, whose nest may now be full."""
    slot = state.cards.index(colour)
    owner = state.owner(slot)
    if state.n == 2:
        # ruling: to the owner's fuller incomplete nest (the lower slot on a tie)
        mine = [k for k in range(4) if state.owner(k) == owner and not state.complete[k]]
        target = max(mine, key=lambda k: (len(state.nest_mice(k)), -k))
    else:
        target = slot
    taken = set(state.mice)
    square = next(sq for sq in NESTS[target] if sq not in taken)
    state.mice = _put(state.mice, mouse, square)
    state._events = (*state._events, ("ejected", state.revealer, mouse, target, square))
    if len(state.nest_mice(target)) == 4:
        start_reveal(state, target)
    else:
        state.chair_phase()


__all__ = ["Revealing", "right_colours", "start_reveal", "turn_over"]
