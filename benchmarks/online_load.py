"""Online rooms under load: many 4-seat rooms played over loopback WebSockets with think time.

Starts `mousehole serve` (the process that is measured) on a free 127.0.0.1 port, as shipped
or with one setting changed (MODES: Python's GC thresholds, WebSocket compression), then drives
it from one or more client processes (benchmarks/load_clients.py: one asyncio loop each, the
`websockets` package), each playing its share of the rooms: 4 seats each, one socket per seat,
each seat sending the first legal action after a think time and timing send -> its own update.

Measured: actions committed per second, send -> own update latency, errors (error messages and
unexpected closes), server RSS and CPU, and the /healthz round trip every 100 ms from a separate
process as the proxy for the server's event-loop lag (a stalled loop answers late).

`python -m benchmarks.online_load --rooms 50 --duration 20` runs one configuration.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import multiprocessing as mp
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import shield
from .engine import random_games_per_second
from .load_clients import GAME, SEATS, Settings, client_main, raise_nofile

# --- the server --------------------------------------------------------------------------------


MODES = {
    "shipped": [],
    "python-gc": ["--gc", "python"],
    "deflate": ["--ws-deflate"],
    "sync-full": ["--sync", "full"],
}
"""Server variants measured: as shipped (tuned GC, no WebSocket compression, `--sync normal`),
with Python's default GC thresholds, with permessage-deflate accepted (browsers offer it), and
with every commit flushed to the disk before it is told (`--sync full`)."""


def _server_command(port: int, db: Path, mode: str) -> list[str]:
    argv = ["serve", "--port", str(port), "--db", str(db), *MODES[mode]]
    return [sys.executable, "-m", "mousehole.cli", *argv]


def start_server(mode: str) -> tuple[subprocess.Popen[bytes], int, Path]:
    """Start the server on a free loopback port; return the process, the port and its db."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = Path(tempfile.mkdtemp(prefix="mousehole-load-")) / "load.sqlite3"
    process = subprocess.Popen(
        _server_command(port, db, mode),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=raise_nofile,
    )
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process, port, db
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def rss_kib(pid: int) -> int:
    """Return the resident set size of process `pid` in KiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """Return the user + system CPU seconds process `pid` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Target:
    """What a load runs against: the instances (their processes and ports, in the order the
    rooms' seats are spread over them), the other processes whose CPU is measured (by part:
    "PostgreSQL", "Redis"; each a function returning that part's CPU seconds so far), counters
    read before and after the measured window (by name, each a function returning numbers by
    name), and how to stop it all."""

    instances: list[subprocess.Popen[bytes]]
    ports: list[int]
    parts: dict[str, Callable[[], float]] = field(default_factory=dict)
    counters: dict[str, Callable[[], dict[str, float]]] = field(default_factory=dict)
    stop: Callable[[], None] = lambda: None
    label: str = "1 instance, SQLite"


def sqlite_target(mode: str) -> Target:
    """One `mousehole serve` on a fresh SQLite file (the server variant `mode`)."""
    process, port, db = start_server(mode)

    def stop() -> None:
        _stop(process)
        with contextlib.suppress(OSError):
            for path in db.parent.iterdir():
                path.unlink()
            db.parent.rmdir()

    return Target([process], [port], stop=stop)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a server (SIGTERM, SIGKILL after 15 s)."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# --- the lag probe -----------------------------------------------------------------------------


