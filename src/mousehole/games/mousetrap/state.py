"""Mouse Trap states: the position and the rules that change it (the phases and the field
layout are in phases.py, cheese changing hands in cheese.py). Pure: no I/O, no randomness
(chance is explicit), and no formats: the codec, observer and words (codec.py, observer.py,
words.py) import this module, never the reverse, and a state asks its game for them through
engine/formats.py's FormattedState.

Every rule cites its source as docs/games/mousetrap.md tells it: the game's specification
("spec") or one of Mousehole's rulings ("ruling"; that page's Digital adaptations).
States are immutable: `apply` builds a child that shares the unchanged tuples, so bots and the
simulator can branch cheaply (architecture habit 4: no deep copies, no JSON in the hot path).

Where mypyc compiles this module (`make venv`; docs/testing.md, "The compiled build") the state
is a native class: its methods are C functions that the engine's driver calls without a Python
frame, and its fields are a C struct (engine/formats.py's `FormattedState`, its base, declares
no slots of its own, so a native class may derive from it). tests/games/mousetrap/
test_compiled.py plays random games on the compiled and the pure build in lock step.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from copy import deepcopy
from typing import Any, Final, cast

from ...engine import (
    CHANCE,
    TERMINAL,
    Action,
    IllegalActionError,
    State,
)
from ...engine.formats import FormattedGame, FormattedState
from . import actions as A
from .board import (
    CHEESE_WHEEL,
    COMPONENT_COUNT,
    LOOP_LENGTH,
    LOOP_START,
    MAX_SEATS,
    SAFE,
    SPACE_COUNT,
    SPACES,
    Kind,
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

# What the rules read in their hot paths, as this module's own Finals: where mypyc compiles it,
# such a Final is a C variable, where a name imported from another module (or an attribute of
# one) is a dictionary look-up at every use.
_Action: Final = A.MouseTrapAction
_ROLL: Final = A.ROLL
_CRANK: Final = A.CRANK
_END: Final = A.END
_CRANK_OK: Final = A.CRANK_OK
_CRANK_FAIL: Final = A.CRANK_FAIL
_DICE: Final = A.DICE
_SPENDS: Final = A.SPENDS
_SPEND_KIND: Final = A.SPEND_KIND
_ROLL_ONLY: Final = ROLL_ONLY
_NO_ACTIONS: Final = NO_ACTIONS
_DIE_OUTCOMES: Final = DIE_OUTCOMES
_CRANK_OUTCOMES: Final = CRANK_OUTCOMES
_DIE_SUMS: Final = DIE_SUMS
_CRANK_OK_BELOW: Final = CRANK_OK_BELOW
_CHANCE: Final = CHANCE
_TERMINAL: Final = TERMINAL
_COMPONENT_COUNT: Final = COMPONENT_COUNT
_CHEESE_WHEEL: Final = CHEESE_WHEEL
_LOOP_START: Final = LOOP_START
_LOOP_LENGTH: Final = LOOP_LENGTH
_SAFE: Final = SAFE

# Space effects as (kind, value) with kinds as module constants: Enum attribute lookups in the
# hot path cost more than the rest of a move.
_BUILD: Final = Kind.BUILD
_TAKE: Final = Kind.TAKE
_TAKE_RICHEST: Final = Kind.TAKE_RICHEST
_LOSE: Final = Kind.LOSE
_GO_TO: Final = Kind.GO_TO
_TURN_CRANK: Final = Kind.TURN_CRANK
_EFFECTS: Final = tuple(
    (Kind.TAKE if sp.kind is Kind.CHEESE_WHEEL else sp.kind, sp.value) for sp in SPACES
)


_PHASE_OBJECTS: Final = (START, ROLL, MOVE, SPLIT, TRAP, PUSH, CRANK, OVER)
"""Every phase, as the objects this module tests a state's phase against."""


def _restored(
    game: FormattedGame[MouseTrapState, Any], n: int, fields: list[Any], phase: int, events: Events
) -> MouseTrapState:
    """Return the state `MouseTrapState.__reduce__` pickled."""
    return MouseTrapState(game, n, fields, _PHASE_OBJECTS[phase], events)


