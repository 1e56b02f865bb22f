"""Aus die Maus! piles: which piles and won queues play can make (rulebook "Game Play").

A pile grows in two stretches. Outside a chase a card a player turns is a cheese or a cat,
because a mouse starts a chase at once (rulebook "Mouse"); only the undealt card that starts
the game's first pile may be a mouse there (ruling: it is inert). From the first mouse a player
turns, the pile is a chain: each mouse is followed by fewer cheese than its paws, then by the
next mouse (rulebook "Another mouse"). A cat after a chased mouse wins the pile ("Catch with a
cat"), and so do as many cheese as its paws ("Only cheese"): either way the pile leaves the
table and goes, whole and in order, under the winner's stack (ruling).

`state_from_json` uses these checks to refuse tables play cannot reach; each refusal names the
card (`pile[3]`) or the queue (`won[1]`) and the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...engine import InvalidStateError
from .cards import CARD_NAMES, CAT, MOUSE1

Chased = tuple[int, int, int]
"""(paws, cheese turned since, index on the pile) of the mouse being chased."""

ANY_PILE: Final = "any"
"""`check_pile`'s `expect` for a finished game: any pile play can leave on the table."""

_START, _BASE = (0, 0), (0, 1)
"""Won-queue reading states: at a pile's start (a pile just ended), or in a pile before any
mouse a player turned. (paws, cheese) with paws >= 1 is a chain whose mouse has `paws` paws."""


def _read(pile: Sequence[int], where: str, inert_first: bool) -> Chased | None:
    """Return the mouse being chased at the pile's end (None: no chase runs); raise
    InvalidStateError at the first card that would have won the pile."""
    chased: Chased | None = None
    for i in range(1 if inert_first else 0, len(pile)):
        card = pile[i]
        if card >= MOUSE1:
            chased = (card - 1, 0, i)  # rulebook: a mouse starts a chase or passes it on
        elif chased is not None:
            paws, cheese, at = chased
            mouse = f"the {CARD_NAMES[pile[at]]} at {where}[{at}]"
            if card == CAT:
                raise InvalidStateError(
                    f"{where}[{i}]",
                    f"this cat catches {mouse}, so the pile would have gone to the catcher "
                    "(rulebook: catch with a cat)",
                )
            if cheese + 1 == paws:
                raise InvalidStateError(
                    f"{where}[{i}]",
                    f"{mouse} has {paws} paw{'s' if paws > 1 else ''} and this is cheese "
                    f"number {paws} after it: the mouse escaped and its owner would have won "
                    "the pile (rulebook: only cheese)",
                )
            chased = (paws, cheese + 1, at)
    return chased


def check_pile(
    pile: Sequence[int],
    expect: tuple[int, int] | str | None,
    opening: str | None,
    where: str = "pile",
) -> None:
    """Check that play can leave `pile` on the table; raise InvalidStateError naming the card.

    `expect`: None when no chase runs (phase "turn"), (paws, cheese turned) for the chase that
    runs, or ANY_PILE. `opening`: None when the pile may still start with the inert undealt
    card, else why it cannot (the undealt card went with the first pile won).
    """
    if expect is None:
        for i, card in enumerate(pile):
            if card >= MOUSE1 and (i or opening is not None):
                why = (
                    "a mouse a player turns over starts a chase at once (rulebook: mouse), so "
                    "outside a chase only the undealt first card may be a mouse"
                )
                raise InvalidStateError(
                    f"{where}[{i}]",
                    why + (f", and it left with the first pile won: {opening}" if i == 0 else ""),
                )
        return
    readings = (True, False) if opening is None and pile and pile[0] >= MOUSE1 else (False,)
    problems: list[InvalidStateError] = []
    for inert_first in readings:
        try:
            chased = _read(pile, where, inert_first)
        except InvalidStateError as error:
            problems.append(error)
            continue
        if expect == ANY_PILE or (chased is not None and expect == chased[:2]):
            return
        problems.append(InvalidStateError(where, "the chased mouse is the inert undealt card"))
    raise problems[0]


def _step(state: tuple[int, int], card: int) -> tuple[tuple[int, int], int]:
    """Return the won-queue reading state after `card` and whether it ended a pile by a catch."""
    if card >= MOUSE1:
        return (card - 1, 0), 0
    paws, cheese = state
    if state in (_START, _BASE):
        return _BASE, 0
    if card == CAT:
        return _START, 1  # rulebook: the catcher wins the pile and a chip
    if cheese + 1 == paws:
        return _START, 0  # rulebook: only cheese: the mouse's owner wins the pile, no chip
    return (paws, cheese + 1), 0


def _catches(queue: Sequence[int], whole: bool) -> set[int] | None:
    """Return the numbers of piles won by a catch that `queue` can hold, or None when it is
    no tail of won piles (`whole`: the queue must be whole piles from its first card)."""
    if whole:
        reach: dict[tuple[int, int], set[int]] = {_START: {0}}
    else:  # the queue's front is what is left of a pile after its first cards were turned
        states = [_START, _BASE, *((p, c) for p in (1, 2, 3) for c in range(p))]
        reach = {state: {0} for state in states}
    for i, card in enumerate(queue):
        after: dict[tuple[int, int], set[int]] = {}
        for state, counts in reach.items():
            nxt, caught = _step(state, card)
            after.setdefault(nxt, set()).update(c + caught for c in counts)
        if i == 0:  # the inert undealt card, if this is the game's first pile
            after.setdefault(_BASE, set()).add(0)
        reach = after
    return reach.get(_START)


def check_won(queue: Sequence[int], seat: int, chips: int, unseen: int) -> None:
    """Check that seat `seat`'s won queue is the tail of the piles it won, and that its
    catches agree with its chips; raise InvalidStateError naming `won[seat]`."""
    where = f"won[{seat}]"
    whole = unseen > 0  # won cards lie under the unseen ones: none of them was turned yet
    catches = _catches(queue, whole)
    if catches is None:
        raise InvalidStateError(
            where,
            "won cards lie in whole piles in the order they were won"
            + (", and with unseen cards left none was turned yet" if whole else "")
            + ", but these do not end a pile: a pile ends with a cat catching the chased "
            "mouse or with as many cheese as the chased mouse's paws",
        )
    if whole and chips not in catches:
        raise InvalidStateError(
            where,
            f"seat {seat} has {chips} chip{'s' if chips != 1 else ''} but these piles hold "
            f"{' or '.join(map(str, sorted(catches)))} caught with a cat: a seat with unseen "
            "cards left holds every pile it won, and each catch gave a chip",
        )
    if not whole and min(catches) > chips:
        raise InvalidStateError(
            where,
            f"these piles hold {min(catches)} caught with a cat, but seat {seat} has only "
            f"{chips} chip{'s' if chips != 1 else ''}: each catch gave a chip",
        )


__all__ = ["ANY_PILE", "check_pile", "check_won"]
