"""Mouse Chaos as the platform sees it: the one place that registers the game (habit 13)."""

from __future__ import annotations

from typing import Any

from ...engine import InvalidStateError, State
from ..manifest import Conformance, GameManifest, Page
from . import encoding, sampler
from .board import FLOOR_SET, MICE, NEST_OF, TABLE
from .bots import BOTS
from .game import MouseChaosGame
from .phases import OVER, PHANTOM
from .positions import check_position
from .state import MouseChaosState

SECRET_KEYS = frozenset({"colours", "cards", "peeks"})
"""The omniscient position's fields: every mouse's colour, every card, every seat's peeks."""


def invariants(before: State | None, state: State) -> list[str]:
    """Return what breaks Mouse Chaos's invariants: 16 mice always somewhere, no two pieces on
    one square unless the rules allow it (positions.py), nothing once known is forgotten, and
    each viewer sees exactly the colours it may know."""
    assert isinstance(state, MouseChaosState)
    problems = []
    try:
        check_position(state)
    except InvalidStateError as error:
        problems.append(str(error))
    if len(state.mice) != MICE or any(
        at != TABLE and at not in FLOOR_SET and NEST_OF[at] < 0 for at in state.mice
    ):
        problems.append("a mouse is nowhere")
    over = state.phase is OVER
    for viewer in [None, *range(state.n)]:
        seen = state.observation(viewer)
        for m, mouse in enumerate(seen["mice"]):
            may = over or state.revealed[m] or (viewer is not None and state.knows[viewer][m] >= 0)
            if (mouse["colour"] is not None) != (may and state.colours[m] >= 0):
                problems.append(f"viewer {viewer} and mouse {m}'s colour")
        for k, hand in enumerate(seen["hands"]):
            may = over or state.shown[k] or (viewer is not None and hand["owner"] == viewer)
            if (hand["colour"] is not None) != (may and state.cards[k] >= 0):
                problems.append(f"viewer {viewer} and card {k}")
    if before is not None:
        assert isinstance(before, MouseChaosState)
        if state.turn < before.turn:
            problems.append("the turn count went back")
        if any(b and not a for a, b in zip(state.revealed, before.revealed, strict=True)):
            problems.append("a revealed mouse was hidden again")
        if any(b and a != b for a, b in zip(state.numbers, before.numbers, strict=True)):
            problems.append("a holder's number changed")
        for seat in range(min(state.n, before.n)):
            pairs = zip(state.knows[seat], before.knows[seat], strict=True)
            if any(b >= 0 and a != b for a, b in pairs):
                problems.append(f"seat {seat} forgot a peek")
    return problems


def secrets(state: State) -> list[Any]:
    """The colours of all 16 mice and the four cards as lists (only `to_json` holds such
    lists: a view gives each mouse and card its own object). Once the game is over nothing
    is secret. What each seat may know differs per seat: tests/games/mousechaos/
    test_knowledge.py proves it on every observation and record view."""
    data = state.to_json()
    if data["phase"] == OVER:
        return []
    return [value for value in (data["colours"], data["cards"]) if any(value)]


def phantom_won(state: State) -> bool:
    """Return True once the phantom colour has won a three-seat game: then no seat won."""
    return isinstance(state, MouseChaosState) and state.ending == PHANTOM


MANIFEST = GameManifest(
    game=MouseChaosGame,
    blurb=(
        "Steer mice of hidden colours into your nest with cheese holders, cats and chairs, "
        "peeking under the holders to learn which are yours. Four of your colour in your "
        "nest wins."
    ),
    bots=BOTS,
    conformance=Conformance(invariants, secrets, SECRET_KEYS, phantom_won),
    page=Page("mousechaos"),  # web/ here: the kitchen drawn new (docs/games/mousechaos.md)
    seat_views=True,  # hidden colours: each seat knows its own card and its own peeks
    decision_ms=250.0,  # issue 17: hard searches over dealt colours, p99 under 250 ms
    encoding=encoding.ENCODING,
    expert=sampler.EXPERT,
)
