"""Don't Cut the Cheese computer players: easy, normal and hard.

Spinning is forced, so the levels differ only in where they bite. None of them reads the
paper's threshold: they see what a player sees (the paper, the bites left, the seats and the
direction), and `HardBot` reasons about the threshold only through its posterior.

What wins: a paper snaps only on a bite that lowers its strength, and careful players lower it
only when no bite keeps it (measured: every snap between normal players is such a forced cut).
So who snaps is decided by who is to bite when the safe bites at the threshold's level run
out: the hard player makes sure it has safe bites for its own turn and leaves the next player
as few as it can.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from ...bots import RandomBot
from ...engine import Action, Player, State
from . import actions as A
from .paper import BITES, Bite, legal_bites, loose, paper_cells, strength
from .phases import BITE, BITES_SHOWN, THRESHOLD_PRIOR, bite_actions
from .state import CheeseState

HORIZON: Final = 12
"""Bites of the round `HardBot` looks ahead (measured: longer changes its choices rarely)."""
FACE_P: Final = 1 / len(A.FACES)
RISK_TOLERANCE: Final = 0.02
"""Bites whose snap risk is within this of the least are as safe as the least, and `HardBot`
chooses among them for tempo (measured: tolerance 0 plays like the risk alone, which loses its
edge at six seats, where the risk along one careful path cannot tell the bites apart)."""


def after(eaten: int, bite: Bite) -> int:
    """Return the paper after `bite`, loose scraps fallen (the rules' own bite)."""
    eaten |= bite.mask
    return eaten | loose(eaten)


def cdf(strength_: int) -> float:
    """Return P(T <= strength_) under the threshold's prior (docs/games/dontcutthecheese.md)."""
    return sum(p for t, p in THRESHOLD_PRIOR.items() if t <= strength_)


@lru_cache(maxsize=131072)
def careful_bite(eaten: int) -> Bite:
    """Return the careful player's bite: the highest strength after it, then the fewest cells
    of paper eaten (keeping paper for later), then reading order."""
    best: Bite | None = None
    best_key = (-1, 0)
    now = strength(eaten)
    for b in sorted(legal_bites(eaten), key=lambda b: paper_cells(eaten, b)):
        kept = strength(after(eaten, b))
        key = (kept, -paper_cells(eaten, b))
        if key > best_key:
            best, best_key = b, key
            if kept == now:
                break  # nothing keeps more, and later bites eat at least as many cells
    assert best is not None  # a paper on the trap always has a legal bite (docs, ruling)
    return best


@lru_cache(maxsize=131072)
def careful_path(eaten: int, length: int) -> tuple[int, ...]:
    """Return the strengths after each of `length` careful bites from this paper (fewer if the
    paper is cut apart before)."""
    if length == 0 or strength(eaten) == 0:
        return ()
    nxt = after(eaten, careful_bite(eaten))
    return (strength(nxt), *careful_path(nxt, length - 1))


@lru_cache(maxsize=131072)
def safe_run(eaten: int) -> int:
    """Return how many careful bites this paper takes before a bite must lower its strength:
    the safe bites left at its strength (0: the next bite cuts)."""
    if strength(eaten) == 0:
        return 0
    nxt = after(eaten, careful_bite(eaten))
    return 1 + safe_run(nxt) if strength(nxt) == strength(eaten) else 0


@lru_cache(maxsize=256)
def ownership(n: int, bites_left: int, again: bool, direction: int) -> tuple[float, ...]:
    """Return, for the next HORIZON bites of the round (index 0 is the next bite), the chance
    that the seat to act takes each: its own bites left, then turns passed on over every spin
    outcome (skips, reverses and spin-again chains included)."""
    mine = [0.0] * (HORIZON + 1)
    for i in range(min(bites_left, HORIZON)):
        mine[i] = 1.0
    # spins[i][(p, d)]: the chance that seat offset p (0: me) spins with i bites taken
    spins: list[dict[tuple[int, int], float]] = [{} for _ in range(HORIZON + 1)]
    first = (0 if again else direction % n, direction)
    spins[min(bites_left, HORIZON)][first] = 1.0
    for i in range(HORIZON):
        pending = spins[i]
        while sum(pending.values()) > 1e-9:
            current, pending = pending, {}
            for (p, d), mass in current.items():
                m = mass * FACE_P
                skip, rev = ((p + d) % n, d), ((p - d) % n, -d)
                pending[skip] = pending.get(skip, 0.0) + m
                pending[rev] = pending.get(rev, 0.0) + m
                for face in (A.BITE1, A.BITE2, A.BITE3, A.BITE_SPIN):
                    bites = BITES_SHOWN[face]
                    if p == 0:
                        for j in range(i, min(i + bites, HORIZON)):
                            mine[j] += m
                    nxt = (p, d) if face == A.BITE_SPIN else ((p + d) % n, d)
                    at = min(i + bites, HORIZON)
                    spins[at][nxt] = spins[at].get(nxt, 0.0) + m
    return tuple(mine[:HORIZON])


def snap_risk(eaten: int, bite: Bite, now: int, owned: tuple[float, ...], n: int) -> float:
    """Return the chance that the seat biting `bite` now is the one to snap this paper, if
    everyone bites carefully after it: for each threshold T still possible (T <= `now`, since
    the paper holds), the first bite that takes the strength below T, and the chance that bite
    is this seat's. Beyond the horizon every seat is taken as equally likely."""
    path = (strength(after(eaten, bite)), *careful_path(after(eaten, bite), HORIZON - 1))
    held = cdf(now)
    risk = 0.0
    for t, p in THRESHOLD_PRIOR.items():
        if t > now:
            continue
        share = 1 / n
        for j, s in enumerate(path):
            if s < t:
                share = owned[j]
                break
        risk += p / held * share
    return risk


class EasyBot:
    """Easy: any legal bite, at random."""

    level: Final = "easy"

    def __init__(self, seed: int | None = None):
        self._random = RandomBot(seed)

    def choose(self, state: State) -> Action:
        """Return a random legal action."""
        return self._random.choose(state)


class NormalBot:
    """Normal: keeps the strength up: a bite that leaves the highest strength (one that cuts
    no path when there is one), at random among those."""

    level: Final = "normal"

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """Return this level's choice."""
        assert isinstance(state, CheeseState)  # a Don't Cut the Cheese player plays this game
        actions = state.legal_actions()
        if state.phase is not BITE or len(actions) == 1:
            return actions[0]
        kept = {a: strength(after(state.eaten, BITES_BY_INDEX[a.value])) for a in actions}
        best = max(kept.values())
        return self._rng.choice([a for a in actions if kept[a] == best])


class HardBot:
    """Hard: the bite least likely to make it the one who snaps the paper, played for tempo.

    The risk of each bite: it looks HORIZON bites ahead along careful play, weighs every
    spinner outcome for who takes each of those bites (its own bites left, skips, reverses and
    spin-again chains), and weighs the threshold by its posterior: the prior given that the
    paper has held at every strength it has had (strength never grows, so T <= the strength
    now). Among the bites within RISK_TOLERANCE of the least risk it keeps the most strength,
    then plays for tempo: with more bites to take this turn (or a spin again), the bite that
    leaves the longest run of safe bites, so that it does not run out of them itself; on its
    last bite of the turn, the one that leaves the next player the shortest run, so that the
    next forced cut is likely someone else's. Deterministic: the same observation always gets
    the same bite.
    """

    level: Final = "hard"

    def __init__(self, seed: int | None = None):
        del seed  # deterministic

    def choose(self, state: State) -> Action:
        """Return the bite of least snap risk, then the most strength, then for tempo."""
        assert isinstance(state, CheeseState)  # a Don't Cut the Cheese player plays this game
        if state.phase is not BITE:
            return state.legal_actions()[0]
        return hard_bite(state.n, state.eaten, state.bites_left, state.spin_again, state.direction)


@lru_cache(maxsize=65536)
def hard_bite(n: int, eaten: int, bites_left: int, again: bool, direction: int) -> A.CheeseAction:
    """Return `HardBot`'s bite: a function of only what it reads (the seats, the paper, the
    bites left, a spin again to come and the direction), so it is kept for the positions that
    come back, as they do in the expert level's rollouts."""
    actions = bite_actions(eaten)
    if len(actions) == 1:
        return actions[0]
    now = strength(eaten)
    owned = ownership(n, bites_left, again, direction)
    last = bites_left == 1 and not again
    kept = {a: strength(after(eaten, BITES_BY_INDEX[a.value])) for a in actions}
    most = max(kept.values())
    scored = []
    for action in actions:
        if kept[action] < most - 1:
            # not searched, for speed: bites that cut two paths more than the best
            # (measured with the risk-only hard before tempo: 400 two-seat games
            # against normal gave 59.8% with or without them, in 40% of the time)
            continue
        bite = BITES_BY_INDEX[action.value]
        risk = snap_risk(eaten, bite, now, owned, n)
        run = safe_run(after(eaten, bite))
        scored.append((risk, -kept[action], run if last else -run, action.value, action))
    least = min(entry[0] for entry in scored)
    near = [entry for entry in scored if entry[0] <= least + RISK_TOLERANCE]
    return min(near, key=lambda entry: entry[1:4])[4]


BITES_BY_INDEX: Final = {b.index: b for b in BITES}

BOTS: Final[dict[str, Callable[[int | None], Player]]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}
"""The levels, weakest first: `BOTS[level](seed)` makes a player."""

__all__ = [
    "BOTS",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "careful_bite",
    "ownership",
    "safe_run",
    "snap_risk",
]
