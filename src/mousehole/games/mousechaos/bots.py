"""Mouse Chaos computer players: easy, normal and hard. None of them peeks: each reads only
its own seat's observation (`state.observation(seat)`) and the legal actions, which depend on
public facts alone (where the pieces are, whose turn, the number drawn).

- easy: a random legal action at every decision.
- normal: remembers its peeks (they are in its observation), steers the mice it believes are
  its own towards its nests, sends the others' mice under the table with cats, peeks under
  holders when it can, blocks rivals' nest entries with holders, protects its known mice with
  chairs, and turns its likely-right mice first at a reveal. It also clears a blockade of its
  nests: open entries are worth something, so it lifts holders and cats off them, and moves
  a cat off a chair that shuts one and then that chair, in the same turn. A mouse of its own
  in another side's nest is worth next to nothing (it comes home only through a reveal
  there), so it keeps its mice out of such nests, and it puts that side's mice into a nest
  that likely holds one of its own: four there start a reveal that sends the first wrong
  mouse home, past any blockade (worth.py).
- hard: an information-set search. It deals the colours it has not seen again, many times,
  consistently with everything it knows (belief.py), and weighs every choice over those
  samples: who each mouse belongs to (its own colours, a rival's, the phantom's), what a reveal
  would do (a win, a loss, the mice it sends home, in each sample's colours), and the rest of
  its turn (the best mouse or cat move after each holder move, the numbers a holder may
  show). A reveal that may lose it the game is started only when nearly every sample wins
  (LOSS); a mouse of its own is sent home through a rival's nest only when the nest it lands
  in will not then send a rival's mouse home (worth.Values.clean); in a game still going past
  round CAP_FROM it weighs the cap's ranking too, and in the last ENDGAME rounds a cap it does
  not win alone is worth little more than a loss. Measured by benchmarks/levels.py and,
  against a blockade, tests/games/mousechaos/blockade.py.
"""

# `make venv` compiles the module marked so with mypyc where it can (docs/testing.md):
# mousehole: mypyc
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ...engine import Action, IllegalActionError, Player, State
from . import actions as A
from . import ends as E
from . import moves as M
from .belief import NEST_DISTANCE, Belief
from .board import FLOOR_SET, HOLE_SIDE, LYING, NEIGHBOURS, NEST_OF, NESTS, TABLE
from .deal import slot_owner
from .nests import right_colours
from .phases import CAP_ROUNDS
from .standings import cap_winners
from .worth import HOLD, PEEK, Position, Values

