"""Don't Cut the Cheese's sampler of hidden state for the expert level (`mousehole.bots.ISMCTS`).

The one secret is the tear threshold T of the paper on the trap (docs/games/dontcutthecheese.md,
Strength, and snapping the trap). A paper snaps after the first bite that leaves its strength
below T, and strength never grows while a paper hangs, so a paper still on the trap tells a
seat exactly this about T: T <= its strength now. The sampler draws T from the rules' prior
restricted to that (Bayes' rule: P(T | no snap) is proportional to P(T) for T <= strength).
Outside a paper's life the threshold is public (the last one that snapped) or not drawn yet.
"""

from __future__ import annotations

import math
import random

from ...engine import JSON, Game, State
from ..manifest import Expert
from .bots import BOTS
from .phases import BITE, DRAW, SPIN, SPINNER, THRESHOLD_PRIOR
from .state import CheeseState

ON_THE_TRAP = (SPIN, SPINNER, BITE)
"""Phases with a paper on the trap whose threshold is drawn and still secret."""


def posterior(strength: int) -> dict[int, float]:
    """Return P(T = t) for a paper still hanging at `strength`."""
    allowed = {t: p for t, p in THRESHOLD_PRIOR.items() if t <= strength}
    total = sum(allowed.values())
    return {t: p / total for t, p in allowed.items()}


def sample(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
    """Return a position that `seat` cannot tell from the one it observes, its threshold
    drawn from what the paper's strength allows."""
    data = {k: v for k, v in observation.items() if k != "viewer"}
    if data["phase"] in ON_THE_TRAP:
        weights = posterior(data["strength"])
        data["threshold"] = rng.choices(list(weights), list(weights.values()))[0]
    else:  # not drawn yet, or the last paper's, shown when it snapped
        data["threshold"] = (
            data["last_threshold"] if data["phase"] not in ("start", "paper") else None
        )
    return game.state_from_json(data)


def evaluate(state: State) -> list[float]:
    """Return each seat's share of the win in a position a rollout stopped in, from the tokens
    (those still to be drawn this round counted at their expected worth): a seat's progress is
    its colours squared (two colours are much more than one) plus a little for doubles, and
    the shares follow the progress's exponentials."""
    assert isinstance(state, CheeseState)
    if state.is_terminal():
        winners = state.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.n)]
    bag = state.bag
    left = sum(bag)
    progress = []
    for seat, tokens in enumerate(state.tokens):
        colours = sum(1 for n in tokens if n)
        if seat in state.drawing and left:
            fresh = sum(b for b, n in zip(bag, tokens, strict=True) if not n) / left
            value = fresh * (colours + 1) ** 2 + (1 - fresh) * colours**2 + 0.2 * (sum(tokens) + 1)
        else:
            value = colours**2 + 0.2 * sum(tokens)
        progress.append(value)
    top = max(progress)
    weights = [math.exp(p - top) for p in progress]
    total = sum(weights)
    return [w / total for w in weights]


def round_over(state: State) -> bool:
    """Return True once the paper has snapped (its tokens are being drawn, or the game is
    decided): a rollout stops there."""
    assert isinstance(state, CheeseState)
    return state.phase == DRAW


EXPERT = Expert(
    sample,
    iterations=100_000,
    seconds=0.8,
    rollout=BOTS["hard"],
    stop=round_over,
    evaluate=evaluate,
    guide=BOTS["hard"],
    depth=1,
    confidence=2.0,
    paired=True,
)
"""The expert level's settings: an improvement on the hard level. Each bite is valued by
rollouts in which every seat then bites like hard to the end of the round (the snap), scored
by `evaluate`; the bites are compared on common random numbers (the same thresholds and
spins), and hard's bite is kept unless another beats it by two standard errors. It stops
after 0.8 s of CPU time (about 10,000 rollouts once hard's bites for the round's papers are
known)."""


__all__ = ["EXPERT", "ON_THE_TRAP", "evaluate", "posterior", "round_over", "sample"]
