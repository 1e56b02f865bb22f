"""Chaos: random faults while rooms play on three instances (docs/deploy.md, Faults).

Three `mousehole serve` instances on the test's own PostgreSQL and Redis; several online rooms
(of every game that seats four and shows every move whole, in turn: two players, a spectator
and two computer seats each) whose
clients (tests/cluster/chaos.py) are spread over the instances, act as soon as their seat is
to act and reconnect with backoff to any live instance. One fault at a time, while actions,
reconnects and computer seats' timers are in flight: the driver of a room SIGKILLed (and
started again), every instance SIGKILLed (and started again), Redis restarted (empty, or
with its data),
PostgreSQL restarted, an instance frozen (SIGSTOP) for 4 s then thawed. After each fault every
room in play must move again, shown to each of its clients, within `BOUND` seconds; at the end
no client was ever shown its version go back, and every move any client was shown is the one
PostgreSQL holds at that version (none lost, none doubled).

`MOUSEHOLE_CHAOS_FAULTS` faults (5 under `make test`: each kind once; `make soak` runs 60),
`MOUSEHOLE_CHAOS_SEED` picks them, `MOUSEHOLE_CHAOS_ROOMS` rooms play at once. The test prints
its counts (faults, rooms, moves, lost, doubled, steps back) and the longest stall per kind.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import statistics
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

import psycopg
import pytest

from tests.cluster.chaos import GAMES, Table
from tests.cluster.harness import Instances, driver_of, instance_ids
from tests.pg import Cluster
from tests.redis_server import RedisServer

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL, SIGSTOP are POSIX")

FAULTS = int(os.environ.get("MOUSEHOLE_CHAOS_FAULTS", "5"))
SEED = int(os.environ.get("MOUSEHOLE_CHAOS_SEED", "24"))
ROOMS = int(os.environ.get("MOUSEHOLE_CHAOS_ROOMS", "4"))

BOUND = 10.0
"""Seconds within which every room in play moves again after a fault (docs/deploy.md)."""

FREEZE = 4.0
"""Seconds an instance stays frozen (SIGSTOP) before it is thawed (SIGCONT)."""

KINDS = tuple(
    os.environ.get("MOUSEHOLE_CHAOS_KINDS", "driver,freeze,redis,postgres,every").split(",")
)
"""The kinds of fault made (`MOUSEHOLE_CHAOS_KINDS` chooses fewer, to look at one closely)."""


def _stored(database: str) -> dict[str, list[tuple[int, int | None, str]]]:
    """Return every room's stored moves: (version, seat, action JSON), in order."""
    rooms: dict[str, list[tuple[int, int | None, str]]] = defaultdict(list)
    with psycopg.connect(database) as db:
        for room, idx, seat, action in db.execute(
            "SELECT room_id, idx, seat, action FROM moves ORDER BY room_id, idx"
        ):
            rooms[str(room)].append((int(idx) + 1, seat, str(action)))
    return rooms


def _versions(database: str) -> dict[str, int]:
    with psycopg.connect(database, connect_timeout=3) as db:
        rows = db.execute("SELECT room_id, count(*) FROM moves GROUP BY room_id").fetchall()
    return {str(room): int(count) for room, count in rows}


