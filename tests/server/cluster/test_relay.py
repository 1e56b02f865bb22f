"""The two ends of a socket whose room another instance drives (server/cluster/relay.py), in
this process: the relay writes what the driver sends to its client in order and closes it once;
the driver's stand-in for that socket sends through the bus (a real Redis of the tests' own) and
ends its session when closed or gone; what a relayed client sent is read back as a message or
its relay's error. Relays between real instances are tested in tests/cluster/test_relay.py."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect

from mousehole.server.cluster.bus import Bus
from mousehole.server.cluster.relay import CLOSED, MOVED, Relayed, RemoteSocket, Shut, received
from mousehole.server.rooms.table import RoomError


def test_what_a_relayed_client_sent_is_its_message_or_its_relays_error() -> None:
    assert received({"data": {"type": "sync"}}) == {"type": "sync"}
    error = received({"error": ["too_large", "messages are limited to 65536 bytes"]})
    assert isinstance(error, RoomError)
    assert (error.code, error.message) == ("too_large", "messages are limited to 65536 bytes")
    for junk in ({}, {"data": [1]}, {"error": ["only one"]}):
        refused = received(junk)
        assert isinstance(refused, RoomError) and refused.code == "bad_message"


async def _relay(websocket: WebSocket) -> None:
    await websocket.accept()
    relayed = Relayed(websocket, driver="a", room="K7QM4X")
    relayed.put('{"n":1}')
    await relayed.answer({"n": 2})
    relayed.put(Shut(MOVED))
    relayed.put('{"n":3}')  # after the close: dropped
    assert relayed.shut
    await relayed.write_forever()


def test_the_relay_writes_to_its_client_in_order_then_closes_it_once() -> None:
    app = Starlette(routes=[WebSocketRoute("/ws", _relay)])
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        assert [ws.receive_text(), ws.receive_text()] == ['{"n":1}', '{"n":2}']
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == MOVED == 1012


def test_the_drivers_stand_in_sends_through_the_bus_and_ends_when_closed(redis_url: str) -> None:
    heard: list[dict[str, Any]] = []

    async def hear(message: dict[str, Any]) -> None:
        heard.append(message)

    async def test() -> None:
        driver = Bus(redis_url, "driver", hear, on_gone=lambda _: None, on_reset=lambda: None)
        relay = Bus(redis_url, "relay", hear, on_gone=lambda _: None, on_reset=lambda: None)
        await driver.start()
        await relay.start()
        try:
            remote = RemoteSocket(driver, "relay", "c1")
            await remote.send_text('{"type":"snapshot"}')
            await remote.close(code=MOVED)
            await remote.close(code=MOVED)  # a second close tells the relay nothing more
            with pytest.raises(RuntimeError, match="closed"):
                await remote.send_text("late")
            assert remote.inbox.get_nowait() is CLOSED
            left = RemoteSocket(driver, "relay", "c2")
            left.gone()  # its client left: nothing to tell the relay
            assert left.closed and left.inbox.get_nowait() is CLOSED
            for _ in range(500):
                if len(heard) == 2:
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)  # nothing more comes
            assert heard == [
                {"op": "send", "conn": "c1", "text": '{"type":"snapshot"}'},
                {"op": "shut", "conn": "c1", "code": MOVED},
            ]
        finally:
            await driver.close()
            await relay.close()

    asyncio.run(test())
