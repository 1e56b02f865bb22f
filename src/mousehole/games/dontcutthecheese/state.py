"""Don't Cut the Cheese states: the position and the rules that change it (the phases are in
phases.py, the tokens in bag.py). Pure:
no I/O, no randomness (chance is explicit), and no formats: the codec, observer and words
(codec.py, observer.py, words.py) import this module, never the reverse, and a state asks its
game for them through engine/formats.py's FormattedState.

Every rule cites its source as docs/games/dontcutthecheese.md tells it: the game's rulebook
("rulebook") or one of Mousehole's rulings ("ruling"). The bag is drawn lazily (like a lazy deal
of cards): a draw is a chance node over the colours still in the bag, weighted by their counts,
so no hidden bag order exists. The one secret is the paper's tear threshold, which only
`to_json` holds. States are immutable: `apply` builds a child that shares the unchanged tuples.

Where mypyc compiles this module (`make venv`; docs/testing.md, "The compiled build") the state
is a native class: its methods are C functions and its fields a C struct. Such a class is made
only through its constructor (mypyc runs `__init__` for every new instance), so a child is
`CheeseState(game, n, current, phase, parent)`, and copies and pickles go through `__reduce__`.
tests/games/dontcutthecheese/test_compiled.py plays random games on both builds in lock step.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...engine import CHANCE, TERMINAL, Action, IllegalActionError
from ...engine.formats import FormattedGame, FormattedState
from . import actions as A
from .bag import TOKENS_PER_COLOUR, Tokens, bump, draw_outcomes, take
from .paper import BITE_AT, bite_problem, bite_refusal, loose, paper_cells, strength
from .phases import (
    BAG_EMPTY,
    BITE,
    BITES_SHOWN,
    COMPLETE,
    DECISIONS,
    DRAW,
    FACE_OUTCOMES,
    NO_ACTIONS,
    OVER,
    PAPER,
    PHASES,
    SPIN,
    SPIN_OFF,
    SPIN_OFF_SPINNER,
    SPIN_ONLY,
    SPINNER,
    START,
    THRESHOLD_OUTCOMES,
    Events,
    around,
    bite_actions,
    legal_bite_values,
    seat_outcomes,
)

# What the rules read in their hot paths, as this module's own Finals: where mypyc compiles it,
# such a Final is a C variable, where a module's attribute is a dictionary look-up at each use.
_Action: Final = A.CheeseAction
_SPIN: Final = A.SPIN
_SPIN_RESULT_KIND: Final = A.SPIN_RESULT_KIND
_THRESHOLD_KIND: Final = A.THRESHOLD_KIND
_START_SEAT_KIND: Final = A.START_SEAT_KIND
_BITE_KIND: Final = A.BITE_KIND
_DRAW_KIND: Final = A.DRAW_KIND
_FACES: Final = A.FACES
_COLOURS: Final = A.COLOURS
_SKIP: Final = A.SKIP
_REVERSE: Final = A.REVERSE
_BITE_SPIN: Final = A.BITE_SPIN
_CHANCE: Final = CHANCE
_TERMINAL: Final = TERMINAL
_PHASES: Final = PHASES
"""Every phase, as the objects this module tests a state's phase against."""


