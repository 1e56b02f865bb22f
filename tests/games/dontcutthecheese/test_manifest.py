"""Don't Cut the Cheese's manifest as the registry-wide checks read it: its package is a game
package (tests/games/test_layers.py), its page a game folder of the front end
(tests/test_web.py), a match page (tests/server/http/test_play_pages.py) with a How to play page
(tests/server/http/test_rules_route.py), and the page is served with the threshold left out."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from mousehole.games import REGISTRY
from mousehole.server import create_app
from tests import test_web
from tests.games import test_layers
from tests.server.http import test_play_pages, test_rules_route

MANIFEST = REGISTRY["dontcutthecheese"]


def test_its_package_is_checked_for_its_layers() -> None:
    assert "dontcutthecheese" in test_layers.PACKAGES


def test_its_page_is_a_game_folder_a_match_page_and_has_its_rules() -> None:
    assert MANIFEST.page is not None
    assert MANIFEST.page.folder in test_web.GAME_FOLDERS
    assert "dontcutthecheese" in test_play_pages.PLAY_GAMES
    assert "dontcutthecheese" in test_rules_route.RULES_GAMES


def test_a_local_room_sends_the_biter_each_bite_with_the_strength_after_it(
    tmp_path: Path,
) -> None:
    """The page's mouth preview is the server's: a human's bite turn lists every legal bite with
    its cells and the strength after it, and no snapshot holds the paper's threshold."""
    client = TestClient(create_app(str(tmp_path / "db.sqlite3")))
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "name": "Pip", "level": "easy"}]
    created = client.post(
        "/api/rooms",
        json={"game": "dontcutthecheese", "options": {"seats": 2, "start_seat": 0}, "seats": seats},
    ).json()
    with client.websocket_connect(f"/ws/rooms/{created['room']}") as socket:
        socket.send_json({"type": "hello", "token": created["token"]})
        snapshot = socket.receive_json()
        frames = [snapshot]
        for _ in range(40):
            legal = snapshot["legal"]
            if legal and legal[0]["type"] == "bite":
                break
            if legal:
                message = {"type": "act", "seat": 0, "action": legal[0]}
            else:
                message = {"type": "advance"}
            socket.send_json(message | {"version": snapshot["version"]})
            reply = socket.receive_json()
            frames.append(reply)
            snapshot = reply.get("snapshot", reply) if reply["type"] != "error" else snapshot
        bites = snapshot["legal"]
    assert bites and bites[0]["type"] == "bite"
    for bite in bites:
        assert set(bite) == {"type", "row", "col", "cells", "strength", "falls"}
        assert 0 <= bite["strength"] <= snapshot["state"]["strength"]
    states = [frame.get("snapshot", frame).get("state") or {} for frame in frames]
    assert all("threshold" not in state for state in states)  # only last_threshold, once snapped
