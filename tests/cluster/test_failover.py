"""Failover: the instance that drives a room is SIGKILLed mid-match, again and again.

Another instance takes the room over once the dead one's heartbeat has expired (lease.py:
`LEASE_TTL`); the clients reconnect with their tokens to any instance that is left, and play
carries on: every move any client was told is in PostgreSQL, none twice, no client's version
ever goes back, and the computer seat keeps playing.
"""

from __future__ import annotations

import os
import random
import sys
import time
import urllib.error
from pathlib import Path

import pytest

from tests.cluster.harness import (
    COMPUTER,
    Instances,
    Player,
    check_told,
    create,
    driver_of,
    instance_ids,
    join,
    over,
    play_turns,
    stored_moves,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

CYCLES = int(os.environ.get("MOUSEHOLE_FAILOVER_CYCLES", "3"))
"""SIGKILLs of the driving instance in the random-moments test (more under `make soak`)."""


def _room(instances: Instances, where: int) -> tuple[str, list[Player]]:
    """Create a room (two players and a computer) on instance `where`, start it; return its
    code and its clients: Alice, Bob and a spectator, spread over the other instances."""
    servers = instances.servers
    room = create(servers[where], [{"kind": "open"}, {"kind": "open"}, COMPUTER])
    code = room["code"]
    joined = join(servers[(where + 1) % len(servers)], code, "Bob")
    alice = Player(code, room["token"], 0)
    bob = Player(code, joined["token"], 1)
    watcher = Player(code, None)
    for offset, player in enumerate((alice, bob, watcher)):
        player.connect(servers[(where + 1 + offset) % len(servers)])
    alice.send({"type": "start"})
    for player in (alice, bob, watcher):
        player.wait(lambda m: bool(m.get("snapshot", m).get("started")))
    return code, [alice, bob, watcher]


def _reconnect(instances: Instances, players: list[Player], deadline: float) -> None:
    alive = instances.alive()
    for player in players:
        random.shuffle(alive)
        player.reconnect(alive, deadline)


def _kill_driver(instances: Instances, database: str, code: str) -> int:
    owner = driver_of(database, code)
    index = instance_ids(instances)[str(owner)]
    instances.servers[index].kill()
    return index


def test_the_driver_sigkilled_mid_match_another_instance_takes_the_room_over(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    instances = Instances(3, postgres_url, redis_url, tmp_path)
    try:
        code, players = _room(instances, 0)
        play_turns(players, 6)
        seen = len(stored_moves(postgres_url, code))
        killed = _kill_driver(instances, postgres_url, code)
        assert killed == 0, "the instance that created the room drove it"
        asked = time.monotonic()
        with pytest.raises(urllib.error.HTTPError) as refused:  # forwarded to the dead driver
            join(instances.servers[1], code, "Cy")
        assert refused.value.code == 503 and refused.value.headers["Retry-After"] == "3"
        assert time.monotonic() - asked < 2, "answered as soon as nobody heard the call"
        started = time.monotonic()
        _reconnect(instances, players, started + 30)
        play_turns(players, 1)  # a move is committed and heard again
        took = time.monotonic() - started
        print(f"failover: play resumed {took:.2f} s after the SIGKILL")
        assert driver_of(postgres_url, code) in instance_ids(instances), "a live driver"
        assert took < 20, f"the room was taken over within a few seconds, not {took:.1f}"
        play_turns(players, 3000)
        stored = stored_moves(postgres_url, code)
        assert over(players[0].snapshot) and len(stored) > seen
        check_told(players, stored)
        assert [m["seat"] for m in stored[seen:]].count(2) > 0, "the computer seat carried on"
    finally:
        instances.stop()


def test_sigkill_of_the_driver_at_random_moments_loses_and_doubles_nothing(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    rng = random.Random(int(os.environ.get("MOUSEHOLE_FAILOVER_SEED", "18")))
    instances = Instances(3, postgres_url, redis_url, tmp_path)
    times: list[float] = []
    try:
        code, players = _room(instances, 0)
        for _ in range(CYCLES):
            if over(players[0].snapshot):  # the match is over: the next cycles in a new one
                check_told(players, stored_moves(postgres_url, code))
                for player in players:
                    player.close()
                code, players = _room(instances, rng.randrange(len(instances.servers)))
            play_turns(players, rng.randint(0, 3))
            movers = [p for p in players if p.my_turn()]
            if movers:  # an action in flight as the driver dies: stored or not, never half
                movers[0].act()
                time.sleep(rng.uniform(0, 0.02))
            killed = _kill_driver(instances, postgres_url, code)
            started = time.monotonic()
            _reconnect(instances, players, started + 30)
            play_turns(players, 1)
            times.append(time.monotonic() - started)
            check_told(players, stored_moves(postgres_url, code))
            instances.restart(killed)  # a new process where the dead one was
        print("failover times (s):", " ".join(f"{t:.2f}" for t in times))
        play_turns(players, 3000)
        check_told(players, stored_moves(postgres_url, code))
    finally:
        instances.stop()


def test_restarting_every_instance_loses_nothing(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    instances = Instances(2, postgres_url, redis_url, tmp_path)
    try:
        code, players = _room(instances, 0)
        play_turns(players, 5)
        before = stored_moves(postgres_url, code)
        for server in instances.servers:
            server.stop()  # SIGTERM: each hands its rooms over and closes its sockets
        for index in range(len(instances.servers)):
            instances.restart(index)
        _reconnect(instances, players, time.monotonic() + 30)
        for player in players:
            assert player.snapshot["version"] == len(before), "every committed move is back"
        play_turns(players, 3000)
        stored = stored_moves(postgres_url, code)
        assert stored[: len(before)] == before and over(players[0].snapshot)
        check_told(players, stored)
    finally:
        instances.stop()


def test_a_relaying_instance_sigkilled_its_clients_are_absent_then_back_elsewhere(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    instances = Instances(3, postgres_url, redis_url, tmp_path)
    try:
        a, b, c = instances.servers
        room = create(a, [{"kind": "open"}, {"kind": "open"}])  # A drives
        code = room["code"]
        joined = join(c, code, "Bob")
        alice, bob = Player(code, room["token"], 0), Player(code, joined["token"], 1)
        alice.connect(a)
        bob.connect(b)  # relayed through B
        alice.wait(lambda m: m.get("seats", [{}, {}])[1].get("state") == "connected")
        b.kill()  # the relay dies: the driver must not keep Bob's socket as connected
        alice.wait(lambda m: m.get("seats", [{}, {}])[1].get("state") == "absent", timeout=15)
        bob.reconnect([c], time.monotonic() + 15)
        alice.wait(lambda m: m.get("seats", [{}, {}])[1].get("state") == "connected")
        alice.send({"type": "start"})
        play_turns([alice, bob], 10)
        check_told([alice, bob], stored_moves(postgres_url, code))
    finally:
        instances.stop()
