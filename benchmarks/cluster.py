"""Several instances on PostgreSQL and Redis beside one on SQLite, and the failover time.

`python -m benchmarks --online` runs `cluster_runs` after the online sweep (benchmarks/
online_load.py): the same load (4-seat rooms, think time, send -> own update) against two
`mousehole serve --database postgresql://… --redis redis://…` instances with each room's seats
spread over both (seat s on instance s % 2), on a PostgreSQL cluster and a Redis server of the
benchmark's own (tests/pg.py, tests/redis_server.py: throwaway, on free ports), side by side
with the sweep's one instance on SQLite at the same size. Measured per part (the instances,
PostgreSQL's processes, Redis) from /proc/<pid>/stat before and after the window: CPU per
action; and what bounds capacity: PostgreSQL transactions, rows and WAL bytes per action, Redis
commands and bytes per action. Then `failover`: a busy room with seats on both instances, its
driving instance SIGKILLed, the time until the room's next committed update reaches a client
reconnected to the other instance (with the browser's backoff: 0.5 s doubling, jitter ±25%).

Before `serve` takes `--redis`, the cluster run is one instance on PostgreSQL (the harness is
the same) and the failover is not measured.

`python -m benchmarks.cluster --rooms 250 --duration 10` runs it alone (with the SQLite run).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import shield
from .online_load import (
    GAME,
    Target,
    _raise_nofile,
    _stop,
    choose,
    cpu_seconds,
    run_load,
    summary,
)

SIZES = (250, 1000)
"""Rooms of the side-by-side runs; 1,000 rooms (4,000 connections) is the target's size."""
CLIENTS = 2
FAILOVER_CYCLES = 3


