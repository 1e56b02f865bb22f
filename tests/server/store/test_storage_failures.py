"""The app over a failing store: a room that cannot be stored is refused, a move that cannot be
stored is undone and the client resyncs, and a stored room that no longer replays is refused
(docs/storage.md)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from mousehole.server import create_app
from mousehole.server.store import StorageError
from tests.server import scenes

SETUP: dict[str, Any] = {"game": scenes.NAME, "options": scenes.OPTIONS, "seats": scenes.HUMANS}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"))) as client:
        yield client


def _fail(*args: Any, **kwargs: Any) -> None:
    raise StorageError("database or disk is full")


def _failing(*args: Any, **kwargs: Any) -> Any:
    """Stand in for a write factory: the write it returns fails as a full disk would."""
    return _fail


def test_a_room_that_cannot_be_stored_is_refused_with_a_503(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client.app.state.store, "creating", _failing)  # type: ignore[attr-defined]

    response = client.post("/api/rooms", json=SETUP)

    assert response.status_code == 503
    assert response.json()["error"]["code"] == "storage_failed"


def test_a_move_that_cannot_be_stored_is_undone_and_the_client_resyncs(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = client.post("/api/rooms", json=SETUP).json()
    store = client.app.state.store  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/rooms/{data['room']}") as ws:
        ws.send_json({"type": "hello", "token": data["token"]})
        before = ws.receive_json()
        with monkeypatch.context() as patch:
            patch.setattr(store, "appending", _failing)
            legal = before["legal"][0]
            ws.send_json({"type": "act", "seat": 0, "action": legal, "version": 0})
            error = ws.receive_json()
            assert (error["type"], error["code"]) == ("error", "storage_failed")
            snapshot = ws.receive_json()
            assert snapshot["type"] == "snapshot"
            assert snapshot["version"] == before["version"] == 0, "the unsaved move is undone"
            assert snapshot["state"] == before["state"]
        ws.send_json({"type": "act", "seat": 0, "action": legal, "version": 0})
        update = ws.receive_json()
        played = update["snapshot"]["version"]
        assert played == len(update["moves"]) >= 1, "once the disk is back, play goes on"
    stored = store.load(data["room"])
    assert stored is not None and len(stored.moves) == played


def test_a_stored_room_that_no_longer_replays_is_refused_and_the_client_told_to_retry(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.sqlite3"
    with TestClient(create_app(str(path))) as client:
        data = client.post("/api/rooms", json=SETUP).json()
        with client.websocket_connect(f"/ws/rooms/{data['room']}") as ws:
            ws.send_json({"type": "hello", "token": data["token"]})
            legal = ws.receive_json()["legal"][0]
            ws.send_json({"type": "act", "seat": 0, "action": legal, "version": 0})
            ws.receive_json()
    with closing(sqlite3.connect(path)) as db, db:
        db.execute('UPDATE moves SET action = \'{"type": "jump"}\' WHERE idx = 0')

    with (
        TestClient(create_app(str(path))) as client,  # a restart: nothing in memory
        client.websocket_connect(f"/ws/rooms/{data['room']}") as ws,
    ):
        error = ws.receive_json()
        assert (error["code"], "moves[0]" in error["message"]) == ("storage_failed", True)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1011
