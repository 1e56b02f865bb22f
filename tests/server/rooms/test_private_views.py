"""A game joins through its manifest alone, and a local match shows each browser only what the
seats it holds may see (issue: secrets never reach a browser that may not see them).

The game is the hidden-coin game of tests/engine/coin_game.py: chance deals seat 1 a coin that
only seat 1 may see; seat 0 guesses it. It is registered with one manifest (no other file
names it) and served by a real uvicorn server on a free port, spoken to over a real WebSocket.
Every frame a browser receives is checked as bytes: the coin's side may appear only in frames
built for seat 1, or once the game is over.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from mousehole.bots.random import RandomBot
from mousehole.games import REGISTRY, Conformance, GameManifest
from mousehole.server import create_app
from tests.engine.coin_game import CoinGame
from tests.processes import free_port, post_json
from tests.sockets import next_message


def _coin_invariants(before: Any, state: Any) -> list[str]:
    data = state.to_json()
    return [] if data["coin"] in (None, "heads", "tails") else [f"coin {data['coin']!r}"]


COIN = GameManifest(
    game=CoinGame,
    blurb="Guess the other seat's secret coin.",
    bots={"random": RandomBot},
    conformance=Conformance(_coin_invariants, secret_keys=frozenset()),
    seat_views=True,
)
"""The test game's whole registration: one manifest."""


class LiveServer:
    """The web app under uvicorn in a thread of this process, on a real port."""

    def __init__(self, db: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            create_app(str(db)), host="127.0.0.1", port=self.port, log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve()))

    def __enter__(self) -> LiveServer:
        self.thread.start()
        while not self.server.started:
            if not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            threading.Event().wait(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def socket(self, room: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/rooms/{room}", close_timeout=1)


@pytest.fixture
def live(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    monkeypatch.setitem(REGISTRY, COIN.name, COIN)  # the one registry line, for this test
    with LiveServer(tmp_path / "db.sqlite3") as server:
        yield server


def _frames(ws: ClientConnection, until: str, limit: int = 20) -> list[str]:
    """Receive raw frames until one whose type is `until`; return them all."""
    frames = []
    for _ in range(limit):
        frame = next_message(ws, 5)
        assert isinstance(frame, str)
        frames.append(frame)
        if json.loads(frame)["type"] == until:
            return frames
    raise AssertionError(f"no {until!r} in {frames}")


SOLO = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]


def _dealt(text: str) -> bool:
    """Return True when JSON text shows the coin's side as dealt."""
    compact = text.replace(" ", "")
    return any(f'"type":"deal","side":"{side}"' in compact for side in ("heads", "tails"))


def _local(live: LiveServer, seats: list[dict[str, Any]]) -> dict[str, Any]:
    body = {"game": "coin", "options": {}, "seats": seats}
    created: dict[str, Any] = post_json(f"{live.url}/api/rooms", body)
    return created


def test_a_game_registered_by_its_manifest_alone_is_played_to_the_end_over_a_real_socket(
    live: LiveServer,
) -> None:
    created = _local(
        live, [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]
    )
    assert "coin" in [game["name"] for game in json.loads(_get(f"{live.url}/api/games"))]
    with live.socket(created["room"]) as ws:
        ws.send(json.dumps({"type": "hello", "token": created["token"]}))
        snapshot = json.loads(next_message(ws, 5))
        assert snapshot["to_act"] == 0 and snapshot["you"]["screen"] == 0
        guess = snapshot["legal"][0]
        ws.send(json.dumps({"type": "act", "seat": 0, "action": guess, "version": 1, "id": "g"}))
        frames = _frames(ws, "update")
    over = json.loads(frames[-1])["snapshot"]
    assert over["winners"] in ([0], [1]) and over["to_act"] is None
    assert over["record"]["moves"][-1] == {"seat": 0, "action": guess}
    # before the guess the solo player (seat 0) never saw the computer's coin
    assert not _dealt(json.dumps(created)) and not _dealt(json.dumps(snapshot))
    assert not snapshot["state"]["coin"]
    assert over["state"]["coin"] in ("heads", "tails"), "revealed once the game is over"


def _get(url: str) -> str:
    import urllib.request

    with urllib.request.urlopen(url, timeout=5) as response:
        text: str = response.read().decode()
        return text


def test_a_solo_match_never_sends_the_page_a_computer_seats_secret(live: LiveServer) -> None:
    """Seat 1 (the coin's owner) is the computer: every byte before the end is seat 0's view."""
    created = _local(
        live, [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]
    )
    text = json.dumps(created)
    assert '"deal", "side": null' in text, "the deal is shown, its side is not"
    assert not _dealt(text) and created["snapshot"]["state"]["coin"] is None


def test_same_device_humans_see_only_the_seat_at_the_screen(live: LiveServer) -> None:
    """Two humans on one device: the page holds seat 1's coin only once it names seat 1 as
    the seat at the screen (after its hand-over screen), and seat 0's view never holds it."""
    created = _local(live, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}])
    assert created["snapshot"]["you"]["screen"] is None, "nobody at the screen yet"
    assert created["snapshot"]["legal"] == []
    with live.socket(created["room"]) as ws:
        ws.send(json.dumps({"type": "hello", "token": created["token"]}))
        hidden = next_message(ws, 5)
        assert isinstance(hidden, str)
        ws.send(json.dumps({"type": "screen", "seat": 1}))
        bo = json.loads(next_message(ws, 5))
        coin = bo["state"]["coin"]
        assert coin in ("heads", "tails") and bo["you"]["screen"] == 1
        assert bo["legal"] == [], "Bo holds the coin but does not guess"
        ws.send(json.dumps({"type": "screen", "seat": 0}))
        ann_frame = next_message(ws, 5)
        assert isinstance(ann_frame, str)
        ann = json.loads(ann_frame)
        assert ann["you"]["screen"] == 0 and ann["legal"], "Ann guesses"
        for frame in (hidden, ann_frame):  # only seat 1's frames hold its coin
            assert not _dealt(frame) and json.loads(frame)["state"]["coin"] is None, frame
        ws.send(json.dumps({"type": "screen", "seat": 2}))
        refused = json.loads(next_message(ws, 5))
        assert refused["code"] == "bad_seat", refused


def test_the_screen_is_for_private_rooms_with_seat_views_only(live: LiveServer) -> None:
    created = _local(
        live, [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}]
    )
    with live.socket(created["room"]) as ws:
        ws.send(json.dumps({"type": "hello", "token": created["token"]}))
        json.loads(next_message(ws, 5))
        ws.send(json.dumps({"type": "screen", "seat": 1}))
        refused = json.loads(next_message(ws, 5))
        assert refused["code"] == "bad_seat", "a computer seat is nobody's screen"
