"""An online Aus die Maus! room (docs/games/ausdiemaus.md): an absent player's cards are turned
over for them, the game's own server policy. It drives the room with the helpers of
tests/server/rooms/online_client.py, whose tests play any game."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.server.rooms.online_client import _hello, _join, _real_time_app, _snapshot, _start


def test_in_aus_die_maus_an_absent_players_cards_are_turned_over_for_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mousehole.games import REGISTRY

    assert REGISTRY["ausdiemaus"].absent_autoplay == 5.0, "the ruling's short timeout"
    faster = dataclasses.replace(REGISTRY["ausdiemaus"], absent_autoplay=0.1)  # the same, faster
    monkeypatch.setitem(REGISTRY, "ausdiemaus", faster)
    with TestClient(_real_time_app(tmp_path / "db.sqlite3")) as client:
        body = {
            "game": "ausdiemaus",
            "options": {"seats": 2},
            "seats": [{"kind": "open"}, {"kind": "open"}],
            "host_name": "Ann",
        }
        data = client.post("/api/online", json=body).json()
        bo = _join(client, data["code"], "Bo")
        url = f"/ws/online/{data['code']}"
        with client.websocket_connect(url) as ann_ws:
            _hello(ann_ws, token=data["token"])
            with client.websocket_connect(url) as bo_ws:
                _hello(bo_ws, token=bo["token"])
                ann_ws.receive_json()
                _start(ann_ws)
                assert _snapshot(ann_ws.receive_json())["started"]
            # Bo has gone: whenever he is to turn a card, the server turns it for him
            turned_for_bo = 0
            while turned_for_bo < 3:
                message = ann_ws.receive_json()
                snapshot = _snapshot(message)
                if snapshot["to_act"] == 0 and snapshot["legal"]:
                    ann_ws.send_json(
                        {"type": "act", "action": {"type": "turn"}, "version": snapshot["version"]}
                    )
                for move in message.get("moves", []):
                    turned_for_bo += move["seat"] == 1
                if snapshot["to_act"] is None:
                    break  # the game ended first
            assert turned_for_bo >= 1
            assert snapshot["seats"][1]["state"] == "absent", "his seat is still his"
