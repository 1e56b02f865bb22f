"""Online rooms (docs/online.md): codes, seat tokens, the host, spectators, limits, fairness.

Every test runs the real app through Starlette's client, with computer seats moving at once
(computer_delay=0) and a fake clock, so that grace periods and rate limits are exact.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from mousehole.engine import replay, verify
from mousehole.games import load_game, make_bot
from mousehole.server import create_app
from mousehole.server.rooms.hub import OnlineSettings, guessing_key
from mousehole.server.rooms.online import CODE_ALPHABET
from tests.server import scenes

Snapshot = dict[str, Any]

NAME = scenes.NAME
"""The game these tests play, any game (tests/server/scenes.py): they act from a snapshot's
legal list, or from the game's opening position when no snapshot offers one yet."""
EASY = scenes.LEVEL
NORMAL = scenes.GAME.levels[len(scenes.GAME.levels) // 2]
"""A middle computer level (the first when the game has one)."""


def _opening(seats: int = 2) -> dict[str, Any]:
    """Return the first legal action of the game's opening position (seat 0 starts)."""
    state = load_game(NAME, seats=seats, start_seat=0).new_initial_state()
    assert state.current_player() == 0, "the tests start on seat 0's turn"
    action: dict[str, Any] = state.legal_json()[0]
    return action


class FakeClock:
    """A monotonic clock that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _app(path: Path, clock: FakeClock) -> Any:
    return create_app(str(path), online=OnlineSettings(computer_delay=0, clock=clock))


@pytest.fixture
def client(tmp_path: Path, clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(_app(tmp_path / "db.sqlite3", clock)) as client:
        yield client


def _create(client: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    body = {
        "game": NAME,
        "options": {"seats": len(seats), "start_seat": 0},
        "seats": seats,
        "host_name": "Ann",
    }
    response = client.post("/api/online", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _join(client: TestClient, code: str, name: str, **extra: Any) -> dict[str, Any]:
    response = client.post(f"/api/online/{code}/join", json={"name": name, **extra})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _snapshot(message: dict[str, Any]) -> Snapshot:
    snapshot: Snapshot = message["snapshot"] if message["type"] == "update" else message
    return snapshot


def _hello(ws: Any, **hello: Any) -> Snapshot:
    ws.send_json({"type": "hello", **hello})
    message = ws.receive_json()
    return _keep_record(ws, message) if message["type"] != "error" else message


_RECORDS: dict[int, dict[str, Any]] = {}
"""Each test socket's copy of the record, kept as a browser keeps it (docs/protocol.md)."""


def _keep_record(ws: Any, message: dict[str, Any]) -> Snapshot:
    """Return the message's snapshot with the record this socket has after it.

    Full snapshots carry the record; updates carry only their moves (and the record at the
    end), which the client appends: the record it has must always match the version.
    """
    snapshot = _snapshot(message)
    if "record" in snapshot:
        _RECORDS[id(ws)] = snapshot["record"]
    else:
        record = _RECORDS[id(ws)]
        for move in message.get("moves", []):
            assert move["version"] == len(record["moves"]) + 1, "moves arrive in order, once"
            record["moves"].append({"seat": move["seat"], "action": move["action"]})
    assert len(_RECORDS[id(ws)]["moves"]) == snapshot["version"]
    return snapshot | {"record": _RECORDS[id(ws)]}


def _settle(ws: Any, version: int) -> Snapshot:
    """Read until a snapshot at `version` or later waits for a human (or the game is over)."""
    while True:
        message = ws.receive_json()
        assert message["type"] != "error", message
        snapshot = _keep_record(ws, message)
        to_act = snapshot["to_act"]
        waiting = to_act is None or snapshot["seats"][to_act]["kind"] == "human"
        if snapshot["version"] >= version and snapshot["started"] and waiting:
            return snapshot


def _choose(snapshot: Snapshot) -> dict[str, Any]:
    """Return what a normal bot would play, from the record the snapshot shows."""
    game = load_game(NAME, **snapshot["options"])
    state = replay(game, snapshot["record"]).state
    action: dict[str, Any] = make_bot(NAME, NORMAL, 1).choose(state).to_json()
    assert action in snapshot["legal"]
    return action


def _play_to_end(sockets: dict[int | None, Any], clock: FakeClock) -> dict[int | None, Snapshot]:
    """Let the human seats play from the start to the end; return each socket's last snapshot."""
    views = {s: _settle(ws, 0) for s, ws in sockets.items()}
    snapshot = next(iter(views.values()))
    while snapshot["to_act"] is not None:
        seat, version = snapshot["to_act"], snapshot["version"]
        mine = views[seat]
        assert mine["legal"], "the seat to act sees its legal actions"
        assert all(not views[s]["legal"] for s in sockets if s != seat)
        act = {"type": "act", "action": _choose(mine), "version": version, "id": f"a{version}"}
        sockets[seat].send_json(act)
        clock.advance(1)  # a player's pace: the rate limit never bites
        views = {s: _settle(ws, version + 1) for s, ws in sockets.items()}
        snapshot = views[None if None in views else seat]
    return views


def _start(host: Any) -> None:
    host.send_json({"type": "start"})


def test_a_host_creates_a_room_with_a_readable_code_a_join_link_and_a_seat_token(
    client: TestClient,
) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "computer", "level": EASY}])
    code = data["code"]
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert data["link"] == f"/join/{code}" and data["seat"] == 0
    assert len(data["token"]) >= 40
    snapshot = data["snapshot"]
    assert (
        snapshot["you"] == {"seat": 0, "seats": [0], "host": True} and snapshot["started"] is False
    )
    assert [s["state"] for s in snapshot["seats"]] == ["absent", "computer"]
    assert data["token"] not in json.dumps(snapshot)


