"""Several instances on PostgreSQL and Redis beside one on SQLite, and the failover time.

`python -m benchmarks --online` runs `cluster_runs` after the online sweep (benchmarks/
online_load.py): the same load (4-seat rooms, think time, send -> own update) against two
`mousehole serve --database postgresql://… --redis redis://…` instances with each room's seats
spread over both (seat s on instance s % 2), on a PostgreSQL cluster and a Redis server of the
benchmark's own (benchmarks/cluster_services.py: throwaway, on free ports), side by side
with the sweep's one instance on SQLite at the same size. Measured per part (the instances,
PostgreSQL's processes, Redis) from /proc/<pid>/stat before and after the window: CPU per
action; and what bounds capacity: PostgreSQL transactions, rows and WAL bytes per action, Redis
commands and bytes per action. Then `failover` (benchmarks/failover.py): a busy room with
seats on both instances, its driving instance SIGKILLed, the time until the room's next
committed update reaches a client reconnected to the other instance (with the browser's
backoff: 0.5 s doubling, jitter ±25%).

Before `serve` takes `--redis`, the cluster run is one instance on PostgreSQL (the harness is
the same) and the failover is not measured.

`python -m benchmarks.cluster --rooms 250 --duration 10` runs it alone (with the SQLite run).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from . import shield
from .cluster_services import Services, cluster_target
from .failover import FAILOVER_CYCLES, failover
from .online_load import run_load, summary

SIZES = (250, 1000)
"""Rooms of the side-by-side runs; 1,000 rooms (4,000 connections) is the target's size."""
CLIENTS = 2


# --- the runs ----------------------------------------------------------------------------------


def cluster_runs(
    sqlite: dict[int, dict[str, Any]] | None = None,
    *,
    sizes: tuple[int, ...] = SIZES,
    clients: int = CLIENTS,
    duration: float = 30.0,
    warmup: float = 5.0,
    cycles: int = FAILOVER_CYCLES,
) -> dict[str, Any]:
    """Run the cluster load at each of `sizes` (rooms) beside one SQLite instance at the same
    size (taken from `sqlite`, the sweep's runs by size, or else run here), then the failover;
    return them all."""
    sqlite = dict(sqlite or {})
    for rooms in sizes:
        if rooms not in sqlite:
            print(f"cluster: {rooms} rooms, 1 instance on SQLite ...", file=sys.stderr)
            sqlite[rooms] = run_load(rooms, clients=clients, duration=duration, warmup=warmup)
            print("  " + summary(sqlite[rooms]), file=sys.stderr)
    try:
        services = Services()
    except RuntimeError as error:
        return {"pairs": [], "failover": [], "problem": str(error)}
    pairs = []
    try:
        for rooms in sizes:
            print(f"cluster: {rooms} rooms, PostgreSQL (+ Redis) ...", file=sys.stderr)
            cluster = run_load(
                rooms,
                mode="cluster",
                clients=clients,
                duration=duration,
                warmup=warmup,
                target=cluster_target(services),
            )
            print("  " + summary(cluster), file=sys.stderr)
            print(f"  CPU ms per action: {cluster['cpu_ms_per_action']}", file=sys.stderr)
            print(f"  per action: {cluster['counters_per_action']}", file=sys.stderr)
            pairs.append((sqlite[rooms], cluster))
        cycles_run = failover(services, cycles) if services.redis is not None else []
    finally:
        services.remove()
    return {"pairs": pairs, "failover": cycles_run, "problem": None}


def _errors(r: dict[str, Any]) -> str:
    listed = ", ".join(f"{code}: {n}" for code, n in r["errors"].items())
    return f"{r['error_count']} ({listed})" if listed else "0"


def _cpu(r: dict[str, Any], part: str) -> str:
    value = r["cpu_ms_per_action"].get(part)
    return "–" if value is None else f"{value:.2f}"


HEADER = (
    "| setup | rooms / connections | actions/s | p50 ms | p99 ms | errors "
    "| CPU ms per action: instances | PostgreSQL | Redis | total | KiB per connection "
    "| machine: engine games/s |\n|" + "---|" * 12
)