class Chaos:
    """The instances, the rooms in play, and the faults made so far."""

    def __init__(
        self, pg: Cluster, database: str, redis: RedisServer, folder: Path, rng: random.Random
    ) -> None:
        self.pg = pg
        self.database = database
        self.redis = redis
        self.rng = rng
        self.instances = Instances(3, database, redis.url, folder, MOUSEHOLE_LOG_LEVEL="debug")
        self.faults: list[str] = []
        """The faults made so far: kind, instance hit, and when (time.monotonic)."""
        self.tables: list[Table] = []
        self.done: list[Table] = []
        self.stalls: dict[str, list[float]] = defaultdict(list)
        self.starting: threading.Thread | None = None
        """The restart of a killed driver, under way while the rooms must move on."""
        self.restarts: list[float] = []
        """Seconds from the kill of every instance until all of them ran again."""

    def fill(self) -> None:
        """Keep `ROOMS` matches in play: a finished one is set aside and a new one begins."""
        for table in [t for t in self.tables if t.over()]:
            self.tables.remove(table)
            table.stop()
            self.done.append(table)
        games = list(GAMES)
        while len(self.tables) < ROOMS:
            game = games[(len(self.tables) + len(self.done)) % len(games)]
            self.tables.append(Table(self.instances, game, self.rng))

    def wait_moving(self, started: float, kind: str) -> None:
        """Wait until every room in play was shown to each of its clients past the version
        it had stored once the fault was over; record each room's longest stall from
        `started` (the longest time its clients were shown no move), fail past `BOUND`."""
        after = _versions(self.database)
        waiting = {t.code: t for t in self.tables if not t.over()}
        while waiting:
            now = time.monotonic()
            for code, table in list(waiting.items()):
                moved = [(when, v) for when, v in table.progress() if when >= started]
                if table.over() or (moved and moved[-1][1] > after.get(code, 0)):
                    times = [started] + [when for when, _ in moved]  # over unmoved: no stall
                    gaps = (b - a for a, b in itertools.pairwise(times))
                    self.stalls[kind].append(max(gaps, default=0.0))
                    del waiting[code]
                elif now - (moved[-1][0] if moved else started) > BOUND:
                    for server in self.instances.alive():  # their stacks, into their logs
                        assert server.process is not None
                        server.process.send_signal(signal.SIGUSR1)
                    time.sleep(1)
                    detail = "; ".join(c.describe() for c in table.clients)
                    for client in table.clients:
                        print(f"client {client.describe()} is at:\n{client.stack()}")
                    ports = ", ".join(f":{s.port} {s.log.name}" for s in self.instances.servers)
                    pytest.fail(
                        f"after {kind}, room {code} ({table.game}) showed its clients no move"
                        f" for {BOUND} s (stored {after.get(code, 0)}; clients: {detail};"
                        f" instances {ports}; faults so far: {self.faults})"
                    )
            crashed = [c.crash for t in self.tables for c in t.clients if c.crash]
            assert not crashed, crashed[0]
            time.sleep(0.05)

    def fault(self, kind: str) -> float:
        """Make one fault of `kind`; return once the faulty part runs again, with the moment
        (time.monotonic) from which rooms must move again within `BOUND`: the fault's start,
        but for the kill of every instance, the moment they all run again (nothing can move
        while none runs; how long they take to start is the operator's, `restarts`)."""
        instances = self.instances
        if self.starting is not None:
            self.starting.join()
            self.starting = None
        started = time.monotonic()
        self.faults.append(f"{kind} at {time.strftime('%H:%M:%S')}")
        if kind == "driver":
            table, index = self.driving()
            self.faults[-1] += f" of {table} on :{instances.servers[index].port}"
            instances.servers[index].kill()
            # started again meanwhile (another instance must not wait for it)
            self.starting = threading.Thread(target=self.restart, args=(index,))
            self.starting.start()
        elif kind == "every":
            for server in instances.servers:
                server.kill()
            starting = [
                threading.Thread(target=self.restart, args=(index,))
                for index in range(len(instances.servers))
            ]
            for thread in starting:
                thread.start()
            for thread in starting:
                thread.join()
            assert len(instances.alive()) == len(instances.servers)
            self.restarts.append(time.monotonic() - started)
            return time.monotonic()
        elif kind == "redis":
            keep = self.rng.random() < 0.5  # with its data or without: either loses messages
            self.faults[-1] += " with its data" if keep else " empty"
            self.redis.restart(keep=keep)
        elif kind == "postgres":
            self.pg.stop("fast")
            time.sleep(self.rng.uniform(0.2, 1.0))
            self.pg.start()
        elif kind == "freeze":
            table, index = self.driving()
            server = instances.servers[index]
            self.faults[-1] += f" of {table} on :{server.port}"
            process = server.process
            assert process is not None
            process.send_signal(signal.SIGSTOP)
            time.sleep(FREEZE)
            process.send_signal(signal.SIGCONT)
        return started

    def driving(self) -> tuple[str, int]:
        """Return a random room in play and the index of the instance that drives it. A room
        whose driver is not known to be live (its lease still names a killed instance, or
        the driver's health check fails just after Redis restarted) is passed over; when no
        room has one within a few seconds, a random live instance is named instead."""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            ids = instance_ids(self.instances)
            tables = self.rng.sample(self.tables, len(self.tables))
            for table in tables:
                index = ids.get(str(driver_of(self.database, table.code)))
                if index is not None:
                    return table.code, index
            time.sleep(0.2)
        alive = [i for i, s in enumerate(self.instances.servers) if s in self.instances.alive()]
        return "no room", self.rng.choice(alive)

    def restart(self, index: int) -> None:
        """Start instance `index` again (a loaded machine may take long to import it)."""
        self.instances.restart(index, within=90)

    def stop(self) -> None:
        if self.starting is not None:
            self.starting.join()
        for table in self.tables:
            table.stop()
        self.instances.stop()