def test_one_human_plays_a_computer_to_the_end_and_the_revealed_secret_verifies(
    client: TestClient, clock: FakeClock
) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "computer", "level": NORMAL}])
    with client.websocket_connect(f"/ws/online/{data['code']}") as ws:
        first = _hello(ws, token=data["token"])
        assert first["record"]["commitment"].startswith("sha256:")
        assert first["record"]["secret"] is None and first["record"]["seed"] is None
        _start(ws)
        final = _play_to_end({0: ws}, clock)[0]
    record = final["record"]
    assert final["winners"] and record["secret"] is not None
    assert record["commitment"] == first["record"]["commitment"]
    assert verify(load_game(NAME, seats=2, start_seat=0), record).ok


def test_two_humans_a_computer_and_a_spectator_play_to_the_end_each_with_their_own_view(
    client: TestClient, clock: FakeClock
) -> None:
    data = _create(
        client, [{"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": NORMAL}]
    )
    code = data["code"]
    bo = _join(client, code, "Bo")
    assert bo["seat"] == 1
    with (
        client.websocket_connect(f"/ws/online/{code}") as ann_ws,
        client.websocket_connect(f"/ws/online/{code}") as bo_ws,
        client.websocket_connect(f"/ws/online/{code}") as watcher,
    ):
        assert _hello(ann_ws, token=data["token"])["you"] == {"seat": 0, "seats": [0], "host": True}
        assert _hello(bo_ws, token=bo["token"])["you"] == {"seat": 1, "seats": [1], "host": False}
        watched = _hello(watcher, spectate=True)
        assert watched["you"] == {"spectator": True}
        _start(ann_ws)
        sockets = {0: ann_ws, 1: bo_ws, None: watcher}
        views = _play_to_end(sockets, clock)
        for seat, view in views.items():
            assert view["state"]["viewer"] == seat, "each socket gets its own seat's view"
            assert view["legal"] == [] and view["winners"]
        assert [s["state"] for s in views[None]["seats"]] == ["connected", "connected", "computer"]
        late = {"type": "act", "action": _opening(3), "version": 0, "id": "late"}
        ann_ws.send_json(late)
        assert ann_ws.receive_json()["code"] == "game_over"