def section(results: dict[str, Any] | None) -> str:
    """Return the "Several instances" section of docs/benchmarks.md."""
    if not results:
        return ""
    if not results["pairs"]:
        return (
            "\n## Several instances: PostgreSQL and Redis\n\n"
            f"Not measured in this run: {results['problem']}.\n"
        )
    pairs = results["pairs"]

    def total(r: dict[str, Any]) -> float:
        return float(sum(r["cpu_ms_per_action"].values()))

    rows = "\n".join(
        f"| {r.get('target', '1 instance, SQLite')} | {r['rooms']:,} / {r['connections']:,} | "
        f"{r['actions_per_second']:,.0f} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} | "
        f"{_errors(r)} | {_cpu(r, 'instances')} | {_cpu(r, 'PostgreSQL')} | "
        f"{_cpu(r, 'Redis')} | {total(r):.2f} | {r['kib_per_connection']:.0f} | "
        f"{r['engine_games_per_second']:,.0f} |"
        for pair in pairs
        for r in pair
    )
    bounds = "\n".join(
        f"| {cluster['rooms']:,} | {part} | "
        + ", ".join(
            f"{key} {value:,.0f}" if value >= 100 else f"{key} {value:.2f}"
            for key, value in numbers.items()
        )
        + " |"
        for _, cluster in pairs
        for part, numbers in cluster["counters_per_action"].items()
    )
    overheads = ", ".join(
        f"{total(cluster) - total(sqlite):+.2f} ms at {cluster['rooms']:,} rooms"
        for sqlite, cluster in pairs
    )
    cluster = pairs[-1][1]
    checks = [
        (
            f"{cluster['rooms']:,} rooms / {cluster['connections']:,} connections",
            cluster["connections"] >= 4000,
        ),
        (
            f"≥ 1,000 actions/s ({cluster['actions_per_second']:,.0f})",
            cluster["actions_per_second"] >= 1000,
        ),
        (f"p99 ≤ 100 ms ({cluster['p99_ms']:.1f} ms)", cluster["p99_ms"] <= 100),
        (f"no errors ({cluster['error_count']})", cluster["error_count"] == 0),
    ]
    said = "; ".join(f"{name}: {'met' if ok else 'NOT met'}" for name, ok in checks)
    handed = [c for _, c in pairs if c["errors"].get("unexpected_close_1012")]
    handovers = (
        "\n\nThe 1012 closes are rooms handed over between live instances: an instance whose "
        "event loop stalled longer than its lease's heartbeat allows (3 s) was taken for dead by "
        "the other, which took its rooms over and closed their relayed sockets; the load's "
        "clients then replaced those rooms, and setting up the new ones adds to that row's load "
        "and CPU per action. On a machine this loaded (last column) it happens; see "
        'docs/deploy.md, "Capacity".'
        if handed
        else ""
    )
    shielded = pairs[-1][1].get("shield")
    shared = (
        "**The machine is shared** with other engineers' builds and tests; this run was shielded "
        f"from them by a CPU cgroup of its own, {shielded} (benchmarks/shield.py): the "
        "servers, PostgreSQL, Redis and the load's clients got the CPU they asked for first, and "
        "shared it among themselves as on a quiet machine. The last column is the machine's "
        "speed at the time (the same random games run at about 2,000 a second when it is quiet)."
        if shielded
        else "**This run was not shielded** from other work on the machine (benchmarks/shield.py "
        "needs root and a cgroup file system), so whatever else ran meanwhile lengthens the "
        "tails (the last column: the same random games run at about 2,000 a second on this "
        "machine when it is quiet); the CPU per action is the steadier figure."
    )
    split = " ".join(
        f"At {c['rooms']:,} rooms the seats connected to their room's driver waited "
        f"p50 {c['direct_p50_ms']:.1f} / p99 {c['direct_p99_ms']:.1f} ms, the relayed seats "
        f"(their move and its update each cross Redis) p50 {c['relayed_p50_ms']:.1f} / p99 "
        f"{c['relayed_p99_ms']:.1f} ms."
        for _, c in pairs
        if c.get("relayed_share")
    )
    times = [c["seconds"] for c in results["failover"] if c["seconds"] is not None]
    failed = [c for c in results["failover"] if c["seconds"] is None]
    if results["failover"]:
        each = ", ".join(
            "no update within 60 s" if c["seconds"] is None else f"{c['seconds']:.2f} s"
            for c in results["failover"]
        )
        failover_text = (
            f"Failover, {len(results['failover'])} cycles: {each}"
            + (
                f" (median {statistics.median(times):.2f} s, max {max(times):.2f} s)"
                if times
                else ""
            )
            + (f"; {len(failed)} cycle(s) without a new update" if failed else "")
            + "."
        )
    else:
        failover_text = "Failover: not measured (it needs `serve --redis`)."
    return f"""
## Several instances: PostgreSQL and Redis

The load of the section above (`benchmarks/cluster.py`; `python -m benchmarks.cluster` runs
this section alone), side by side in the same run at each size: **1 instance, SQLite**
(`mousehole serve` as shipped) and **{cluster["target"]}** (`mousehole serve --database
postgresql://… --redis redis://…`), each room's seats spread over the instances (seat s on
instance s mod 2; rooms created on each in turn), on a PostgreSQL cluster and a Redis server of
the benchmark's own on the same machine (tests/pg.py: `fsync=off`, as a test cluster;
tests/redis_server.py: no persistence). CPU per action is each part's user + system time
(/proc/<pid>/stat; PostgreSQL: the postmaster and every backend) over the window, divided by the
actions committed; memory per connection is the instances' RSS with every socket open, minus
their idle RSS, per connection (so it includes the rooms). Errors name unexpected socket closes
by their close code (1012: an instance handing a room over, after which a browser reconnects;
the load's clients do not, and replace the room). {shared}

{HEADER}
{rows}

Target (two instances hold 1,000 rooms / 4,000 connections at ≥ 1,000 actions/s with p99 ≤
100 ms), largest run: {said}. On 2 cores the cluster cannot be faster than one process: its
**overhead per action** (the CPU of every part together, minus the one SQLite process's) is
{overheads}. {split}{handovers}

What bounds capacity, per committed action (counters before and after the window; group
commit puts a burst of moves in one transaction, and the bus sends a burst to one instance as
one PUBLISH):

| rooms | part | per action |
|---|---|---|
{bounds}

{failover_text} The time runs from the SIGKILL of the instance that drives a busy room (moves
every ~0.1 s, seats on both instances) to the first update committed after it reaching a client
on the other instance; the clients reconnect as the browser does (0.5 s, doubling, ±25%).
"""


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cluster")
    parser.add_argument("--rooms", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--clients", type=int, default=CLIENTS)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--cycles", type=int, default=FAILOVER_CYCLES)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--no-shield", action="store_true", help="share the CPU with whatever else runs"
    )
    args = parser.parse_args()
    if not args.no_shield:
        shield.shield()
    results = cluster_runs(
        sizes=tuple(args.rooms),
        clients=args.clients,
        duration=args.duration,
        warmup=args.warmup,
        cycles=args.cycles,
    )
    if args.json:
        print(json.dumps(results, indent=2, default=str))
    else:
        print(section(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