WIN: Final = 10.0
"""What a reveal that wins is worth to hard (in mouse-value units)."""
LOSS: Final = 100.0
"""What a reveal that ends the game any other way costs hard: ten wins' worth, so it starts
one that may lose only when it wins in more than ten samples of eleven. A rival's nest
completed by a wrong mouse the reveal sends there ends the game for good, while waiting (and
peeking under holders meanwhile) costs a few rounds; and hard weighs the same gamble again
every turn it waits, so a lenient threshold is met by chance sooner or later."""
CAP: Final = 1.0
"""What one mouse at home is worth to hard at the cap's ranking (worth.Values.cap), reached
over CAP_RAMP rounds from round CAP_FROM: hard wins almost every 2-seat game by round 50, so
a game still going then is blockaded, and the ranking is likely to decide it. (Weighed
earlier, it keeps hard from putting a rival's mice into their nest to get its own home
through the reveal there, the usual way past a blockade.)"""
CAP_FROM: Final = 60
CAP_RAMP: Final = 40
ENDGAME: Final = 30
"""In the last ENDGAME rounds hard weighs a reveal against the cap's result as it stands (in
each sample's colours): a cap it does not win alone is worth a loss less a win (-LOSS + WIN),
so it then starts a reveal that wins in one sample of eleven or more, never one sure to lose
(a reveal's outcome is scored apart from the rest of the move, worth a few units at most)."""
STUCK: Final = WIN
"""What each nest of hard's that a move leaves stuck costs it (`_stuck`): the nest holds a
wrong mouse face down, and the nest that mouse would be sent to holds three mice of its
owner's colours, so the only reveal that could empty the nest completes that side's nest. A
stuck nest is never completed for hard (in a 2-seat game it cannot win outright any more),
and its wrong mouse does not count at the cap: worth about a win."""


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
        if kind == A.PICK:
            unknown = [c < 0 for c in belief.colours]
            at = position.holders[action.a]
            peek = PEEK if at != TABLE and _hidden_under(at, position, unknown) else 0.0
            return peek + _lift(action.a, position, values)
        if kind == A.HOLDER:
            unknown = [c < 0 for c in belief.colours]
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
    if not E.ends(
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
        ramp = min(1.0, max(0.0, (seen["round"] - CAP_FROM) / CAP_RAMP))
        values = Values(position, seat, belief.owners(samples), CAP * ramp, clogged=True)
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
        a third of the samples (the reveal's outcome is what matters there), and in all of
        them when one of that third ends the game (a gamble deserves a closer look). In the
        last ENDGAME rounds the other moves are worth the cap's result as it stands."""
        position = values.position
        scores = []
        game: Any = state.game
        worlds: list[Any] = []
        played = []
        for action in actions:
            assert isinstance(action, A.MouseChaosAction)
            fills = action.kind == A.MOUSE and _fills_nest(position, action.b)
            if not fills and action.kind != A.TURN:
                scores.append(self.score(action, belief, position, values))
                continue
            played.append(len(scores))
            if not worlds:
                worlds = [
                    game.state_from_observation(seen, colours, cards)
                    for colours, cards in samples[: self.SAMPLES // 3]
                ]
            results = [_outcome(world, action, values) for world in worlds[: self.SAMPLES // 3]]
            if any(ended for _, ended in results):
                worlds += [
                    game.state_from_observation(seen, colours, cards)
                    for colours, cards in samples[len(worlds) :]
                ]
                results += [_outcome(world, action, values) for world in worlds[len(results) :]]
            total = sum(value for value, _ in results)
            scores.append(total / len(results) + self.score(action, belief, position, values))
        if played and seen["round"] > CAP_ROUNDS - ENDGAME:
            at_cap = sum(
                WIN if cap_winners(world) == [values.seat] else WIN - LOSS for world in worlds
            ) / len(worlds)
            scores = [s if i in played else s + at_cap for i, s in enumerate(scores)]
        return scores


def _to(action: Action) -> int:
    assert isinstance(action, A.MouseChaosAction)
    return action.b


def _fills_nest(position: Position, to: int) -> bool:
    nest = NEST_OF[to] if to != TABLE else -1
    return nest >= 0 and sum(1 for at in position.mice if at < 100 and NEST_OF[at] == nest) == 3


def _outcome(world: Any, action: A.MouseChaosAction, values: Values) -> tuple[float, bool]:
    """Return what `action` in a sampled world is worth to the seat once the reveal it starts
    plays out (the seat turning the mice of its own nests likely-right first, as `turn_score`
    does, every other revealer in the order listed): WIN a win, -LOSS any other end, else what
    the mice the reveal sent home gained or lost, by that world's colours (the move's own worth
    is scored apart), less STUCK for each nest of the seat's the move leaves stuck; and
    whether the game ended."""
    start = world
    before = list(world.mice)
    if action.kind == A.MOUSE:
        before[action.a] = action.b
    world = world.apply(action)
    while world.phase == "reveal":
        turns = world.legal_actions()
        if world.revealer == values.seat and world.owner(world.reveal) == values.seat:
            owners = values.owners
            world = world.apply(max(turns, key=lambda t: owners[t.a][values.seat]))
        else:
            world = world.apply(turns[0])
    if world.phase == "over":
        return (WIN if world.winners() == [values.seat] else -LOSS), True
    owner_of = [0] * 4
    for k, colour in enumerate(world.cards):
        owner = slot_owner(world.n, k)
        owner_of[colour] = owner if owner >= 0 else 4
    return sum(
        values.worth(owner_of[world.colours[m]], at) - values.worth(owner_of[world.colours[m]], was)
        for m, (at, was) in enumerate(zip(world.mice, before, strict=True))
        if at != was
    ) - STUCK * (_stuck(world, values.seat) - _stuck(start, values.seat)), False


def _stuck(world: Any, seat: int) -> int:
    """Return how many of `seat`'s unfinished nests are stuck in a sampled world: they hold a
    mouse of a wrong colour face down, and the nest the reveal would send it to (nests.py's
    `_eject`: its colour's nest, with two seats its owner's fuller unfinished one) holds three
    mice, all of its owner's colours. Completing the nest needs every wrong mouse sent away,
    and sending that one away completes the other side's nest (with two seats, its last one
    is a win; a mouse of a colour hard knows is never its own stays wrong in every sample)."""
    full = [0] * 4
    inside: list[list[int]] = [[], [], [], []]  # each nest's mice (their order is not needed)
    for m, at in enumerate(world.mice):
        if at < TABLE and NEST_OF[at] >= 0:
            full[NEST_OF[at]] += 1
            inside[NEST_OF[at]].append(m)
    if 3 not in full:
        return 0  # no nest that a fourth mouse would complete
    count = 0
    for nest in range(4):
        if world.owner(nest) != seat or world.complete[nest] or not full[nest]:
            continue
        right = right_colours(world, nest)
        for m in inside[nest]:
            if world.revealed[m] or world.colours[m] in right:
                continue
            slot = world.cards.index(world.colours[m])
            target = slot
            if world.n == 2:
                theirs = [
                    k
                    for k in range(4)
                    if world.owner(k) == world.owner(slot) and not world.complete[k]
                ]
                if not theirs:
                    continue
                target = max(theirs, key=lambda k: (full[k], -k))
            if full[target] != 3:
                continue
            theirs_right = right_colours(world, target)
            if all(world.colours[x] in theirs_right for x in inside[target]):
                count += 1
                break
    return count


BOTS: Final[dict[str, Callable[[int | None], Player]]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
"""The levels, easiest first: `BOTS[level](seed)` makes a player."""

__all__ = ["BOTS", "EasyPlayer", "HardPlayer", "NormalPlayer"]
