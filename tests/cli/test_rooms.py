"""`mousehole rooms`: an operator's listing of the stored rooms and one room's record.

The rooms are made by the room authority and stored in a real SQLite file, as the server does.
"""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest

import mousehole
from mousehole.engine import verify
from mousehole.games import MANIFESTS, REGISTRY
from mousehole.server.rooms.room import Room
from mousehole.server.rooms.table import Table
from mousehole.server.store.sqlite import SQLiteStore
from tests.cli.commands import run
from tests.server.scenes import owner_view
from tests.server.store import writes

LOCAL, ONLINE = MANIFESTS[0], MANIFESTS[1]
"""The games of the stored rooms: any two will do (the listing filters by game), so the
registry's first two."""
LEVEL = LOCAL.levels[0]
"""The computer's level: the easiest, since the fixture plays a match to its end and a
searching level (the expert) would think for most of a second a move."""
HUMANS = [
    {"kind": "human", "name": "Ann"},
    {"kind": "computer", "name": "Whiskers", "level": LEVEL},
]


def _finish(room: Table) -> None:
    """Play the room's match to the end: Ann takes her first legal action, the computer its own."""
    while (snapshot := owner_view(room))["to_act"] is not None:
        if snapshot["legal"]:
            room.act(snapshot["to_act"], snapshot["legal"][0], room.version)
        else:  # the computer seat's turn
            room.advance(room.version)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A database with a finished local match of LOCAL, a local match just begun, and an
    online room of ONLINE waiting for its players."""
    path = tmp_path / "rooms.sqlite3"
    store = SQLiteStore(path)
    finished, _ = Table.create(LOCAL.name, {"seats": 2, "start_seat": 0}, HUMANS, room_id="a" * 16)
    writes.create(store, finished.stored())
    _finish(finished)
    writes.append(store, finished.room_id, finished.stored().moves, finished=True)
    begun, _ = Table.create(LOCAL.name, {"seats": 2, "start_seat": 1}, HUMANS, room_id="b" * 16)
    writes.create(store, begun.stored())
    online, _, _ = Room.create(
        ONLINE.name,
        {"seats": 3},
        [{"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": ONLINE.levels[0]}],
        "Ann",
        code="KQ7MPX",
        clock=time.monotonic,
        grace=60,
    )
    writes.create(store, online.stored())
    store.close()
    # Fixed times of last change (the store writes milliseconds, and these are made within one).
    with closing(sqlite3.connect(path)) as raw, raw:
        for room_id, when in [("a" * 16, "09:00"), ("b" * 16, "10:00"), ("KQ7MPX", "11:00")]:
            raw.execute(
                "UPDATE rooms SET updated_at = ? WHERE id = ?",
                (f"2026-12-01T{when}:00.000+00:00", room_id),
            )
    return path


def test_the_listing_shows_every_room_newest_change_first_with_its_seats(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(["rooms", "--db", str(db)], capsys)
    assert result.status == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].split() == [
        "ROOM",
        "GAME",
        "MODE",
        "STATUS",
        "MOVES",
        "UPDATED",
        "(UTC)",
        "SEATS",
    ]
    rows = [line.split("  ") for line in lines[1:]]
    rows = [[cell.strip() for cell in row if cell.strip()] for row in rows]
    assert [row[:4] for row in rows] == [
        ["KQ7MPX", ONLINE.name, "online", "waiting"],
        ["b" * 16, LOCAL.name, "local", "playing"],
        ["a" * 16, LOCAL.name, "local", "finished"],
    ]
    moves = SQLiteStore(db).load("a" * 16)
    assert moves is not None and rows[2][4] == str(len(moves.moves))
    assert mousehole.replay(moves.record_json()).state.is_terminal()  # every move, to the end
    assert [row[5] for row in rows] == ["2026-12-01 11:00", "2026-12-01 10:00", "2026-12-01 09:00"]
    assert rows[0][-1] == f"Ann, (open), Seat 3 (computer {ONLINE.levels[0]})"
    assert rows[1][-1] == f"Ann, Whiskers (computer {LEVEL})"


def test_the_listing_filters_by_mode_and_game_and_stops_at_the_limit(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def ids(*argv: str) -> list[str]:
        result = run(["rooms", "--db", str(db), "--json", *argv], capsys)
        assert result.status == 0, result.err
        return [json.loads(line)["room"] for line in result.out.splitlines()]

    assert ids("--mode", "online") == ["KQ7MPX"]
    assert ids("--mode", "local", "--game", LOCAL.name) == ["b" * 16, "a" * 16]
    assert ids("--game", ONLINE.name, "--mode", "local") == []
    assert ids("--limit", "1") == ["KQ7MPX"]
    assert run(
        ["rooms", "--db", str(db), "--game", ONLINE.name, "--mode", "local"], capsys
    ).out == ("no rooms\n")


def test_the_json_listing_never_shows_a_token_hash(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stored = SQLiteStore(db).load("KQ7MPX")
    assert stored is not None
    hashes = [seat["token_hash"] for seat in stored.seats if seat.get("token_hash")]
    assert hashes and stored.owner_hash
    result = run(["rooms", "--db", str(db), "--json"], capsys)
    for secret in [*hashes, stored.owner_hash]:
        assert secret not in result.out
    online = json.loads(result.out.splitlines()[0])
    assert online["status"] == "waiting" and online["moves"] == len(stored.moves)
    assert [seat["state"] for seat in online["seats"]] == ["human", "open", "computer"]


def test_a_finished_rooms_record_replays_and_verifies(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(["rooms", "--db", str(db), "aaaa"], capsys)  # the start of an id is enough
    assert result.status == 0, result.err
    record = json.loads(result.out)
    replayed = mousehole.replay(record)
    assert replayed.error is None and replayed.state.is_terminal()
    stored = SQLiteStore(db).load("a" * 16)
    assert stored is not None and record == stored.record_json()


def test_a_running_online_rooms_record_leaves_its_secret_out_and_says_so(
    db: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    stored = SQLiteStore(db).load("KQ7MPX")
    assert stored is not None and stored.secret
    result = run(["rooms", "--db", str(db), "kq7mpx"], capsys)  # codes in any case
    assert result.status == 0
    assert stored.secret not in result.out
    assert result.err == (
        "mousehole rooms: KQ7MPX is still being played: its fairness secret is left out "
        "(it is revealed when the match ends)\n"
    )
    record = json.loads(result.out)
    assert "secret" not in record and len(record["moves"]) == len(stored.moves)
    assert mousehole.replay(record).error is None
    assert not verify(mousehole.load_game(ONLINE.name, seats=3), record).ok


def test_an_unknown_or_ambiguous_room_is_an_error_naming_it(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(["rooms", "--db", str(db), "ZZZZZZ"], capsys)
    assert (result.status, result.out) == (1, "")
    assert result.err == f"mousehole rooms: no room 'ZZZZZZ' in {str(db)!r}\n"
    store = SQLiteStore(db)
    twin, _ = Table.create(LOCAL.name, {"seats": 2}, HUMANS, room_id="a" * 15 + "b")
    writes.create(store, twin.stored())
    store.close()
    result = run(["rooms", "--db", str(db), "aaaa"], capsys)
    assert (result.status, result.out) == (1, "")
    assert result.err == "mousehole rooms: 'aaaa' starts more than one room id\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--db", "missing.sqlite3"],
            "no database at 'missing.sqlite3' (mousehole serve --db missing.sqlite3 makes one)",
        ),
        (
            ["--game", "chess"],
            "unknown game 'chess': choose one of " + ", ".join(sorted(REGISTRY)),
        ),
        (["--limit", "0"], "--limit must be at least 1, not 0"),
        (
            ["--mode", "public"],
            "argument --mode: invalid choice: 'public' (choose from 'local', 'online')",
        ),
    ],
)
def test_bad_arguments_exit_2_and_create_no_database(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    result = run(["rooms", *argv], capsys)
    assert (result.status, result.out) == (2, "")
    assert result.err.startswith("usage: mousehole rooms [-h] ")
    assert result.err.endswith(f"\nmousehole rooms: error: {message}\n")
    assert not (tmp_path / "missing.sqlite3").exists()
    assert not (tmp_path / "var").exists()


def test_the_listing_and_the_records_read_the_same_from_postgresql_after_migrate(
    db: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["migrate", "--db", str(db), "--database", postgres_url], capsys).status == 0
    for argv in ([], ["--json"], ["--mode", "local", "--limit", "1"], ["aaaa"], ["kq7mpx"]):
        from_file = run(["rooms", "--db", str(db), *argv], capsys)
        from_postgresql = run(["rooms", "--database", postgres_url, *argv], capsys)
        assert from_file.status == from_postgresql.status == 0
        assert from_postgresql.out == from_file.out, argv
        assert from_postgresql.err == from_file.err
    missing = run(["rooms", "--database", postgres_url, "ZZZZZZ"], capsys)
    assert missing.status == 1
    assert missing.err.startswith("mousehole rooms: no room 'ZZZZZZ' in postgresql://127.0.0.1:")