def test_the_match_waits_for_every_seat_and_for_the_hosts_start(client: TestClient) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "open"}])
    code = data["code"]
    with client.websocket_connect(f"/ws/online/{code}") as host:
        _hello(host, token=data["token"])
        host.send_json({"type": "act", "action": _opening(), "version": 0})
        assert host.receive_json()["code"] == "not_started"
        assert _snapshot(host.receive_json())["version"] == 0
        _start(host)
        assert host.receive_json()["code"] == "seats_open"
        host.receive_json()
        bo = _join(client, code, "Bo")
        assert _snapshot(host.receive_json())["seats"][1]["state"] == "absent"
        with client.websocket_connect(f"/ws/online/{code}") as guest:
            _hello(guest, token=bo["token"])
            host.receive_json()  # the guest is connected
            _start(guest)
            assert guest.receive_json()["code"] == "not_host"
            guest.receive_json()
            _start(host)
            assert _snapshot(host.receive_json())["started"] is True
            assert _snapshot(guest.receive_json())["legal"] == []


def test_a_new_connection_with_the_seat_token_resumes_the_seat(client: TestClient) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "computer", "level": EASY}])
    url = f"/ws/online/{data['code']}"
    with client.websocket_connect(url) as ws:
        _hello(ws, token=data["token"])
        _start(ws)
        ws.receive_json()
    with client.websocket_connect(url) as again:
        snapshot = _hello(again, token=data["token"])
        assert snapshot["you"] == {"seat": 0, "seats": [0], "host": True} and snapshot["started"]
        assert snapshot["seats"][0]["state"] == "connected"
        again.send_json({"type": "act", "action": _opening(), "version": 0, "id": "r"})
        assert _snapshot(again.receive_json())["version"] > 0


def _two_player_room(client: TestClient) -> tuple[str, dict[str, Any], dict[str, Any]]:
    data = _create(client, [{"kind": "open"}, {"kind": "open"}])
    return data["code"], data, _join(client, data["code"], "Bo")


def test_the_host_replaces_a_long_absent_player_by_a_computer_and_the_player_takes_it_back(
    client: TestClient, clock: FakeClock
) -> None:
    code, ann, bo = _two_player_room(client)
    url = f"/ws/online/{code}"
    with client.websocket_connect(url) as host:
        _hello(host, token=ann["token"])
        host.send_json({"type": "replace", "seat": 1, "level": NORMAL})
        assert host.receive_json()["code"] == "not_absent", "within the grace period"
        host.receive_json()
        clock.advance(61)
        host.send_json({"type": "replace", "seat": 1, "level": NORMAL})
        seat = _snapshot(host.receive_json())["seats"][1]
        assert (seat["state"], seat["kind"], seat["name"]) == ("assisted", "computer", "Bo")
        with client.websocket_connect(url) as back:
            snapshot = _hello(back, token=bo["token"])
            assert snapshot["you"] == {"seat": 1, "seats": [1], "host": False}
            assert snapshot["seats"][1]["state"] == "connected"
            assert snapshot["seats"][1]["kind"] == "human"


def test_reopening_a_seat_stops_its_old_token_and_opens_it_to_a_new_player(
    client: TestClient, clock: FakeClock
) -> None:
    code, ann, bo = _two_player_room(client)
    url = f"/ws/online/{code}"
    with client.websocket_connect(url) as host:
        _hello(host, token=ann["token"])
        clock.advance(61)
        host.send_json({"type": "reopen", "seat": 1})
        assert _snapshot(host.receive_json())["seats"][1]["state"] == "open"
        with client.websocket_connect(url) as old, pytest.raises(WebSocketDisconnect) as closed:
            old.send_json({"type": "hello", "token": bo["token"]})
            assert old.receive_json()["code"] == "bad_token"
            old.receive_json()
        assert closed.value.code == 4401
        assert _join(client, code, "Cy")["seat"] == 1


