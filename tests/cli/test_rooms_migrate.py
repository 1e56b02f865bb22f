"""`mousehole migrate`: every room of a SQLite file copied into PostgreSQL, checked by replay.

The file is made by the real app (local and online rooms played over its sockets, with talk,
seats, a host and chat switched off); the database is a fresh one of the tests' own PostgreSQL
(tests/pg.py). After the copy the app, started on PostgreSQL, must give the players back their
rooms as the file had them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from mousehole.server import create_app
from mousehole.server.rooms.hub import OnlineSettings
from mousehole.server.store import SQLiteStore
from mousehole.server.store.postgres import PostgresStore
from tests.cli.commands import run
from tests.server import scenes
from tests.server.store import writes

OPTIONS = {"seats": 2, "start_seat": 0}
LOCAL = {
    "game": scenes.NAME,
    "options": OPTIONS,
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
}


def _until(ws: Any, kind: str) -> dict[str, Any]:
    """Receive until a message of `kind` (presence snapshots of the other socket come too)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message


def _started(ws: Any) -> dict[str, Any]:
    """Receive until the snapshot of the started match."""
    while not (snapshot := _until(ws, "snapshot"))["started"]:
        pass
    return snapshot


def _act(ws: Any, snapshot: dict[str, Any], seat: int | None = None) -> None:
    """Send the first legal action of the seat to act (`seat`: the local owner's seat)."""
    message = {"type": "act", "action": snapshot["legal"][0], "version": snapshot["version"]}
    if seat is not None:
        message["seat"] = seat
    ws.send_json(message)


@pytest.fixture
def played(tmp_path: Path) -> dict[str, Any]:
    """A SQLite file with a local match six moves in, and an online match between Ann (the
    host) and Bo with moves, a chat line, a reaction, and chat switched off."""
    path = tmp_path / "rooms.sqlite3"
    with TestClient(create_app(str(path), online=OnlineSettings(computer_delay=0))) as client:
        local = client.post("/api/rooms", json=LOCAL).json()
        with client.websocket_connect(f"/ws/rooms/{local['room']}") as ws:
            ws.send_json({"type": "hello", "token": local["token"]})
            snapshot = _until(ws, "snapshot")
            for _ in range(6):
                _act(ws, snapshot, snapshot["to_act"])
                snapshot = _until(ws, "update")["snapshot"]
        seats = [{"kind": "open"}, {"kind": "open"}]
        body = {"game": scenes.NAME, "options": OPTIONS, "seats": seats, "host_name": "Ann"}
        ann = client.post("/api/online", json=body).json()
        code = ann["code"]
        bo = client.post(f"/api/online/{code}/join", json={"name": "Bo"}).json()
        url = f"/ws/online/{code}"
        with client.websocket_connect(url) as ann_ws, client.websocket_connect(url) as bo_ws:
            ann_ws.send_json({"type": "hello", "token": ann["token"]})
            bo_ws.send_json({"type": "hello", "token": bo["token"]})
            ann_ws.send_json({"type": "start"})
            sockets = {0: ann_ws, 1: bo_ws}
            views = {seat: _started(ws) for seat, ws in sockets.items()}
            for _ in range(4):
                seat = views[0]["to_act"]
                _act(sockets[seat], views[seat])
                views = {seat: _until(ws, "update")["snapshot"] for seat, ws in sockets.items()}
            ann_ws.send_json({"type": "chat", "text": "Good luck, Bo"})
            _until(ann_ws, "said")
            bo_ws.send_json({"type": "react", "what": "oops"})
            _until(ann_ws, "said")
            ann_ws.send_json({"type": "chat_mode", "on": False})
            _until(ann_ws, "snapshot")
    return {"path": path, "local": local["room"], "code": code, "bo": bo["token"]}


@pytest.fixture
def sqlite(played: dict[str, Any]) -> Iterator[SQLiteStore]:
    store = SQLiteStore(played["path"])
    yield store
    store.close()


