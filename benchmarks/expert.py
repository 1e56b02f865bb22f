"""The expert level of every game that has one: its decision time on one core and a
tournament against "hard", printed as Markdown (docs/benchmarks.md, The expert level).

    python -m benchmarks.expert [--games N] [--seats N ...] [--decisions N] [--only GAME]
                                [--jobs N] [--first SEED] [--seconds S] [--progress N]
                                [--no-times] [--no-tournaments]

Decision times: every seat at the expert level, at the game's most seats, forced moves left
out (`benchmarks/bots.py: decision_time`); the target is a CPU-time p99 of one second
(`GameManifest.decision_target_ms`). Tournaments: `benchmarks/bots.py: tournament`, expert
against hard with the seats alternating (SWSW, WSWS), the expert's share of wins with its 95%
Wilson interval; game i uses seed `--first` + i. Beside it, hard's control: the same games
with hard in the expert's seats, that side's share (the luck of those seeds without the
expert: an expert that plays as hard does gets exactly it), and the expert's share less the
control's, game by game, with its standard error. `--jobs` plays the games in that many
processes. `--seconds` stops a tournament by the clock (at an even number of games, never
by its results, so the interval stays honest; hard's control is then played for the games
played), and `--progress` writes a line on stderr every N games (a run of hours can be
followed).
The expert searches with a CPU-time cap, so its strength follows the machine's speed a
little: run this on a quiet machine, or note the load.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from mousehole.games import MANIFESTS
from mousehole.games.manifest import EXPERT_LEVEL

from .bots import decision_time, tournament

TIMES_COLUMNS = (
    "game", "seats", "games", "decisions", "p50 ms", "p99 ms", "max ms",
    "CPU p50 / p99 / max ms", "p99 ≤ 1 s (CPU)",
)  # fmt: skip
TIMES_HEADER = "| " + " | ".join(TIMES_COLUMNS) + " |"


def _progress(title: str, games: int, every: int) -> Callable[[int, float, float], None] | None:
    """Return a tournament's progress report: a line on stderr every `every` games."""
    if every <= 0:
        return None

    def report(played: int, wins: float, seconds: float) -> None:
        if played % every == 0 or played == games:
            print(
                f"{title}: {played} of {games} games, the expert's share so far "
                f"{wins / played:.1%}, {seconds:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.expert")
    parser.add_argument("--games", type=int, default=200, help="games per tournament")
    parser.add_argument("--seats", type=int, action="append", help="seat counts (default 2)")
    parser.add_argument("--decisions", type=int, default=300, help="timed decisions per game")
    parser.add_argument("--only", action="append", help="this game only (repeat for several)")
    parser.add_argument("--no-times", action="store_true", help="skip the decision times")
    parser.add_argument("--no-tournaments", action="store_true", help="skip the tournaments")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument(
        "--seconds",
        type=float,
        default=0,
        help="stop a tournament after this long, at an even number of games (0: never)",
    )
    parser.add_argument(
        "--progress", type=int, default=10, help="a line on stderr every N games (0: none)"
    )
    args = parser.parse_args(argv)
    games = [m for m in MANIFESTS if EXPERT_LEVEL in m.levels]
    if args.only:
        games = [m for m in games if m.name in args.only]
    if not args.no_times:
        print(TIMES_HEADER)
        print("|---|---|---|---|---|---|---|---|---|")
        for m in games:
            r = decision_time(m.name, EXPERT_LEVEL, args.decisions, games=args.decisions)
            if not r["decisions"]:
                continue
            met = "met" if r["cpu_p99_ms"] <= r["target_ms"] else "NOT met"
            print(
                f"| {m.title} | {r['seats']} | {r['games']} | {r['decisions']} | "
                f"{r['p50_ms']:.0f} | {r['p99_ms']:.0f} | {r['max_ms']:.0f} | "
                f"{r['cpu_p50_ms']:.0f} / {r['cpu_p99_ms']:.0f} / {r['cpu_max_ms']:.0f} | "
                f"{met} |",
                flush=True,
            )
        print()
    if not args.no_tournaments:
        print(
            "| game | seats | games (seeds) | expert's share vs hard | 95% interval "
            "| hard's control | expert less control a game | clear of 50% | time |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for m in games:
            for seats in args.seats or [2]:
                r = tournament(
                    m.name,
                    EXPERT_LEVEL,
                    "hard",
                    args.games,
                    seats,
                    jobs=args.jobs,
                    control="hard",
                    first=args.first,
                    seconds=args.seconds,
                    progress=_progress(m.title, args.games, args.progress),
                )
                clear = "yes" if r["low"] > 0.5 else "no"
                last = args.first + r["games"] - 1
                print(
                    f"| {m.title} | {seats} | {r['games']} ({args.first}–{last}) | "
                    f"{r['share']:.1%} | {r['low']:.1%} – {r['high']:.1%} | "
                    f"{r['control_share']:.1%} | "
                    f"{r['difference']:+.1%} ± {r['difference_se']:.1%} | {clear} | "
                    f"{r['seconds']:.0f} s |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