def test_host_rights_are_handed_on_and_pass_by_themselves_when_the_host_stays_away(
    client: TestClient, clock: FakeClock
) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "open"}, {"kind": "open"}])
    code = data["code"]
    bo, cy = _join(client, code, "Bo"), _join(client, code, "Cy")
    url = f"/ws/online/{code}"
    with client.websocket_connect(url) as b, client.websocket_connect(url) as c:
        _hello(b, token=bo["token"])
        _hello(c, token=cy["token"])
        b.receive_json()
        with client.websocket_connect(url) as a:
            _hello(a, token=data["token"])
            b.receive_json(), c.receive_json()
            a.send_json({"type": "hand_host", "seat": 2})
            assert _snapshot(a.receive_json())["you"] == {"seat": 0, "seats": [0], "host": False}
            assert _snapshot(c.receive_json())["you"] == {"seat": 2, "seats": [2], "host": True}
            b.receive_json()
        b.receive_json(), c.receive_json()  # seat 0 left
        clock.advance(61)  # the host, Cy, is away past the grace: rights pass on by themselves
        c.close()
        b.receive_json()
        b.send_json({"type": "sync"})
        snapshot = _snapshot(b.receive_json())
        assert snapshot["you"] == {"seat": 1, "seats": [1], "host": False}, (
            "within the grace period"
        )
        clock.advance(61)
        b.send_json({"type": "sync"})
        snapshot = _snapshot(b.receive_json())
        assert snapshot["you"] == {"seat": 1, "seats": [1], "host": True}
        assert [s["host"] for s in snapshot["seats"]] == [False, True, False]


def test_spectators_see_public_views_without_legal_actions_or_tokens_and_cannot_act(
    client: TestClient,
) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "computer", "level": EASY}])
    with client.websocket_connect(f"/ws/online/{data['code']}") as watcher:
        snapshot = _hello(watcher, spectate=True)
        assert snapshot["you"] == {"spectator": True} and snapshot["legal"] == []
        assert snapshot["state"]["viewer"] is None
        assert "token" not in json.dumps(snapshot) and data["token"] not in json.dumps(snapshot)
        watcher.send_json({"type": "act", "seat": 0, "action": _opening(), "version": 0})
        assert watcher.receive_json()["code"] == "spectator"
        watcher.send_json({"type": "start"})
        assert _snapshot(watcher.receive_json())["type"] == "snapshot"
        assert watcher.receive_json()["code"] == "spectator"


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


