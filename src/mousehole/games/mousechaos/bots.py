"""Mouse Chaos computer players: easy, normal and hard. None of them peeks: each reads only
its own seat's observation (`state.observation(seat)`) and the legal actions, which depend on
public facts alone (where the pieces are, whose turn, the number drawn).

- easy: a random legal action at every decision.
- normal: remembers its peeks (they are in its observation), steers the mice it believes are
  its own towards its nests, sends the others' mice under the table with cats, peeks under
  holders when it can, blocks rivals' nest entries with holders, protects its known mice with
  chairs, and turns its likely-right mice first at a reveal. It also clears a blockade of its
  nests: open entries are worth something, so it lifts holders and cats off them, and moves
  a cat off a chair that shuts one and then that chair, in the same turn.
- hard: an information-set search. It deals the colours it has not seen again, many times,
  consistently with everything it knows (belief.py), and weighs every choice over those
  samples: who each mouse belongs to (its own colours, a rival's, the phantom's), what a reveal
  would do, and the rest of its turn (the best mouse or cat move after each holder move, the
  numbers a holder may show). Measured by benchmarks/levels.py and, against a blockade,
  tests/games/mousechaos/blockade.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ...engine import Action, IllegalActionError, Player, State
from . import actions as A
from . import moves as M
from .belief import NEST_DISTANCE, Belief
from .board import FLOOR_SET, HOLE_SIDE, LYING, NEIGHBOURS, NEST_OF, NESTS, TABLE, parse_node
from .deal import slot_owner
from .moves import Chairs

PEEK: Final = 0.2
"""What looking under a holder at an unknown mouse is worth (in mouse-value units)."""
RIVAL: Final = 0.6
"""How much a rival's mouse nearing its nest costs, against one's own nearing one's nest."""
OPEN: Final = (0.0, 0.6, 0.85, 1.0, 1.1)
"""What a nest of mine with 0..4 entries open is worth: the first open entry matters most (a
blockade shuts them all; one open lets a mouse in)."""
HOLD: Final = 0.1
"""What a chair holding an entry of mine open is worth (and a cat sitting on such a chair,
which keeps anyone from turning it)."""
FREE: Final = 0.45
"""What lifting a cat off a chair that shuts an entry of mine is worth: the chair step of the
same turn may then move that chair (rulebook: only a chair without a cat moves)."""


def entry_sides(nest: int) -> dict[int, int]:
    """Return the floor squares a mouse enters `nest` from, each with the side the nest is on."""
    out = {}
    for sq in FLOOR_SET:
        for side, beyond in enumerate(NEIGHBOURS[sq]):
            if beyond >= 0 and NEST_OF[beyond] == nest:
                out[sq] = side
    return out


ENTRIES: Final = tuple(entry_sides(k) for k in range(4))
"""ENTRIES[nest]: {entry square: the side the nest lies on}."""


def shuts(sq: int, side: int, holders: Sequence[int], cats: Sequence[int], chairs: Chairs) -> bool:
    """Return True when nothing can step from entry `sq` into the nest on `side`: a holder or
    a cat on the floor there, a lying chair, or an upright chair whose cross support faces
    the nest (a cat perched on a chair blocks no mouse under it)."""
    pose = next((p for at, p in chairs if at == sq), None)
    if pose is not None:
        return pose in (LYING, side)
    return sq in holders or sq in cats


def open_entries(nest: int, holders: Sequence[int], cats: Sequence[int], chairs: Chairs) -> int:
    """Return how many of `nest`'s entries are open (see `shuts`)."""
    return sum(not shuts(sq, side, holders, cats, chairs) for sq, side in ENTRIES[nest].items())


def _decide(state: State) -> tuple[int, Sequence[Action]]:
    seat = state.current_player()
    actions = state.legal_actions()
    if seat < 0 or not actions:
        raise IllegalActionError("no seat has a decision to make here")
    return seat, actions


class EasyPlayer:
    """Easy: a random legal action at every decision."""

    level: Final = "easy"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """Return a random legal action."""
        _, actions = _decide(state)
        return actions[self._rng.randrange(len(actions))]