class CheeseState(FormattedState):
    """A Don't Cut the Cheese position. Seats are 0-based; direction 1 passes to seat + 1.

    The fields are public to read and never change once `apply` has returned the state.
    """

    __slots__ = (
        "_events", "_game", "bag", "bites_left", "contest", "current", "direction",
        "drawing", "eaten", "last_threshold", "n", "paper_bites", "phase", "round", "scores",
        "snapper",
        "spin_again", "spin_off_reason", "threshold", "tokens", "turns", "winner",
    )  # fmt: skip

    n: int
    phase: str
    current: int
    direction: int
    eaten: int
    """The paper: a bit mask of eaten cells (paper.py)."""
    paper_bites: int
    """Bites taken out of the paper on the trap (public: everyone watched them)."""
    bites_left: int
    spin_again: bool
    """After the bites left, the same seat spins again (the 1 Bite & Spin Again face)."""
    tokens: tuple[Tokens, ...]
    bag: Tokens
    round: int
    """The number of the paper on the trap (1 for the first)."""
    snapper: int | None
    """The seat that snapped the last paper (None before the first snap)."""
    winner: int | None
    threshold: int | None
    """The paper's tear threshold: secret until the paper snaps (None before it is drawn)."""
    last_threshold: int | None
    """The threshold of the last paper that snapped: public."""
    drawing: tuple[int, ...]
    """The seats still to draw a token after a snap, in order."""
    contest: tuple[int, ...]
    """The seats in the spin-off, in spinning order (empty: no spin-off)."""
    scores: tuple[int | None, ...]
    """Each contestant's spin-off value so far (None: not spun yet in this spin-off round)."""
    spin_off_reason: str | None
    turns: int
    """Turns ended so far (the simulator reads this as the game's length)."""
    _events: Events

    _game: FormattedGame[CheeseState, Any]

    def __init__(
        self,
        game: FormattedGame[CheeseState, Any],
        n: int,
        current: int,
        phase: str,
        parent: CheeseState | None = None,
    ):
        """The position before the first paper, `current` to act in `phase`; with `parent`, a
        copy of `parent`'s position to change (its `current` and `phase`), without its
        events (what `apply` starts from)."""
        self._game = game
        self.n = n
        self.phase = phase
        self.current = current
        self._events = ()
        if parent is None:
            self.direction = 1
            self.eaten = 0
            self.paper_bites = 0
            self.bites_left = 0
            self.spin_again = False
            self.tokens = ((0, 0, 0),) * n
            self.bag = (TOKENS_PER_COLOUR, TOKENS_PER_COLOUR, TOKENS_PER_COLOUR)
            self.round = 1
            self.snapper = None
            self.winner = None
            self.threshold = None
            self.last_threshold = None
            self.drawing = ()
            self.contest = ()
            self.scores = ()
            self.spin_off_reason = None
            self.turns = 0
        else:
            self.direction = parent.direction
            self.eaten = parent.eaten
            self.paper_bites = parent.paper_bites
            self.bites_left = parent.bites_left
            self.spin_again = parent.spin_again
            self.tokens = parent.tokens
            self.bag = parent.bag
            self.round = parent.round
            self.snapper = parent.snapper
            self.winner = parent.winner
            self.threshold = parent.threshold
            self.last_threshold = parent.last_threshold
            self.drawing = parent.drawing
            self.contest = parent.contest
            self.scores = parent.scores
            self.spin_off_reason = parent.spin_off_reason
            self.turns = parent.turns

    # -- copies: the compiled build's class has no default way to make one ----------------

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle a state as its fields, its phase as its place in `_PHASES` (the rules test
        a phase by identity, which pickling loses)."""
        fields = (
            self.direction, self.eaten, self.paper_bites, self.bites_left, self.spin_again,
            self.tokens, self.bag, self.round, self.snapper, self.winner, self.threshold,
            self.last_threshold, self.drawing, self.contest, self.scores,
            self.spin_off_reason, self.turns, self._events,
        )  # fmt: skip
        phase = _PHASES.index(self.phase)
        return (_restored, (self._game, self.n, self.current, phase, fields))

    def __copy__(self) -> CheeseState:
        copy = CheeseState(self._game, self.n, self.current, self.phase, self)
        copy._events = self._events
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> CheeseState:
        """A copy that shares the game (rules and options, which no state changes) and the
        fields (numbers and tuples of them, which no state changes), as OpenSpiel's
        `state.clone()` asks of a bridged state."""
        return self.__copy__()

    # -- derived fields -------------------------------------------------------------------

    @property
    def strength(self) -> int:
        """Return the paper's strength (public: players see the paper)."""
        return strength(self.eaten)

    @property
    def turn(self) -> int:
        """Return the game's length so far in turns (the simulator reads this)."""
        return self.turns

    def colours(self, seat: int) -> int:
        """Return how many distinct colours `seat` holds."""
        return sum(1 for count in self.tokens[seat] if count)

    # -- the contract ---------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase in DECISIONS:
            return self.current
        if phase is OVER:
            return _TERMINAL
        return _CHANCE

    def legal_actions(self) -> Sequence[A.CheeseAction]:
        phase = self.phase
        if phase is BITE:
            return bite_actions(self.eaten)
        if phase is SPIN or phase is SPIN_OFF:
            return SPIN_ONLY
        return NO_ACTIONS

    def chance_outcomes(self) -> Sequence[tuple[A.CheeseAction, float]]:
        phase = self.phase
        if phase is SPINNER or phase is SPIN_OFF_SPINNER:
            return FACE_OUTCOMES
        if phase is DRAW:
            return draw_outcomes(self.bag)
        if phase is PAPER:
            return THRESHOLD_OUTCOMES
        if phase is START:
            return seat_outcomes(self.n)
        return ()

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def key(self) -> tuple[Any, ...]:
        """Return a hashable tuple of the whole position."""
        return (
            self.n, self.phase, self.current, self.direction, self.eaten, self.paper_bites,
            self.bites_left, self.spin_again, self.tokens, self.bag, self.round, self.snapper,
            self.winner, self.threshold, self.last_threshold, self.drawing, self.contest,
            self.scores, self.spin_off_reason, self.turns,
        )  # fmt: skip

    # -- applying actions -----------------------------------------------------------------

    def apply(self, action: Action) -> CheeseState:
        phase = self.phase
        if phase is BITE:
            return self._bite(action)
        if phase is SPIN or phase is SPIN_OFF:
            if action is not _SPIN and action != _SPIN:
                why = "only the spin is left" if phase is SPIN_OFF else "it must spin first"
                raise self._illegal(action, why)
            child = self._child()
            child.phase = SPINNER if phase is SPIN else SPIN_OFF_SPINNER
            return child
        if phase is SPINNER:
            return self._spun(self._outcome(action, _SPIN_RESULT_KIND, "the spinner's face"))
        if phase is DRAW:
            return self._draw(action)
        if phase is SPIN_OFF_SPINNER:
            return self._spin_off_spun(self._outcome(action, _SPIN_RESULT_KIND, "a face"))
        if phase is PAPER:
            return self._hook(self._outcome(action, _THRESHOLD_KIND, "the tear threshold"))
        if phase is START:
            return self._start(action)
        raise self._illegal(action, "the game is over")

    def _child(self) -> CheeseState:
        """Return a copy to change: same position, no events (tests/games/dontcutthecheese/
        test_rules.py checks that every field is copied)."""
        return CheeseState(self._game, self.n, self.current, self.phase, self)

    def _illegal(
        self,
        action: Action,
        why: str,
        reason: str | None = None,
        details: dict[str, int] | None = None,
    ) -> IllegalActionError:
        actor = self.current_player()
        who = {_CHANCE: "chance", _TERMINAL: "nobody"}.get(actor, f"seat {self.current}")
        text = action.to_text() if isinstance(action, Action) else repr(action)
        return IllegalActionError(
            f"{who} cannot {text}: {why}",
            seat=self.current,
            action=text,
            reason=reason,
            details=dict(details or {}),
        )

    def _outcome(self, action: Action, kind: str, due: str) -> int:
        if type(action) is not _Action or action.kind != kind:
            raise self._illegal(action, f"{due} is due")
        return action.value

    def _start(self, action: Action) -> CheeseState:
        seat = self._outcome(action, _START_SEAT_KIND, f"the starting seat (0..{self.n - 1})")
        if seat >= self.n:
            raise self._illegal(action, f"the starting seat must be 0..{self.n - 1}")
        child = self._child()
        child.current = seat
        child.phase = PAPER
        child._events = (("start", seat),)
        return child

    def _hook(self, threshold: int) -> CheeseState:
        child = self._child()
        child.threshold = threshold
        child.phase = SPIN
        child._events = (("paper", self.current, self.round),)  # the threshold stays secret
        return child

    def _spun(self, face: int) -> CheeseState:
        child = self._child()
        seat = self.current
        events: list[tuple[Any, ...]] = [("spun", seat, _FACES[face])]
        if face == _SKIP:  # rulebook: "You get to skip your turn"
            child._end_turn(events)
        elif face == _REVERSE:  # rulebook: direction reverses, pass to the previous player
            child.direction = -self.direction
            events.append(("reverse", seat, child.direction))
            child._end_turn(events)
        else:
            child.bites_left = BITES_SHOWN[face]
            child.spin_again = face == _BITE_SPIN  # rulebook: 1 bite, then spin again
            child.phase = BITE
        child._events = tuple(events)
        return child

    def _bite(self, action: Action) -> CheeseState:
        if type(action) is not _Action or action.kind != _BITE_KIND:
            raise self._illegal(action, f"it has {self.bites_left} bite(s) to take")
        value = action.value
        if value not in legal_bite_values(self.eaten):
            refusal = bite_refusal(self.eaten, action.row, action.col)
            if refusal is None:
                raise self._illegal(action, "it is not a legal bite here")
            raise self._illegal(action, refusal.message, refusal.reason, refusal.details)
        b = BITE_AT[value]
        seat = self.current
        child = self._child()
        eaten = self.eaten | b.mask
        fallen = loose(eaten)  # ruling (Mousehole): scraps joined to neither peg fall away
        eaten |= fallen
        child.eaten = eaten
        child.paper_bites = self.paper_bites + 1
        now = strength(eaten)
        events: list[tuple[Any, ...]] = [
            ("bite", seat, b.row, b.col, paper_cells(self.eaten, b), now)
        ]
        if fallen:
            events.append(("fell", seat, fallen.bit_count()))
        if now < self.threshold:  # type: ignore[operator]  # ruling: snap if strength < T
            child._snap(events)
        elif self.bites_left > 1:
            child.bites_left = self.bites_left - 1
        else:
            child.bites_left = 0
            if self.spin_again:
                child.spin_again = False
                child.phase = SPIN
            else:
                child._end_turn(events)
        child._events = tuple(events)
        return child

    def bite_problem(self, row: int, col: int) -> str | None:
        """Return why a bite at (row, col) is not allowed on this paper, or None if it is."""
        return bite_problem(self.eaten, row, col)

    # The methods below change the child they are called on, before `apply` returns it.

    def _end_turn(self, events: list[tuple[Any, ...]]) -> None:
        self.current = (self.current + self.direction) % self.n
        self.phase = SPIN
        self.bites_left = 0
        self.spin_again = False
        self.turns += 1
        events.append(("turn", self.current))

    def _snap(self, events: list[tuple[Any, ...]]) -> None:
        """The paper tears: the round ends at once and everyone else draws (ruling)."""
        seat = self.current
        self.snapper = seat
        self.last_threshold = self.threshold
        self.bites_left = 0
        self.spin_again = False
        self.turns += 1
        events.append(("snap", seat, strength(self.eaten), self.threshold, self.paper_bites))
        # ruling: every player except the snapper, from the seat after it in play's direction
        self.drawing = around(seat, self.n, self.direction)[1:]
        self.phase = DRAW

    def _draw(self, action: Action) -> CheeseState:
        colour = self._outcome(action, _DRAW_KIND, "a token from the bag")
        if not self.bag[colour]:
            raise self._illegal(action, f"no {_COLOURS[colour]} token is left in the bag")
        seat = self.drawing[0]
        child = self._child()
        child.tokens = bump(self.tokens, seat, colour)
        child.bag = take(self.bag, colour)
        child.drawing = self.drawing[1:]
        events: list[tuple[Any, ...]] = [("draw", seat, _COLOURS[colour])]
        if child.drawing and not sum(child.bag):
            events.append(("bag_empty", None, list(child.drawing)))  # ruling: they get none
            child.drawing = ()
        if not child.drawing:
            child._after_draws(events)
        child._events = tuple(events)
        return child

    def _after_draws(self, events: list[tuple[Any, ...]]) -> None:
        """Decide the game after a round's draws, or hook on the next paper."""
        order = around(self.snapper, self.n, self.direction)  # type: ignore[arg-type]
        order = order[1:] + order[:1]  # the draw order, the snapper last
        tokens = self.tokens
        complete = [s for s in order if all(tokens[s])]
        if complete:
            events.append(("complete", None, complete))
            # ruling: several complete at once: most tokens, then a spin-off
            most = max(sum(tokens[s]) for s in complete)
            top = [s for s in complete if sum(tokens[s]) == most]
            if len(top) == 1:
                self._win(top[0], "colours" if len(complete) == 1 else "most_tokens", events)
            else:
                self._spin_off(COMPLETE, tuple(top), events)
        elif not sum(self.bag):
            # ruling: the bag ran out: distinct colours, then tokens, then a spin-off
            best = max((self.colours(s), sum(tokens[s])) for s in order)
            top = [s for s in order if (self.colours(s), sum(tokens[s])) == best]
            if len(top) == 1:
                self._win(top[0], BAG_EMPTY, events)
            else:
                self._spin_off(BAG_EMPTY, tuple(top), events)
        else:
            # rulebook: a new paper; ruling: the snapper starts it, the direction carries over
            self.round += 1
            self.eaten = 0
            self.paper_bites = 0
            self.threshold = None
            self.current = self.snapper  # type: ignore[assignment]  # set by the snap
            self.phase = PAPER

    def _win(self, seat: int, how: str, events: list[tuple[Any, ...]]) -> None:
        self.winner = seat
        self.phase = OVER
        events.append(("won", seat, how))

    def _spin_off(self, reason: str, seats: tuple[int, ...], events: list[tuple[Any, ...]]) -> None:
        self.spin_off_reason = reason
        self.contest = seats
        self.scores = (None,) * len(seats)
        self.current = seats[0]
        self.spin_again = False
        self.phase = SPIN_OFF
        events.append(("spin_off", None, reason, list(seats)))

    def _spin_off_spun(self, face: int) -> CheeseState:
        child = self._child()
        seat = self.current
        index = self.contest.index(seat)
        so_far = self.scores[index] or 0
        value = so_far + BITES_SHOWN[face]  # ruling: Spin Again counts 1 plus its follow-up
        child.scores = (*self.scores[:index], value, *self.scores[index + 1 :])
        events: list[tuple[Any, ...]] = [("spun", seat, _FACES[face])]
        if face == _BITE_SPIN:
            child.spin_again = True
            child.phase = SPIN_OFF
        else:
            child.spin_again = False
            events.append(("spin_off_value", seat, value))
            if index + 1 < len(self.contest):
                child.current = self.contest[index + 1]
                child.phase = SPIN_OFF
            else:
                child._settle_spin_off(events)
        child._events = tuple(events)
        return child

    def _settle_spin_off(self, events: list[tuple[Any, ...]]) -> None:
        """ruling: the lowest value wins if nobody else has it; those tied lowest spin again."""
        values = [v for v in self.scores if v is not None]
        low = min(values)
        tied = tuple(s for s, v in zip(self.contest, self.scores, strict=True) if v == low)
        if len(tied) == 1:
            self._win(tied[0], "spin_off", events)
        else:
            self._spin_off(self.spin_off_reason, tied, events)  # type: ignore[arg-type]


def _restored(
    game: FormattedGame[CheeseState, Any],
    n: int,
    current: int,
    phase: int,
    fields: tuple[Any, ...],
) -> CheeseState:
    """Return the state `CheeseState.__reduce__` pickled."""
    state = CheeseState(game, n, current, _PHASES[phase])
    (
        state.direction, state.eaten, state.paper_bites, state.bites_left, state.spin_again,
        state.tokens, state.bag, state.round, state.snapper, state.winner, state.threshold,
        state.last_threshold, state.drawing, state.contest, state.scores,
        state.spin_off_reason, state.turns, state._events,
    ) = fields  # fmt: skip
    return state


COMPILED: Final = not __file__.endswith((".py", ".pyc"))
"""True where this module's extension module (mypyc, `make venv`) was imported, not state.py."""

__all__ = ["COMPILED", "CheeseState"]