class MouseTrapState(FormattedState):
    """A Mouse Trap position. Seats are 0-based; per-seat tuples are indexed by seat.

    Build one with `new_state`; `MouseTrapState(game, n, fields, phase, events)` takes the
    flat field list (phases.py) as it is."""

    # The pure build's slots; mypyc drops them and gives the native class a C struct of
    # these fields instead.
    __slots__ = ("_events", "_game", "_phase", "_v", "n")

    _game: FormattedGame[MouseTrapState, Any]
    _events: Events
    _phase: str
    _v: list[Any]
    n: int

    def __init__(
        self,
        game: FormattedGame[MouseTrapState, Any],
        n: int,
        fields: list[Any],
        phase: str,
        events: Events = (),
    ) -> None:
        self._game = game
        self.n = n
        self._v = fields
        self._phase = phase
        self._events = events

    # -- copies: the compiled build's class has no default way to make one --------------

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle a state as the constructor's arguments, its phase as its place in
        `_PHASE_OBJECTS` (the rules test a phase by identity, which pickling loses)."""
        phase = _PHASE_OBJECTS.index(self._phase)
        return (_restored, (self._game, self.n, self._v, phase, self._events))

    def __copy__(self) -> MouseTrapState:
        return MouseTrapState(self._game, self.n, list(self._v), self._phase, self._events)

    def __deepcopy__(self, memo: dict[int, Any]) -> MouseTrapState:
        """A copy with fields of its own that shares the game (rules and options, which no
        state changes), as OpenSpiel's `state.clone()` asks of a bridged state."""
        return MouseTrapState(
            self._game, self.n, deepcopy(self._v, memo), self._phase, self._events
        )

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
        if phase is ROLL or phase is TRAP or phase is SPLIT:
            current: int = self._v[CURRENT]
            return current
        if phase is OVER:
            return _TERMINAL
        return _CHANCE

    def legal_actions(self) -> Sequence[A.MouseTrapAction]:
        phase = self._phase
        if phase is ROLL:
            return _ROLL_ONLY
        if phase is TRAP:
            return self._trap_actions()
        if phase is SPLIT:
            return split_actions(*self._v[PENDING])
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
            return _CRANK_OK if u < _CRANK_OK_BELOW else _CRANK_FAIL
        return cast(A.MouseTrapAction, State.sample_action(self, u))  # start and split: rare

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
            if action is not _ROLL and action != _ROLL:
                raise self._illegal(action, "the only action now is to roll")
            return self._shallow(MOVE)
        if phase is MOVE:
            return self._ordinary_move(_interned_die(action) or self._die(action))
        if phase is TRAP:
            return self._trap_action(action)
        if phase is PUSH:
            return self._paid_move(_interned_die(action) or self._die(action))
        if phase is CRANK:
            return self._crank_result(action)
        if phase is SPLIT:
            return self._split(action)
        if phase is START:
            return self._start(action)
        raise self._illegal(action, "the game is over")

    def _child(self) -> MouseTrapState:
        """Return a copy to change: same position, own field list, nothing pending."""
        v = self._v.copy()
        v[PENDING] = None
        return MouseTrapState(self._game, self.n, v, self._phase)

    def _shallow(self, phase: str) -> MouseTrapState:
        """Return the same position in another phase, sharing the (never mutated) field list."""
        return MouseTrapState(self._game, self.n, self._v, phase)

    def _illegal(self, action: Action, why: str) -> IllegalActionError:
        actor = self.current_player()
        who = "chance" if actor == _CHANCE else f"seat {self.current}"
        text = action.to_text() if isinstance(action, Action) else repr(action)
        return IllegalActionError(f"{who} cannot {text}: {why}", seat=self.current, action=text)

    def _die(self, action: Action) -> int:
        if type(action) is not _Action or action.kind != A.DIE_KIND or not 1 <= action.value <= 6:
            raise self._illegal(action, "a die roll (1..6) is due")
        return action.value

    def _start(self, action: Action) -> MouseTrapState:
        if (
            type(action) is not _Action
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
        n = self.n
        v = self._v.copy()
        # Field offsets are literals here (POS 0, CHEESE 4, CAPTURED 8, SUPPLY 12,
        # COMPONENTS 13, CURRENT 14, TURN 17): this is the hottest path of every game.
        seat: int = v[14]
        start: int = v[seat]
        end = start + die
        if end > _CHEESE_WHEEL:  # the loop is permanent: past 49 continues at 44 (`advance`)
            end = _LOOP_START + (end - _LOOP_START) % _LOOP_LENGTH
        v[seat] = end
        kind, value = _EFFECTS[end]
        phase = ROLL
        # The move's events are shared tuples (`_move_events`, by `variant`) but for a build
        # and a collection short of cheese, which depend on more than the move (variant -1).
        variant = 0
        events: Events = ()
        if kind is _BUILD:
            installed: int = v[13]
            if n > value:
                variant = _INELIGIBLE
            elif installed == _COMPONENT_COUNT:
                variant = _COMPLETE
            else:
                # spec: a loop build installs two components, or the one that remains
                count = 2 if end >= _LOOP_START and installed < _COMPONENT_COUNT - 1 else 1
                supply: int = v[12]
                paid = count if supply >= count else supply  # spec: rewards only from supply
                v[13] = installed + count
                v[12] = supply - paid
                v[4 + seat] += paid
                moved = ("moved", seat, start, end, die, False)
                events = (moved, ("built", seat, installed + 1, count, paid))
                variant = -1
        elif kind is _TAKE:
            supply = v[12]
            if supply >= value:  # the supply pays in full: the common case, kept inline
                v[12] = supply - value
                v[4 + seat] += value
                variant = _COLLECTED
            else:
                collected = [("moved", seat, start, end, die, False)]
                if collect(v, n, collected, seat, value, True):
                    phase = SPLIT
                events = tuple(collected)
                variant = -1
        elif kind is _TAKE_RICHEST:
            collected = [("moved", seat, start, end, die, False)]
            if collect(v, n, collected, seat, value, False):  # spec: even when supply remains
                phase = SPLIT
            events = tuple(collected)
            variant = -1
        elif kind is _LOSE:
            held: int = v[4 + seat]
            lost = value if held >= value else held
            v[4 + seat] = held - lost
            v[12] += lost
            variant = _LOST + lost
        elif kind is _GO_TO:
            # ruling: redirects move the mouse and end the turn; the destination does nothing
            v[seat] = value
            variant = _REDIRECTED
        elif kind is _TURN_CRANK and v[13] == _COMPONENT_COUNT:
            phase = TRAP  # ruling: only after landing here by an ordinary roll
            variant = _TRAP_PHASE
        if variant >= 0:
            slot = ((seat * _SPACE_COUNT + start) * 6 + die - 1) * _VARIANTS + variant
            events = _MOVE_EVENTS[slot] or _move_events(slot, seat, start, end, die, value)
        if phase is ROLL:  # _end_turn, inlined
            seat = (seat + 1) % n
            while v[8 + seat]:
                seat = (seat + 1) % n
            v[14] = seat
            v[17] += 1
        return MouseTrapState(self._game, n, v, phase, events)

    def _split(self, action: Action) -> MouseTrapState:
        tied, amount = self._v[PENDING]
        if action not in split_actions(tied, amount):
            raise self._illegal(
                action, f"split exactly {amount} cheese among the tied rivals {list(tied)}"
            )
        assert type(action) is _Action  # narrowed by the membership test above
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
            if t != me and not v[CAPTURED + t] and v[POS + t] == _CHEESE_WHEEL
        ]  # fmt: skip

    def _trap_actions(self) -> tuple[A.MouseTrapAction, ...]:
        v = self._v
        me: int = v[CURRENT]
        paid = bool(v[CHEESE + me])
        key = 0  # bit t: seat t is a target to spend on; bit 4: a rival is on Cheese Wheel
        for t in range(self.n):
            if t != me and not v[CAPTURED + t]:
                where: int = v[POS + t]
                if paid and where != _SAFE:
                    key |= 1 << t
                if where == _CHEESE_WHEEL:
                    key |= 16
        return _TRAP_ACTIONS[key]

    def _trap_action(self, action: Action) -> MouseTrapState:
        me = self._v[CURRENT]
        for spend in _SPENDS:  # the interned actions by identity first, as for the dice
            if action is spend:
                return self._spend(spend)
        if action is _END or action == _END:
            child = self._child()
            child._events = (("trap_ended", me),)
            child._end_turn()
            return child
        if action is _CRANK or action == _CRANK:
            if not self._opponents_on_wheel():
                raise self._illegal(action, "no opponent is on Cheese Wheel")
            child = self._shallow(CRANK)
            child._events = (("cranked", me),)
            return child
        if type(action) is _Action and action.kind == _SPEND_KIND:
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
        if v[POS + target] == _SAFE:
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
        start: int = v[POS + target]
        end = start + die
        if end > _CHEESE_WHEEL:  # as in _ordinary_move (`advance`)
            end = _LOOP_START + (end - _LOOP_START) % _LOOP_LENGTH
        v[POS + target] = end
        child._phase = TRAP  # ruling: a paid move changes position only
        child._events = (("moved", target, start, end, die, True),)
        return child

    def _crank_result(self, action: Action) -> MouseTrapState:
        if action is _CRANK_OK or action is _CRANK_FAIL:
            failed = action is _CRANK_FAIL
        elif action in (_CRANK_OK, _CRANK_FAIL):
            failed = action == _CRANK_FAIL
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


