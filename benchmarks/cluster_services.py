"""The cluster the several-instances benchmark runs on: a PostgreSQL cluster and a Redis server
of its own (tests/pg.py, tests/redis_server.py: throwaway, on free ports), the `mousehole serve`
instances started on them, and what each part costs: CPU seconds from /proc/<pid>/stat,
PostgreSQL's and Redis's own counters (benchmarks/cluster.py runs the load against them)."""

from __future__ import annotations

import contextlib
import functools
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .load_clients import raise_nofile
from .online_load import Target, _stop, cpu_seconds


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


def start_instance(port: int, args: list[str], log: Path) -> subprocess.Popen[bytes]:
    """Start `mousehole serve` on `port` with `args`, its stderr appended to `log`; return it
    once /healthz answers."""
    with log.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "mousehole.cli", "serve", "--port", str(port), *args],
            stdout=subprocess.DEVNULL,
            stderr=out,
            preexec_fn=raise_nofile,
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


def free_port() -> int:
    """Return a free TCP port on 127.0.0.1 (the tests' helper)."""
    from tests.processes import free_port as tests_free_port

    return tests_free_port()


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
        ports = [free_port() for _ in range(count)]
        processes = []
        try:
            for port in ports:
                processes.append(start_instance(port, args, log))
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
