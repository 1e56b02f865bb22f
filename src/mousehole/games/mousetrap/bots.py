"""Mouse Trap computer players: easy, normal and hard.

They differ only in decisions (how to split a take among tied rivals, and the trap phase:
whom to push, whether to crank, when to stop), never in chance: dice and the crank are sampled by
the match runner for every seat alike. The only other decision, rolling, is forced.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ...bots import Expectimax, RandomBot
from ...engine import Action, Player, State
from . import actions as A
from .board import CHEESE_WHEEL, advance
from .phases import TRAP
from .state import MouseTrapState

CHEESE_WEIGHT: Final = 0.08
"""Strength of one cheese relative to a free mouse in `evaluate`: cheese buys pushes later."""


def can_reach_wheel(position: int) -> bool:
    """Return True when one die roll from `position` can end on Cheese Wheel."""
    return position != CHEESE_WHEEL and any(
        advance(position, d) == CHEESE_WHEEL for d in range(1, 7)
    )


def evaluate(state: State, seat: int) -> float:
    """Return a heuristic chance that `seat` wins: its share of the free mice's strength.

    A free mouse's strength is 1 plus CHEESE_WEIGHT per cheese; a captured mouse has none.
    Capturing a rival removes its strength and adds its cheese to the captor's.
    """
    assert isinstance(state, MouseTrapState)  # the evaluator is only plugged into Mouse Trap
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    captured, cheese = state.captured, state.cheese
    if captured[seat]:
        return 0.0
    total = 0.0
    for s in range(state.n):
        if not captured[s]:
            total += 1.0 + CHEESE_WEIGHT * cheese[s]
    return (1.0 + CHEESE_WEIGHT * cheese[seat]) / total


def _state_key(state: State) -> tuple[object, ...]:
    assert isinstance(state, MouseTrapState)
    return state.key()


class EasyBot:
    """Easy: picks at random among the legal choices (it may well end without cranking)."""

    level: Final = "easy"

    def __init__(self, seed: int | None = None):
        self._random = RandomBot(seed)

    def choose(self, state: State) -> Action:
        """Return a random legal action."""
        return self._random.choose(state)


class NormalBot:
    """Normal: cranks whenever a rival is on the Wheel; otherwise tries one push per trap
    phase on a rival that could land there; takes evenly from tied rivals."""

    level: Final = "normal"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """Return this level's choice."""
        assert isinstance(state, MouseTrapState)  # a Mouse Trap player plays Mouse Trap
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.phase != TRAP:
            # the split: spread the take as evenly as the options allow
            return min(actions, key=lambda a: max((n for _, n in a.take), default=0))
        if A.CRANK in actions:
            return A.CRANK
        # the state right after a paid move carries its "moved ... paid" event
        already_pushed = any(e[0] == "moved" and e[5] for e in state.raw_events)
        if not already_pushed:
            pos = state.pos
            targets = [
                a for a in actions if a.kind == A.SPEND_KIND and can_reach_wheel(pos[a.value])
            ]
            if targets:
                return self._rng.choice(targets)
        return A.END


class HardBot:
    """Hard: exact expectimax over its own trap phase (every push die and the 80/20 crank),
    scoring the end of the turn with `evaluate`: it pushes rivals towards the Wheel while the
    expected gain beats the cheese spent, then cranks; it splits to weaken the strongest."""

    level: Final = "hard"

    def __init__(self, seed: int | None = None, *, max_depth: int = 3, node_budget: int = 4_000):
        self._search = Expectimax(
            evaluate, max_depth=max_depth, node_budget=node_budget, key=_state_key
        )
        del seed  # deterministic: the same position always gets the same choice

    @property
    def nodes(self) -> int:
        """Return the nodes the last decision expanded."""
        return self._search.nodes

    def choose(self, state: State) -> Action:
        """Return the action of highest expected value for the rest of this turn."""
        assert isinstance(state, MouseTrapState)  # a Mouse Trap player plays Mouse Trap
        actions = state.legal_actions()
        if A.CRANK in actions and not any(a.kind == A.SPEND_KIND for a in actions):
            # Without a paid move left, cranking dominates ending: a failure changes nothing
            # and both end the turn. No search needed.
            return A.CRANK
        return self._search.choose(state)


BOTS: Final[dict[str, Callable[[int | None], Player]]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}
"""The levels, weakest first: `BOTS[level](seed)` makes a player."""

__all__ = ["BOTS", "EasyBot", "HardBot", "NormalBot", "evaluate"]
