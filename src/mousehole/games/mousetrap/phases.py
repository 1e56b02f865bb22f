"""The phases of a Mouse Trap turn, which are chance's and which a seat's, and chance's
outcomes in each (docs/games/mousetrap.md), plus the layout of a state's one flat field list.
"""

from __future__ import annotations

from typing import Any, Final

from ...engine import cumulative_probabilities
from . import actions as A

START: Final = "start"  # chance: the starting seat, when it is random
ROLL: Final = "roll"  # decision: the only action is to roll
MOVE: Final = "move"  # chance: the die of an ordinary move
SPLIT: Final = "split"  # decision: how to split a collection among tied richest rivals
TRAP: Final = "trap"  # decision: spend cheese on a rival, crank, or end
PUSH: Final = "push"  # chance: the die of a cheese-paid move
CRANK: Final = "crank"  # chance: 80% capture, 20% the cage sticks
OVER: Final = "over"
PHASES: Final = (START, ROLL, MOVE, SPLIT, TRAP, PUSH, CRANK, OVER)
CHANCE_PHASES: Final = frozenset((START, MOVE, PUSH, CRANK))
DECISION_PHASES: Final = frozenset((ROLL, SPLIT, TRAP))

CRANK_SUCCESS: Final = 0.8  # spec: "independent 20% chance of mechanical failure"
ROLL_ONLY: Final = (A.ROLL,)
DIE_OUTCOMES: Final = tuple((d, 1 / 6) for d in A.DICE)
CRANK_OUTCOMES: Final = ((A.CRANK_OK, CRANK_SUCCESS), (A.CRANK_FAIL, 1 - CRANK_SUCCESS))
NO_ACTIONS: Final[tuple[A.MouseTrapAction, ...]] = ()
DIE_SUMS: Final = cumulative_probabilities(DIE_OUTCOMES)
CRANK_OK_BELOW: Final = cumulative_probabilities(CRANK_OUTCOMES)[0]

# The state's fields live in one flat list so that a child costs one list copy (one allocation
# instead of an attribute and a tuple per field): positions, cheese and captured flags for up to
# four seats, then the scalars.
# Each offset is a literal Final: where mypyc compiles state.py, it writes them into its code.
POS: Final = 0
CHEESE: Final = 4
CAPTURED: Final = 8
SUPPLY: Final = 12
COMPONENTS: Final = 13
CURRENT: Final = 14
PENDING: Final = 15
WINNER: Final = 16
TURN: Final = 17

Events = tuple[tuple[Any, ...], ...]
"""Compact event tuples (type, seat, ...); `view.event_to_json` names their fields."""