_SPACE_COUNT: Final = SPACE_COUNT
# The events of an ordinary move, shared: one tuple for each seat, start, die and outcome of
# the space (its slot, below), made the first time it is needed. Events are never changed,
# and a move's own tuples were most of what a turn allocated.
_INELIGIBLE: Final = 1
_COMPLETE: Final = 2
_COLLECTED: Final = 3
_REDIRECTED: Final = 4
_TRAP_PHASE: Final = 5
_LOST: Final = 6  # 6 + the cheese lost, 0..3
_VARIANTS: Final = 10
_MOVE_EVENTS: Final[list[Events | None]] = [None] * (MAX_SEATS * SPACE_COUNT * 6 * _VARIANTS)


def _move_events(slot: int, seat: int, start: int, end: int, die: int, value: int) -> Events:
    """Return the events of `seat`'s ordinary move from `start` to `end` with `die`, whose
    outcome `slot % _VARIANTS` tells; `value` is the value of the space landed on."""
    events = _MOVE_EVENTS[slot]
    if events is None:
        moved = ("moved", seat, start, end, die, False)
        variant = slot % _VARIANTS
        effect: tuple[Any, ...] = ()
        if variant in (_INELIGIBLE, _COMPLETE):
            effect = ("no_build", seat, "ineligible" if variant == _INELIGIBLE else "complete")
        elif variant == _COLLECTED:
            effect = ("collected", seat, value, value)
        elif variant == _REDIRECTED:
            effect = ("redirected", seat, end, value)
        elif variant == _TRAP_PHASE:
            effect = ("trap_phase", seat)
        elif variant >= _LOST:
            effect = ("lost", seat, variant - _LOST)
        events = (moved, effect) if effect else (moved,)
        _MOVE_EVENTS[slot] = events
    return events


