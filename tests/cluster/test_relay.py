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
