"""`mousehole simulate --jobs`: the same matches on one core and on every core, side by side.

`python -m benchmarks.parallel [--games N]` prints this section alone; `python -m benchmarks`
runs it with the rest. The run takes a CPU cgroup of its own when it can (benchmarks/shield.py):
the wall-clock time of two processes on a 2-core machine is only theirs when nobody else's
work takes one of the cores meanwhile.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from typing import Any

from mousehole.games import MANIFESTS
from mousehole.simulation import Summary, default_jobs, simulate

from . import shield
from .engine import build

MANIFEST = MANIFESTS[0]
GAME = MANIFEST.name
PLAYERS = (MANIFEST.levels[(len(MANIFEST.levels) - 1) // 2],) * MANIFEST.max_seats
GAMES = 6000
"""Matches per run: about 4 s on one core of the compiled build. With 2,000 (1.5 s) the
workers' start was a tenth of a two-process run, and a short burst of another machine's work
on the host's shared cores decided a run."""
"""The registry's first game at its most seats, the level at or below the middle of its
levels in every seat: matches of about a millisecond each, so each run lasts seconds, and no
decision costs much more than another."""


def _played(summary: Summary) -> list[tuple[int, list[int], int, int, dict[str, int]]]:
    return [(r.seed, r.winners, r.turns, r.moves, r.counters) for r in summary.results]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def simulate_speedup(games: int = GAMES, repeats: int = 5) -> dict[str, Any]:
    """Return the wall-clock time of `simulate` over the same `games` matches with one process
    and with one per core (best of `repeats` each, alternating), the speedup, the CPU time the
    workers used, and whether both played exactly the same matches."""
    cores = default_jobs()
    best = {1: float("inf"), cores: float("inf")}
    cpu = {1: 0.0, cores: 0.0}
    played: dict[int, Any] = {}
    for _ in range(repeats):
        for jobs in (1, cores):
            own, children = time.process_time(), _children_cpu()
            start = time.perf_counter()
            summary = simulate(
                GAME, games=games, seats=len(PLAYERS), players=PLAYERS, seed=1, jobs=jobs
            )
            wall = time.perf_counter() - start
            if wall < best[jobs]:
                best[jobs] = wall
                cpu[jobs] = time.process_time() - own + _children_cpu() - children
            played[jobs] = _played(summary)
    return {
        "game": GAME,
        "repeats": repeats,
        "players": list(PLAYERS),
        "games": games,
        "cores": cores,
        "one_seconds": best[1],
        "all_seconds": best[cores],
        "one_cpu": cpu[1],
        "all_cpu": cpu[cores],
        "speedup": best[1] / best[cores],
        "identical": played[1] == played[cores],
        "load": os.getloadavg()[0],
        "shield": shield.current(),
        "build": build(GAME),
    }


def section(result: dict[str, Any]) -> str:
    """Return the section of docs/benchmarks.md for `simulate_speedup`'s result."""
    r = result
    met = "met" if r["speedup"] >= 1.8 and r["identical"] else "NOT met"
    shielded = (
        f"in a CPU cgroup of its own, {r['shield']} (benchmarks/shield.py)"
        if r["shield"]
        else "without a CPU cgroup of its own (benchmarks/shield.py needs root and a cgroup file "
        "system, or the run was told --no-shield): other work on the machine shared the cores"
    )
    title = next(m.title for m in MANIFESTS if m.name == r["game"])
    extra = r["all_cpu"] / r["one_cpu"] - 1
    ceiling = r["cores"] * r["one_cpu"] / r["all_cpu"]
    one = f"| 1 | {r['one_seconds']:.2f} s | {r['games'] / r['one_seconds']:,.0f} | "
    one += f"{r['one_cpu']:.2f} s | – |"
    every = f"| {r['cores']} (one per core) | {r['all_seconds']:.2f} s | "
    every += f"{r['games'] / r['all_seconds']:,.0f} | {r['all_cpu']:.2f} s | "
    every += "yes |" if r["identical"] else "NO |"
    return f"""## Simulations on every core

`mousehole simulate --jobs N` shares the matches among N processes, its own and N - 1
workers (default: one per core), each taking the next chunk nobody has taken; match *i* is
played from the *i*-th seed of the master seed whichever process plays it, so the results do
not depend on N (`benchmarks/parallel.py: simulate_speedup`, which
checks it). The same {r["games"]:,} matches of {title} ({", ".join(r["players"])}, seed
1), best of {r["repeats"]} runs each, alternating; wall-clock time, measured {shielded};
load average {r["load"]:.1f} when the runs ended. Build: {r["build"]}.

| processes | wall time | matches per second | CPU time, all processes | same matches |
|---|---|---|---|---|
{one}
{every}

Speedup on {r["cores"]} cores: **{r["speedup"]:.2f}x** one core (target ≥ 1.8x with the same
results: {met}).

The same matches took {extra:.0%} more CPU time with every core busy than with one: the
cores slow each other down (on this virtual machine they share the host's cores and caches),
so {r["cores"]} processes can be at most {ceiling:.2f}x as fast as one here, and the run
reached {r["speedup"] / ceiling:.0%} of that.
"""


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.parallel")
    parser.add_argument("--games", type=int, default=GAMES, help="matches per run")
    parser.add_argument(
        "--no-shield", action="store_true", help="share the CPU with whatever else runs"
    )
    args = parser.parse_args()
    if not args.no_shield:
        shield.shield()
    print(section(simulate_speedup(args.games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
