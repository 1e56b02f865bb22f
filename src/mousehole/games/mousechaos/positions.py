"""Which Mouse Chaos positions play can make: `state_from_json` refuses the rest, naming the
field at fault (a bad save never becomes a state that breaks the rules later)."""

from __future__ import annotations

from collections import Counter

from ...engine import InvalidStateError
from .board import FLOOR_SET, LYING, MOTHERS, NEST_OF, TABLE, node_text
from .deal import slot_owner
from .phases import CAP_ROUNDS, DEAL, DRAW, HOLDER, NUMBER, OVER, PICK, REVEAL, WIN
from .position import MouseChaosPosition


def _check_deal(state: MouseChaosPosition) -> None:
    dealt = [c >= 0 for c in (*state.colours, *state.cards)]
    k = sum(dealt)
    if dealt != [True] * k + [False] * (len(dealt) - k):
        raise InvalidStateError("colours", "the deal goes mouse by mouse, then card by card")
    mothers = [c for c in state.colours[:MOTHERS] if c >= 0]
    if len(set(mothers)) != len(mothers):
        raise InvalidStateError("colours", "the four mothers have four different colours")
    babies = Counter(c for c in state.colours[MOTHERS:] if c >= 0)
    if any(count > 3 for count in babies.values()):
        raise InvalidStateError("colours", "there are three babies of each colour")
    cards = [c for c in state.cards if c >= 0]
    if len(set(cards)) != len(cards):
        raise InvalidStateError("cards", "the four colour cards have four different colours")
    if state.phase is DEAL:
        if k == len(dealt):
            raise InvalidStateError("phase", "everything is dealt: the deal is over")
    elif k != len(dealt):
        raise InvalidStateError("phase", f"phase '{state.phase}' comes after the whole deal")
    if len(set(state.draws)) != len(state.draws):
        raise InvalidStateError("draws", "the holders' numbers differ: no two draws are equal")
    if state.phase is DRAW and (len(state.draws) == state.n or state.turn):
        raise InvalidStateError("draws", "the draw is over once every seat has drawn")
    if state.phase in (DEAL, DRAW) and state.turn:
        raise InvalidStateError("turn", "no turn begins before the deal and the draw")
    if state.phase not in (DEAL, DRAW) and not state.turn:
        raise InvalidStateError("turn", "the first turn is turn 1")
    if state.turn > CAP_ROUNDS * state.n:
        raise InvalidStateError("turn", f"the game ends after {CAP_ROUNDS} rounds")


def _check_pieces(state: MouseChaosPosition) -> None:
    chairs = dict(state.chairs)
    if len(chairs) != len(state.chairs):
        raise InvalidStateError("chairs", "two chairs on one square")
    for i, (sq, _) in enumerate(state.chairs):
        if sq not in FLOOR_SET:
            raise InvalidStateError(f"chairs[{i}].at", f"{node_text(sq)} is not a floor square")
    floor_cats = set()
    for i, at in enumerate(state.cats):
        if at != TABLE:
            if at not in FLOOR_SET or at in floor_cats or chairs.get(at) == LYING:
                raise InvalidStateError(f"cats[{i}]", f"a cat cannot be on {node_text(at)}")
            floor_cats.add(at)
    shown = [v for v in state.numbers if v]
    if len(set(shown)) != len(shown):
        h = next(i for i, v in enumerate(state.numbers) if v and state.numbers.count(v) > 1)
        why = "the six holders are numbered 1 to 6, all different"
        raise InvalidStateError(f"holders[{h}].number", f"{why}: {state.numbers[h]} is shown twice")
    holders = set()
    for i, at in enumerate(state.holders):
        if at != TABLE and not state.numbers[i]:
            # rulebook: a holder leaves the table only by being picked, and a picked
            # holder's number is shown (ruling: public once picked)
            raise InvalidStateError(
                f"holders[{i}].number",
                "a holder on the floor was picked, so its number was shown",
            )
        if at != TABLE:
            if at not in FLOOR_SET or at in holders or at in chairs or at in floor_cats:
                raise InvalidStateError(
                    f"holders[{i}].at", f"a holder cannot be on {node_text(at)}"
                )
            holders.add(at)
    mice: set[int] = set()
    for m, at in enumerate(state.mice):
        if at == TABLE:
            if state.revealed[m]:
                raise InvalidStateError(f"mice[{m}].at", "a revealed mouse stays in its nest")
            continue
        if at in mice or (at not in FLOOR_SET and NEST_OF[at] < 0):
            raise InvalidStateError(f"mice[{m}].at", f"mouse {m} cannot be on {node_text(at)}")
        if chairs.get(at) == LYING or (at in floor_cats and at not in chairs):
            raise InvalidStateError(f"mice[{m}].at", f"{node_text(at)} is taken")
        if state.revealed[m] and NEST_OF[at] < 0:
            raise InvalidStateError(f"mice[{m}].revealed", "a revealed mouse stays in its nest")
        if state.revealed[m] and state.colours[m] not in nest_colours(state, NEST_OF[at]):
            # rulebook: the first wrong colour goes to its colour's owner, so a face-up
            # mouse lies in a nest of its own colour
            raise InvalidStateError(
                f"mice[{m}].revealed",
                f"a face-up mouse in nest {NEST_OF[at]} is of its owner's colour"
                " (a wrong one is sent to its own nest)",
            )
        mice.add(at)
    for seat, known in enumerate(state.knows):
        for m in range(MOTHERS):
            if known[m] >= 0:
                # ruling: mothers start in nests and holders never enter nests
                raise InvalidStateError(
                    f"peeks[{seat}]", f"mouse {m} is a mother: holders never reach one to peek"
                )


