"""Where the expert level departs from the hard level, and what each departure is worth.

    python -m benchmarks.departures --only GAME [--seats N] [--games N] [--pairs K] [--first S]

A tournament of the expert against hard needs thousands of games to see an edge of a few
percent, however real: most of a game's outcome is its luck. This measures the edge where it
is made. It plays games in which every seat plays like hard (game *i* on seed *i*), asks the
expert at every decision that is not forced, and where the expert's choice differs from
hard's it values both choices on `--pairs` common random numbers: the same determinization
(drawn by the game's sampler from the seat's observation, never the true state) and the
same chance, then the expert's own rollout policy, stop and evaluation (the game's
`Expert` hooks, `GameManifest.expert`). A departure's gain is the mean difference of the
deciding seat's share, with its standard error.

The expert searches with its CPU-time cap, so its departures follow the machine's speed a
little; the valuation of a departure does not.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

import mousehole
from mousehole.bots import rollout
from mousehole.engine import CHANCE, TERMINAL, Action, Match, Player, State
from mousehole.games import MANIFESTS, make_bot
from mousehole.games.manifest import EXPERT_LEVEL, Expert

from .bots import mean_and_error


def value(
    expert: Expert, state: State, seat: int, rng: random.Random, policy: Player | None
) -> float:
    """Return `seat`'s share after playing `state` on as the expert's rollouts do
    (`mousehole.bots.rollout`: the rollout policy, random where there is none, to the end, or
    to the stop or the step limit, where the game's evaluation scores it)."""
    return rollout(state, rng, policy, expert.rollout_steps, expert.stop, expert.evaluate)[seat]


def gain(
    expert: Expert, state: State, chosen: Action, instead: Action, pairs: int, seed: int
) -> tuple[float, float]:
    """Return the mean and standard error of `chosen`'s share minus `instead`'s for the seat
    to act, over `pairs` common random numbers (the same deal and chance for both)."""
    seat = state.current_player()
    observation = state.observation(seat)
    policy = None if expert.rollout is None else expert.rollout(seed)
    seeds = random.Random(seed)
    gaps = []
    for _ in range(pairs):
        pair_seed = seeds.random()
        results = []
        for action in (chosen, instead):
            rng = random.Random(pair_seed)
            world = expert.sampler(state.game, observation, seat, rng)
            results.append(value(expert, world.apply(action), seat, rng, policy))
        gaps.append(results[0] - results[1])
    return mean_and_error(gaps)


def departures(
    name: str,
    seats: int,
    games: int,
    pairs: int,
    first: int = 0,
    report: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Play `games` games of hard players (seeds `first`..) and value every departure of the
    expert from hard's choice (module docstring); return the counts and the gains."""
    manifest = mousehole.games.manifest(name)
    expert = manifest.expert
    if expert is None:
        raise ValueError(f"{name} has no expert level")
    game = mousehole.load_game(name, seats=seats)
    decisions = 0
    gains: list[tuple[float, float]] = []
    for index in range(first, first + games):
        match = Match(game, seed=index)
        hard = {seat: make_bot(name, "hard", index * seats + seat) for seat in range(seats)}
        searcher = make_bot(name, EXPERT_LEVEL, index)
        state = match.state
        while (actor := state.current_player()) != TERMINAL:
            if actor == CHANCE:
                match.sample_chance()
            else:
                choice = hard[actor].choose(state)
                if len(state.legal_actions()) > 1:
                    decisions += 1
                    chosen = searcher.choose(state)
                    if chosen != choice:
                        mean, error = gain(expert, state, chosen, choice, pairs, len(gains))
                        gains.append((mean, error))
                        if report is not None:
                            report(
                                f"game {index}: {chosen.to_text()} for {choice.to_text()}: "
                                f"{mean:+.4f} ± {error:.4f}"
                            )
                match.apply(choice)
            state = match.state
    return summary(name, seats, games, pairs, decisions, gains)


def summary(
    name: str,
    seats: int,
    games: int,
    pairs: int,
    decisions: int,
    gains: Sequence[tuple[float, float]],
) -> dict[str, Any]:
    """Return the figures of a run: departures among decisions, their mean gain and its
    standard error (the spread of the gains themselves), and how many gained."""
    n = len(gains)
    means = [m for m, _ in gains]
    mean, error = mean_and_error(means) if n > 1 else (sum(means) / n if n else 0.0, math.nan)
    return {
        "game": name,
        "seats": seats,
        "games": games,
        "pairs": pairs,
        "decisions": decisions,
        "departures": n,
        "mean_gain": mean,
        "gain_error": error,
        "gained": sum(m > 0 for m in means),
        "lost": sum(m < 0 for m in means),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.departures")
    parser.add_argument("--only", required=True, help="the game")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=2000, help="paired rollouts per departure")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    if args.only not in {m.name for m in MANIFESTS if m.expert is not None}:
        parser.error(f"--only: a game with an expert level, not {args.only!r}")
    r = departures(args.only, args.seats, args.games, args.pairs, args.first, print)
    print(
        f"| {r['game']} | {r['seats']} | {r['games']} | {r['decisions']} | "
        f"{r['departures']} | {r['mean_gain']:+.4f} ± {r['gain_error']:.4f} | "
        f"{r['gained']} / {r['lost']} |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
