"""Mouse Chaos states: the rules that make and change a position (its fields are declared in
position.py). Pure: no I/O, no randomness (chance is explicit), and no formats: the codec,
observer and words (codec.py, observer.py, words.py) import this module, never the reverse,
and a state asks its game for them through engine/formats.py's FormattedState.

Every rule cites its source as docs/games/mousechaos.md tells it: the game's rulebook
("rulebook") or one of Mousehole's rulings ("ruling"). The hidden facts (each mouse's colour,
each colour card) are dealt face down by chance at the start, one outcome per mouse and per
card; `knows` records, per seat, the mice it has peeked at and on which turn. The nest reveals
live in nests.py, the legal actions in legal.py, the ranking at the cap in standings.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...engine import CHANCE, TERMINAL, Action, IllegalActionError
from ...engine.formats import FormattedGame
from . import actions as A
from . import legal, nests, standings
from .board import CHAIR_START, HOLDERS, MICE, NEST_OF, NESTS, RING, TABLE
from .deal import deal_outcomes, number_outcomes
from .phases import (
    CAP,
    CAP_ROUNDS,
    CHAIR,
    DEAL,
    DRAW,
    HOLDER,
    NUMBER,
    OVER,
    PICK,
    PIECE,
    REVEAL,
    WIN,
)
from .position import MouseChaosPosition

_CHANCE_PHASES: Final = frozenset((DEAL, DRAW, NUMBER))


class MouseChaosState(MouseChaosPosition):
    """A Mouse Chaos position: its fields (declared, with the facts read from them, in
    position.py) and the rules that make and change it."""

    __slots__ = (  # the fields position.py and formats.py declare, and the legal list once made
        "_events",
        "_game",
        "_legal",
        "cards",
        "cats",
        "chairs",
        "colours",
        "complete",
        "current",
        "draws",
        "ending",
        "holders",
        "knows",
        "mice",
        "n",
        "numbers",
        "phase",
        "picked",
        "reveal",
        "revealed",
        "revealer",
        "shown",
        "steps",
        "turn",
        "winner",
    )

    _legal: Sequence[A.MouseChaosAction] | None
    """The legal actions, once listed (None: not yet)."""

    def __init__(self, game: FormattedGame[Any, Any]):
        n = game.seat_count
        self._game = game
        self.n = n
        self.phase = DEAL
        self.current = 0
        self.turn = 0
        self.colours = (-1,) * MICE
        self.cards = (-1,) * 4
        self.shown = (False,) * 4
        self.draws = ()
        self.numbers = (0,) * HOLDERS
        # rulebook: mothers in the nests' corners, babies on the 12 ring squares, holders on
        # the table, chairs in front of the nests with a cat on each
        self.mice = tuple(nest[0] for nest in NESTS) + RING
        self.holders = (TABLE,) * HOLDERS
        self.cats = tuple(sq for sq, _ in CHAIR_START)
        self.chairs = CHAIR_START
        self.revealed = (False,) * MICE
        self.knows = ((-1,) * MICE,) * n
        self.complete = (False,) * 4
        self.picked = -1
        self.steps = 0
        self.reveal = -1
        self.revealer = -1
        self.ending = None
        self.winner = -1
        self._events = ()
        self._legal = None

    # -- the contract ---------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase is OVER:
            return TERMINAL
        if phase is REVEAL:
            return self.revealer
        return self.current

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.phase
        if phase is DEAL:
            return deal_outcomes(self._dealt())
        if phase is DRAW:
            return number_outcomes(self.draws, A.DRAW, len(self.draws))
        if phase is NUMBER:
            return number_outcomes(tuple(v for v in self.numbers if v), A.NUMBER, 0)
        return ()

    def legal_actions(self) -> Sequence[A.MouseChaosAction]:
        if self._legal is not None:
            return self._legal
        actions = legal.list_actions(self)
        if self.phase is not CHAIR:  # a chair list is cheap to count again: keep states small
            self._legal = actions
        return actions

    def winners(self) -> list[int]:
        if self.phase is not OVER:
            return []
        if self.ending == WIN:
            return [self.winner]
        if self.ending == CAP:
            return standings.cap_winners(self)  # ruling: the cap is a ranking
        return []  # ruling: the phantom won, so every seat lost

    # -- derived facts --------------------------------------------------------------------

    def _dealt(self) -> tuple[int, ...]:
        return tuple(c for c in self.colours if c >= 0) + tuple(c for c in self.cards if c >= 0)

    # -- applying actions -----------------------------------------------------------------

    def apply(self, action: Action) -> MouseChaosState:
        if type(action) is not A.MouseChaosAction:
            raise self._illegal(action, "that is not a Mouse Chaos action")
        phase = self.phase
        if phase in _CHANCE_PHASES:
            if all(action != outcome for outcome, _ in self.chance_outcomes()):
                raise self._illegal(action, f"a chance outcome of the {phase} is due")
            return self._chance(action)
        if phase is OVER:
            raise self._illegal(action, "the game is over")
        known = self._legal  # the list already made answers `in` without a search
        if not (action in known if known is not None else legal.allows(self, action)):
            raise self._illegal(action, legal.why(self, action))
        child = self._child()
        kind = action.kind
        if kind == A.PICK:
            child._pick(action.a)
        elif kind == A.HOLDER:
            child._move_holder(action.b)
        elif kind == A.MOUSE:
            child._move_mouse(action.a, action.b)
        elif kind == A.CAT:
            child._move_cat(action.a, action.b)
        elif kind == A.CHAIR:
            chairs = list(self.chairs)
            chairs[action.a] = (action.b, action.c)
            child.chairs = tuple(chairs)
            child._events = (("chair", self.current, action.a, action.b, action.c),)
            child._end_turn()
        elif kind == A.SKIP:
            child._events = (("skip", self.current),)
            child._end_turn()
        else:
            nests.turn_over(child, action.a)
        return child

    def _illegal(self, action: Action, why: str) -> IllegalActionError:
        actor = self.current_player()
        who = {CHANCE: "chance", TERMINAL: "nobody"}.get(actor, f"seat {actor}")
        text = action.to_text() if isinstance(action, Action) else repr(action)
        seat = actor if actor >= 0 else None
        return IllegalActionError(f"{who} cannot {text}: {why}", seat=seat, action=text)

    def _child(self) -> MouseChaosState:
        """Return a copy to change: every field in `_SLOTS`, one assignment each (cheaper
        than a loop over the names), but no events and no cached actions."""
        child = MouseChaosState.__new__(MouseChaosState)
        child._game = self._game
        child._events = ()
        child._legal = None
        child.cards = self.cards
        child.cats = self.cats
        child.chairs = self.chairs
        child.colours = self.colours
        child.complete = self.complete
        child.current = self.current
        child.draws = self.draws
        child.ending = self.ending
        child.holders = self.holders
        child.knows = self.knows
        child.mice = self.mice
        child.n = self.n
        child.numbers = self.numbers
        child.phase = self.phase
        child.picked = self.picked
        child.reveal = self.reveal
        child.revealed = self.revealed
        child.revealer = self.revealer
        child.shown = self.shown
        child.steps = self.steps
        child.turn = self.turn
        child.winner = self.winner
        return child

    # The methods below change the child they are called on, before `apply` returns it.

    def _chance(self, action: A.MouseChaosAction) -> MouseChaosState:
        child = self._child()
        if action.kind == A.COLOUR:
            child.colours = _put(self.colours, action.a, action.b)
        elif action.kind == A.CARD:
            child.cards = _put(self.cards, action.a, action.b)
            if action.a == 3:
                if self._game.start_seat is None:
                    child.phase = DRAW
                else:
                    child._begin_turn(self._game.start_seat)
        elif action.kind == A.DRAW:
            child.draws = (*self.draws, action.b)
            events: list[tuple[Any, ...]] = [("draw", action.a, action.b)]
            if len(child.draws) == self.n:
                # rulebook: the highest number goes first (numbers differ: no tie to redraw)
                first = child.draws.index(max(child.draws))
                events.append(("first", first))
                child._begin_turn(first)
                events.extend(child._events)
            child._events = tuple(events)
        else:
            child.numbers = _put(self.numbers, self.picked, action.a)
            child._events = (("number", self.current, self.picked, action.a),)
            child._number_known()
        return child

    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self.turn += 1
        self.phase = PICK
        self.picked = -1
        self.steps = 0
        self._events = (*self._events, ("turn", seat, self.round))

    def _end_turn(self) -> None:
        if self.turn >= CAP_ROUNDS * self.n:
            self.finish(CAP, -1)
        else:
            self._begin_turn((self.current + 1) % self.n)

    def finish(self, ending: str, winner: int) -> None:
        """End the game: `winner` is the winning seat for WIN, else -1."""
        self.phase = OVER
        self.ending = ending
        self.winner = winner
        self.reveal = -1
        self.revealer = -1
        ranked = standings.ranking(self) if ending == CAP else ()
        self._events = (*self._events, ("end", winner, ending, tuple(self.winners()), ranked))

    def _peek(self, mouse: int) -> None:
        """The mover looks at a mouse's colour, privately (rulebook: keep it secret)."""
        seat = self.current
        self._events = (*self._events, ("peek", seat, mouse))
        if self.knows[seat][mouse] < 0 and not self.revealed[mouse]:
            mine = _put(self.knows[seat], mouse, self.turn)
            self.knows = _put(self.knows, seat, mine)

    def _mouse_at(self, node: int) -> int:
        """Return the mouse on grid square `node`, or -1."""
        mice = self.mice
        return mice.index(node) if node in mice else -1

    def _pick(self, holder: int) -> None:
        self.picked = holder
        at = self.holders[holder]
        self._events = (("pick", self.current, holder, at),)
        if at != TABLE and (mouse := self._mouse_at(at)) >= 0:
            self._peek(mouse)  # rulebook: a mouse under a holder picked on the floor
        if self.numbers[holder]:
            self._number_known()
        else:
            self.phase = NUMBER

    def _number_known(self) -> None:
        self.steps = self.numbers[self.picked]
        self.phase = HOLDER
        self._legal = legal.holder_moves(self)
        if not self._legal:
            # ruling: a holder with no legal move stays where it is, and n is still used
            self._events = (*self._events, ("stuck", self.current, self.picked))
            self._piece_phase()

    def _move_holder(self, to: int) -> None:
        before = (self.mice, self.holders, self.cats, self.chairs)
        self.holders = _put(self.holders, self.picked, to)
        self._events = (("holder", self.current, self.picked, to, self.steps, before),)
        if (mouse := self._mouse_at(to)) >= 0:
            self._peek(mouse)  # rulebook: a holder that lands on a mouse
        self._piece_phase()

    def _piece_phase(self) -> None:
        self.phase = PIECE
        self._legal = legal.piece_moves(self)  # the legal list, made once
        if self._legal:
            return
        # ruling: if no cat or mouse can move exactly n, that step is skipped
        self._events = (*self._events, ("no_move", self.current, self.steps))
        self.chair_phase()

    def _move_mouse(self, mouse: int, to: int) -> None:
        before = (self.mice, self.holders, self.cats, self.chairs)
        self.mice = _put(self.mice, mouse, to)
        self._events = (("mouse", self.current, mouse, to, self.steps, before),)
        nest = NEST_OF[to] if to != TABLE else -1
        if nest >= 0 and len(self.nest_mice(nest)) == 4:
            nests.start_reveal(self, nest)  # rulebook: four mice in a nest
        else:
            self.chair_phase()

    def _move_cat(self, cat: int, to: int) -> None:
        before = (self.mice, self.holders, self.cats, self.chairs)
        self.cats = _put(self.cats, cat, to)
        events: list[tuple[Any, ...]] = [("cat", self.current, cat, to, self.steps, before)]
        mouse = self._mouse_at(to) if to != TABLE else -1
        if mouse >= 0 and to not in dict(self.chairs):
            # rulebook: an unprotected mouse goes to the red carpet under the table
            self.mice = _put(self.mice, mouse, TABLE)
            events.append(("caught", self.current, mouse, cat))
        self._events = tuple(events)
        self.chair_phase()

    def chair_phase(self) -> None:
        """Go on to the optional chair move (the turn's last step), or end the turn."""
        if self.phase is OVER:
            return
        self._legal = None  # a piece step's list made by `_piece_phase` is not this step's
        self.reveal = -1
        self.revealer = -1
        if any(self.chair_free(c) for c in range(len(self.chairs))):
            self.phase = CHAIR
        else:
            self._end_turn()


_SLOTS: Final = MouseChaosState.__slots__
"""Every field of a state, which `_child` copies."""


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return `values` with `values[index]` replaced."""
    return (*values[:index], value, *values[index + 1 :])


def new_state(game: FormattedGame[Any, Any]) -> MouseChaosState:
    """Return the position before the deal."""
    return MouseChaosState(game)


__all__ = ["MouseChaosState", "new_state"]