@functools.cache
def cluster_ready() -> bool:
    """Return whether `mousehole serve` takes `--redis` (several instances share rooms)."""
    done = subprocess.run(
        [sys.executable, "-m", "mousehole.cli", "serve", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    return "--redis" in done.stdout


class Services:
    """The benchmark's own PostgreSQL cluster and Redis server (the tests' helpers)."""

    def __init__(self) -> None:
        from tests.pg import Cluster, binaries
        from tests.redis_server import RedisServer
        from tests.redis_server import binary as redis_binary

        folder = binaries()
        if folder is None:
            raise RuntimeError("no PostgreSQL server binaries: apt-get install postgresql")
        self.logs = Path(tempfile.mkdtemp(prefix="mousehole-cluster-bench-"))
        """The instances' logs (kept after the run, for what went wrong)."""
        print(f"cluster: the instances' logs are in {self.logs}", file=sys.stderr)
        self.pg = Cluster(folder)
        self.pg.start()
        self.redis: Any = None
        if cluster_ready():
            program = redis_binary()
            if program is None:
                self.pg.remove()
                raise RuntimeError("no redis-server: apt-get install redis-server")
            self.redis = RedisServer(program)
            self.redis.start()

    def postmaster(self) -> int:
        """Return the PostgreSQL server's process id (its postmaster.pid file)."""
        return int((self.pg.data / "postmaster.pid").read_text().split()[0])

    def remove(self) -> None:
        self.pg.remove()
        if self.redis is not None:
            self.redis.remove()


def _children(pid: int) -> list[int]:
    """Return the processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid:
                    found.append(int(entry.name))
    return found


def tree_cpu_seconds(pid: int) -> float:
    """Return the CPU seconds of process `pid` and its children, the exited ones included
    (their time is added to the parent's cutime + cstime when it reaps them)."""
    tick = os.sysconf("SC_CLK_TCK")

    def own_and_reaped(p: int) -> float:
        fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        return sum(int(fields[i]) for i in (11, 12, 13, 14)) / tick

    total = own_and_reaped(pid)
    for child in _children(pid):
        with contextlib.suppress(OSError):
            total += own_and_reaped(child)
    return total


def _postgres_counters(url: str) -> dict[str, float]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute(
            "SELECT xact_commit, tup_inserted, tup_updated, pg_current_wal_lsn() - '0/0'"
            " FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    assert row is not None
    keys = ("transactions", "rows inserted", "rows updated", "WAL bytes")
    return {key: float(value) for key, value in zip(keys, row, strict=True)}


def _redis_counters(url: str) -> dict[str, float]:
    import redis

    client = redis.Redis.from_url(url)
    try:
        stats = client.info("stats")
        commands = client.info("commandstats")
    finally:
        client.close()
    publish = commands.get("cmdstat_publish", {}).get("calls", 0)
    return {
        "commands": float(stats["total_commands_processed"]),
        "PUBLISH": float(publish),
        "bytes in": float(stats["total_net_input_bytes"]),
        "bytes out": float(stats["total_net_output_bytes"]),
    }


def _start_instance(port: int, args: list[str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "mousehole.cli", "serve", "--port", str(port), *args],
            stdout=subprocess.DEVNULL,
            stderr=out,
            preexec_fn=_raise_nofile,
        )
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"an instance did not start:\n{log.read_text()[-2000:]}")


def _free_port() -> int:
    from tests.processes import free_port

    return free_port()


def cluster_target(services: Services, instances: int = 2) -> Callable[[], Target]:
    """Return a starter of `instances` instances on a fresh database of `services` (one
    instance on PostgreSQL alone before `serve` takes --redis)."""

    def start() -> Target:
        database = services.pg.create_database()
        args = ["--database", database]
        count = 1
        if services.redis is not None:
            args += ["--redis", services.redis.url]
            count = instances
        log = services.logs / "instances.log"
        ports = [_free_port() for _ in range(count)]
        processes = []
        try:
            for port in ports:
                processes.append(_start_instance(port, args, log))
        except BaseException:
            for process in processes:
                _stop(process)
            raise
        postmaster = services.postmaster()
        parts: dict[str, Callable[[], float]] = {
            "PostgreSQL": functools.partial(tree_cpu_seconds, postmaster)
        }
        counters: dict[str, Callable[[], dict[str, float]]] = {
            "PostgreSQL": functools.partial(_postgres_counters, database)
        }
        if services.redis is not None:
            redis_pid = services.redis.process.pid
            parts["Redis"] = functools.partial(cpu_seconds, redis_pid)
            counters["Redis"] = functools.partial(_redis_counters, services.redis.url)
            label = f"{count} instances, PostgreSQL + Redis"
        else:
            label = "1 instance, PostgreSQL (no --redis yet)"

        def stop() -> None:
            for process in processes:
                _stop(process)

        return Target(processes, ports, parts, counters, stop, label)

    return start


# --- failover ----------------------------------------------------------------------------------


async def _post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    def post() -> dict[str, Any]:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{path}",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            result: dict[str, Any] = json.loads(answer.read())
            return result

    return await asyncio.to_thread(post)


class FailoverSeat:
    """One player of the failover room: plays its turns, reconnects as a browser does."""

    def __init__(self, room: FailoverRoom, seat: int, token: str, port: int):
        self.room, self.seat, self.token, self.port = room, seat, token, port
        self.reconnections = 0
        self.since = 0.0
        """When the socket now open was opened (perf_counter)."""

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        base = 0.5
        while not self.room.done.is_set():
            try:
                async with connect(
                    f"ws://127.0.0.1:{self.port}/ws/online/{self.room.code}",
                    open_timeout=5,
                    close_timeout=1,
                ) as ws:
                    self.since = time.perf_counter()
                    await ws.send(json.dumps({"type": "hello", "token": self.token}))
                    base = 0.5
                    async for raw in ws:
                        await self.handle(ws, json.loads(raw))
                        if self.room.done.is_set():
                            return
            except (ConnectionClosed, OSError, TimeoutError):
                pass
            if self.room.done.is_set():
                return
            if self.port == self.room.killed and self.room.survivor is not None:
                self.port = self.room.survivor  # a proxy would send it there
            self.reconnections += 1
            await asyncio.sleep(min(8.0, base * random.uniform(0.75, 1.25)))
            base *= 2

    async def handle(self, ws: Any, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind not in ("snapshot", "update"):
            return
        snapshot = message["snapshot"] if kind == "update" else message
        version = int(snapshot["version"])
        self.room.heard(version, self.port, kind == "update" and self.since > self.room.killed_at)
        seats = snapshot.get("seats", [])
        if (
            self.seat == 0
            and not snapshot.get("started")
            and seats
            and all(s.get("state") == "connected" for s in seats)
        ):
            await ws.send(json.dumps({"type": "start"}))  # the host, once everyone is here
        if snapshot.get("winners"):
            self.room.over = True
            self.room.done.set()
            return
        if snapshot.get("started") and snapshot.get("to_act") == self.seat and snapshot["legal"]:
            await asyncio.sleep(0.05)  # a busy room: a quick player
            action = choose(snapshot["legal"])
            message = {"type": "act", "action": action, "version": version, "id": f"{version}"}
            with contextlib.suppress(Exception):
                await ws.send(json.dumps(message))


class FailoverRoom:
    """A 4-seat room with seats 0 and 2 on the first instance, 1 and 3 on the second."""

    def __init__(self) -> None:
        self.code = ""
        self.version = 0
        self.killed: int | None = None
        self.survivor: int | None = None
        self.killed_at = float("inf")
        self.version_at_kill = 0
        self.recovered_at: float | None = None
        self.done = asyncio.Event()
        self.over = False

    def heard(self, version: int, port: int, fresh: bool) -> None:
        """Note a version a client heard of; `fresh`: in an update on a socket opened after
        the kill (so committed after it: a move in flight before it cannot count)."""
        self.version = max(self.version, version)
        if (
            self.killed is not None
            and self.recovered_at is None
            and fresh
            and version > self.version_at_kill
            and port == self.survivor
        ):
            self.recovered_at = time.perf_counter()
            self.done.set()


async def _failover_once(ports: list[int], database: str, processes: list[Any]) -> dict[str, Any]:
    import psycopg

    room = FailoverRoom()
    spec = {
        "game": GAME,
        "options": {"seats": 4},
        "seats": [{"kind": "open"}] * 4,
        "host_name": "Ann",
    }
    created = await _post(ports[0], "/api/online", spec)
    room.code = created["code"]
    tokens = [created["token"]]
    for seat in range(1, 4):
        joined = await _post(
            ports[seat % 2], f"/api/online/{room.code}/join", {"name": f"P{seat}", "seat": seat}
        )
        tokens.append(joined["token"])
    seats = [FailoverSeat(room, s, tokens[s], ports[s % 2]) for s in range(4)]
    tasks = [asyncio.create_task(seat.run()) for seat in seats]
    await asyncio.sleep(3.0)  # everyone connects, the host starts, a move every ~0.1 s
    if room.version < 5:
        raise RuntimeError(f"the failover room did not get going (version {room.version})")
    with psycopg.connect(database, autocommit=True) as db:
        owner = db.execute("SELECT owner FROM room_leases WHERE room = %s", (room.code,)).fetchone()
        live = db.execute(
            "SELECT id FROM cluster_instances WHERE expires > now() ORDER BY started"
        ).fetchall()
    order = [row[0] for row in live]
    if owner is None or owner[0] not in order or len(order) != len(ports):
        raise RuntimeError(f"cannot tell the room's driver: lease {owner}, instances {order}")
    driver = order.index(owner[0])
    room.killed, room.survivor = ports[driver], ports[1 - driver]
    room.version_at_kill = room.version
    room.killed_at = time.perf_counter()
    processes[driver].kill()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(room.done.wait(), timeout=60)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    processes[driver].wait()
    seconds = None if room.recovered_at is None else room.recovered_at - room.killed_at
    return {
        "driver": driver,
        "seconds": seconds,
        "version_at_kill": room.version_at_kill,
        "reconnections": sum(seat.reconnections for seat in seats),
        "over": room.over and room.recovered_at is None,
    }


def failover(services: Services, cycles: int = FAILOVER_CYCLES) -> list[dict[str, Any]]:
    """SIGKILL the driver of a busy room `cycles` times (a new instance in its place each
    time); return each cycle's failover time and what it took."""
    database = services.pg.create_database()
    args = ["--database", database, "--redis", services.redis.url]
    log = services.logs / "failover.log"
    ports = [_free_port(), _free_port()]
    processes = [_start_instance(port, args, log) for port in ports]
    out = []
    try:
        for cycle in range(cycles):
            result = asyncio.run(_failover_once(ports, database, processes))
            print(f"  failover {cycle + 1}: {result}", file=sys.stderr)
            out.append(result)
            dead = result["driver"]
            ports[dead] = _free_port()
            started = _start_instance(ports[dead], args, log)
            # Keep the start order (oldest first) that tells leases' owners apart.
            processes = [processes[1 - dead], started]
            ports = [ports[1 - dead], ports[dead]]
    finally:
        for process in processes:
            if process.poll() is None:
                _stop(process)
    return out


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