def _interned_die(action: Action) -> int:
    """Return the value of `action` if it is one of the interned dice (A.DICE), else 0: an
    identity test, cheaper than reading the action's fields."""
    die = 0
    while die < 6:
        if action is _DICE[die]:
            return die + 1
        die += 1
    return 0


def _trap_choices(key: int) -> tuple[A.MouseTrapAction, ...]:
    """Return the trap phase's actions for `key` (`MouseTrapState._trap_actions`): spend on
    each seat of bits 0..3, crank when bit 4 is set, end."""
    spends = tuple(_SPENDS[t] for t in range(MAX_SEATS) if key >> t & 1)
    return (*spends, _CRANK, _END) if key & 16 else (*spends, _END)


_TRAP_ACTIONS: Final = tuple(_trap_choices(key) for key in range(32))


def new_state(
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
) -> MouseTrapState:
    """Return the position of `n` seats with these fields (each per-seat sequence by seat)."""
    pad = [0] * (MAX_SEATS - n)
    fields: list[Any] = [
        *pos, *pad, *cheese, *pad, *captured, *[False] * (MAX_SEATS - n),
        supply, components, current, pending, winner, turn,
    ]  # fmt: skip
    return MouseTrapState(game, n, fields, phase)


COMPILED: Final = not __file__.endswith((".py", ".pyc"))
"""True where this module's extension module (mypyc, `make venv`) was imported, not state.py."""


__all__ = ["COMPILED", "MouseTrapState", "new_state"]
