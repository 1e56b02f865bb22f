"""The failover time: a busy room with seats on two instances, its driving instance SIGKILLed,
the time until the room's next committed update reaches a client reconnected to the other
instance (with the browser's backoff: 0.5 s doubling, jitter ±25%). benchmarks/cluster.py runs
it after the side-by-side runs, on the same PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import time
import urllib.request
from typing import Any

from .cluster_services import Services, free_port, start_instance
from .load_clients import GAME, choose
from .online_load import _stop

FAILOVER_CYCLES = 3


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
    ports = [free_port(), free_port()]
    processes = [start_instance(port, args, log) for port in ports]
    out = []
    try:
        for cycle in range(cycles):
            result = asyncio.run(_failover_once(ports, database, processes))
            print(f"  failover {cycle + 1}: {result}", file=sys.stderr)
            out.append(result)
            dead = result["driver"]
            ports[dead] = free_port()
            started = start_instance(ports[dead], args, log)
            # Keep the start order (oldest first) that tells leases' owners apart.
            processes = [processes[1 - dead], started]
            ports = [ports[1 - dead], ports[dead]]
    finally:
        for process in processes:
            if process.poll() is None:
                _stop(process)
    return out
