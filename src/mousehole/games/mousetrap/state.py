"""Mouse Trap states: the position, its constants and the rules that change it. Pure: no I/O,
no randomness (chance is explicit), and no formats: the JSON codec, events and text (view.py)
import this module, never the reverse, and a state asks its game (rules.py) for them.

Every rule cites its source as docs/games/mousetrap.md tells it: the game's specification
("spec") or one of Mousehole's rulings ("ruling"; that page's Digital adaptations).
States are immutable: `apply` builds a child that shares the unchanged tuples, so bots and the
simulator can branch cheaply (architecture habit 4: no deep copies, no JSON in the hot path).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Final, cast

from ...engine import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    IllegalActionError,
    State,
    cumulative_probabilities,
)
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

if TYPE_CHECKING:
    from .rules import MouseTrapGame

START: Final = "start"  # chance: the starting seat, when it is random
ROLL: Final = "roll"  # decision: the only action is to roll
MOVE: Final = "move"  # chance: the die of an ordinary move
SPLIT: Final = "split"  # decision: how to split a collection among tied richest rivals
TRAP: Final = "trap"  # decision: spend cheese on a rival, crank, or end
PUSH: Final = "push"  # chance: the die of a cheese-paid move
CRANK: Final = "crank"  # chance: 80% capture, 20% the cage sticks
OVER: Final = "over"
PHASES: Final = (START, ROLL, MOVE, SPLIT, TRAP, PUSH, CRANK, OVER)
_CHANCE_PHASES: Final = frozenset((START, MOVE, PUSH, CRANK))
_DECISION_PHASES: Final = frozenset((ROLL, SPLIT, TRAP))

CRANK_SUCCESS: Final = 0.8  # spec: "independent 20% chance of mechanical failure"
_ROLL: Final = A.ROLL
_ROLL_ONLY: Final = (A.ROLL,)
_DIE_OUTCOMES: Final = tuple((d, 1 / 6) for d in A.DICE)
_CRANK_OUTCOMES: Final = ((A.CRANK_OK, CRANK_SUCCESS), (A.CRANK_FAIL, 1 - CRANK_SUCCESS))
_NO_ACTIONS: Final[tuple[A.MouseTrapAction, ...]] = ()
_DIE_SUMS: Final = cumulative_probabilities(_DIE_OUTCOMES)
_CRANK_OK_BELOW: Final = cumulative_probabilities(_CRANK_OUTCOMES)[0]

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

Events = tuple[tuple[Any, ...], ...]
"""Compact event tuples (type, seat, ...); `view.event_to_json` names their fields."""


@cache
def split_actions(tied: tuple[int, ...], amount: int) -> tuple[A.MouseTrapAction, ...]:
    """Return every way to take `amount` from the tied rivals (ruling: offer every split)."""

    def parts(k: int, total: int) -> list[tuple[int, ...]]:
        if k == 1:
            return [(total,)]
        return [(n, *rest) for n in range(total, -1, -1) for rest in parts(k - 1, total - n)]

    return tuple(A.split(dict(zip(tied, p, strict=True))) for p in parts(len(tied), amount))


# The state's fields live in one flat list so that a child costs one list copy: positions,
# cheese and captured flags for up to four seats, then the scalars (measured: attribute-per-field
# states with tuples ran Mouse Trap at ~700 random games/s; this layout is what passes 1,000).
_POS, _CHEESE, _CAPTURED = 0, 4, 8
_SUPPLY, _COMPONENTS, _CURRENT, _PENDING, _WINNER, _TURN = range(12, 18)


class MouseTrapState(State):
    """A Mouse Trap position. Seats are 0-based; per-seat tuples are indexed by seat."""

    __slots__ = ("_events", "_game", "_phase", "_v", "n")

    def __init__(
        self,
        game: MouseTrapGame,
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
        return tuple(self._v[_POS : _POS + self.n])

    @property
    def cheese(self) -> tuple[int, ...]:
        """Return each seat's cheese."""
        return tuple(self._v[_CHEESE : _CHEESE + self.n])

    @property
    def captured(self) -> tuple[bool, ...]:
        """Return whether each seat's mouse is captured."""
        return tuple(self._v[_CAPTURED : _CAPTURED + self.n])

    @property
    def supply(self) -> int:
        """Return the cheese left in the supply."""
        return int(self._v[_SUPPLY])

    @property
    def components(self) -> int:
        """Return how many of the 23 components are installed."""
        return int(self._v[_COMPONENTS])

    @property
    def current(self) -> int:
        """Return the seat whose turn it is."""
        return int(self._v[_CURRENT])

    @property
    def phase(self) -> str:
        """Return the phase: one of PHASES."""
        return self._phase

    @property
    def pending(self) -> Any:
        """Return SPLIT: (tied seats, amount); PUSH: the target seat; otherwise None."""
        return self._v[_PENDING]

    @property
    def winner(self) -> int | None:
        """Return the winning seat, or None while the game runs."""
        return self._v[_WINNER]  # type: ignore[no-any-return]

    @property
    def turn(self) -> int:
        """Return how many turns have ended."""
        return int(self._v[_TURN])

    # -- the contract ---------------------------------------------------------------------

    @property
    def game(self) -> MouseTrapGame:
        return self._game

    @property
    def events(self) -> list[JSON]:
        return self._game.events_json(self._events)

    @property
    def raw_events(self) -> Events:
        """Return the last apply's events as compact tuples (cheap: for simulators)."""
        return self._events

    def current_player(self) -> int:
        phase = self._phase
        if phase in _DECISION_PHASES:
            return self._v[_CURRENT]  # type: ignore[no-any-return]
        if phase is OVER:
            return TERMINAL
        return CHANCE

    def legal_actions(self) -> Sequence[A.MouseTrapAction]:
        phase = self._phase
        if phase is ROLL:
            return _ROLL_ONLY
        if phase is TRAP:
            return self._trap_actions()
        if phase is SPLIT:
            return split_actions(*self._v[_PENDING])
        return _NO_ACTIONS

    def chance_outcomes(self) -> Sequence[tuple[A.MouseTrapAction, float]]:
        phase = self._phase
        if phase is MOVE or phase is PUSH:
            return _DIE_OUTCOMES
        if phase is CRANK:
            return _CRANK_OUTCOMES
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
            return _DICE[bisect_right(_DIE_SUMS, u)]
        if phase is TRAP:
            actions = self._trap_actions()
            return actions[int(u * len(actions))]
        if phase is CRANK:
            return A.CRANK_OK if u < _CRANK_OK_BELOW else A.CRANK_FAIL
        return cast(A.MouseTrapAction, super().sample_action(u))  # start and split: rare

    def winners(self) -> list[int]:
        winner = self._v[_WINNER]
        return [] if winner is None else [winner]

    def to_json(self) -> JSON:
        return self._game.position_json(self)

    def observation(self, seat: int | None) -> JSON:
        # Mouse Trap has no secrets (ruling: cheese counts are public): every seat sees it all.
        data = self.to_json()
        data["viewer"] = seat
        return data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MouseTrapState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<MouseTrapState {self.to_json()!r}>"

    def key(self) -> tuple[Any, ...]:
        """Return a hashable tuple of everything that decides the future of this position."""
        return (self.n, self._phase, *self._v[:_TURN])

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
        v[_PENDING] = None
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
        child._v[_CURRENT] = action.value
        child._phase = ROLL
        child._events = (("start", action.value),)
        return child

    def _ordinary_move(self, die: int) -> MouseTrapState:
        child = _new_state(MouseTrapState)  # _child(), inlined: this runs on every turn
        child._game = self._game
        child.n = n = self.n
        child._v = v = self._v.copy()
        # Field offsets are literals here (_POS 0, _CHEESE 4, _CAPTURED 8, _SUPPLY 12,
        # _COMPONENTS 13, _CURRENT 14, _TURN 17): this is the hottest path of every game.
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
                child._phase = MOVE
                child._collect(events, seat, value, True)
                if child._phase is SPLIT:
                    phase = SPLIT
        elif kind is _TAKE_RICHEST:
            events = [moved]
            child._phase = MOVE
            child._collect(events, seat, value, False)  # spec: even when supply remains
            if child._phase is SPLIT:
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

    def _collect(
        self, events: list[tuple[Any, ...]], seat: int, amount: int, from_supply: bool
    ) -> None:
        """Take `amount`: from the supply first (unless Take 3), the shortfall from rivals."""
        v = self._v
        got = min(amount, v[_SUPPLY]) if from_supply else 0
        v[_SUPPLY] -= got
        v[_CHEESE + seat] += got
        shortfall = amount - got
        if from_supply:
            events.append(("collected", seat, got, amount))
            if shortfall:
                events.append(("shortfall", seat, shortfall))
        if not shortfall:
            return
        # ruling: the richest among the other free mice, measured once as collection begins
        richest, tied = 0, cast(tuple[int, ...], ())
        for t in range(self.n):
            if t != seat and not v[_CAPTURED + t]:
                held = v[_CHEESE + t]
                if held > richest:
                    richest, tied = held, (t,)
                elif held == richest and held:
                    tied += (t,)
        cap = shortfall if shortfall < richest else richest
        if not cap:
            events.append(("took", seat, ()))
            return
        if len(tied) == 1:
            self._take_from(events, seat, ((tied[0], cap),))
        else:
            self._phase = SPLIT  # ruling: the only decision is how to split among the tied
            v[_PENDING] = (tied, cap)
            events.append(("split_needed", seat, tied, cap))

    def _take_from(
        self, events: list[tuple[Any, ...]], seat: int, take: tuple[tuple[int, int], ...]
    ) -> None:
        v = self._v
        for rival, n in take:
            v[_CHEESE + rival] -= n
            v[_CHEESE + seat] += n
        events.append(("took", seat, take))

    def _split(self, action: Action) -> MouseTrapState:
        tied, amount = self._v[_PENDING]
        if action not in split_actions(tied, amount):
            raise self._illegal(
                action, f"split exactly {amount} cheese among the tied rivals {list(tied)}"
            )
        assert type(action) is A.MouseTrapAction  # narrowed by the membership test above
        child = self._child()
        events: list[tuple[Any, ...]] = []
        child._take_from(events, self.current, action.take)
        child._end_turn()
        child._events = tuple(events)
        return child

    def _opponents_on_wheel(self) -> list[int]:
        v, me = self._v, self._v[_CURRENT]
        return [
            t for t in range(self.n)
            if t != me and not v[_CAPTURED + t] and v[_POS + t] == CHEESE_WHEEL
        ]  # fmt: skip

    def _trap_actions(self) -> tuple[A.MouseTrapAction, ...]:
        v = self._v
        me = v[_CURRENT]
        found: list[A.MouseTrapAction] = []
        if v[_CHEESE + me]:
            found = [
                A.SPENDS[t]
                for t in range(self.n)
                if t != me and not v[_CAPTURED + t] and v[_POS + t] != SAFE
            ]
        if self._opponents_on_wheel():
            found.append(A.CRANK)
        found.append(A.END)
        return tuple(found)

    def _trap_action(self, action: Action) -> MouseTrapState:
        me = self._v[_CURRENT]
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
        me, target = v[_CURRENT], action.value
        if v[_CHEESE + me] < 1:
            raise self._illegal(action, "it has no cheese to pay with")
        if target == me or not 0 <= target < self.n:
            raise self._illegal(action, "the target must be a rival's seat")
        if v[_CAPTURED + target]:
            raise self._illegal(action, f"seat {target} is captured")
        if v[_POS + target] == SAFE:
            raise self._illegal(action, f"seat {target} is on Safe")
        child = self._child()
        w = child._v
        w[_CHEESE + me] -= 1
        w[_SUPPLY] += 1  # spec: the paid cheese returns to the supply
        child._phase = PUSH
        w[_PENDING] = target
        child._events = (("spent", me, target),)
        return child

    def _paid_move(self, die: int) -> MouseTrapState:
        target = self._v[_PENDING]
        child = self._child()
        v = child._v
        start = v[_POS + target]
        end = advance(start, die)
        v[_POS + target] = end
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
        me = v[_CURRENT]
        if failed:
            # spec: the cage sticks; nobody moves, nobody loses cheese
            child._events = (("cage_stuck", me),)
            child._end_turn()
            return child
        victims = tuple(self._opponents_on_wheel())
        won = 0
        for t in victims:
            won += v[_CHEESE + t]
            v[_CHEESE + t] = 0
            v[_CAPTURED + t] = True
        v[_CHEESE + me] += won
        child._events = (("captured", me, victims, won),)
        alive = [t for t in range(self.n) if not v[_CAPTURED + t]]
        if len(alive) == 1:
            v[_WINNER] = alive[0]
            child._phase = OVER
            child._events += (("won", alive[0]),)
        else:
            child._end_turn()  # ruling: a crank ends the turn, success or failure
        return child

    def _end_turn(self) -> None:
        v, n = self._v, self.n
        seat = (v[_CURRENT] + 1) % n
        while v[_CAPTURED + seat]:
            seat = (seat + 1) % n
        v[_CURRENT] = seat
        self._phase = ROLL
        v[_PENDING] = None
        v[_TURN] += 1


_new_state = object.__new__
_Action = A.MouseTrapAction
_DIE_KIND = A.DIE_KIND
_SPEND_KIND = A.SPEND_KIND
_DICE = A.DICE


__all__ = [
    "CRANK",
    "MOVE",
    "OVER",
    "PHASES",
    "PUSH",
    "ROLL",
    "SPLIT",
    "START",
    "TRAP",
    "Events",
    "MouseTrapState",
    "split_actions",
]
