"""The room authority on Don't Cut the Cheese's own refusals: a refused bite reaches the page
with the rules' reason as a stable code and its numbers (docs/protocol.md, Errors), which the
page words in its reader's language."""

from __future__ import annotations

import pytest

import mousehole
from mousehole.engine import Match
from mousehole.server.rooms.table import RoomError, Table
from tests.server.scenes import owner_view

from .scenes import position_json

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def test_a_refused_bite_carries_its_reason_and_details_to_the_page() -> None:
    game = mousehole.load_game("dontcutthecheese", seats=2)
    start = game.state_from_json(position_json(2))
    record = Match(game, seed=1, state=start).record.to_json()
    record["moves"] = [
        {"seat": 0, "action": {"type": "spin"}},
        {"seat": "chance", "action": {"type": "spin_result", "face": "bite1"}},
    ]
    room, _ = Table.create("dontcutthecheese", {"seats": 2}, HUMANS, record=record)
    assert owner_view(room)["to_act"] == 0
    with pytest.raises(RoomError) as refused:
        room.act(0, {"type": "bite", "row": 2, "col": 5}, room.version)
    error = refused.value.to_json()
    assert error["code"] == "illegal_action"
    assert (error["reason"], error["details"]) == ("closed", {})
    assert "from the top or bottom edge or from a hole" in error["message"]
    assert room.version == 2  # nothing applied


def test_a_refusal_the_rules_give_no_reason_for_has_no_reason_field() -> None:
    error = RoomError("stale_version", "version 3 is not current (4): resync").to_json()
    assert error == {
        "type": "error",
        "code": "stale_version",
        "message": "version 3 is not current (4): resync",
    }
