"""Online rooms (docs/online.md): codes, seat tokens, the host, spectators, fairness.

Every test runs the real app through Starlette's client, with computer seats moving at once
(computer_delay=0) and a fake clock, so that grace periods are exact (conftest.py,
online_client.py). Refused messages and the limits are in test_room_refusals.py.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from mousehole.engine import verify
from mousehole.games import load_game
from mousehole.server.rooms.codes import CODE_ALPHABET

from .online_client import (
    EASY,
    NAME,
    NORMAL,
    FakeClock,
    _app,
    _create,
    _hello,
    _join,
    _opening,
    _play_to_end,
    _real_time_app,
    _snapshot,
    _start,
    _two_player_room,
)


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
