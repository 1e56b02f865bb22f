"""The relay's end of a socket (server/cluster/relay.py): a client of one instance whose room
another instance drives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cluster.harness import Instances, Player, create, join


@pytest.fixture
def two(postgres_url: str, redis_url: str, tmp_path: Path) -> Iterator[Instances]:
    instances = Instances(2, postgres_url, redis_url, tmp_path)
    yield instances
    instances.stop()


def test_a_relayed_client_that_leaves_is_let_go_quietly_without_an_error_in_the_log(
    two: Instances,
) -> None:
    """A client of B leaving (closing its socket, or dropping it) is the normal end of a relayed
    socket: B tells the driver and closes its end, and logs no "Exception in ASGI application"
    (the relay used to try closing a socket the client had already closed, and let Starlette's
    WebSocketDisconnect out of the handler: one traceback per departure, 2,000 at the end of
    the load benchmark)."""
    a, b = two.servers
    room = create(a, [{"kind": "open"}, {"kind": "open"}])
    code = room["code"]
    alice = Player(code, room["token"], 0)
    alice.connect(a)
    token = join(a, code, "Bob")["token"]
    for dropped in (False, True, False):
        bob = Player(code, token, 1)
        bob.connect(b)  # relayed by B to A
        alice.wait(lambda m: m.get("seats", [{}, {}])[1].get("state") == "connected")
        if dropped:  # without a closing handshake
            assert bob.ws is not None
            bob.ws.socket.close()
            bob.ws = None
        else:
            bob.close()
        alice.wait(lambda m: m.get("seats", [{}, {}])[1].get("state") == "absent")
    alice.close()
    log = b.log.read_text()
    assert "connection open" in log, "B served the relayed sockets"
    assert "Exception in ASGI application" not in log
    assert "Traceback" not in log


JUNK = [
    (
        "a 30-digit number",
        '{"type":"act","action":{"type":"x","n":123456789012345678901234567890}}',
    ),
    ("a 20-digit number", '{"type":"act","version":18446744073709551616,"action":{}}'),
    ("a number past a float", '{"type":"act","version":1e999,"action":{}}'),
    ("deep nesting", '{"type":"act","action":' + "[" * 5000 + "]" * 5000 + "}"),
    ("a lone surrogate", '{"type":"act","action":{"type":"\\ud800"}}'),
    ("not an object", "[1,2,3]"),
    ("not JSON", "{nope"),
]


def test_junk_sent_through_a_relay_is_refused_by_name_and_the_socket_and_room_go_on(
    two: Instances,
) -> None:
    """A client of B sending junk to a room A drives: B refuses each frame with an error that
    names what was wrong, or passes it on to A, which does; neither instance crashes the
    socket, the bus or the room (a number over 64 bits once broke the bus's encoder, which
    takes no such number), and the match goes on from the same client."""
    a, b = two.servers
    room = create(a, [{"kind": "open"}, {"kind": "open"}])
    code = room["code"]
    alice = Player(code, room["token"], 0)
    bob = Player(code, join(a, code, "Bob")["token"], 1)
    alice.connect(a)
    bob.connect(b)
    alice.send({"type": "start"})
    for player in (alice, bob):
        player.wait(lambda m: bool(m.get("snapshot", m).get("started")))
    assert bob.ws is not None
    for name, frame in JUNK:
        bob.ws.send(frame)
        refusal = bob.wait(lambda m: m["type"] == "error")
        assert refusal["code"] in {"bad_message", "bad_json", "bad_action"}, name
        assert refusal["message"], name
    bob.ws.send(b"\x00\x01binary")
    refusal = bob.wait(lambda m: m["type"] == "error")
    assert "binary" in refusal["message"]
    for _ in range(4):  # the room plays on, through the same relayed socket
        mover = alice if alice.my_turn() else bob
        version = mover.snapshot["version"]
        mover.act()
        for player in (alice, bob):
            player.wait(lambda m, v=version: m.get("snapshot", m).get("version", 0) > v)
    for player in (alice, bob):
        player.close()
    for server in (a, b):
        assert "Traceback" not in server.log.read_text(), server.log
