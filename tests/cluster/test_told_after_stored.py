"""Persist, then publish, across instances: while the driver's commit of a move cannot finish,
no client hears of it, neither the driver's own nor one relayed through another instance.

The test holds the room's lease row locked (`FOR UPDATE`) in a transaction of its own: the
driver's fenced commit waits on that lock (store/postgres/fence.py), so the move is applied in
the driver's memory but not yet stored. Only once the lock is released and the commit done do
both clients get the update.
"""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from tests.cluster.harness import Instances, Player, create, join, stored_moves


def test_nobody_on_any_instance_hears_of_a_move_before_it_is_stored(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    instances = Instances(2, postgres_url, redis_url, tmp_path)
    try:
        a, b = instances.servers
        room = create(a, [{"kind": "open"}, {"kind": "open"}])  # A drives the room
        code = room["code"]
        joined = join(b, code, "Bob")
        alice = Player(code, room["token"], 0)  # relayed through B
        bob = Player(code, joined["token"], 1)  # on the driver itself
        alice.connect(b)
        bob.connect(a)
        alice.send({"type": "start"})
        for player in (alice, bob):
            player.wait(lambda m: bool(m.get("snapshot", m).get("started")))
        version = alice.snapshot["version"]
        with psycopg.connect(postgres_url) as blocker:
            blocker.execute("SELECT 1 FROM room_leases WHERE room = %s FOR UPDATE", (code,))
            alice.act()  # applied in A's memory; its commit waits for the lease row
            for player in (alice, bob):
                with pytest.raises(TimeoutError):
                    player.receive(timeout=1.5)
            assert len(stored_moves(postgres_url, code)) == version, "not stored yet"
            blocker.commit()  # the lock goes: the commit finishes, then the update
        for player in (alice, bob):
            update = player.wait(lambda m: m["type"] == "update")
            assert update["snapshot"]["version"] > version
        assert len(stored_moves(postgres_url, code)) == alice.snapshot["version"]
    finally:
        instances.stop()
