"""A seat a program plays is marked as a bot for everyone (docs/protocol.md, Bots), and every
room rule applies to it unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from mousehole.server import create_app
from mousehole.server.rooms.hub import OnlineSettings
from tests.server import scenes


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _app(path: Path, clock: Clock) -> Any:
    return create_app(str(path), online=OnlineSettings(computer_delay=0, clock=clock, grace=5))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    with TestClient(_app(tmp_path / "db.sqlite3", clock)) as client:
        yield client


def _room(client: TestClient) -> tuple[str, str]:
    """Create a two-seat room; return its code and the host's seat token."""
    body = {
        "game": scenes.NAME,
        "options": {"seats": 2, "start_seat": 0},
        "seats": [{"kind": "open"}, {"kind": "open"}],
        "host_name": "Ann",
    }
    response = client.post("/api/online", json=body)
    assert response.status_code == 201, response.text
    return response.json()["code"], response.json()["token"]


def _bots(client: TestClient, code: str) -> list[bool]:
    return [seat["bot"] for seat in client.get(f"/api/online/{code}").json()["seats"]]


def test_a_program_that_joins_as_a_bot_is_marked_in_the_summary_and_every_snapshot(
    client: TestClient,
) -> None:
    code, _ = _room(client)
    joined = client.post(f"/api/online/{code}/join", json={"name": "Robo", "bot": True})
    assert joined.status_code == 200, joined.text
    summary = client.get(f"/api/online/{code}").json()
    assert [(s["name"], s["bot"]) for s in summary["seats"]] == [("Ann", False), ("Robo", True)]
    with client.websocket_connect(f"/ws/online/{code}") as ws:
        ws.send_json({"type": "hello", "spectate": True})
        snapshot = ws.receive_json()
    assert [s["bot"] for s in snapshot["seats"]] == [False, True]
    assert snapshot["seats"][1]["kind"] == "human"  # it plays like a person


def test_a_person_who_joins_is_not_marked(client: TestClient) -> None:
    code, _ = _room(client)
    assert client.post(f"/api/online/{code}/join", json={"name": "Bo"}).status_code == 200
    assert _bots(client, code) == [False, False]


def test_a_bot_flag_that_is_not_true_or_false_is_refused_by_name(client: TestClient) -> None:
    code, _ = _room(client)
    response = client.post(f"/api/online/{code}/join", json={"name": "Robo", "bot": "yes"})
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "bad_request",
        "message": "bot: expected true or false, got 'yes'",
    }
    assert _bots(client, code) == [False, False]  # the seat is still open
    assert client.get(f"/api/online/{code}").json()["seats"][1]["state"] == "open"


def test_the_mark_is_stored_with_the_seat_and_leaves_when_the_seat_is_reopened(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "db.sqlite3"
    with TestClient(_app(path, clock)) as first:
        code, host = _room(first)
        assert first.post(f"/api/online/{code}/join", json={"name": "Robo", "bot": True})
    with TestClient(_app(path, clock)) as second:
        assert _bots(second, code) == [False, True]  # stored, read back after a restart
        with second.websocket_connect(f"/ws/online/{code}") as ws:
            ws.send_json({"type": "hello", "token": host})
            ws.receive_json()
            clock.now += 10  # the bot has been away past the grace period (5 s)
            ws.send_json({"type": "reopen", "seat": 1})
            reopened = ws.receive_json()
        assert reopened["seats"][1]["state"] == "open" and reopened["seats"][1]["bot"] is False
        assert _bots(second, code) == [False, False]
