"""Online rooms driven through Starlette's test client, for the tests of online rooms here and
in a game's own folder: the app with computer seats moving at once and a fake clock, creating
and joining rooms, hellos, and each socket's copy of the record, kept as a browser keeps it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from mousehole.engine import replay
from mousehole.games import load_game, make_bot
from mousehole.server import create_app
from mousehole.server.rooms.hub import OnlineSettings
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


def _app(path: Path, clock: FakeClock) -> Any:
    return create_app(str(path), online=OnlineSettings(computer_delay=0, clock=clock))


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


def _two_player_room(client: TestClient) -> tuple[str, dict[str, Any], dict[str, Any]]:
    data = _create(client, [{"kind": "open"}, {"kind": "open"}])
    return data["code"], data, _join(client, data["code"], "Bo")


def _real_time_app(path: Path) -> Any:
    return create_app(str(path), online=OnlineSettings(grace=0.3, computer_delay=0))
