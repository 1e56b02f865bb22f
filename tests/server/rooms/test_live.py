"""The play protocol over HTTP and WebSocket (docs/protocol.md), through Starlette's client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from mousehole.games import load_game
from mousehole.server import create_app
from tests.server import scenes

SETUP = {
    "game": scenes.NAME,
    "options": scenes.OPTIONS,
    "seats": [
        {"kind": "human", "name": "Ann"},
        {"kind": "computer", "name": "Cy", "level": scenes.GAME.levels[-1]},
    ],
}
"""A human and the game's hardest computer player: the server's tests play any game
(tests/server/scenes.py), so the legal list expected is the game's own."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"))) as client:
        yield client


def _create(client: TestClient, **changes: Any) -> dict[str, Any]:
    response = client.post("/api/rooms", json={**SETUP, **changes})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def test_creating_a_room_returns_its_id_token_and_first_snapshot(client: TestClient) -> None:
    data = _create(client)
    snapshot = data["snapshot"]
    assert snapshot["type"] == "snapshot" and snapshot["version"] == 0
    first = load_game(scenes.NAME, **scenes.OPTIONS).new_initial_state()
    assert first.current_player() == 0 and first.legal_json(), "the test needs seat 0 to act"
    assert snapshot["to_act"] == 0 and snapshot["legal"] == first.legal_json()
    assert [s["kind"] for s in snapshot["seats"]] == ["human", "computer"]
    assert snapshot["record"]["seed"] is None, "the seed never leaves the server mid-match"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"not json", "bad_json"),
        (b"[1]", "bad_request"),
        (json.dumps({**SETUP, "game": "chess"}).encode(), "unknown_game"),
        (json.dumps({**SETUP, "options": {"seats": 7}}).encode(), "bad_options"),
        (json.dumps({**SETUP, "seats": []}).encode(), "bad_seats"),
        (json.dumps({**SETUP, "record": {"game": scenes.NAME, "moves": 3}}).encode(), "bad_record"),
    ],
)
def test_a_bad_room_request_gets_a_400_naming_the_problem(
    client: TestClient, body: bytes, code: str
) -> None:
    response = client.post("/api/rooms", content=body)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code


def test_a_body_over_the_limit_is_refused_while_it_streams_in(client: TestClient) -> None:
    """No declared length (chunked): the body is counted as it is read, 413 too_large."""

    def chunks() -> Iterator[bytes]:
        for _ in range(64):  # 64 chunks of 64 KiB: 4 MiB offered, 256 KiB allowed
            yield b" " * (64 * 1024)

    response = client.post("/api/rooms", content=chunks())
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


def test_every_refusal_is_an_error_followed_by_a_resync_snapshot(client: TestClient) -> None:
    data = _create(client)
    with client.websocket_connect(f"/ws/rooms/{data['room']}") as ws:
        ws.send_json({"type": "hello", "token": data["token"]})
        legal = ws.receive_json()["legal"][0]
        for message, code in [
            ({"type": "act", "seat": 1, "action": legal, "version": 0}, "not_your_turn"),
            ({"type": "act", "seat": 0, "action": {"type": "x"}, "version": 0}, "malformed_action"),
            ({"type": "act", "seat": 0, "action": legal, "version": 5}, "stale_version"),
            ({"type": "dance"}, "bad_message"),
            ([1, 2], "bad_message"),
        ]:
            ws.send_text(json.dumps(message))
            error = ws.receive_json()
            assert (error["type"], error["code"]) == ("error", code)
            assert ws.receive_json()["type"] == "snapshot"
        ws.send_text("{not json")
        assert ws.receive_json()["code"] == "bad_json"
        assert ws.receive_json()["version"] == 0
        ws.send_text(json.dumps({"type": "sync", "pad": "x" * 70_000}))
        assert ws.receive_json()["code"] == "too_large"
        assert ws.receive_json()["version"] == 0, "nothing changed"


def test_a_wrong_token_or_an_unknown_room_closes_the_socket_with_a_code(
    client: TestClient,
) -> None:
    data = _create(client)
    with client.websocket_connect(f"/ws/rooms/{data['room']}") as ws:
        ws.send_json({"type": "hello", "token": "guess"})
        assert ws.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401
    with client.websocket_connect("/ws/rooms/nope") as ws:
        assert ws.receive_json()["code"] == "no_room"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_an_update_reaches_every_socket_of_the_room(client: TestClient) -> None:
    data = _create(client)
    url = f"/ws/rooms/{data['room']}"
    with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
        for ws in (first, second):
            ws.send_json({"type": "hello", "token": data["token"]})
            legal = ws.receive_json()["legal"][0]
        first.send_json({"type": "act", "seat": 0, "action": legal, "version": 0})
        update = first.receive_json()
        assert update["type"] == "update"
        assert update["snapshot"]["version"] == update["moves"][-1]["version"] >= 1
        assert second.receive_json() == update
