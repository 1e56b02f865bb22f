"""Full online matches with the seats of one room spread over two and three instances.

The room is driven by the instance it was created on; the others relay their clients' sockets
to it. Everyone plays as if on one server: every client hears every move once, in order, only
after it is stored; presence and the host's rights hold across instances; joining and the
invitation summary work through any instance.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tests.cluster.harness import (
    COMPUTER,
    Instances,
    Player,
    check_told,
    create,
    join,
    over,
    play_turns,
    stored_moves,
)
from tests.processes import post_json
from tests.server import scenes
from tests.sockets import next_message


@pytest.fixture
def three(postgres_url: str, redis_url: str, tmp_path: Path) -> Any:
    instances = Instances(3, postgres_url, redis_url, tmp_path)
    yield instances
    instances.stop()


def _summary(url: str, code: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}/api/online/{code}", timeout=5) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


def test_alice_on_a_bob_on_b_and_a_spectator_on_c_play_a_whole_match_as_on_one_server(
    three: Instances, postgres_url: str
) -> None:
    a, b, c = three.servers
    room = create(a, [{"kind": "open"}, {"kind": "open"}, COMPUTER])
    code = room["code"]
    joined = join(b, code, "Bob")  # answered by A, which drives the room, through B
    assert joined["seat"] == 1
    assert _summary(c.url, code)["seats"][1]["name"] == "Bob", "the summary through C"

    alice = Player(code, room["token"], 0)
    bob = Player(code, joined["token"], 1)
    watcher = Player(code, None)
    alice.connect(a)
    bob.connect(b)
    watcher.connect(c)
    players = [alice, bob, watcher]
    alice.wait(lambda m: m.get("seats", [{}, {}])[1].get("state") == "connected")
    assert _summary(c.url, code)["seats"][1]["state"] == "connected", "presence across instances"

    bob.send({"type": "start"})  # only the host may: Bob's refusal comes back through B
    refusal = bob.wait(lambda m: m["type"] == "error")
    assert refusal["code"] == "not_host"
    alice.send({"type": "start"})
    for player in players:
        player.wait(lambda m: bool(m.get("snapshot", m).get("started")))

    play_turns(players, 3000)
    assert over(alice.snapshot), "the match reached its end"
    stored = stored_moves(postgres_url, code)
    check_told(players, stored)
    for player in players:
        player.drain()
        assert player.snapshot["version"] == len(stored)
        assert sorted(player.told) == list(range(1, len(stored) + 1)), "every move, once"
    assert any(move["seat"] == 2 for move in stored), "the computer seat played (on A)"
    for player in players:
        player.close()


def test_presence_and_the_hosts_rights_hold_across_instances(three: Instances) -> None:
    a, b, c = three.servers
    room = create(c, [{"kind": "open"}, {"kind": "open"}])  # C drives; nobody plays on it
    code = room["code"]
    joined = join(a, code, "Bob")
    alice, bob = Player(code, room["token"], 0), Player(code, joined["token"], 1)
    alice.connect(a)
    bob.connect(b)
    alice.wait(lambda m: m.get("seats", [{}, {}])[1].get("state") == "connected")
    bob.close()  # Bob leaves B: Alice on A sees him absent
    alice.wait(lambda m: m.get("seats", [{}, {}])[1].get("state") == "absent")
    alice.send({"type": "replace", "seat": 1, "level": scenes.LEVEL})
    early = alice.wait(lambda m: m["type"] == "error")
    assert early["code"] == "not_absent", "the grace period is the driver's clock, not A's"
    bob.connect(a)  # back, through another instance, with his token
    alice.wait(lambda m: m.get("seats", [{}, {}])[1].get("state") == "connected")
    alice.send({"type": "hand_host", "seat": 1})
    bob.wait(lambda m: m.get("you", {}).get("host") is True)
    bob.send({"type": "start"})
    alice.wait(lambda m: bool(m.get("started")))
    for player in (alice, bob):
        player.close()


def test_two_instances_a_local_match_created_on_one_is_played_through_the_other(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    instances = Instances(2, postgres_url, redis_url, tmp_path)
    try:
        a, b = instances.servers
        setup = {
            "game": scenes.NAME,
            "options": {"seats": 2, "start_seat": 0},
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
        }
        created = post_json(f"{a.url}/api/rooms", setup)
        with connect(f"ws://127.0.0.1:{b.port}/ws/rooms/{created['room']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": created["token"]}))
            snapshot = json.loads(next_message(ws, 5))
            for _ in range(6):
                seat = snapshot["to_act"]
                action = snapshot["legal"][0]
                message = {"type": "act", "seat": seat, "action": action}
                ws.send(json.dumps(message | {"version": snapshot["version"]}))
                update = json.loads(next_message(ws, 5))
                assert update["type"] == "update", update
                snapshot = update["snapshot"]
        stored = stored_moves(postgres_url, created["room"])
        assert len(stored) == snapshot["version"] >= 6, "each act and its chance, stored"
    finally:
        instances.stop()
