"""One game's computer players: each level's decision time and a tournament between every two
levels at a chosen seat count, printed as Markdown for the game's page.

    python -m benchmarks.levels GAME [--seats N] [--games N] [--decisions N]

The decision times come from `benchmarks/bots.py: decision_time` (every seat at one level, at
the game's most seats, forced moves left out). Each tournament seats the stronger level and the
weaker one alternately (SWSW..., then WSWS... in the next game, to cancel seat order) and gives
the stronger level's share of wins with its 95% Wilson interval. `python -m benchmarks` runs the
same for every registered game at its most even seat count (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from typing import Any

import mousehole
from mousehole.engine import Match
from mousehole.games import make_bot, manifest
from mousehole.simulation import wilson_interval

from .bots import decision_time


def tournament(name: str, strong: str, weak: str, seats: int, games: int) -> dict[str, Any]:
    """Return the stronger level's share of `games` games of `name` at `seats` seats."""
    game = mousehole.load_game(name, seats=seats)
    wins = 0.0
    start = time.perf_counter()
    for index in range(games):
        pair = [strong, weak] if index % 2 == 0 else [weak, strong]
        levels = [pair[seat % 2] for seat in range(seats)]
        players = {s: make_bot(name, level, index * seats + s) for s, level in enumerate(levels)}
        winners = Match(game, seed=index).play_out(players).winners()
        wins += sum(levels[w] == strong for w in winners) / max(1, len(winners))
    low, high = wilson_interval(wins, games)
    return {
        "strong": strong,
        "weak": weak,
        "seats": seats,
        "games": games,
        "share": wins / games,
        "low": low,
        "high": high,
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.levels")
    parser.add_argument("game")
    parser.add_argument("--seats", type=int, action="append", help="repeat for several counts")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=1000)
    args = parser.parse_args(argv)
    found = manifest(args.game)
    seats = args.seats or [found.max_seats - found.max_seats % 2]
    print("| level | seats | games | decisions | p50 ms | p99 ms | max ms |")
    print("|---|---|---|---|---|---|---|")
    for level in found.levels:
        r = decision_time(args.game, level, args.decisions, games=args.decisions)
        times = (
            f"{r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['max_ms']:.2f}"
            if r["decisions"]
            else "– | – | –"
        )
        print(f"| {level} | {r['seats']} | {r['games']} | {r['decisions']} | {times} |", flush=True)
    print()
    print("| stronger vs weaker | seats | games | stronger's share | 95% interval | time |")
    print("|---|---|---|---|---|---|")
    for count in seats:
        for weak, strong in itertools.combinations(found.levels, 2):
            r = tournament(args.game, strong, weak, count, args.games)
            print(
                f"| {strong} vs {weak} | {count} | {r['games']} | {r['share']:.1%} | "
                f"{r['low']:.1%} – {r['high']:.1%} | {r['seconds']:.0f} s |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