class Position:
    """The public facts of an observation, as the engine's tuples (for `moves.ends`)."""

    def __init__(self, seen: Mapping[str, Any]):
        self.seen = seen
        self.seats: int = seen["seats"]
        self.mice = tuple(parse_node(m["at"]) or 0 for m in seen["mice"])
        self.holders = tuple(parse_node(h["at"]) or 0 for h in seen["holders"])
        self.cats = tuple(parse_node(c) or 0 for c in seen["cats"])
        self.chairs = tuple(
            (parse_node(c["at"]) or 0, "NESWL".index(c["pose"])) for c in seen["chairs"]
        )
        self.steps: int = seen["steps"] or 0

    def nests_of(self, owner: int) -> list[int]:
        """Return the nests of a seat (owner 0..3) or of the phantom (owner 4)."""
        if owner == 4:
            return [k for k in range(4) if slot_owner(self.seats, k) < 0]
        return [k for k in range(4) if slot_owner(self.seats, k) == owner]

    def movable(self, holders: tuple[int, ...] | None = None) -> list[int]:
        """Return the visible mice outside the nests."""
        held = self.holders if holders is None else holders
        return [
            m
            for m, at in enumerate(self.mice)
            if (at == TABLE or NEST_OF[at] < 0) and (at == TABLE or at not in held)
        ]

    def best_piece(self, n: int, values: Values, holders: tuple[int, ...] | None = None) -> float:
        """Return the best gain of a mouse or cat move of exactly n (0 if none helps)."""
        held = self.holders if holders is None else holders
        best = 0.0
        for m in self.movable(held):
            for to in M.ends(M.MOUSE, m, n, self.mice, held, self.cats, self.chairs):
                best = max(best, values.gain(m, to))
        for c in range(4):
            at = self.cats[c]
            for to in M.ends(M.CAT, c, n, self.mice, held, self.cats, self.chairs):
                cats = (*self.cats[:c], to, *self.cats[c + 1 :])
                gain = values.cat_gain(to, self.chairs) + values.frees(c, to)
                best = max(best, gain + values.opened(cats=cats, touched=(at, to)))
        return best


class Values:
    """What each mouse on each node is worth to a seat, given who it may belong to."""

    def __init__(self, position: Position, seat: int, owners: Sequence[Sequence[float]]):
        self.position = position
        self.seat = seat
        self.owners = owners
        self.nests = [position.nests_of(o) for o in range(5)]
        self._cache: dict[tuple[int, int], float] = {}
        seen = position.seen
        full = [sum(1 for at in position.mice if at < TABLE and NEST_OF[at] == k) for k in range(4)]
        self.waiting = [k for k in self.nests[seat] if not seen["complete"][k] and full[k] < 4]
        """My nests still to fill: their open entries are worth keeping open."""
        self.entries = frozenset(sq for k in self.waiting for sq in ENTRIES[k])
        self._now = self.openness(position.holders, position.cats, position.chairs)

    def openness(self, holders: Sequence[int], cats: Sequence[int], chairs: Chairs) -> float:
        """Return what the open entries of my unfilled nests are worth (see OPEN)."""
        return sum(OPEN[open_entries(k, holders, cats, chairs)] for k in self.waiting)

    def opened(
        self,
        holders: Sequence[int] | None = None,
        cats: Sequence[int] | None = None,
        chairs: Chairs | None = None,
        touched: Sequence[int] = (),
    ) -> float:
        """Return the change in `openness` when some pieces stand elsewhere (0 at once when
        none of the `touched` squares, where a piece left or arrived, is an entry of mine)."""
        if touched and not any(sq in self.entries for sq in touched):
            return 0.0
        p = self.position
        then = self.openness(
            p.holders if holders is None else holders,
            p.cats if cats is None else cats,
            p.chairs if chairs is None else chairs,
        )
        return then - self._now

    def holds_open(self, square: int, pose: int) -> bool:
        """Return True when a chair upright on `square` in `pose` keeps an entry of my unfilled
        nests open: its cross support faces away from the nest (a mouse passes under it into
        the nest), and no holder or floor cat can stand there while it does."""
        return any(pose != LYING and ENTRIES[k].get(square, pose) != pose for k in self.waiting)

    def frees(self, cat: int, to: int) -> float:
        """Return FREE when cat `cat` leaves a chair that shuts an entry of my unfilled nests
        for a square that shuts none (the chair step can then move the chair), else 0."""
        at = self.position.cats[cat]
        pose = next((p for sq, p in self.position.chairs if sq == at), None)
        if pose is None or to == at:
            return 0.0
        for k in self.waiting:
            if ENTRIES[k].get(at) == pose:
                return FREE
        return 0.0

    def value(self, mouse: int, node: int) -> float:
        """Return the worth of `mouse` standing on `node`."""
        key = (mouse, node)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        total = 0.0
        nest_here = NEST_OF[node] if node != TABLE else -1
        for owner, share in enumerate(self.owners[mouse]):
            if share <= 0 or not self.nests[owner]:
                continue
            if nest_here >= 0:
                worth = 3.0 if nest_here in self.nests[owner] else 1.0
            else:
                worth = max(1 / (1 + NEST_DISTANCE[k][node]) for k in self.nests[owner])
            total += share * worth * (1.0 if owner == self.seat else -RIVAL)
        if nest_here >= 0 and nest_here in self.nests[self.seat]:
            total -= 0.8 * (1 - self.owners[mouse][self.seat])  # a stranger clogs my nest
        self._cache[key] = total
        return total

    def gain(self, mouse: int, to: int) -> float:
        """Return the worth gained by moving `mouse` to `to`."""
        return self.value(mouse, to) - self.value(mouse, self.position.mice[mouse])

    def cat_gain(self, to: int, chairs: tuple[tuple[int, int], ...]) -> float:
        """Return the worth gained by a cat landing on `to` (a capture, if any)."""
        if to == TABLE or to in dict(chairs):
            return 0.0
        for m, at in enumerate(self.position.mice):
            if at == to:
                return self.gain(m, TABLE)
        return 0.0