def test_random_faults_no_room_freezes_nothing_goes_back_nothing_lost_or_doubled(
    postgres_cluster: Cluster, postgres_url: str, redis_server: RedisServer, tmp_path: Path
) -> None:
    rng = random.Random(SEED)
    chaos = Chaos(postgres_cluster, postgres_url, redis_server, tmp_path, rng)
    kinds = list(KINDS)
    rng.shuffle(kinds)
    kinds += [rng.choice(KINDS) for _ in range(max(0, FAULTS - len(kinds)))]
    try:
        chaos.fill()
        chaos.wait_moving(time.monotonic(), "start")
        for kind in kinds[:FAULTS]:
            chaos.fill()
            time.sleep(rng.uniform(0.2, 1.5))  # actions, reconnects and timers in flight
            chaos.wait_moving(chaos.fault(kind), kind)
        time.sleep(1)
    finally:
        chaos.stop()

    stored = _stored(postgres_url)
    tables = chaos.tables + chaos.done
    lost = doubled = steps_back = moves = 0
    for table in tables:
        record = stored.get(table.code, [])
        assert [v for v, _, _ in record] == list(range(1, len(record) + 1)), table.code
        moves += len(record)
        by_version = {
            v: {"seat": "chance" if s is None else s, "action": json.loads(a)} for v, s, a in record
        }
        for client in table.clients:
            doubled += len(client.seen.conflicts)
            steps_back += len(client.seen.steps_back)
            for version, move in client.seen.moves.items():
                if by_version.get(version) != move:  # shown, but not what is stored
                    lost += 1
    stalls = {
        kind: f"{kind} x{kinds[:FAULTS].count(kind)} median {statistics.median(t):.2f}"
        f" max {max(t):.2f}"
        for kind, t in sorted(chaos.stalls.items())
        if kind != "start"
    }
    longest = max((max(t) for k, t in chaos.stalls.items() if k != "start"), default=0.0)
    restarts = ""
    if chaos.restarts:
        restarts = f"; every instance restarted within {max(chaos.restarts):.2f} s"
    print(
        f"chaos: {len(kinds[:FAULTS])} faults, {len(tables)} rooms, {moves} moves stored,"
        f" lost {lost}, doubled {doubled}, steps back {steps_back}, longest stall"
        f" {longest:.2f} s; per kind, each room's longest stall (s): {'; '.join(stalls.values())}"
        + restarts
    )
    assert steps_back == 0, [c.seen.steps_back for t in tables for c in t.clients]
    assert lost == 0 and doubled == 0, (lost, doubled)
