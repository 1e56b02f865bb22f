"""Talk in online rooms (docs/online.md, Talk): reactions, preset phrases, chat lines and the
host's chat switch, over the real protocol.

Most tests run the app through Starlette's client with a fake clock (the talk limit is exact);
one runs a real `mousehole serve`, kills it and starts it again on the same file.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.sync.client import connect

from mousehole.server import create_app
from mousehole.server.rooms.hub import Hub, OnlineSettings
from mousehole.server.rooms.talk import KEPT_LINES, MAX_LINE, REACTIONS, RECENT_LINES
from mousehole.server.store.sqlite import SQLiteStore
from tests.processes import ServerProcess, post_json
from tests.server import scenes
from tests.sockets import next_message

ROOT = Path(__file__).resolve().parents[3]


class FakeClock:
    """A monotonic clock that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _client(path: Path, clock: FakeClock, **settings: Any) -> TestClient:
    online = OnlineSettings(computer_delay=0, clock=clock, **settings)
    return TestClient(create_app(str(path), online=online))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "db.sqlite3"


@pytest.fixture
def client(db: Path, clock: FakeClock) -> Iterator[TestClient]:
    with _client(db, clock) as client:
        yield client


def _room(client: TestClient) -> tuple[str, str, str]:
    """Create an online room for Ann (host, seat 0) and Bo (seat 1); return the code and
    both seat tokens."""
    body = {
        "game": scenes.NAME,
        "options": {"seats": 2, "start_seat": 0},
        "seats": [{"kind": "open"}, {"kind": "open"}],
        "host_name": "Ann",
    }
    created = client.post("/api/online", json=body).json()
    code = created["code"]
    bo = client.post(f"/api/online/{code}/join", json={"name": "Bo"}).json()
    return code, created["token"], bo["token"]


def _hello(ws: Any, **hello: Any) -> dict[str, Any]:
    ws.send_json({"type": "hello", **hello})
    snapshot: dict[str, Any] = ws.receive_json()
    assert snapshot["type"] == "snapshot", snapshot
    return snapshot