def nest_colours(state: MouseChaosPosition, nest: int) -> set[int]:
    """Return the colours of the cards of `nest`'s owner (its own colours)."""
    owner = slot_owner(state.n, nest)
    return {state.cards[k] for k in range(4) if slot_owner(state.n, k) == owner}


def _check_turn(state: MouseChaosPosition) -> None:
    phase = state.phase
    picked = state.picked
    if phase in (DEAL, DRAW, PICK, OVER):
        if phase is not OVER and (picked >= 0 or state.steps):
            raise InvalidStateError("picked", f"no holder is picked in phase '{phase}'")
    elif picked < 0:
        raise InvalidStateError("picked", f"phase '{phase}' needs the picked holder")
    elif phase is NUMBER and (state.numbers[picked] or state.steps):
        raise InvalidStateError("picked", "the picked holder's number is still to be drawn")
    elif phase is not NUMBER and state.steps != state.numbers[picked]:
        raise InvalidStateError("steps", "the steps are the picked holder's number")
    if phase is HOLDER and state.steps == 0:
        raise InvalidStateError("steps", "the holder moves its number of squares")
    for nest in range(4):
        inside = state.nest_mice(nest)
        if state.complete[nest] and not all(state.revealed[m] for m in inside):
            raise InvalidStateError(f"complete[{nest}]", "a complete nest has four revealed mice")
        if state.complete[nest] and (len(inside) != 4 or (state.n != 2 and phase is not OVER)):
            why = "only a two-seat game plays on with a full nest"
            raise InvalidStateError(f"complete[{nest}]", why)
        full = len(inside) == 4 and not state.complete[nest]
        if full and phase is not OVER and not (phase is REVEAL and state.reveal == nest):
            raise InvalidStateError("reveal", f"nest {nest} holds four mice: it is revealed")
    if phase is REVEAL:
        owner = slot_owner(state.n, state.reveal)
        if state.revealer != (owner if owner >= 0 else state.current):
            raise InvalidStateError("reveal.seat", "the nest's owner reveals it")
        if len(state.nest_mice(state.reveal)) != 4:
            raise InvalidStateError("reveal.nest", "only a nest of four mice is revealed")
    elif state.reveal >= 0:
        raise InvalidStateError("reveal", f"no nest is revealed in phase '{phase}'")
    if (phase is OVER) != (state.ending is not None):
        raise InvalidStateError("ending", "set exactly when the game is over")
    if state.ending == WIN and state.winner < 0:
        raise InvalidStateError("winners", "a won game names its winner")
    for seat, known in enumerate(state.knows):
        if any(turn > state.turn for turn in known):
            raise InvalidStateError(f"peeks[{seat}]", "a peek cannot come after this turn")


def check_position(state: MouseChaosPosition) -> None:
    """Raise InvalidStateError if play cannot reach `state` (as far as a position shows)."""
    _check_deal(state)
    _check_pieces(state)
    _check_turn(state)


__all__ = ["check_position"]
