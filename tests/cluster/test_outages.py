"""Redis restarted without persistence, and PostgreSQL unreachable for a while, mid-match.

Redis holds nothing that matters: when it comes back empty, the instances reconnect to it, the
sockets they relayed are closed (1012) and reconnect, and play goes on from what PostgreSQL
holds. While PostgreSQL is down, moves are refused with a clear error, /healthz fails on every
instance, and afterwards everything recovers by itself; no move is lost or doubled.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest
import redis
from websockets.exceptions import ConnectionClosed

from tests.cluster.harness import (
    COMPUTER,
    Instances,
    Player,
    check_told,
    create,
    join,
    resilient,
    revive,
    stored_moves,
)
from tests.pg import Cluster
from tests.redis_server import RedisServer

MARKER = "mousehole:test:marker"
"""A key the test writes to Redis before restarting it, to tell the two kinds of restart."""


def _match(instances: Instances) -> tuple[str, list[Player]]:
    a, b, c = instances.servers
    room = create(a, [{"kind": "open"}, {"kind": "open"}, COMPUTER])
    code = room["code"]
    joined = join(c, code, "Bob")
    players = [Player(code, room["token"], 0), Player(code, joined["token"], 1), Player(code, None)]
    for player, server in zip(players, (b, c, a), strict=True):
        player.connect(server)
    players[0].send({"type": "start"})
    for player in players:
        player.wait(lambda m: bool(m.get("snapshot", m).get("started")))
    return code, players


def test_redis_restarted_empty_mid_match_loses_no_committed_move(
    postgres_url: str, redis_server: RedisServer, tmp_path: Path
) -> None:
    instances = Instances(3, postgres_url, redis_server.url, tmp_path)
    try:
        code, players = _match(instances)
        resilient(instances, players, 5)
        for _ in range(2):
            redis_server.restart()  # a new, empty Redis on the same port
            time.sleep(1)
            revive(instances, players, time.monotonic() + 30)
            resilient(instances, players, 4)
        for index in range(3):
            deadline = time.monotonic() + 10
            while instances.health(index)[0] != 200:
                assert time.monotonic() < deadline, instances.health(index)
                time.sleep(0.1)
        resilient(instances, players, 3000, within=300)
        check_told(players, stored_moves(postgres_url, code))
    finally:
        instances.stop()


def test_postgresql_unreachable_fails_clearly_and_everything_recovers_by_itself(
    postgres_cluster: Cluster, postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    instances = Instances(3, postgres_url, redis_url, tmp_path)
    try:
        code, players = _match(instances)
        resilient(instances, players, 4)
        before = stored_moves(postgres_url, code)
        alice = players[0]
        postgres_cluster.stop("fast")
        try:
            deadline = time.monotonic() + 10
            while any(instances.health(i)[0] == 200 for i in range(3)):
                assert time.monotonic() < deadline, "every /healthz fails while it is down"
                time.sleep(0.1)
            status, body = instances.health(0)
            assert status == 503 and body["status"] == "failing", body
            refused = None
            alice.drain()
            for player in players:
                if player.my_turn():
                    player.act()
                    refused = player.wait(lambda m: m["type"] == "error", timeout=20)
            if refused is not None:
                assert refused["code"] == "storage_failed", refused
            time.sleep(2)  # down for longer than a lease: any instance may take the room over
        finally:
            postgres_cluster.start()
        deadline = time.monotonic() + 20
        while any(instances.health(i)[0] != 200 for i in range(3)):
            assert time.monotonic() < deadline, [instances.health(i) for i in range(3)]
            time.sleep(0.2)
        revive(instances, players, time.monotonic() + 30)
        resilient(instances, players, 3000, within=300)
        after = stored_moves(postgres_url, code)
        assert after[: len(before)] == before and len(after) > len(before)
        check_told(players, after)
    finally:
        instances.stop()


@pytest.mark.parametrize("keep", [False, True], ids=["empty", "with its data"])
def test_a_restart_of_redis_closes_every_relayed_socket_within_seconds_by_itself(
    keep: bool, postgres_url: str, redis_server: RedisServer, tmp_path: Path
) -> None:
    """Messages in flight when Redis restarts are lost both ways, whether it comes back empty
    or with its data: every instance notices by itself (nobody needs to send anything) and
    closes what it relayed, so that no client waits forever on a socket that will hear
    nothing; the clients reconnect and play on."""
    instances = Instances(3, postgres_url, redis_server.url, tmp_path)
    try:
        code, players = _match(instances)  # A drives; two of the three clients are relayed
        resilient(instances, players, 3)
        relayed = players[:2]  # Alice through B, Bob through C
        for player in relayed:
            player.drain()
        redis.Redis.from_url(redis_server.url).set(MARKER, b"kept")
        redis_server.restart(keep=keep)
        restarted = time.monotonic()
        kept = redis.Redis.from_url(redis_server.url).get(MARKER)
        assert kept == (b"kept" if keep else None)  # the restart was of the kind named
        for player in relayed:
            with pytest.raises(ConnectionClosed):
                player.wait(lambda m: False, timeout=8)
            assert player.ws is not None
            assert player.ws.close_code == 1012, player.ws.close_code
        noticed = time.monotonic() - restarted
        print(f"redis restart: every relayed socket closed {noticed:.2f} s after it")
        assert noticed < 8
        revive(instances, players, time.monotonic() + 30)
        resilient(instances, players, 4)
        check_told(players, stored_moves(postgres_url, code))
    finally:
        instances.stop()


def test_a_redis_restart_unseen_by_a_frozen_relay_is_still_noticed(
    postgres_url: str, redis_server: RedisServer, tmp_path: Path
) -> None:
    """Redis restarts while a relaying instance stands still (SIGSTOP, shorter than a lease):
    once it runs again its connection comes back at once, with no error to see, but what was
    sent to it meanwhile is lost; it notices that Redis restarted (its run id changed) and
    closes the sockets it relays, which would otherwise wait for updates that never come."""
    instances = Instances(3, postgres_url, redis_server.url, tmp_path)
    try:
        code, players = _match(instances)  # A drives; Alice is relayed through B
        resilient(instances, players, 3)
        alice = players[0]
        alice.drain()
        relay = instances.servers[1].process
        assert relay is not None
        relay.send_signal(signal.SIGSTOP)
        try:
            redis_server.restart()
            time.sleep(0.3)
        finally:
            relay.send_signal(signal.SIGCONT)
        thawed = time.monotonic()
        with pytest.raises(ConnectionClosed):
            alice.wait(lambda m: False, timeout=8)
        assert alice.ws is not None and alice.ws.close_code == 1012, alice.ws
        took = time.monotonic() - thawed
        print(f"redis restart unseen: the relay closed its socket {took:.2f} s after SIGCONT")
        revive(instances, players, time.monotonic() + 30)
        resilient(instances, players, 4)
        check_told(players, stored_moves(postgres_url, code))
    finally:
        instances.stop()