def _entry_squares(nests: Sequence[int]) -> set[int]:
    return {sq for sq in FLOOR_SET if any(b >= 0 and NEST_OF[b] in nests for b in NEIGHBOURS[sq])}


class NormalPlayer:
    """Normal: greedy over its own beliefs, one decision at a time (see the module)."""

    level: Final = "normal"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def owners(self, belief: Belief, position: Position) -> list[list[float]]:
        """Return per mouse: mine with the chance it is, else spread over the others."""
        mine = belief.mine()
        others = [o for o in range(5) if o != belief.seat and position.nests_of(o)]
        out = []
        for p in mine:
            row = [0.0] * 5
            row[belief.seat] = p
            for o in others:
                row[o] = (1 - p) / len(others)
            out.append(row)
        return out

    def choose(self, state: State) -> Action:
        """Return the action with the best score (ties broken at random)."""
        seat, actions = _decide(state)
        seen = state.observation(seat)
        belief = Belief.from_observation(seen)
        position = Position(seen)
        values = Values(position, seat, self.owners(belief, position))
        scores = [self.score(action, belief, position, values) for action in actions]
        return self.best(actions, scores)

    def best(self, actions: Sequence[Action], scores: Sequence[float]) -> Action:
        """Return a highest-scoring action, ties broken by this player's generator."""
        top = max(scores)
        tied = [a for a, s in zip(actions, scores, strict=True) if s >= top - 1e-9]
        return tied[self._rng.randrange(len(tied))]

    def score(self, action: Action, belief: Belief, position: Position, values: Values) -> float:
        """Return how good `action` looks (higher is better)."""
        assert isinstance(action, A.MouseChaosAction)
        kind = action.kind
        unknown = [c < 0 for c in belief.colours]
        if kind == A.PICK:
            at = position.holders[action.a]
            peek = PEEK if at != TABLE and _hidden_under(at, position, unknown) else 0.0
            return peek + _lift(action.a, position, values)
        if kind == A.HOLDER:
            return self.holder_score(action.b, position, values, unknown)
        if kind == A.MOUSE:
            return values.gain(action.a, action.b)
        if kind == A.CAT:
            cats = _put(position.cats, action.a, action.b)
            chair = dict(position.chairs).get(action.b)
            lock = HOLD if chair is not None and values.holds_open(action.b, chair) else 0.0
            return (
                lock
                + values.cat_gain(action.b, position.chairs)
                + values.opened(cats=cats, touched=(position.cats[action.a], action.b))
                + values.frees(action.a, action.b)
                - 0.01
            )
        if kind == A.CHAIR:
            return self.chair_score(action, position, values)
        if kind == A.TURN:
            return self.turn_score(action.a, belief, values)
        return 0.0  # skip

    def holder_score(
        self, to: int, position: Position, values: Values, unknown: Sequence[bool]
    ) -> float:
        """Return what a holder landing on `to` is worth: a peek, a blocked rival entry,
        less a mouse of mine covered."""
        score = 0.0
        for m, at in enumerate(position.mice):
            if at == to:
                score += PEEK if unknown[m] else 0.0
                score -= max(0.0, values.value(m, at)) * 0.3
        rivals = [k for o in range(5) if o != values.seat for k in values.nests[o]]
        if to in _entry_squares(rivals):
            score += 0.1
        if to in HOLE_SIDE:
            score += 0.02
        picked = position.seen["picked"]
        if picked is not None:  # lifting it off an entry of mine opens it; landing shuts one
            moved = _put(position.holders, picked, to)
            score += values.opened(holders=moved, touched=(position.holders[picked], to))
        return score

    def chair_score(self, action: A.MouseChaosAction, position: Position, values: Values) -> float:
        """Return what a chair move is worth: an entry of mine it opens or shuts, and a chair
        upright over one of my mice."""
        chairs = _put(position.chairs, action.a, (action.b, action.c))
        opened = values.opened(chairs=chairs, touched=(position.chairs[action.a][0], action.b))
        if values.holds_open(action.b, action.c):
            opened += HOLD  # upright, facing away: no holder or floor cat can shut it there
        return opened + self.cover_score(action, position, values)

    def cover_score(self, action: A.MouseChaosAction, position: Position, values: Values) -> float:
        """Return what putting a chair upright over one of my mice is worth (else nothing)."""
        if action.c == LYING:
            return -0.01
        for m, at in enumerate(position.mice):
            if at == action.b and at in FLOOR_SET and at not in dict(position.chairs):
                keep = values.value(m, at) - values.value(m, TABLE)
                # the support on the side away from my nearest nest, so the mouse can go home
                if action.c == _away_side(at, values.nests[values.seat]):
                    return 0.5 * keep
                return 0.4 * keep
        return -0.01

    def turn_score(self, mouse: int, belief: Belief, values: Values) -> float:
        """Return how much to turn `mouse` now: my own nest, likely-right first; a nest I
        reveal for the phantom, likely-wrong first."""
        position = values.position
        nest = NEST_OF[position.mice[mouse]]
        owner = slot_owner(position.seats, nest)
        right = values.owners[mouse][owner if owner >= 0 else 4]
        return right if owner == values.seat else -right


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _lift(holder: int, position: Position, values: Values) -> float:
    """Return most of what lifting `holder` off an entry of mine would open, when it can move
    (a holder with no move of its number stays where it is)."""
    number = position.seen["holders"][holder]["number"]
    at = position.holders[holder]
    if at == TABLE or not number:
        return 0.0
    if not M.ends(
        M.HOLDER, holder, number, position.mice, position.holders, position.cats, position.chairs
    ):
        return 0.0
    return 0.8 * values.opened(holders=_put(position.holders, holder, TABLE), touched=(at,))


