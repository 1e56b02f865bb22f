"""Online rooms (docs/online.md) refusing what they must: bad messages and hellos, acting out
of turn, floods, guessed codes, too many rooms from one address, bad joins and full rooms.

Every test runs the real app through Starlette's client, with computer seats moving at once
(computer_delay=0) and a fake clock, so that rate limits are exact (conftest.py,
online_client.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from mousehole.server.rooms.limits import guessing_key

from .online_client import (
    EASY,
    NAME,
    NORMAL,
    FakeClock,
    _app,
    _create,
    _hello,
    _settle,
    _snapshot,
    _start,
    _two_player_room,
)

BAD_MESSAGES: list[tuple[str, str]] = [
    ("{not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    (json.dumps({"type": "dance"}), "bad_message"),
    ("x" * (64 * 1024 + 1), "too_large"),
    ('{"type": "act", "seat": 1, "action": LEGAL, "version": 1}', "not_your_seat"),
    (json.dumps({"type": "act", "action": {"type": "fly"}, "version": 1}), "malformed_action"),
    ('{"type": "act", "action": LEGAL, "version": 0}', "stale_version"),
    (json.dumps({"type": "replace", "seat": 9, "level": EASY}), "bad_seat"),
    (json.dumps({"type": "replace", "seat": 1, "level": "god"}), "bad_level"),
    (json.dumps({"type": "replace", "seat": 1, "level": []}), "bad_level"),
    (json.dumps({"type": "start"}), "already_started"),
    (json.dumps({"type": "hand_host", "seat": 1}), "bad_seat"),
]


@pytest.mark.parametrize(("text", "code"), BAD_MESSAGES)
def test_a_bad_message_gets_its_error_and_leaves_the_room_unchanged(
    client: TestClient, text: str, code: str
) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "computer", "level": NORMAL}])
    with client.websocket_connect(f"/ws/online/{data['code']}") as ws:
        _hello(ws, token=data["token"])
        _start(ws)
        started = _snapshot(ws.receive_json())
        assert started["to_act"] == 0 and started["version"] == 0
        ws.send_json({"type": "act", "action": started["legal"][0], "version": 0, "id": "r"})
        before = _settle(ws, 1)
        assert before["to_act"] == 0 and before["version"] >= 1  # acted, waits again
        ws.send_text(text.replace("LEGAL", json.dumps(before["legal"][0])))
        assert ws.receive_json()["code"] == code
        after = _snapshot(ws.receive_json())
        assert (after["version"], after["state"]) == (before["version"], before["state"])


def test_acting_out_of_turn_is_refused_and_changes_nothing(client: TestClient) -> None:
    code, ann, bo = _two_player_room(client)
    url = f"/ws/online/{code}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        _hello(a, token=ann["token"])
        _hello(b, token=bo["token"])
        a.receive_json()
        _start(a)
        legal = _snapshot(a.receive_json())["legal"][0]
        before = _snapshot(b.receive_json())
        b.send_json({"type": "act", "action": legal, "version": before["version"]})
        assert b.receive_json()["code"] == "not_your_turn"
        assert _snapshot(b.receive_json())["version"] == before["version"]


@pytest.mark.parametrize(
    "hello", [{"type": "hello"}, {"type": "hello", "token": "guess"}, {"type": "act"}]
)
def test_a_hello_without_a_valid_seat_token_is_refused_with_4401(
    client: TestClient, hello: dict[str, Any]
) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "open"}])
    with (
        client.websocket_connect(f"/ws/online/{data['code']}") as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.send_json(hello)
        assert ws.receive_json()["code"] == "bad_token"
        ws.receive_json()
    assert closed.value.code == 4401


def test_a_flooding_connection_is_rate_limited_then_closed_with_1008(client: TestClient) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "computer", "level": EASY}])
    with client.websocket_connect(f"/ws/online/{data['code']}") as ws:
        _hello(ws, token=data["token"])
        for _ in range(40):  # the burst: the clock stands still, so nothing refills
            ws.send_json({"type": "sync"})
            assert ws.receive_json()["type"] == "snapshot"
        for _ in range(2):
            ws.send_json({"type": "sync"})
            assert ws.receive_json()["code"] == "rate_limited"
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["code"] == "rate_limited"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008


def test_guessing_room_codes_gets_429_after_ten_unknown_codes(client: TestClient) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "open"}])
    for _ in range(10):
        response = client.post("/api/online/ZZZZZZ/join", json={"name": "Eve"})
        assert response.status_code == 404 and response.json()["error"]["code"] == "no_room"
    refused = client.post(f"/api/online/{data['code']}/join", json={"name": "Eve"})
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "too_many_attempts"
    assert refused.headers["retry-after"] == "60"  # the clock stands still: the whole window
    assert refused.json()["error"]["message"].endswith("wait 60 s")
    with (
        client.websocket_connect(f"/ws/online/{data['code']}") as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        assert ws.receive_json()["code"] == "too_many_attempts"
        ws.receive_json()
    assert closed.value.code == 1008


@pytest.mark.parametrize(
    ("host", "key"),
    [
        ("192.0.2.7", "192.0.2.7"),
        ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("::ffff:192.0.2.7", "192.0.2.7"),  # IPv4 through an IPv6 socket: the IPv4 address
        ("testclient", "testclient"),
    ],
)
def test_unknown_codes_are_counted_per_ipv4_address_or_ipv6_network(host: str, key: str) -> None:
    assert guessing_key(host) == key


def test_guessing_from_many_addresses_of_one_ipv6_network_shares_one_limit(
    tmp_path: Path, clock: FakeClock
) -> None:
    app = _app(tmp_path / "db.sqlite3", clock)

    def client_at(host: str) -> TestClient:  # outside `with`: the app's lifespan runs once
        return TestClient(app, client=(host, 50000))

    with client_at("2001:db8:1:2::1") as first:
        code = _create(first, [{"kind": "open"}, {"kind": "open"}])["code"]
        for suffix in range(10):  # each guess from another address of the same /64
            guess = client_at(f"2001:db8:1:2::{suffix + 2:x}").get("/api/online/ZZZZZZ")
            assert guess.status_code == 404
        refused = client_at("2001:db8:1:2:ffff::9").get(f"/api/online/{code}")
        assert refused.status_code == 429
        assert client_at("2001:db8:1:3::1").get(f"/api/online/{code}").status_code == 200


def test_an_address_that_creates_too_many_rooms_gets_429_with_retry_after(
    tmp_path: Path, clock: FakeClock
) -> None:
    app = _app(tmp_path / "db.sqlite3", clock)
    local = {"game": NAME, "options": {"seats": 2}, "seats": [{"kind": "human"}] * 2}

    def client_at(host: str) -> TestClient:  # outside `with`: the app's lifespan runs once
        return TestClient(app, client=(host, 50000))

    with client_at("198.51.100.7") as first:
        for _ in range(15):  # local matches and online rooms count together: 30 at once
            assert first.post("/api/rooms", json=local).status_code == 201
            _create(first, [{"kind": "open"}, {"kind": "open"}])
        refused = first.post("/api/online", json={"game": NAME})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "too_many_rooms"
        assert refused.headers["retry-after"] == "20"  # 30 rooms per 600 s: one per 20 s
        assert first.post("/api/rooms", json=local).status_code == 429
        assert client_at("198.51.100.8").post("/api/rooms", json=local).status_code == 201
        clock.advance(20)
        assert first.post("/api/rooms", json=local).status_code == 201
        for _ in range(40):  # this machine itself is never counted
            assert client_at("127.0.0.1").post("/api/rooms", json=local).status_code == 201


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"name": ""}, 400, "bad_name"),
        ({"name": "Bo", "seat": 0}, 409, "seat_taken"),
        ({"name": "Bo", "seat": 5}, 400, "bad_seat"),
    ],
)
def test_a_bad_join_gets_its_error(
    client: TestClient, body: dict[str, Any], status: int, code: str
) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "open"}])
    response = client.post(f"/api/online/{data['code']}/join", json=body)
    assert response.status_code == status and response.json()["error"]["code"] == code


def test_joining_a_full_room_gets_409(client: TestClient) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "computer", "level": EASY}])
    response = client.post(f"/api/online/{data['code']}/join", json={"name": "Bo"})
    assert response.status_code == 409 and response.json()["error"]["code"] == "room_full"
