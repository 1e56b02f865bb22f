"""Aus die Maus! states: the position, its constants and the rules that change it. Pure: no
I/O, no randomness (chance is explicit), and no formats: the codec, observer and words
(codec.py, observer.py, words.py) import this module, never the reverse, and a state asks its
game for them through engine/formats.py's FormattedState.

Every rule cites its source as docs/games/ausdiemaus.md tells it: the game's rulebook
("rulebook") or one of Mousehole's rulings ("ruling"; that page's Assumptions the rulings make).

The deal is lazy (OpenSpiel style), so a state never holds a hidden card order. A stack is a
count of dealt cards nobody has seen, on top of a queue of won cards underneath (known kinds,
oldest first). Turning over an unseen card is a chance node over every card not seen yet,
weighted by how many of each kind remain: by exchangeability that is exactly what a shuffled
deal gives, given everything seen so far. States are immutable: `apply` builds a child that
shares the unchanged tuples.

Where mypyc compiles this module (`make venv`; docs/testing.md, "The compiled build") the state
is a native class: its methods are C functions and its fields a C struct. Such a class is made
only through its constructor (mypyc runs `__init__` for every new instance), so a child is
`AusDieMausState(game, n, deck, parent)`, and copies and pickles go through `__reduce__`.
tests/games/ausdiemaus/test_compiled.py plays random games on both builds in lock step.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

from ...engine import CHANCE, TERMINAL, Action, IllegalActionError
from ...engine.formats import FormattedGame, FormattedState
from . import actions as A
from .cards import CAT, MOUSE1, Deck, deal_sizes

# What the rules read in their hot paths, as this module's own Finals: where mypyc compiles it,
# such a Final is a C variable, where a module's attribute is a dictionary look-up at each use.
_Action: Final = A.AusDieMausAction
_TURN: Final = A.TURN
_CARDS: Final = A.CARDS
_START_SEATS: Final = A.START_SEATS
_CARD_KIND: Final = A.CARD_KIND
_START_SEAT_KIND: Final = A.START_SEAT_KIND
_CAT: Final = CAT
_MOUSE1: Final = MOUSE1
_CHANCE: Final = CHANCE
_TERMINAL: Final = TERMINAL

START: Final = "start"  # chance: the starting seat, then the undealt card that starts the pile
TURN: Final = "turn"  # decision: the current seat turns over its top card
CHASE: Final = "chase"  # decision: the chaser turns over a card to catch the mouse
RESTART: Final = "restart"  # decision: the pile's winner turns over a card to start a new pile
OVER: Final = "over"
PHASES: Final = (START, TURN, CHASE, RESTART, OVER)

LAST_CHIP: Final = "last_chip"  # ruling: the last chip in play was given
RUN_OUT: Final = "run_out"  # ruling: a player had to turn a card and had none
SAFETY: Final = "safety"  # ruling: a repeated full state or MAX_TURNS (simulation safety stop)
ENDINGS: Final = (LAST_CHIP, RUN_OUT, SAFETY)
MAX_TURNS: Final = 10_000
"""ruling: "10,000 turns ends the game as a run-out"; a turn is one card turned over."""

Chase = tuple[int, int, int, int]
"""(mouse owner, chaser, paws, attempts left) while a chase runs."""
Events = tuple[tuple[Any, ...], ...]
"""Compact event tuples (type, seat, ...); `codec.event_to_json` names their fields."""

_TURN_ONLY: Final = (_TURN,)
_NO_ACTIONS: Final[tuple[A.AusDieMausAction, ...]] = ()
_DECISIONS: Final = frozenset((TURN, CHASE, RESTART))


def card_outcomes(pool: tuple[int, ...]) -> tuple[tuple[A.AusDieMausAction, float], ...]:
    """Return the chance of each kind for a card nobody has seen: its share of `pool`.

    Not cached: most pools come up once (a six-seat game meets thousands), and filling and
    emptying a cache cost more than these few divisions."""
    total = 0
    for count in pool:
        total += count
    outcomes = []
    for kind in range(len(pool)):  # a range loop: compiled as a C loop, no enumerate object
        count = pool[kind]
        if count:
            outcomes.append((_CARDS[kind], count / total))
    return tuple(outcomes)


@lru_cache(maxsize=16)
def _seat_outcomes(n: int) -> tuple[tuple[A.AusDieMausAction, float], ...]:
    return tuple([(_START_SEATS[s], 1 / n) for s in range(n)])


class AusDieMausState(FormattedState):
    """An Aus die Maus! position. Seats are 0-based; seat + 1 is the left (clockwise) neighbour.

    The fields are public to read and never change once `apply` has returned the state.
    """

    # The pure build's slots; mypyc gives the native class a C struct of these fields instead.
    __slots__ = (
        "_events",
        "_game",
        "_history",
        "chase",
        "chips",
        "chips_left",
        "current",
        "deck",
        "drawing",
        "ending",
        "n",
        "phase",
        "pile",
        "pool",
        "turns",
        "unseen",
        "won",
    )

    n: int
    deck: Deck
    """The deck this game deals from (cards.py's DECKS: by the seat count)."""
    phase: str
    current: int | None
    """The seat to turn a card (None before the start seat is drawn, and once over)."""
    drawing: bool
    """True while chance decides the kind of the unseen card `current` is turning over."""
    unseen: tuple[int, ...]
    """Each seat's dealt cards that nobody has seen: the top of its stack."""
    won: tuple[tuple[int, ...], ...]
    """Each seat's won cards under its stack, in the order they will be turned (oldest first)."""
    pile: tuple[int, ...]
    """The discard pile, oldest first."""
    pool: tuple[int, ...]
    """How many cards of each kind nobody has seen (the deck minus pile and won cards)."""
    chips: tuple[int, ...]
    chips_left: int
    chase: Chase | None
    ending: str | None
    turns: int
    """Cards turned over by players so far (the pile's first card is not a turn)."""
    _history: frozenset[tuple[Any, ...]]
    """Restart positions seen since the last chip was given (the safety stop's memory)."""
    _events: Events
    _game: FormattedGame[AusDieMausState, Any]

    def __init__(
        self,
        game: FormattedGame[AusDieMausState, Any],
        n: int,
        deck: Deck,
        parent: AusDieMausState | None = None,
    ):
        """The starting position of `n` seats dealt from `deck`; with `parent`, a copy of
        `parent`'s position to change, without its events (what `apply` starts from)."""
        self._game = game
        self.n = n
        self.deck = deck
        self._events = ()
        if parent is None:
            self.phase = START
            self.current = None
            self.drawing = False
            self.unseen = (0,) * n
            self.won = ((),) * n
            self.pile = ()
            self.pool = deck.counts
            self.chips = (0,) * n
            self.chips_left = deck.chips
            self.chase = None
            self.ending = None
            self.turns = 0
            self._history = frozenset()
        else:
            self.phase = parent.phase
            self.current = parent.current
            self.drawing = parent.drawing
            self.unseen = parent.unseen
            self.won = parent.won
            self.pile = parent.pile
            self.pool = parent.pool
            self.chips = parent.chips
            self.chips_left = parent.chips_left
            self.chase = parent.chase
            self.ending = parent.ending
            self.turns = parent.turns
            self._history = parent._history

    # -- copies: the compiled build's class has no default way to make one ----------------

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle a state as its fields, its phase as its place in `PHASES` (the rules test a
        phase by identity, which pickling loses)."""
        fields = (
            PHASES.index(self.phase), self.current, self.drawing, self.unseen, self.won,
            self.pile, self.pool, self.chips, self.chips_left, self.chase, self.ending,
            self.turns, self._history, self._events,
        )  # fmt: skip
        return (_restored, (self._game, self.n, self.deck, fields))

    def __copy__(self) -> AusDieMausState:
        copy = AusDieMausState(self._game, self.n, self.deck, self)
        copy._events = self._events
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> AusDieMausState:
        """A copy that shares the game (rules and options, which no state changes) and the
        fields (tuples of numbers that no state changes), as OpenSpiel's `state.clone()` asks
        of a bridged state."""
        return self.__copy__()

    # -- derived fields -------------------------------------------------------------------

    @property
    def stacks(self) -> tuple[int, ...]:
        """Return each seat's stack size (unseen plus won cards): public."""
        return tuple(u + len(w) for u, w in zip(self.unseen, self.won, strict=True))

    @property
    def turn(self) -> int:
        """Return the game length so far in turns (the simulator reads this)."""
        return self.turns

    # -- the contract ---------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase is OVER:
            return _TERMINAL
        if phase is START or self.drawing:
            return _CHANCE
        return self.current  # type: ignore[return-value]  # set in every decision phase

    def legal_actions(self) -> Sequence[A.AusDieMausAction]:
        # ruling: "there are no decisions: every seat has exactly one action, turn over"
        if self.phase in _DECISIONS and not self.drawing:
            return _TURN_ONLY
        return _NO_ACTIONS

    def chance_outcomes(self) -> Sequence[tuple[A.AusDieMausAction, float]]:
        if self.drawing or (self.phase is START and self.current is not None):
            return card_outcomes(self.pool)
        if self.phase is START:
            return _seat_outcomes(self.n)
        return ()

    def winners(self) -> list[int]:
        if self.phase is not OVER:
            return []
        # rulebook: the most cards in the stack, then the most chips; ruling: else a shared win
        scores = [(size, chips) for size, chips in zip(self.stacks, self.chips, strict=True)]
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def key(self) -> tuple[Any, ...]:
        """Return a hashable tuple of the position (the safety stop's memory is not in it)."""
        return (
            self.n, self.phase, self.current, self.drawing, self.unseen, self.won, self.pile,
            self.chips, self.chips_left, self.chase, self.ending, self.turns,
        )  # fmt: skip

    # -- applying actions -----------------------------------------------------------------

    def apply(self, action: Action) -> AusDieMausState:
        phase = self.phase
        if self.drawing:
            return self._draw(action)
        if phase is TURN or phase is CHASE or phase is RESTART:
            if action is not _TURN and action != _TURN:
                raise self._illegal(action, "the only action now is to turn over the top card")
            seat: int = self.current  # type: ignore[assignment]  # set in every decision phase
            child = self._child()
            if self.unseen[seat]:
                child.drawing = True  # lazy deal: chance decides what this unseen card is
                return child
            won = self.won[seat]
            child.won = _replace(self.won, seat, won[1:])
            child._place(won[0])
            return child
        if phase is START:
            return self._start(action) if self.current is None else self._first_card(action)
        raise self._illegal(action, "the game is over")

    def _child(self) -> AusDieMausState:
        """Return a copy to change: same position, no events."""
        return AusDieMausState(self._game, self.n, self.deck, self)

    def _illegal(self, action: Action, why: str) -> IllegalActionError:
        actor = self.current_player()
        who = {_CHANCE: "chance", _TERMINAL: "nobody"}.get(actor, f"seat {self.current}")
        text = action.to_text() if isinstance(action, Action) else repr(action)
        return IllegalActionError(f"{who} cannot {text}: {why}", seat=self.current, action=text)

    def _card(self, action: Action) -> int:
        """Return the kind of a card outcome that is still in the unseen pool."""
        if type(action) is not _Action or action.kind != _CARD_KIND or not self.pool[action.value]:
            kinds = ", ".join(a.to_text() for a, _ in card_outcomes(self.pool))
            raise self._illegal(action, f"a card nobody has seen is due ({kinds})")
        return action.value

    def _start(self, action: Action) -> AusDieMausState:
        if (
            type(action) is not _Action
            or action.kind != _START_SEAT_KIND
            or not 0 <= action.value < self.n
        ):
            raise self._illegal(action, f"the starting seat (0..{self.n - 1}) is due")
        seat = action.value
        child = self._child()
        child.current = seat
        # ruling: deal one card at a time from the starting player until one card remains
        child.unseen = deal_sizes(self.n, seat, self.deck.size - 1)
        child._events = (("start", seat, child.unseen),)
        return child

    def _first_card(self, action: Action) -> AusDieMausState:
        kind = self._card(action)
        child = self._child()
        child.pool = _decrement(self.pool, kind)
        child.pile = (kind,)  # ruling: it starts the pile and is inert even if a mouse
        child.phase = TURN
        child._events = (("pile_start", None, kind),)
        return child

    def _draw(self, action: Action) -> AusDieMausState:
        kind = self._card(action)
        seat: int = self.current  # type: ignore[assignment]  # drawing needs a current seat
        child = self._child()
        child.drawing = False
        child.pool = _decrement(self.pool, kind)
        child.unseen = _decrement(self.unseen, seat)
        child._place(kind)
        return child

    # The methods below change the child they are called on, before `apply` returns it.

    def _place(self, card: int) -> None:
        """Put the current seat's turned card on the pile and apply what it does."""
        seat: int = self.current  # type: ignore[assignment]  # only called with a seat to act
        nxt = seat + 1 if seat + 1 < self.n else 0
        self.pile += (card,)
        self.turns += 1
        events: list[tuple[Any, ...]] = [("flip", seat, card)]
        chase = self.chase
        if chase is not None:
            owner, _, _, left = chase
            if card == _CAT:  # rulebook: catch with a cat: the pile and a mouse chip
                self._win(seat, True, owner, events)
            elif card >= _MOUSE1:  # rulebook: another mouse stops them and passes the chase on
                paws = card - 1
                self.chase = (seat, nxt, paws, paws)
                events.append(("pass_chase", seat, owner, paws, nxt))
                self._must_turn(nxt, CHASE, events)
            elif left > 1:
                self.chase = (owner, seat, chase[2], left - 1)
                events.append(("missed", seat, left - 1))
                self._must_turn(seat, CHASE, events)
            else:  # rulebook: only cheese: the mouse's owner wins the pile, without a chip
                self._win(owner, False, seat, events)
        elif card >= _MOUSE1:
            # rulebook: the left neighbour gets `paws` attempts; ruling: a restart card counts
            paws = card - 1
            self.chase = (seat, nxt, paws, paws)
            events.append(("call", seat, paws, nxt))
            self._must_turn(nxt, CHASE, events)
        else:  # cheese, or a cat with no mouse being chased: the pile just grows
            self._must_turn(nxt, TURN, events)
        self._events = tuple(events)

    def _must_turn(self, seat: int, phase: str, events: list[tuple[Any, ...]]) -> None:
        """Make `seat` the one to turn a card in `phase`, or end the game if it cannot."""
        self.current = seat
        self.phase = phase
        if not self.unseen[seat] and not self.won[seat]:
            self._end(RUN_OUT, seat, events)  # ruling: immediately; the pile belongs to nobody
        elif self.turns >= MAX_TURNS:
            self._end(SAFETY, None, events)

    def _win(self, winner: int, caught: bool, other: int, events: list[tuple[Any, ...]]) -> None:
        """Give the pile to `winner` (with a chip when `caught`); then it restarts the pile."""
        pile = self.pile
        # ruling: won cards go under the winner's stack in placement order, oldest first
        self.won = _replace(self.won, winner, self.won[winner] + pile)
        self.pile = ()
        self.chase = None
        if caught:
            self.chips = _increment(self.chips, winner)
            self.chips_left -= 1
            events.append(("caught", winner, len(pile), other))
            if not self.chips_left:
                # ruling: the final pile counts for the catcher and no new card is turned
                self._end(LAST_CHIP, winner, events)
                return
            self._history = frozenset()  # chips only grow: no earlier position can come back
        else:
            events.append(("escaped", winner, len(pile), other))
        # ruling (safety stop): between two restarts play is decided by the position, so a
        # restart position seen before means the game would loop for ever
        seen = (winner, self.unseen, self.won, self.chips)
        if seen in self._history:
            self._end(SAFETY, None, events)
            return
        self._history |= {seen}
        events.append(("restart", winner))
        self._must_turn(winner, RESTART, events)

    def _end(self, reason: str, seat: int | None, events: list[tuple[Any, ...]]) -> None:
        self.phase = OVER
        self.current = None
        self.chase = None
        self.drawing = False
        self.ending = reason
        events.append(("end", seat, reason, tuple(self.winners())))


# A list copy changed in place and turned back into a tuple costs about half of building the
# tuple from two slices around the changed value.


def _replace(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def _decrement(values: tuple[int, ...], index: int) -> tuple[int, ...]:
    changed = list(values)
    changed[index] -= 1
    return tuple(changed)


def _increment(values: tuple[int, ...], index: int) -> tuple[int, ...]:
    changed = list(values)
    changed[index] += 1
    return tuple(changed)


def _restored(
    game: FormattedGame[AusDieMausState, Any], n: int, deck: Deck, fields: tuple[Any, ...]
) -> AusDieMausState:
    """Return the state `AusDieMausState.__reduce__` pickled."""
    state = AusDieMausState(game, n, deck)
    state.phase = PHASES[fields[0]]
    (
        state.current, state.drawing, state.unseen, state.won, state.pile, state.pool,
        state.chips, state.chips_left, state.chase, state.ending, state.turns,
        state._history, state._events,
    ) = fields[1:]  # fmt: skip
    return state


COMPILED: Final = not __file__.endswith((".py", ".pyc"))
"""True where this module's extension module (mypyc, `make venv`) was imported, not state.py."""


__all__ = [
    "CHASE",
    "COMPILED",
    "ENDINGS",
    "LAST_CHIP",
    "MAX_TURNS",
    "OVER",
    "PHASES",
    "RESTART",
    "RUN_OUT",
    "SAFETY",
    "START",
    "TURN",
    "AusDieMausState",
    "Chase",
    "Events",
    "card_outcomes",
]