def test_every_room_is_copied_with_its_moves_talk_seats_and_flags_and_the_app_plays_on(
    played: dict[str, Any],
    sqlite: SQLiteStore,
    postgres_url: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    rooms = [played["local"], played["code"]]
    originals = {room_id: sqlite.load(room_id, lines=500) for room_id in rooms}
    moves = sum(len(room.moves) for room in originals.values() if room is not None)
    assert moves >= 10

    result = run(["migrate", "--db", str(played["path"]), "--database", postgres_url], capsys)

    assert (result.status, result.err) == (0, "")
    target = PostgresStore(postgres_url)
    try:
        assert result.out == (
            f"copied 2 rooms (1 local, 1 online), {moves} moves and 2 lines of talk from"
            f" {str(played['path'])!r} to {target.describe()}; every copy reads back equal and"
            " replays as the original\n"
        )
        for room_id, original in originals.items():
            assert target.load(room_id, lines=500) == original
        online = target.load(played["code"], lines=500)
        assert online is not None and online.chat_on is False and online.host == 0
        assert [line.text for line in online.chat] == ["Good luck, Bo", "oops"]
    finally:
        target.close()
    with (
        TestClient(create_app(database=postgres_url)) as client,
        client.websocket_connect(f"/ws/online/{played['code']}") as bo,
    ):
        bo.send_json({"type": "hello", "token": played["bo"]})
        snapshot = _until(bo, "snapshot")
        assert snapshot["you"] == {"seat": 1, "seats": [1], "host": False}
        assert snapshot["version"] == len(originals[played["code"]].moves)  # type: ignore[union-attr]
        assert snapshot["chat_on"] is False and snapshot["started"] is True
        assert [line["text"] for line in snapshot["chat"]] == ["Good luck, Bo", "oops"]


def test_a_second_migrate_refuses_to_overwrite_and_names_the_rooms(
    played: dict[str, Any], postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["migrate", "--db", str(played["path"]), "--database", postgres_url]
    assert run(argv, capsys).status == 0

    again = run(argv, capsys)

    assert (again.status, again.out) == (1, "")
    assert "already holds 2 of the rooms: " in again.err
    assert played["local"] in again.err and played["code"] in again.err
    assert "nothing was copied (a room is never overwritten)" in again.err


def test_a_room_already_in_the_database_stops_the_copy_and_nothing_is_copied(
    played: dict[str, Any],
    sqlite: SQLiteStore,
    postgres_url: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    target = PostgresStore(postgres_url)
    try:
        online = sqlite.load(played["code"])
        assert online is not None
        writes.create(target, online)  # the online room is there already (a first copy, say)

        result = run(["migrate", "--db", str(played["path"]), "--database", postgres_url], capsys)

        assert (result.status, result.out) == (1, "")
        assert f"already holds 1 of the rooms: {played['code']}; nothing was copied" in result.err
        assert target.load(played["local"]) is None, "not even the room that was free"
    finally:
        target.close()


def test_migrate_without_a_database_or_with_an_unreachable_one_exits_2(
    played: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MOUSEHOLE_DATABASE", raising=False)
    missing = run(["migrate", "--db", str(played["path"])], capsys)
    assert missing.status == 2 and missing.err.endswith(
        "mousehole migrate: error: --database: which PostgreSQL database? (a URL, or"
        " $MOUSEHOLE_DATABASE)\n"
    )
    from tests.processes import free_port

    url = f"postgresql://ann:secret@127.0.0.1:{free_port()}/rooms"
    unreachable = run(["migrate", "--db", str(played["path"]), "--database", url], capsys)
    assert unreachable.status == 2 and "secret" not in unreachable.err
    assert unreachable.err.startswith(
        f"mousehole migrate: error: cannot use PostgreSQL at {url.replace(':secret', '')}: "
    )
    assert unreachable.err.count("\n") == 1, "one line"
