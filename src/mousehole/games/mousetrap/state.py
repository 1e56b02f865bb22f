"""Mouse Trap states: the position and the rules that change it (the phases and the field
layout are in phases.py, cheese changing hands in cheese.py). Pure: no I/O, no randomness
(chance is explicit), and no formats: the codec, observer and words (codec.py, observer.py,
words.py) import this module, never the reverse, and a state asks its game for them through
engine/formats.py's FormattedState.

Every rule cites its source as docs/games/mousetrap.md tells it: the game's specification
("spec") or one of Mousehole's rulings ("ruling"; that page's Digital adaptations).
States are immutable: `apply` builds a child that shares the unchanged tuples, so bots and the
simulator can branch cheaply (architecture habit 4: no deep copies, no JSON in the hot path).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, Final, cast

from ...engine import (
    CHANCE,
    TERMINAL,
    Action,
    IllegalActionError,
)
from ...engine.formats import FormattedGame, FormattedState
from . import actions as A
from .board import (
    CHEESE_WHEEL,
    COMPONENT_COUNT,
    LOOP_START,
    MAX_SEATS,
    SAFE,
    SPACES,
    Kind,
    advance,
)
from .cheese import collect, split_actions, take_from
from .phases import (
    CAPTURED,
    CHEESE,
    COMPONENTS,
    CRANK,
    CRANK_OK_BELOW,
    CRANK_OUTCOMES,
    CURRENT,
    DECISION_PHASES,
    DIE_OUTCOMES,
    DIE_SUMS,
    MOVE,
    NO_ACTIONS,
    OVER,
    PENDING,
    POS,
    PUSH,
    ROLL,
    ROLL_ONLY,
    SPLIT,
    START,
    SUPPLY,
    TRAP,
    TURN,
    WINNER,
    Events,
)

_ROLL: Final = A.ROLL

# Space effects as (kind, value) with kinds as module constants: Enum attribute lookups in the
# hot path cost more than the rest of a move.
_BUILD, _TAKE, _TAKE_RICHEST, _LOSE, _GO_TO, _TURN_CRANK = (
    Kind.BUILD,
    Kind.TAKE,
    Kind.TAKE_RICHEST,
    Kind.LOSE,
    Kind.GO_TO,
    Kind.TURN_CRANK,
)
_EFFECTS: Final = tuple(
    (Kind.TAKE if sp.kind is Kind.CHEESE_WHEEL else sp.kind, sp.value) for sp in SPACES
)


class MouseTrapState(FormattedState):
    """A Mouse Trap position. Seats are 0-based; per-seat tuples are indexed by seat."""

    __slots__ = ("_phase", "_v", "n")

    def __init__(
        self,
        game: FormattedGame[MouseTrapState, Any],
        n: int,
        pos: Sequence[int],
        cheese: Sequence[int],
        captured: Sequence[bool],
        supply: int,
        components: int,
        current: int,
        phase: str,
        pending: tuple[Any, ...] | int | None = None,
        winner: int | None = None,
        turn: int = 0,
    ):
        pad = [0] * (MAX_SEATS - n)
        self._game = game
        self.n = n
        self._v: list[Any] = [
            *pos, *pad, *cheese, *pad, *captured, *[False] * (MAX_SEATS - n),
            supply, components, current, pending, winner, turn,
        ]  # fmt: skip
        self._phase = phase
        self._events: Events = ()

    # -- read-only fields -----------------------------------------------------------------

    @property
    def pos(self) -> tuple[int, ...]:
        """Return each seat's space index (0..49)."""
        return tuple(self._v[POS : POS + self.n])

    @property
    def cheese(self) -> tuple[int, ...]:
        """Return each seat's cheese."""
        return tuple(self._v[CHEESE : CHEESE + self.n])

    @property
    def captured(self) -> tuple[bool, ...]:
        """Return whether each seat's mouse is captured."""
        return tuple(self._v[CAPTURED : CAPTURED + self.n])

    @property
    def supply(self) -> int:
        """Return the cheese left in the supply."""
        return int(self._v[SUPPLY])

    @property
    def components(self) -> int:
        """Return how many of the 23 components are installed."""
        return int(self._v[COMPONENTS])

    @property
    def current(self) -> int:
        """Return the seat whose turn it is."""
        return int(self._v[CURRENT])

    @property
    def phase(self) -> str:
        """Return the phase: one of PHASES."""
        return self._phase

    @property
    def pending(self) -> Any:
        """Return SPLIT: (tied seats, amount); PUSH: the target seat; otherwise None."""
        return self._v[PENDING]

    @property
    def winner(self) -> int | None:
        """Return the winning seat, or None while the game runs."""
        return self._v[WINNER]  # type: ignore[no-any-return]

    @property
    def turn(self) -> int:
        """Return how many turns have ended."""
        return int(self._v[TURN])

    # -- the contract ---------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self._phase
        if phase in DECISION_PHASES:
            return self._v[CURRENT]  # type: ignore[no-any-return]
        if phase is OVER:
            return TERMINAL
        return CHANCE

    def legal_actions(self) -> Sequence[A.MouseTrapAction]:
        phase = self._phase
        if phase is ROLL:
            return ROLL_ONLY
        if phase is TRAP:
            return self._trap_actions()
        if phase is SPLIT:
            return split_actions(*self._v[PENDING])
        return NO_ACTIONS

    def chance_outcomes(self) -> Sequence[tuple[A.MouseTrapAction, float]]:
        phase = self._phase
        if phase is MOVE or phase is PUSH:
            return DIE_OUTCOMES
        if phase is CRANK:
            return CRANK_OUTCOMES
        if phase is START:
            return tuple((A.START_SEATS[s], 1 / self.n) for s in range(self.n))
        return ()

    def sample_action(self, u: float) -> A.MouseTrapAction:
        # The contract's answer without its three calls: the same die and crank sums as
        # sample_outcome, the same uniform index into the same legal list.
        phase = self._phase
        if not 0.0 <= u < 1.0:
            raise ValueError(f"u: expected a number in [0, 1), got {u!r}")
        if phase is ROLL:
            return _ROLL
        if phase is MOVE or phase is PUSH:
            return _DICE[bisect_right(DIE_SUMS, u)]
        if phase is TRAP:
            actions = self._trap_actions()
            return actions[int(u * len(actions))]
        if phase is CRANK:
            return A.CRANK_OK if u < CRANK_OK_BELOW else A.CRANK_FAIL
        return cast(A.MouseTrapAction, super().sample_action(u))  # start and split: rare

    def winners(self) -> list[int]:
        winner = self._v[WINNER]
        return [] if winner is None else [winner]

    def key(self) -> tuple[Any, ...]:
        """Return a hashable tuple of everything that decides the future of this position."""
        return (self.n, self._phase, *self._v[:TURN])

    # -- applying actions -----------------------------------------------------------------

    def apply(self, action: Action) -> MouseTrapState:
        phase = self._phase
        if phase is ROLL:
            if action is not A.ROLL and action != A.ROLL:
                raise self._illegal(action, "the only action now is to roll")
            return self._shallow(MOVE)
        if phase is MOVE:
            if type(action) is _Action and action.kind is _DIE_KIND and 0 < action.value < 7:
                return self._ordinary_move(action.value)
            return self._ordinary_move(self._die(action))
        if phase is TRAP:
            return self._trap_action(action)
        if phase is PUSH:
            return self._paid_move(self._die(action))
        if phase is CRANK:
            return self._crank_result(action)
        if phase is SPLIT:
            return self._split(action)
        if phase is START:
            return self._start(action)
        raise self._illegal(action, "the game is over")

    def _child(self) -> MouseTrapState:
        """Return a copy to change: same position, own field list, nothing pending."""
        child = _new_state(MouseTrapState)
        child._game = self._game
        child.n = self.n
        child._v = v = self._v.copy()
        v[PENDING] = None
        child._phase = self._phase
        child._events = ()
        return child

    def _shallow(self, phase: str) -> MouseTrapState:
        """Return the same position in another phase, sharing the (never mutated) field list."""
        child = _new_state(MouseTrapState)
        child._game = self._game
        child.n = self.n
        child._v = self._v
        child._phase = phase
        child._events = ()
        return child

    def _illegal(self, action: Action, why: str) -> IllegalActionError:
        actor = self.current_player()
        who = "chance" if actor == CHANCE else f"seat {self.current}"
        text = action.to_text() if isinstance(action, Action) else repr(action)
        return IllegalActionError(f"{who} cannot {text}: {why}", seat=self.current, action=text)

    def _die(self, action: Action) -> int:
        if (
            type(action) is not A.MouseTrapAction
            or action.kind != A.DIE_KIND
            or not 1 <= action.value <= 6
        ):
            raise self._illegal(action, "a die roll (1..6) is due")
        return action.value

    def _start(self, action: Action) -> MouseTrapState:
        if (
            type(action) is not A.MouseTrapAction
            or action.kind != A.START_SEAT_KIND
            or not 0 <= action.value < self.n
        ):
            raise self._illegal(action, f"the starting seat (0..{self.n - 1}) is due")
        child = self._child()
        child._v[CURRENT] = action.value
        child._phase = ROLL
        child._events = (("start", action.value),)
        return child

    def _ordinary_move(self, die: int) -> MouseTrapState:
        child = _new_state(MouseTrapState)  # _child(), inlined: this runs on every turn
        child._game = self._game
        child.n = n = self.n
        child._v = v = self._v.copy()
        # Field offsets are literals here (POS 0, CHEESE 4, CAPTURED 8, SUPPLY 12,
        # COMPONENTS 13, CURRENT 14, TURN 17): this is the hottest path of every game.
        seat = v[14]
        start = v[seat]
        end = start + die
        if end > CHEESE_WHEEL:  # the loop is permanent: past 49 continues at 44
            end = advance(start, die)
        v[seat] = end
        moved = ("moved", seat, start, end, die, False)
        kind, value = _EFFECTS[end]
        phase = ROLL
        if kind is _BUILD:
            installed = v[13]
            if n > value or installed == COMPONENT_COUNT:
                events: Any = (
                    moved,
                    ("no_build", seat, "ineligible" if n > value else "complete"),
                )
            else:
                # spec: a loop build installs two components, or the one that remains
                count = 2 if end >= LOOP_START and installed < COMPONENT_COUNT - 1 else 1
                supply = v[12]
                paid = count if supply >= count else supply  # spec: rewards only from supply
                v[13] = installed + count
                v[12] = supply - paid
                v[4 + seat] += paid
                events = (moved, ("built", seat, installed + 1, count, paid))
        elif kind is _TAKE:
            supply = v[12]
            if supply >= value:  # the supply pays in full: the common case, kept inline
                v[12] = supply - value
                v[4 + seat] += value
                events = (moved, ("collected", seat, value, value))
            else:
                events = [moved]
                if collect(v, n, events, seat, value, True):
                    phase = SPLIT
        elif kind is _TAKE_RICHEST:
            events = [moved]
            if collect(v, n, events, seat, value, False):  # spec: even when supply remains
                phase = SPLIT
        elif kind is _LOSE:
            held = v[4 + seat]
            lost = value if held >= value else held
            v[4 + seat] = held - lost
            v[12] += lost
            events = (moved, ("lost", seat, lost))
        elif kind is _GO_TO:
            # ruling: redirects move the mouse and end the turn; the destination does nothing
            v[seat] = value
            events = (moved, ("redirected", seat, end, value))
        elif kind is _TURN_CRANK and v[13] == COMPONENT_COUNT:
            phase = TRAP  # ruling: only after landing here by an ordinary roll
            events = (moved, ("trap_phase", seat))
        else:
            events = (moved,)
        if phase is ROLL:  # _end_turn, inlined
            seat = (seat + 1) % n
            while v[8 + seat]:
                seat = (seat + 1) % n
            v[14] = seat
            v[17] += 1
        child._phase = phase
        child._events = events  # never mutated after this
        return child

    def _split(self, action: Action) -> MouseTrapState:
        tied, amount = self._v[PENDING]
        if action not in split_actions(tied, amount):
            raise self._illegal(
                action, f"split exactly {amount} cheese among the tied rivals {list(tied)}"
            )
        assert type(action) is A.MouseTrapAction  # narrowed by the membership test above
        child = self._child()
        events: list[tuple[Any, ...]] = []
        take_from(child._v, events, self.current, action.take)
        child._end_turn()
        child._events = tuple(events)
        return child

    def _opponents_on_wheel(self) -> list[int]:
        v, me = self._v, self._v[CURRENT]
        return [
            t for t in range(self.n)
            if t != me and not v[CAPTURED + t] and v[POS + t] == CHEESE_WHEEL
        ]  # fmt: skip

    def _trap_actions(self) -> tuple[A.MouseTrapAction, ...]:
        v = self._v
        me = v[CURRENT]
        found: list[A.MouseTrapAction] = []
        if v[CHEESE + me]:
            found = [
                A.SPENDS[t]
                for t in range(self.n)
                if t != me and not v[CAPTURED + t] and v[POS + t] != SAFE
            ]
        if self._opponents_on_wheel():
            found.append(A.CRANK)
        found.append(A.END)
        return tuple(found)

    def _trap_action(self, action: Action) -> MouseTrapState:
        me = self._v[CURRENT]
        if type(action) is _Action and action.kind is _SPEND_KIND:
            return self._spend(action)
        if action is A.END or action == A.END:
            child = self._child()
            child._events = (("trap_ended", me),)
            child._end_turn()
            return child
        if action is A.CRANK or action == A.CRANK:
            if not self._opponents_on_wheel():
                raise self._illegal(action, "no opponent is on Cheese Wheel")
            child = self._shallow(CRANK)
            child._events = (("cranked", me),)
            return child
        if type(action) is A.MouseTrapAction and action.kind == A.SPEND_KIND:
            return self._spend(action)
        raise self._illegal(action, "in the trap phase: spend cheese on a rival, crank or end")

    def _spend(self, action: A.MouseTrapAction) -> MouseTrapState:
        v = self._v
        me, target = v[CURRENT], action.value
        if v[CHEESE + me] < 1:
            raise self._illegal(action, "it has no cheese to pay with")
        if target == me or not 0 <= target < self.n:
            raise self._illegal(action, "the target must be a rival's seat")
        if v[CAPTURED + target]:
            raise self._illegal(action, f"seat {target} is captured")
        if v[POS + target] == SAFE:
            raise self._illegal(action, f"seat {target} is on Safe")
        child = self._child()
        w = child._v
        w[CHEESE + me] -= 1
        w[SUPPLY] += 1  # spec: the paid cheese returns to the supply
        child._phase = PUSH
        w[PENDING] = target
        child._events = (("spent", me, target),)
        return child

    def _paid_move(self, die: int) -> MouseTrapState:
        target = self._v[PENDING]
        child = self._child()
        v = child._v
        start = v[POS + target]
        end = advance(start, die)
        v[POS + target] = end
        child._phase = TRAP  # ruling: a paid move changes position only
        child._events = (("moved", target, start, end, die, True),)
        return child

    def _crank_result(self, action: Action) -> MouseTrapState:
        if action is A.CRANK_OK or action is A.CRANK_FAIL:
            failed = action is A.CRANK_FAIL
        elif action == A.CRANK_OK or action == A.CRANK_FAIL:
            failed = action == A.CRANK_FAIL
        else:
            raise self._illegal(action, "the crank's result is due")
        child = self._child()
        v = child._v
        me = v[CURRENT]
        if failed:
            # spec: the cage sticks; nobody moves, nobody loses cheese
            child._events = (("cage_stuck", me),)
            child._end_turn()
            return child
        victims = tuple(self._opponents_on_wheel())
        won = 0
        for t in victims:
            won += v[CHEESE + t]
            v[CHEESE + t] = 0
            v[CAPTURED + t] = True
        v[CHEESE + me] += won
        child._events = (("captured", me, victims, won),)
        alive = [t for t in range(self.n) if not v[CAPTURED + t]]
        if len(alive) == 1:
            v[WINNER] = alive[0]
            child._phase = OVER
            child._events += (("won", alive[0]),)
        else:
            child._end_turn()  # ruling: a crank ends the turn, success or failure
        return child

    def _end_turn(self) -> None:
        v, n = self._v, self.n
        seat = (v[CURRENT] + 1) % n
        while v[CAPTURED + seat]:
            seat = (seat + 1) % n
        v[CURRENT] = seat
        self._phase = ROLL
        v[PENDING] = None
        v[TURN] += 1


_new_state = object.__new__
_Action = A.MouseTrapAction
_DIE_KIND = A.DIE_KIND
_SPEND_KIND = A.SPEND_KIND
_DICE = A.DICE


__all__ = ["MouseTrapState"]
