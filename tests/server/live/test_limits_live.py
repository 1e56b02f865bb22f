"""Size limits of the real server (`mousehole serve`, uvicorn), where a test client cannot see
them: how big a WebSocket message it reads at all, and that an oversized HTTP body is refused
without being read whole."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from mousehole.server.rooms.wire import MAX_FRAME, MAX_MESSAGE
from tests.processes import ServerProcess
from tests.server import scenes
from tests.sockets import next_message

SETUP = {
    "game": scenes.NAME,
    "options": {"seats": 2, "start_seat": 0},
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("limits")
    started = ServerProcess(folder / "db.sqlite3", folder / "server.log").start()
    yield started
    started.kill()


def _request(
    server: ServerProcess, method: str, path: str, body: bytes, headers: dict[str, str]
) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def _room(server: ServerProcess) -> dict[str, Any]:
    body = json.dumps(SETUP).encode()
    status, data = _request(
        server, "POST", "/api/rooms", body, {"Content-Type": "application/json"}
    )
    assert status == 201, data
    room: dict[str, Any] = data
    return room


def test_a_message_over_64_kib_gets_too_large_and_the_socket_plays_on(
    server: ServerProcess,
) -> None:
    room = _room(server)
    with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room['room']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert json.loads(next_message(ws, 10))["type"] == "snapshot"
        ws.send(json.dumps({"type": "sync", "pad": "x" * (MAX_MESSAGE * 4)}))
        error = json.loads(next_message(ws, 10))
        assert (error["type"], error["code"]) == ("error", "too_large")
        assert json.loads(next_message(ws, 10))["version"] == 0
        ws.send(json.dumps({"type": "sync"}))
        assert json.loads(next_message(ws, 10))["type"] == "snapshot"


def test_a_message_over_the_frame_limit_closes_the_socket_with_1009(
    server: ServerProcess,
) -> None:
    room = _room(server)
    with connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{room['room']}", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert json.loads(next_message(ws, 10))["type"] == "snapshot"
        ws.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            next_message(ws, 10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_an_oversized_body_is_refused_by_its_declared_length_and_the_server_carries_on(
    server: ServerProcess,
) -> None:
    body = b"{" + b" " * (8 * 1024 * 1024) + b"}"
    status, data = _request(
        server, "POST", "/api/online", body, {"Content-Type": "application/json"}
    )
    assert status == 413 and data["error"]["code"] == "too_large"
    assert _room(server)["snapshot"]["version"] == 0


def test_an_oversized_chunked_body_is_refused_as_it_streams_in(server: ServerProcess) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(128):  # 8 MiB offered, 64 KiB allowed
            yield b" " * (64 * 1024)

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request("POST", "/api/online", body=chunks(), encode_chunked=True)
        response = connection.getresponse()
        assert response.status == 413
        assert json.loads(response.read())["error"]["code"] == "too_large"
    finally:
        connection.close()
    assert _room(server)["snapshot"]["version"] == 0
