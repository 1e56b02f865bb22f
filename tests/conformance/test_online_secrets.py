"""Every game, played online to the end: no message to any socket ever holds a secret.

The conformance suite's `revealed` (test_games.py) says what of a position's secrets a JSON
value gives away (in a card game: the cards under each stack, or the fields that hold them).
Here two players and a spectator play a whole online match through the real app, and every
message each socket receives is parsed and checked against the secrets of the server's
position at that moment.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from mousehole.games import GAMES, REGISTRY
from mousehole.server import create_app
from mousehole.server.rooms.hub import OnlineSettings

from .test_games import revealed


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = OnlineSettings(
        computer_delay=0, rate=10_000, burst=10_000, private_rate=10_000, private_burst=10_000
    )
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), online=settings)) as client:
        yield client


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_online_message_holds_a_secret_from_start_to_end(client: TestClient, name: str) -> None:
    seats = [{"kind": "open"}, {"kind": "open"}]
    body = {"game": name, "options": {"seats": 2}, "seats": seats, "host_name": "Ann"}
    created = client.post("/api/online", json=body).json()
    code = created["code"]
    bo = client.post(f"/api/online/{code}/join", json={"name": "Bo"}).json()
    hub = client.app.state.hub  # type: ignore[attr-defined]
    url = f"/ws/online/{code}"
    checked = 0

    def check(text: str) -> dict[str, Any]:
        nonlocal checked
        state = hub.rooms[code].table.match.state
        message: dict[str, Any] = json.loads(text)
        leak = revealed(name, state, message)
        assert leak is None, f"a message gave away {leak}"
        checked += 1
        return message

    with (
        client.websocket_connect(url) as ann,
        client.websocket_connect(url) as bob,
        client.websocket_connect(url) as watcher,
    ):
        sockets = {0: ann, 1: bob}
        for seat, token in ((0, created["token"]), (1, bo["token"])):
            sockets[seat].send_json({"type": "hello", "token": token})
            check(sockets[seat].receive_text())
        watcher.send_json({"type": "hello", "spectate": True})
        check(watcher.receive_text())
        ann.send_json({"type": "start"})
        latest: dict[int, dict[str, Any]] = {}
        for ws in (ann, bob, watcher):  # presence of the later sockets, then the start
            while True:
                message = check(ws.receive_text())
                if message.get("started"):
                    break
        for seat, ws in sockets.items():
            ws.send_json({"type": "sync"})
            latest[seat] = check(ws.receive_text())
        while (to_act := latest[0]["to_act"]) is not None:
            mine = latest[to_act]
            version = mine["version"]
            action = mine["legal"][0]
            sockets[to_act].send_json({"type": "act", "action": action, "version": version})
            for seat, ws in sockets.items():
                message = check(ws.receive_text())
                assert message["type"] == "update", message
                latest[seat] = message["snapshot"]
            check(watcher.receive_text())
    assert latest[0]["winners"], "played to the end"
    assert checked > 20


@pytest.mark.parametrize("humans", [1, 2], ids=["solo", "same-device"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_local_match_message_holds_a_secret_from_start_to_end(
    client: TestClient, name: str, humans: int
) -> None:
    """A local match (a private room) through the real app: solo against a computer, and two
    humans on one device. Every frame the page receives, the `201` answer's included, is
    checked against the secrets of the server's position at that moment."""
    level = next(iter(REGISTRY[name].bots))
    seats = [{"kind": "human", "name": "Ann"}] + (
        [{"kind": "human", "name": "Bo"}] if humans == 2 else [{"kind": "computer", "level": level}]
    )
    created = client.post(
        "/api/rooms", json={"game": name, "options": {"seats": 2}, "seats": seats}
    ).json()
    room = created["room"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    checked = 0

    def check(text: str) -> dict[str, Any]:
        nonlocal checked
        message: dict[str, Any] = json.loads(text)
        leak = revealed(name, hub.rooms[room].table.match.state, message)
        assert leak is None, f"a message gave away {leak}"
        checked += 1
        return message

    check(json.dumps(created))
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        ws.send_json({"type": "hello", "token": created["token"]})
        snapshot = check(ws.receive_text())
        for step in range(5_000):
            if snapshot["to_act"] is None:
                break
            version = snapshot["version"]
            if snapshot["seats"][snapshot["to_act"]]["kind"] == "computer":
                ws.send_json({"type": "advance", "version": version})
            else:
                if REGISTRY[name].seat_views:  # the hand-over screen names the seat
                    ws.send_json({"type": "screen", "seat": snapshot["to_act"]})
                    snapshot = check(ws.receive_text())
                action = snapshot["legal"][0]
                seat = snapshot["to_act"]
                message = {"type": "act", "seat": seat, "action": action, "version": version}
                ws.send_json(message | {"id": str(step)})
            update = check(ws.receive_text())
            assert update["type"] == "update", update
            snapshot = update["snapshot"]
    assert snapshot["winners"], "played to the end"
    assert checked > 10
