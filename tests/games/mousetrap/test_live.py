"""A Mouse Trap turn over the play protocol's WebSocket (docs/protocol.md): the roll and its
chance move, then the computer seat's turn when the page advances. Moved from
tests/server/rooms/test_live.py, whose other tests play any game from its legal list."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from mousehole.server import create_app

SETUP = {
    "game": "mousetrap",
    "options": {"seats": 2, "start_seat": 0},
    "seats": [
        {"kind": "human", "name": "Ann"},
        {"kind": "computer", "name": "Cy", "level": "hard"},
    ],
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"))) as client:
        yield client


def _create(client: TestClient, **changes: Any) -> dict[str, Any]:
    response = client.post("/api/rooms", json={**SETUP, **changes})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def test_a_socket_plays_a_turn_and_the_computer_seat_moves_when_advanced(
    client: TestClient,
) -> None:
    data = _create(client)
    with client.websocket_connect(f"/ws/rooms/{data['room']}") as ws:
        ws.send_json({"type": "hello", "token": data["token"]})
        assert ws.receive_json()["version"] == 0
        ws.send_json(
            {"type": "act", "seat": 0, "action": {"type": "roll"}, "version": 0, "id": "1"}
        )
        update = ws.receive_json()
        assert update["type"] == "update"
        assert [m["version"] for m in update["moves"]] == [1, 2]
        assert update["snapshot"]["to_act"] == 1 and update["snapshot"]["legal"] == []
        ws.send_json({"type": "advance", "version": 2})
        update = ws.receive_json()
        assert [m["seat"] for m in update["moves"]] == [1, "chance"]
        assert update["snapshot"]["to_act"] == 0
