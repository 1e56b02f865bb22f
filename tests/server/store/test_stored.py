"""What a store gives back (server/store/stored.py): a stored room's record that replays to the
room's position, a listing's line with its status and no token hash, and stored seats whose
names are made valid."""

from __future__ import annotations

import json

import mousehole
from mousehole.server.rooms.table import Table
from mousehole.server.store.stored import RoomSummary, loads_seats
from tests.server import scenes


def test_a_stored_rooms_record_replays_to_the_rooms_position() -> None:
    room, _ = Table.create(scenes.NAME, scenes.OPTIONS, scenes.HUMANS, room_id="r1")
    scenes.play(room, 3)
    stored = room.stored()
    record = stored.record_json()
    assert record["game"] == scenes.NAME
    assert len(record["moves"]) == len(stored.moves) == room.version
    result = mousehole.replay(record)
    assert result.error is None
    assert result.state.to_json() == room.match.state.to_json()


def _row(finished: int, started: int) -> tuple[object, ...]:
    seats = [
        {"kind": "human", "name": "Ann", "token_hash": "ab12", "state": "connected"},
        {"kind": "computer", "name": "Cy", "level": "easy"},
    ]
    return ("r1", "a-game", "online", json.dumps(seats), finished, started, 10, 20, 7)


def test_a_listing_line_reads_its_row_and_never_shows_a_token_hash() -> None:
    summary = RoomSummary.from_row(_row(0, 1), stamp=lambda t: f"t{t}")
    assert (summary.moves, summary.created_at, summary.updated_at) == (7, "t10", "t20")
    shown = summary.to_json()
    assert shown == {
        "room": "r1",
        "game": "a-game",
        "mode": "online",
        "status": "playing",
        "moves": 7,
        "seats": [
            {"kind": "human", "state": "connected", "name": "Ann"},
            {"kind": "computer", "name": "Cy", "level": "easy"},
        ],
        "created_at": "t10",
        "updated_at": "t20",
    }
    assert "ab12" not in json.dumps(shown)


def test_a_room_is_waiting_before_its_start_then_playing_then_finished() -> None:
    assert RoomSummary.from_row(_row(0, 0)).status == "waiting"
    assert RoomSummary.from_row(_row(0, 1)).status == "playing"
    assert RoomSummary.from_row(_row(1, 1)).status == "finished"
    assert RoomSummary.from_row(_row(1, 0)).status == "finished"


def test_stored_seat_names_are_repaired_and_a_seat_without_a_name_left_alone() -> None:
    text = json.dumps(
        [
            {"kind": "human", "name": "A\ud800nn"},  # a lone surrogate, stored before checks
            {"kind": "human", "name": "   "},  # nothing left once trimmed: the seat's name
            {"kind": "human", "name": "Bo\u0007"},  # a control character
            {"kind": "human", "name": 5},  # no text at all
            {"kind": "open"},
        ]
    )
    assert loads_seats(text) == [
        {"kind": "human", "name": "A\ufffdnn"},
        {"kind": "human", "name": "Seat 2"},
        {"kind": "human", "name": "Bo\ufffd"},
        {"kind": "human", "name": "Seat 4"},
        {"kind": "open"},
    ]
    assert loads_seats('{"not": "a list"}') == {"not": "a list"}