def _until(ws: Any, kind: str) -> dict[str, Any]:
    """Read messages until one of type `kind` (presence snapshots of others come and go)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] != "error", message


def _refused(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    """Send `message`; return the error it gets, after checking a snapshot follows it."""
    ws.send_json(message)
    error: dict[str, Any] = ws.receive_json()
    assert error["type"] == "error", error
    assert ws.receive_json()["type"] == "snapshot", "every refusal is followed by a snapshot"
    return error


def _stored(db: Path) -> list[tuple[Any, ...]]:
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT idx, seat, name, kind, text FROM chat ORDER BY idx").fetchall()


def test_a_reaction_and_a_line_reach_every_socket_as_the_same_bytes_once_stored(
    client: TestClient, db: Path
) -> None:
    code, ann_token, bo_token = _room(client)
    url = f"/ws/online/{code}"
    with (
        client.websocket_connect(url) as ann,
        client.websocket_connect(url) as bo,
        client.websocket_connect(url) as watcher,
    ):
        _hello(ann, token=ann_token)
        _hello(bo, token=bo_token)
        _hello(watcher, spectate=True)
        bo.send_json({"type": "react", "what": "nice_trap"})
        texts = [_raw_said(ws) for ws in (ann, bo, watcher)]
        assert texts[0] == texts[1] == texts[2], "talk is public: one message for everyone"
        line = json.loads(texts[0])
        assert {k: line[k] for k in ("type", "index", "seat", "name", "kind", "text")} == {
            "type": "said",
            "index": 0,
            "seat": 1,
            "name": "Bo",
            "kind": "react",
            "text": "nice_trap",
        }
        assert datetime.fromisoformat(line["at"]).tzinfo is not None
        assert _stored(db) == [(0, 1, "Bo", "react", "nice_trap")], "stored when it was told"
        ann.send_json({"type": "chat", "text": "  Well rolled, Bo! 🧀  "})
        said = json.loads(_raw_said(watcher))
        assert (said["index"], said["seat"], said["text"]) == (1, 0, "Well rolled, Bo! 🧀")
        assert _stored(db)[1] == (1, 0, "Ann", "chat", "Well rolled, Bo! 🧀")


def _raw_said(ws: Any) -> str:
    """Return the text of the next `said` message (skipping presence snapshots)."""
    while True:
        text: str = ws.receive_text()
        if json.loads(text)["type"] == "said":
            return text


def test_every_reaction_of_the_list_is_accepted_and_the_page_offers_exactly_those() -> None:
    talk_js = (ROOT / "src/mousehole/web/shared/talk.js").read_text(encoding="utf-8")
    table = talk_js[talk_js.index("export const REACTIONS") :]
    offered = re.findall(r'^\s*\{ id: "([a-z_]+)"', table[: table.index("];")], re.MULTILINE)
    assert offered == list(REACTIONS)


@pytest.mark.parametrize("what", REACTIONS)
def test_each_reaction_is_said(client: TestClient, what: str) -> None:
    code, ann_token, _ = _room(client)
    with client.websocket_connect(f"/ws/online/{code}") as ann:
        _hello(ann, token=ann_token)
        ann.send_json({"type": "react", "what": what})
        assert _until(ann, "said")["text"] == what


@pytest.mark.parametrize(
    ("message", "code", "words"),
    [
        ({"type": "react", "what": "boo"}, "bad_reaction", "what: choose one of cheese, laugh"),
        ({"type": "react"}, "bad_reaction", "what: choose one of"),
        ({"type": "react", "what": ["clap"]}, "bad_reaction", "what: choose one of"),
        ({"type": "chat", "text": ""}, "bad_chat", "a chat line of 1 to 200 characters, not 0"),
        ({"type": "chat", "text": " \u3000 "}, "bad_chat", "of 1 to 200 characters, not 0"),
        ({"type": "chat", "text": "x" * 201}, "bad_chat", "of 1 to 200 characters, not 201"),
        ({"type": "chat", "text": "🐭" * 201}, "bad_chat", "of 1 to 200 characters, not 201"),
        ({"type": "chat", "text": "x" * 5000}, "bad_chat", "not 5000"),
        ({"type": "chat", "text": 7}, "bad_chat", "expected a chat line of 1 to 200"),
        ({"type": "chat"}, "bad_chat", "not NoneType"),
        ({"type": "chat", "text": "two\nlines"}, "bad_chat", "U+000A is a control character"),
        ({"type": "chat", "text": "\x1b[2J"}, "bad_chat", "U+001B is a control character"),
        ({"type": "chat", "text": "a\u2028b"}, "bad_chat", "U+2028 is a line break"),
        ({"type": "chat", "text": "\u202eevil"}, "bad_chat", "U+202E is a bidirectional"),
        ({"type": "chat_mode", "on": "no"}, "bad_message", "on: expected true or false"),
    ],
)
def test_a_bad_reaction_line_or_switch_is_refused_by_name_and_nothing_is_stored(
    client: TestClient, db: Path, message: dict[str, Any], code: str, words: str
) -> None:
    room, ann_token, _ = _room(client)
    with client.websocket_connect(f"/ws/online/{room}") as ann:
        _hello(ann, token=ann_token)
        error = _refused(ann, message)
        assert (error["code"], error["about"]) == (code, "talk")
        assert words in error["message"], error["message"]
        ann.send_json({"type": "chat", "text": "still here"})
        assert _until(ann, "said")["index"] == 0, "the refused one took no number"
    assert _stored(db) == [(0, 0, "Ann", "chat", "still here")]


def test_a_line_of_200_characters_is_kept_whole_and_a_lone_surrogate_is_refused(
    client: TestClient, db: Path
) -> None:
    code, ann_token, _ = _room(client)
    with client.websocket_connect(f"/ws/online/{code}") as ann:
        _hello(ann, token=ann_token)
        long = "🐭" * (MAX_LINE - 1) + "!"  # 200 code points, 800 bytes of UTF-8
        ann.send_json({"type": "chat", "text": long})
        assert _until(ann, "said")["text"] == long
        family = "👩\u200d👩\u200d👧 إلى اللقاء"
        ann.send_json({"type": "chat", "text": family})
        assert _until(ann, "said")["text"] == family
        ann.send_text('{"type": "chat", "text": "bad \\ud800 half"}')
        error = ann.receive_json()
        assert error["code"] == "bad_message" and "U+D800 at text" in error["message"]
        assert ann.receive_json()["type"] == "snapshot"
    assert [row[4] for row in _stored(db)] == [long, family]


def test_spectators_may_neither_react_nor_chat_and_are_told_so(client: TestClient) -> None:
    code, _, _ = _room(client)
    with client.websocket_connect(f"/ws/online/{code}") as watcher:
        _hello(watcher, spectate=True)
        for message in (
            {"type": "react", "what": "clap"},
            {"type": "chat", "text": "hi"},
            {"type": "chat_mode", "on": False},
        ):
            error = _refused(watcher, message)
            assert error["code"] == "spectator"
            assert error["message"] == "spectators watch: they can neither react nor chat"


def test_a_local_match_refuses_reactions_chat_and_the_switch_as_a_private_room(
    client: TestClient, db: Path
) -> None:
    body = {
        "game": scenes.NAME,
        "options": {"seats": 2, "start_seat": 0},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
    }
    created = client.post("/api/rooms", json=body).json()
    assert created["snapshot"]["chat_on"] is False and created["snapshot"]["chat"] == []
    with client.websocket_connect(f"/ws/rooms/{created['room']}") as ws:
        _hello(ws, token=created["token"])
        for message in (
            {"type": "react", "what": "clap"},
            {"type": "chat", "text": "hi"},
            {"type": "chat_mode", "on": True},
        ):
            error = _refused(ws, message)
            assert error["code"] == "private_room"
            assert error["message"].startswith("a local match has no reactions or chat")
    assert _stored(db) == []


def test_talk_over_its_limit_is_refused_without_a_strike_and_play_goes_on(
    client: TestClient, clock: FakeClock
) -> None:
    code, ann_token, bo_token = _room(client)
    url = f"/ws/online/{code}"
    with client.websocket_connect(url) as ann, client.websocket_connect(url) as bo:
        _hello(ann, token=ann_token)
        _hello(bo, token=bo_token)
        _until(ann, "snapshot")
        for n in range(5):  # a burst of five
            ann.send_json({"type": "react", "what": "cheese"})
            assert _until(ann, "said")["index"] == n
        for _ in range(6):  # more refusals than the flood limit's three strikes
            ann.send_json({"type": "chat", "text": "and another"})
            error = ann.receive_json()
            assert (error["code"], error["about"]) == ("rate_limited", "talk")
            assert "5 at once, then one every 2 s" in error["message"]
        ann.send_json({"type": "start"})  # the socket is open and plays
        assert _until(ann, "snapshot")["started"] is True
        bo.send_json({"type": "react", "what": "wow"})  # a limit per connection
        heard = [_until(bo, "said") for _ in range(6)]  # Ann's five, then Bo's own
        assert [(line["seat"], line["index"]) for line in heard][-1] == (1, 5)
        clock.now += 2.0
        ann.send_json({"type": "chat", "text": "one more"})
        assert [_until(ann, "said")["text"] for _ in range(2)] == ["wow", "one more"]
        ann.send_json({"type": "chat", "text": "too soon"})
        assert "wait 2.0 s" in ann.receive_json()["message"]


def test_the_host_switches_chat_off_for_everyone_reactions_stay_and_it_is_stored(
    db: Path, clock: FakeClock
) -> None:
    with _client(db, clock) as client:
        code, ann_token, bo_token = _room(client)
        url = f"/ws/online/{code}"
        with client.websocket_connect(url) as ann, client.websocket_connect(url) as bo:
            assert _hello(ann, token=ann_token)["chat_on"] is True
            _hello(bo, token=bo_token)
            _until(ann, "snapshot")
            error = _refused(bo, {"type": "chat_mode", "on": False})
            assert (error["code"], error["about"]) == ("not_host", "talk")
            assert "only the host (seat 0) can switch chat" in error["message"]
            ann.send_json({"type": "chat_mode", "on": False})
            assert _until(ann, "snapshot")["chat_on"] is False
            assert _until(bo, "snapshot")["chat_on"] is False
            error = _refused(bo, {"type": "chat", "text": "hello?"})
            assert (error["code"], error["message"]) == (
                "chat_off",
                "the host has switched chat off: reactions only",
            )
            bo.send_json({"type": "react", "what": "oops"})
            assert _until(ann, "said")["text"] == "oops"
            ann.send_json({"type": "chat_mode", "on": False})  # already off: a plain snapshot
            assert ann.receive_json()["chat_on"] is False
    with _client(db, clock) as again, again.websocket_connect(f"/ws/online/{code}") as bo:
        snapshot = _hello(bo, token=bo_token)
        assert snapshot["chat_on"] is False, "the switch is stored with the room"
        assert [line["text"] for line in snapshot["chat"]] == ["oops"]


def test_a_full_snapshot_carries_the_last_lines_and_an_update_none(
    db: Path, clock: FakeClock
) -> None:
    with _client(db, clock, talk_burst=1000, burst=1000) as client:
        code, ann_token, bo_token = _room(client)
        url = f"/ws/online/{code}"
        with client.websocket_connect(url) as ann:
            _hello(ann, token=ann_token)
            for n in range(RECENT_LINES + 3):
                ann.send_json({"type": "chat", "text": f"line {n}"})
                _until(ann, "said")
            ann.send_json({"type": "start"})
            started = _until(ann, "snapshot")
            with client.websocket_connect(url) as late:  # a late joiner sees the recent talk
                chat = _hello(late, token=bo_token)["chat"]
                assert len(chat) == RECENT_LINES
                assert [line["index"] for line in chat] == list(range(3, RECENT_LINES + 3))
                assert chat[-1] | {"at": ""} == {
                    "index": RECENT_LINES + 2,
                    "seat": 0,
                    "name": "Ann",
                    "kind": "chat",
                    "text": f"line {RECENT_LINES + 2}",
                    "at": "",
                }
                act = {"action": started["legal"][0], "version": started["version"], "id": "1"}
                ann.send_json({"type": "act", **act})
                update = _until(late, "update")
                assert "chat" not in update["snapshot"] and "chat_on" in update["snapshot"]


def test_a_room_keeps_its_last_500_lines_stored_and_numbers_on(db: Path, clock: FakeClock) -> None:
    with _client(db, clock, talk_burst=1000, burst=1000) as client:
        code, ann_token, _ = _room(client)
        with client.websocket_connect(f"/ws/online/{code}") as ann:
            _hello(ann, token=ann_token)
            for n in range(KEPT_LINES + 7):
                ann.send_json({"type": "react", "what": REACTIONS[n % len(REACTIONS)]})
                assert _until(ann, "said")["index"] == n
    rows = _stored(db)
    assert len(rows) == KEPT_LINES and rows[0][0] == 7 and rows[-1][0] == KEPT_LINES + 6


def test_pruning_a_room_deletes_its_talk(db: Path, clock: FakeClock) -> None:
    with _client(db, clock) as client:
        code, ann_token, _ = _room(client)
        with client.websocket_connect(f"/ws/online/{code}") as ann:
            _hello(ann, token=ann_token)
            ann.send_json({"type": "chat", "text": "anyone?"})
            _until(ann, "said")
    assert len(_stored(db)) == 1
    store = SQLiteStore(db)
    try:
        later = datetime.now(UTC) + timedelta(days=91)  # untouched for 91 days: expired
        assert asyncio.run(Hub(store).prune(later)) == [code]
    finally:
        store.close()
    assert _stored(db) == []


def test_talk_and_the_switch_come_back_after_the_server_is_killed(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "db.sqlite3", tmp_path / "server.log").start()
    try:
        body = {
            "game": scenes.NAME,
            "options": {"seats": 2},
            "seats": [{"kind": "open"}, {"kind": "open"}],
            "host_name": "Ann",
        }
        created = post_json(f"{server.url}/api/online", body)
        code, token = created["code"], created["token"]
        with connect(f"ws://127.0.0.1:{server.port}/ws/online/{code}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            next_message(ws, 10)
            for message in (
                {"type": "react", "what": "good_game"},
                {"type": "chat", "text": '<script>alert(1)</script> & "quotes"'},
                {"type": "chat_mode", "on": False},
            ):
                ws.send(json.dumps(message))
                json.loads(next_message(ws, 10))  # said, said, snapshot: each told once stored
        server.kill()
        server.start()
        with connect(f"ws://127.0.0.1:{server.port}/ws/online/{code}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            snapshot = json.loads(next_message(ws, 10))
        assert snapshot["chat_on"] is False
        assert [(line["kind"], line["text"]) for line in snapshot["chat"]] == [
            ("react", "good_game"),
            ("chat", '<script>alert(1)</script> & "quotes"'),
        ]
    finally:
        server.kill()


def test_a_line_said_while_the_store_fails_is_told_to_nobody(client: TestClient, db: Path) -> None:
    code, ann_token, bo_token = _room(client)
    url = f"/ws/online/{code}"
    with client.websocket_connect(url) as ann, client.websocket_connect(url) as bo:
        _hello(ann, token=ann_token)
        _hello(bo, token=bo_token)
        _until(ann, "snapshot")
        with closing(sqlite3.connect(db, timeout=0.1)) as other:
            other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
            ann.send_json({"type": "chat", "text": "lost?"})
            error = ann.receive_json()
            other.rollback()
        assert error["code"] == "storage_failed"
        assert ann.receive_json()["chat"] == []
        ann.send_json({"type": "chat", "text": "again"})
        said = _until(bo, "said")
        assert (said["index"], said["text"]) == (0, "again"), "bo never heard the lost line"
    assert _stored(db) == [(0, 0, "Ann", "chat", "again")]