def test_an_online_room_and_its_seat_tokens_survive_a_restart(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "db.sqlite3"
    with TestClient(_app(path, clock)) as first:
        code, ann, bo = _two_player_room(first)
        with first.websocket_connect(f"/ws/online/{code}") as ws:
            _hello(ws, token=ann["token"])
            ws.send_json({"type": "hand_host", "seat": 1})
            ws.receive_json()
    with (
        TestClient(_app(path, clock)) as second,
        second.websocket_connect(f"/ws/online/{code}") as ws,
    ):
        snapshot = _hello(ws, token=bo["token"])
        assert snapshot["you"] == {"seat": 1, "seats": [1], "host": True}
        assert [s["name"] for s in snapshot["seats"]] == ["Ann", "Bo"]
        assert snapshot["record"]["commitment"].startswith("sha256:")


# ---------------------------------------------------------------- summary, timers, one path


def test_the_public_summary_shows_the_seats_but_no_match_and_counts_unknown_codes(
    client: TestClient,
) -> None:
    data = _create(client, [{"kind": "open"}, {"kind": "open"}])
    summary = client.get(f"/api/online/{data['code'].lower()}").json()

    assert summary["code"] == data["code"] and summary["game"] == NAME
    assert summary["started"] is False and summary["grace"] == 60
    assert [s["state"] for s in summary["seats"]] == ["absent", "open"]
    assert "state" not in json.dumps(summary["seats"][0]["name"]), "a plain name"
    assert "token" not in json.dumps(summary) and "record" not in summary

    assert client.get("/api/online/ZZZZZZ").json()["error"]["code"] == "no_room"
    local = client.post(
        "/api/rooms",
        json={
            "game": NAME,
            "options": {"seats": 2},
            "seats": [{"kind": "human"}, {"kind": "human"}],
        },
    ).json()
    missing = client.get(f"/api/online/{local['room']}")
    assert missing.status_code == 404, "a local match is nobody's to look up"
    for _ in range(10):
        client.get("/api/online/ZZZZZZ")
    assert client.get(f"/api/online/{data['code']}").status_code == 429


def _real_time_app(path: Path) -> Any:
    return create_app(str(path), online=OnlineSettings(grace=0.3, computer_delay=0))


def test_host_rights_pass_on_by_themselves_without_anyone_sending_a_message(
    tmp_path: Path,
) -> None:
    with TestClient(_real_time_app(tmp_path / "db.sqlite3")) as client:
        data = _create(client, [{"kind": "open"}, {"kind": "open"}])
        bo = _join(client, data["code"], "Bo")
        url = f"/ws/online/{data['code']}"
        with client.websocket_connect(url) as bo_ws:
            with client.websocket_connect(url) as ann_ws:
                _hello(ann_ws, token=data["token"])
                assert _hello(bo_ws, token=bo["token"])["you"]["host"] is False
            # Ann has gone: after the grace period Bo is host, though nobody said a word
            while True:
                snapshot = _snapshot(bo_ws.receive_json())
                if snapshot["you"]["host"]:
                    break
            assert snapshot["seats"][0]["host"] is False and snapshot["seats"][1]["host"]


def test_an_absent_players_turn_is_played_for_them_in_a_game_that_asks_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mousehole.games import REGISTRY

    autoplaying = dataclasses.replace(REGISTRY[NAME], absent_autoplay=0.2)
    monkeypatch.setitem(REGISTRY, NAME, autoplaying)  # a manifest's server policy
    with TestClient(_real_time_app(tmp_path / "db.sqlite3")) as client:
        data = _create(client, [{"kind": "open"}, {"kind": "open"}])
        bo = _join(client, data["code"], "Bo")
        url = f"/ws/online/{data['code']}"
        with client.websocket_connect(url) as bo_ws:
            _hello(bo_ws, token=bo["token"])
            with client.websocket_connect(url) as ann_ws:
                _hello(ann_ws, token=data["token"])
                _start(ann_ws)
                assert _snapshot(ann_ws.receive_json())["started"]
            # Ann (seat 0, to act first) is gone: her turn is played for her
            while True:
                message = bo_ws.receive_json()
                if message["type"] == "update":
                    break
            assert message["moves"][0]["seat"] == 0
            assert message["snapshot"]["seats"][0]["state"] == "absent", "still her seat"


def test_a_local_match_is_a_private_room_on_the_same_path(client: TestClient) -> None:
    local = client.post(
        "/api/rooms",
        json={
            "game": NAME,
            "options": {"seats": 2, "start_seat": 0},
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
        },
    ).json()
    room = local["room"]
    assert local["snapshot"]["you"] == {"seats": [0, 1], "host": True, "screen": 0}
    assert local["snapshot"]["pace"] == "client" and local["snapshot"]["code"] is None
    with client.websocket_connect(f"/ws/online/{room}") as ws:  # either path reaches it
        snapshot = _hello(ws, token=local["token"])
        assert snapshot["started"] and snapshot["grace"] is None
        for command in ({"type": "start"}, {"type": "reopen", "seat": 1}):
            ws.send_json(command)
            assert ws.receive_json()["code"] == "private_room"
            ws.receive_json()
        legal = local["snapshot"]["legal"][0]
        ws.send_json({"type": "act", "seat": 0, "action": legal, "version": 0})
        update = ws.receive_json()
        assert update["type"] == "update" and "record" not in update["snapshot"]
    with client.websocket_connect(f"/ws/rooms/{room}") as watcher:
        watcher.send_json({"type": "hello", "spectate": True})
        assert watcher.receive_json()["code"] == "bad_token", "nobody watches a local match"
    joined = client.post(f"/api/online/{room}/join", json={"name": "Eve"})
    assert joined.status_code == 404
