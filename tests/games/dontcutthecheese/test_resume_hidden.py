"""A same-device match set again from the record its page saved (docs/local-play.md).

The page keeps the record as its seats see it. In Don't Cut the Cheese no seat sees the tear
threshold of the paper on the trap; a paper's threshold is shown when it snaps, and the record
shows it from then on (`State.hindsight_view`). Set again from that record, the room draws the
hidden threshold again (`redraw_hidden`) among those the bites so far allow, and comes back
whole: every seat's view of the position is the one it had.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from mousehole.engine import record_view
from mousehole.server.http.app import create_app
from mousehole.server.rooms.room import Room

GAME = "dontcutthecheese"
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def _room(client: TestClient, body: dict[str, Any]) -> tuple[Room, dict[str, Any]]:
    answer = client.post("/api/rooms", json=body)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return client.app.state.hub.get(data["room"]), data  # type: ignore[attr-defined]


def _play_past_a_snap(room: Room) -> None:
    """Play (biting where the most paper goes) until a paper has snapped and the next paper
    is on the trap with a bite taken."""
    inner = room.table
    rng = random.Random(5)
    snapped_round = None
    for _ in range(2000):
        state = inner.match.state
        actor = state.current_player()
        if snapped_round is not None and state.round > snapped_round and state.eaten:
            return
        if state.last_threshold is not None and snapped_round is None:
            snapped_round = state.round
        if actor >= 0:
            action = rng.choice(list(state.legal_actions()))
            inner.act(actor, action.to_json(), inner.version)
        else:
            inner.advance(inner.version)
        assert not inner.finished, "the match ended before the test's position"
    pytest.fail("no second paper with a bite")


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"))) as client:
        yield client


def test_a_same_device_match_comes_back_whole_from_the_record_its_page_saved(
    client: TestClient,
) -> None:
    room, _ = _room(client, {"game": GAME, "options": {"seats": 2}, "seats": SEATS})
    _play_past_a_snap(room)
    game, record = room.table.game, room.table.match.record
    state = room.table.match.state
    saved = record_view(game, record, state.current_player())  # what the page keeps
    thresholds = [m["action"] for m in saved["moves"] if m["action"]["type"] == "threshold"]
    # the snapped papers' thresholds are shown, the one on the trap is not
    assert [t.get("value") for t in thresholds[:-1]] == [
        m.action.to_json()["value"]
        for m in record.moves
        if m.action.to_json()["type"] == "threshold"
    ][:-1]
    assert thresholds[-1].get("value") is None

    again, data = _room(
        client, {"game": GAME, "options": saved["options"], "seats": SEATS, "record": saved}
    )
    back = again.table.match.state
    assert again.table.version == room.table.version
    for viewer in (None, 0, 1):
        assert back.observation(viewer) == state.observation(viewer), viewer
    # the threshold drawn again is one the bites so far allow: the paper has not snapped
    assert back.threshold is not None and back.threshold <= back.strength
    # and what the page is sent holds no threshold of the paper on the trap
    shown = data["snapshot"]["record"]["moves"]
    assert [m["action"].get("value") for m in shown if m["action"]["type"] == "threshold"][
        -1
    ] is None
