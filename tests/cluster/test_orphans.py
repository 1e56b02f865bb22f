"""A room in play with nobody connected anywhere still moves when its driver dies.

Its computer seat is due (or an absent player's turn is, in a game that plays them), and no
client will come to make an instance take the room over: every instance sweeps PostgreSQL for
rooms in play whose lease's owner is dead (cluster/node.py, `Cluster._sweep`) and drives those
with a move due, so the computer seat moves within a few seconds of the death.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from tests.cluster.harness import (
    COMPUTER,
    Instances,
    Player,
    create,
    driver_of,
    instance_ids,
    stored_moves,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def test_a_due_computer_seat_moves_with_no_socket_after_its_driver_dies(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    # the computer seat waits 3 s before it moves: long enough to kill its driver first
    instances = Instances(3, postgres_url, redis_url, tmp_path, MOUSEHOLE_COMPUTER_DELAY="3")
    try:
        a = instances.servers[0]
        room = create(a, [{"kind": "open"}, COMPUTER])
        code = room["code"]
        host = Player(code, room["token"], 0)
        host.connect(a)
        host.send({"type": "start"})
        host.wait(lambda m: bool(m.get("snapshot", m).get("legal")))
        host.act()
        host.wait(lambda m: m["type"] == "update")
        host.close()  # nobody is connected to the room anywhere now
        killed = driver_of(postgres_url, code)
        assert instance_ids(instances)[str(killed)] == 0
        a.kill()
        died = time.monotonic()
        before = len(stored_moves(postgres_url, code))
        deadline = died + 20
        while len(stored_moves(postgres_url, code)) <= before:
            assert time.monotonic() < deadline, "the computer seat never moved"
            time.sleep(0.1)
        took = time.monotonic() - died
        print(f"orphan: the computer seat moved {took:.2f} s after its driver died")
        owner = driver_of(postgres_url, code)
        assert owner != killed and owner in instance_ids(instances)
        assert [m["seat"] for m in stored_moves(postgres_url, code)[before:]].count(1) > 0
    finally:
        instances.stop()