def _hidden_under(at: int, position: Position, unknown: Sequence[bool]) -> bool:
    return any(node == at and unknown[m] for m, node in enumerate(position.mice))


def _away_side(square: int, nests: Sequence[int]) -> int:
    """Return the side of `square` facing away from the nearest of `nests`."""
    best = min(nests, key=lambda k: NEST_DISTANCE[k][square])
    row, col = divmod(square, 10)
    nrow, ncol = divmod(NESTS[best][0], 10)
    if abs(nrow - row) >= abs(ncol - col):
        return 0 if nrow > row else 2  # nest below: support on the north side
    return 3 if ncol > col else 1


class HardPlayer(NormalPlayer):
    """Hard: the same judgement as normal, weighed over samples of the hidden colours, with
    the rest of its turn searched (see the module)."""

    level: Final = "hard"  # type: ignore[misc]
    SAMPLES: Final = 24

    def choose(self, state: State) -> Action:
        """Return the action with the best value over the samples (ties at random)."""
        seat, actions = _decide(state)
        if len(actions) == 1:
            return actions[0]
        seen = state.observation(seat)
        belief = Belief.from_observation(seen)
        position = Position(seen)
        samples = [belief.sample(self._rng) for _ in range(self.SAMPLES)]
        values = Values(position, seat, belief.owners(samples))
        phase = seen["phase"]
        if phase == "pick":
            scores = [self.pick_value(a, position, values, belief) for a in actions]
        elif phase == "holder":
            unknown = [c < 0 for c in belief.colours]
            scores = [
                self.holder_score(_to(a), position, values, unknown)
                + position.best_piece(position.steps, values, self._moved(position, a))
                for a in actions
            ]
        elif phase in ("piece", "reveal"):
            scores = self.sampled(state, actions, seen, samples, values, belief)
        else:
            scores = [self.score(a, belief, position, values) for a in actions]
        return self.best(actions, scores)

    def _moved(self, position: Position, action: Action) -> tuple[int, ...]:
        assert isinstance(action, A.MouseChaosAction)
        held = list(position.holders)
        held[position.seen["picked"]] = action.b
        return tuple(held)

    def pick_value(
        self, action: Action, position: Position, values: Values, belief: Belief
    ) -> float:
        """Return the peek, plus the best mouse or cat move expected from its number."""
        assert isinstance(action, A.MouseChaosAction)
        holder = position.seen["holders"][action.a]
        at = position.holders[action.a]
        unknown = [c < 0 for c in belief.colours]
        peek = PEEK if at != TABLE and _hidden_under(at, position, unknown) else 0.0
        known = [h["number"] for h in position.seen["holders"] if h["number"]]
        numbers = (
            [holder["number"]] if holder["number"] else [n for n in range(1, 7) if n not in known]
        )
        lifted = _lift(action.a, position, values)
        held = None
        if lifted > 0:  # off an entry of mine: a mouse may step in right after the holder
            held = _put(position.holders, action.a, TABLE)
        expected = sum(position.best_piece(n, values, held) for n in numbers) / len(numbers)
        return peek + expected + lifted

    def sampled(
        self,
        state: State,
        actions: Sequence[Action],
        seen: Mapping[str, Any],
        samples: list[tuple[list[int], list[int]]],
        values: Values,
        belief: Belief,
    ) -> list[float]:
        """Return each action's value; moves that fill a nest, and reveals, are played out in
        a third of the samples (the reveal's outcome is what matters there)."""
        position = values.position
        scores = []
        worlds: list[Any] | None = None
        for action in actions:
            assert isinstance(action, A.MouseChaosAction)
            fills = action.kind == A.MOUSE and _fills_nest(position, action.b)
            if not fills and action.kind != A.TURN:
                scores.append(self.score(action, belief, position, values))
                continue
            if worlds is None:
                game: Any = state.game
                worlds = [
                    game.state_from_observation(seen, colours, cards)
                    for colours, cards in samples[: self.SAMPLES // 3]
                ]
            total = sum(_outcome(world.apply(action), values) for world in worlds)
            scores.append(total / len(worlds) + self.score(action, belief, position, values))
        return scores


def _to(action: Action) -> int:
    assert isinstance(action, A.MouseChaosAction)
    return action.b


def _fills_nest(position: Position, to: int) -> bool:
    nest = NEST_OF[to] if to != TABLE else -1
    return nest >= 0 and sum(1 for at in position.mice if at < 100 and NEST_OF[at] == nest) == 3


def _outcome(world: Any, values: Values) -> float:
    """Return what a sampled world is worth to the seat after the reveal plays out (each
    revealer turning its mice in order): +10 a win, -10 any other end, else 0 (the move's
    own worth is scored apart)."""
    while world.phase == "reveal":
        world = world.apply(world.legal_actions()[0])
    if world.phase == "over":
        return 10.0 if world.winners() == [values.seat] else -10.0
    return 0.0


BOTS: Final[dict[str, Callable[[int | None], Player]]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
"""The levels, easiest first: `BOTS[level](seed)` makes a player."""

__all__ = ["BOTS", "EasyPlayer", "HardPlayer", "NormalPlayer"]