def _probe(port: int, start: float, end: float, out: list[float]) -> None:
    """GET /healthz every 100 ms between `start` and `end`; append each round trip in ms."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    while time.time() < start:
        time.sleep(0.01)
    tick = start
    while tick < end:
        began = time.perf_counter()
        try:
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            out.append((time.perf_counter() - began) * 1000)
        except (OSError, http.client.HTTPException):
            out.append(float("nan"))
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        tick += 0.1
        time.sleep(max(0.0, tick - time.time()))
    connection.close()


# --- one configuration -------------------------------------------------------------------------


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_load(
    rooms: int,
    *,
    mode: str = "shipped",
    clients: int = 1,
    think: tuple[float, float] = (0.25, 1.25),
    warmup: float = 5.0,
    duration: float = 30.0,
    compression: bool = True,
    target: Callable[[], Target] | None = None,
) -> dict[str, Any]:
    """Run one configuration against a fresh server (or the instances `target` starts: then
    `mode` only names the run) and return its numbers."""
    raise_nofile()
    # This machine's speed at this moment: the same class of machine has measured from 685 to
    # 2,395 random games a second, and the server's ceiling moves with it (docs/benchmarks.md).
    speed = random_games_per_second(GAME, SEATS, games=50, repeats=3)["games_per_second"]
    started = target() if target is not None else sqlite_target(mode)
    pids = [process.pid for process in started.instances]
    context = mp.get_context("fork")
    ready = context.Value("i", 0)
    go_at = context.Value("d", 0.0)
    results = context.Queue()
    workers = []
    try:
        time.sleep(0.5)
        rss_idle = sum(rss_kib(pid) for pid in pids)
        share = [rooms // clients + (1 if i < rooms % clients else 0) for i in range(clients)]
        for n in share:
            settings = Settings(started.ports, n, think, warmup, duration, compression)
            worker = context.Process(target=client_main, args=(settings, ready, go_at, results))
            worker.start()
            workers.append(worker)
        setup_deadline = time.time() + 600
        while ready.value < clients and time.time() < setup_deadline:
            time.sleep(0.1)
        time.sleep(1.0)  # the last presence broadcasts
        rss_connected = sum(rss_kib(pid) for pid in pids)
        start = time.time() + 0.5
        window_start, window_end = start + warmup, start + warmup + duration
        lags: list[float] = []
        probe = threading.Thread(
            target=_probe, args=(started.ports[0], window_start, window_end, lags)
        )
        probe.start()
        go_at.value = start
        while time.time() < window_start:
            time.sleep(0.01)
        cpu0 = sum(cpu_seconds(pid) for pid in pids)
        parts0 = {name: read() for name, read in started.parts.items()}
        counters0 = {name: read() for name, read in started.counters.items()}
        rss_peak = 0
        while time.time() < window_end:
            rss_peak = max(rss_peak, sum(rss_kib(pid) for pid in pids))
            time.sleep(min(1.0, max(0.0, window_end - time.time())))
        cpu1 = sum(cpu_seconds(pid) for pid in pids)
        parts1 = {name: read() for name, read in started.parts.items()}
        counters1 = {name: read() for name, read in started.counters.items()}
        rss_after = sum(rss_kib(pid) for pid in pids)
        probe.join()
        outcomes = [results.get(timeout=120) for _ in workers]
        for worker in workers:
            worker.join(timeout=30)
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.kill()
        started.stop()
    fatal = [o["fatal"] for o in outcomes if "fatal" in o]
    outcomes = [o for o in outcomes if "fatal" not in o]
    latencies = [x for o in outcomes for x in o["latencies"]]
    relayed = [x for o in outcomes for x in o["relayed"]]
    direct = [x for o in outcomes for x in o["direct"]]
    errors: dict[str, int] = {}
    for o in outcomes:
        for code, n in o["errors"].items():
            errors[code] = errors.get(code, 0) + n
    for message in fatal:
        errors[f"client crashed: {message}"[:120]] = 1
    connections = 4 * sum(o["rooms_opened"] for o in outcomes)
    measured_lags = [x for x in lags if x == x]
    if len(measured_lags) < len(lags):
        errors["healthz_failed"] = len(lags) - len(measured_lags)
    acted = sum(o["acted"] for o in outcomes)
    cpu = {"instances": cpu1 - cpu0} | {name: parts1[name] - parts0[name] for name in parts0}
    return {
        "rooms": rooms,
        "connections": connections,
        "shield": shield.current(),
        "mode": mode,
        "target": started.label,
        "instances": len(pids),
        "clients": clients,
        "think": list(think),
        "warmup": warmup,
        "duration": duration,
        "compression": compression,
        "actions_per_second": acted / duration,
        "actions": acted,
        "p50_ms": _percentile(latencies, 0.50),
        "p99_ms": _percentile(latencies, 0.99),
        "max_ms": max(latencies, default=float("nan")),
        "mean_ms": statistics.fmean(latencies) if latencies else float("nan"),
        "direct_p50_ms": _percentile(direct, 0.50),
        "direct_p99_ms": _percentile(direct, 0.99),
        "relayed_p50_ms": _percentile(relayed, 0.50),
        "relayed_p99_ms": _percentile(relayed, 0.99),
        "relayed_share": len(relayed) / len(latencies) if latencies else 0.0,
        "errors": errors,
        "error_count": sum(errors.values()),
        "lag_p50_ms": _percentile(measured_lags, 0.50),
        "lag_p99_ms": _percentile(measured_lags, 0.99),
        "lag_max_ms": max(measured_lags, default=float("nan")),
        "lag_samples": len(lags),
        "rss_idle_mib": rss_idle / 1024,
        "rss_connected_mib": rss_connected / 1024,
        "rss_after_mib": rss_after / 1024,
        "rss_peak_mib": rss_peak / 1024,
        "kib_per_connection": (rss_connected - rss_idle) / connections if connections else 0.0,
        "server_cpu": (cpu1 - cpu0) / duration,
        "cpu_seconds": cpu,
        "cpu_ms_per_action": {
            name: 1000 * seconds / acted if acted else float("nan") for name, seconds in cpu.items()
        },
        "counters_per_action": {
            name: {
                key: (counters1[name][key] - counters0[name][key]) / acted if acted else 0.0
                for key in counters0[name]
            }
            for name in counters0
        },
        "client_cpu": sum(o["client_cpu_seconds"] for o in outcomes) / duration,
        "games_finished": sum(o["games"] for o in outcomes),
        "rooms_created": sum(o["rooms_created"] for o in outcomes),
        "setup_seconds": max((o["setup_seconds"] for o in outcomes), default=0.0),
        "engine_games_per_second": speed,
    }


CONFIGS = [(50, 1), (250, 1), (600, 2), (1000, 2)]
"""(rooms, client processes) of `python -m benchmarks --online`."""


def online_load(
    configs: list[tuple[int, int]] | None = None,
    *,
    duration: float = 30.0,
    warmup: float = 5.0,
    think: tuple[float, float] = (0.25, 1.25),
) -> list[dict[str, Any]]:
    """Run every configuration as shipped, and the largest also against each other server
    variant of MODES (where their differences show; it keeps `make bench` near 15 minutes
    with the cluster runs after it)."""
    out = []
    configs = configs or CONFIGS
    largest = max(rooms for rooms, _ in configs)
    for rooms, clients in configs:
        for mode in MODES if rooms == largest else ["shipped"]:
            print(f"online: {rooms} rooms, server {mode} ...", file=sys.stderr)
            result = run_load(
                rooms,
                mode=mode,
                clients=clients,
                think=think,
                warmup=warmup,
                duration=duration,
            )
            print("  " + summary(result), file=sys.stderr)
            out.append(result)
    return out


def summary(r: dict[str, Any]) -> str:
    """Return one line of a result."""
    return (
        f"{r['rooms']} rooms/{r['connections']} conns server={r['mode']}: "
        f"{r['actions_per_second']:.0f} actions/s, p50 {r['p50_ms']:.1f} ms, "
        f"p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.0f} ms, "
        + (
            f"(seats on the driver p50 {r['direct_p50_ms']:.1f} / p99 {r['direct_p99_ms']:.1f} ms,"
            f" relayed p50 {r['relayed_p50_ms']:.1f} / p99 {r['relayed_p99_ms']:.1f} ms), "
            if r.get("relayed_share")
            else ""
        )
        + f"lag p99 {r['lag_p99_ms']:.1f} ms (max {r['lag_max_ms']:.0f}), "
        f"errors {r['error_count']} {r['errors'] or ''}, "
        f"RSS {r['rss_idle_mib']:.0f}->{r['rss_connected_mib']:.0f}->{r['rss_after_mib']:.0f} MiB "
        f"({r['kib_per_connection']:.0f} KiB/conn), server CPU {r['server_cpu']:.0%}, "
        f"clients CPU {r['client_cpu']:.0%}, games {r['games_finished']}, "
        f"engine {r['engine_games_per_second']:,.0f} games/s, "
        f"{'shielded' if r.get('shield') else 'not shielded'}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.online_load")
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument("--mode", choices=tuple(MODES), default="shipped")
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, nargs=2, default=(0.25, 1.25))
    parser.add_argument("--no-compression", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the full result as JSON")
    parser.add_argument(
        "--no-shield", action="store_true", help="share the CPU with whatever else runs"
    )
    args = parser.parse_args()
    if not args.no_shield:
        shield.shield()
    result = run_load(
        args.rooms,
        mode=args.mode,
        clients=args.clients,
        think=tuple(args.think),
        warmup=args.warmup,
        duration=args.duration,
        compression=not args.no_compression,
    )
    print(json.dumps(result, indent=2) if args.json else summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
