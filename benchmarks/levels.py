"""One game's computer players: each level's decision time and a tournament between every two
levels at a chosen seat count, printed as Markdown for the game's page.

    python -m benchmarks.levels GAME [--seats N] [--games N] [--decisions N]
                                     [--pair STRONG:WEAK] [--no-times]

The decision times come from `benchmarks/bots.py: decision_time` (every seat at one level, at
the game's most seats, forced moves left out; wall clock, and the deciding thread's CPU time).
Each tournament seats the stronger level and the weaker one alternately (SWSW..., then WSWS...
in the next game, to cancel seat order) and gives the stronger level's share of wins with its
95% Wilson interval. `python -m benchmarks` runs the
same for every registered game at its fewest and most even seat counts (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import itertools
import sys

from mousehole.games import manifest

from .bots import decision_time, tournament


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.levels")
    parser.add_argument("game")
    parser.add_argument("--seats", type=int, action="append", help="repeat for several counts")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument(
        "--pair",
        action="append",
        metavar="STRONG:WEAK",
        help="only this pairing of levels (repeat for several); default: every two levels",
    )
    parser.add_argument("--no-times", action="store_true", help="skip the decision times")
    args = parser.parse_args(argv)
    found = manifest(args.game)
    seats = args.seats or [found.max_seats - found.max_seats % 2]
    pairs = [(weak, strong) for weak, strong in itertools.combinations(found.levels, 2)]
    if args.pair:
        pairs = []
        for text in args.pair:
            strong, _, weak = text.partition(":")
            for level in (strong, weak):
                if level not in found.levels:
                    parser.error(f"--pair {text}: {level!r} is not a level of {args.game}")
            pairs.append((weak, strong))
    if not args.no_times:
        _times(args.game, found.levels, args.decisions)
    print("| stronger vs weaker | seats | games | stronger's share | 95% interval | time |")
    print("|---|---|---|---|---|---|")
    for count in seats:
        for weak, strong in pairs:
            r = tournament(args.game, strong, weak, args.games, count)
            print(
                f"| {strong} vs {weak} | {count} | {r['games']} | {r['share']:.1%} | "
                f"{r['low']:.1%} – {r['high']:.1%} | {r['seconds']:.0f} s |",
                flush=True,
            )
    return 0


def _times(game: str, levels: list[str], decisions: int) -> None:
    """Print each level's decision times as a Markdown table."""
    print(
        "| level | seats | games | decisions | p50 ms | p99 ms | max ms | CPU p50 / p99 / max ms |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for level in levels:
        r = decision_time(game, level, decisions, games=decisions)
        times = (
            f"{r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['max_ms']:.2f} | "
            f"{r['cpu_p50_ms']:.2f} / {r['cpu_p99_ms']:.2f} / {r['cpu_max_ms']:.2f}"
            if r["decisions"]
            else "– | – | – | –"
        )
        print(f"| {level} | {r['seats']} | {r['games']} | {r['decisions']} | {times} |", flush=True)
    print()


if __name__ == "__main__":
    sys.exit(main())
