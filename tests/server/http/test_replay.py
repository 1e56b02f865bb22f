"""Replays (docs/replays.md): a finished room or a record file as per-step views.

Each step's view must be the engine's: the viewer's observation after that many moves, and
each move the action as `State.action_view` shows it to that viewer. A seat token sees its
seat's view or the public one, no token only the public one, and a record file only the views
it is (a downloaded record is already one viewer's record view).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from mousehole.engine import Game, Match, Record, record_view
from mousehole.games import MANIFESTS, REGISTRY, load_game, make_bot
from mousehole.server.http.app import create_app
from mousehole.server.http.replay import MAX_RECORD_BYTES, MAX_REPLAY_MOVES
from mousehole.server.rooms.room import Room

PAGE_GAME = next(m.name for m in MANIFESTS if m.page is not None)
"""A game with a page (its replay page is served too)."""
SECRET_GAME = next((m.name for m in MANIFESTS if m.seat_views), None)
"""A game whose seats and public see different moves and positions (a hand, a face-down
colour): the case a replay must not leak."""
needs_secrets = pytest.mark.skipif(SECRET_GAME is None, reason="no registered game has seat views")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "db.sqlite3"))) as client:
        yield client


def _finish(room: Room) -> None:
    """Play the room's match to its end: computers and chance by `advance`, humans by the
    first legal action."""
    inner = room.table
    while not inner.finished:
        state = inner.match.state
        actor = state.current_player()
        if actor >= 0 and inner.seats[actor].kind == "human":
            inner.act(actor, state.legal_actions()[0].to_json(), inner.version)
        else:
            inner.advance(inner.version)


def _engine_steps(game: Game, record: Record, viewer: int | None) -> tuple[list[Any], list[Any]]:
    """Return the engine's own views of every step and move of `record`, for `viewer`."""
    state = game.new_initial_state()
    steps, moves = [state.observation(viewer)], []
    for move in record.moves:
        moves.append(state.action_view(move.action, viewer))
        state = state.apply(move.action)
        steps.append(state.observation(viewer))
    return json.loads(json.dumps(steps)), json.loads(json.dumps(moves))


def _local(client: TestClient, game: str, seats: list[dict[str, Any]]) -> tuple[Room, str]:
    body = {"game": game, "options": {"seats": len(seats)}, "seats": seats}
    answer = client.post("/api/rooms", json=body)
    assert answer.status_code == 201, answer.text
    room = client.app.state.hub.get(answer.json()["room"])  # type: ignore[attr-defined]
    return room, answer.json()["token"]


def _online(client: TestClient, game: str, computers: int) -> tuple[Room, int, str]:
    seats = [{"kind": "open"}] + [
        {"kind": "computer", "name": f"Bot {i}", "level": _level(game)} for i in range(computers)
    ]
    body = {"game": game, "options": {"seats": len(seats)}, "seats": seats, "host_name": "Ann"}
    answer = client.post("/api/online", json=body)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    room = client.app.state.hub.get(data["code"])  # type: ignore[attr-defined]
    return room, data["seat"], data["token"]


def _level(name: str) -> str:
    return REGISTRY[name].levels[0]


def _seats(name: str, wanted: int) -> int:
    return max(REGISTRY[name].min_seats, min(wanted, REGISTRY[name].max_seats))


def _finished_match(name: str, seats: int, seed: int) -> Match:
    game = load_game(name, seats=_seats(name, seats))
    match = Match(game, seed=seed)
    match.play_out({s: make_bot(name, _level(name), s) for s in range(game.seat_count)})
    return match


# ---------------------------------------------------------------- rooms


def test_a_finished_local_match_replays_as_the_engines_views_of_each_step(
    client: TestClient,
) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "computer", "name": "Pip", "level": _level(PAGE_GAME)},
    ]
    room, token = _local(client, PAGE_GAME, seats)
    _finish(room)
    answer = client.post(f"/api/replay/{room.code}", json={"token": token})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["viewers"] == [None, 0]  # the owner holds the human seat, and the public view
    assert data["viewer"] == 0
    game, record = room.table.game, room.table.match.record
    steps, moves = _engine_steps(game, record, 0)
    assert [s["state"] for s in data["steps"]] == steps
    assert [m["action"] for m in data["moves"]] == moves
    assert [m["version"] for m in data["moves"]] == list(range(1, len(record.moves) + 1))
    assert [s["version"] for s in data["steps"]] == list(range(len(record.moves) + 1))
    assert data["steps"][-1]["winners"] == room.table.match.state.winners()
    assert data["record"] == json.loads(json.dumps(record_view(game, record, 0)))
    assert [s["name"] for s in data["seats"]] == ["Ann", "Pip"]
    for move in data["moves"]:  # each move in words, after who made it
        who = "Chance" if move["seat"] == "chance" else ["Ann", "Pip"][move["seat"]]
        assert move["text"].startswith(f"{who}: "), move


@needs_secrets
def test_an_online_seat_token_sees_its_seat_and_no_token_the_public_view(
    client: TestClient,
) -> None:
    assert SECRET_GAME is not None
    room, seat, token = _online(client, SECRET_GAME, _seats(SECRET_GAME, 3) - 1)
    _finish(room)
    game, record = room.table.game, room.table.match.record
    mine = client.post(f"/api/replay/{room.code}", json={"token": token}).json()
    assert mine["viewers"] == [None, seat] and mine["viewer"] == seat
    assert [s["state"] for s in mine["steps"]] == _engine_steps(game, record, seat)[0]
    assert [m["action"] for m in mine["moves"]] == _engine_steps(game, record, seat)[1]

    public = client.post(f"/api/replay/{room.code}", json={}).json()
    assert public["viewers"] == [None] and public["viewer"] is None
    assert [s["state"] for s in public["steps"]] == _engine_steps(game, record, None)[0]
    assert [m["action"] for m in public["moves"]] == _engine_steps(game, record, None)[1]
    # the seats' views differ from the public one: this game has secrets to keep
    assert public["moves"] != mine["moves"] or public["steps"] != mine["steps"]

    other = (seat + 1) % room.table.game.seat_count
    refused = client.post(f"/api/replay/{room.code}", json={"token": token, "view": other})
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "not_your_view"
    assert "Bot" in refused.json()["error"]["message"]
    spectator = client.post(f"/api/replay/{room.code}", json={"view": seat})
    assert spectator.status_code == 403 and spectator.json()["error"]["code"] == "not_your_view"


def _play_some(room: Room, moves: int) -> None:
    """Play `moves` moves of the room's match (not to its end)."""
    inner = room.table
    for _ in range(moves):
        state = inner.match.state
        actor = state.current_player()
        if actor >= 0 and inner.seats[actor].kind == "human":
            inner.act(actor, state.legal_actions()[0].to_json(), inner.version)
        else:
            inner.advance(inner.version)
        assert not inner.finished


@needs_secrets
def test_a_running_online_room_gives_its_moves_so_far_as_the_caller_sees_them_live(
    client: TestClient,
) -> None:
    # The match page rebuilds its log from these after a reload or a reconnect: a seat gets
    # its own view (what its socket was sent), a spectator the public one, and never another
    # seat's; a private room stays closed until its match is over.
    assert SECRET_GAME is not None
    room, seat, token = _online(client, SECRET_GAME, _seats(SECRET_GAME, 3) - 1)
    room.started = True
    _play_some(room, 12)
    game, record = room.table.game, room.table.match.record
    answer = client.post(f"/api/replay/{room.code}", json={"token": token, "live": True})
    assert answer.status_code == 200, answer.text
    mine = answer.json()
    assert mine["viewers"] == [None, seat] and mine["viewer"] == seat
    assert len(mine["moves"]) == len(record.moves) >= 12  # with the chance outcomes
    assert [s["state"] for s in mine["steps"]] == _engine_steps(game, record, seat)[0]
    assert [m["action"] for m in mine["moves"]] == _engine_steps(game, record, seat)[1]
    assert mine["record"]["seed"] is None  # the seed decides what is still to come
    public = client.post(f"/api/replay/{room.code}", json={"live": True}).json()
    assert public["viewer"] is None
    assert [s["state"] for s in public["steps"]] == _engine_steps(game, record, None)[0]
    other = (seat + 1) % game.seat_count
    refused = client.post(
        f"/api/replay/{room.code}", json={"token": token, "view": other, "live": True}
    )
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_view"
    # without `live` a running room is still refused, and `live` must be a boolean
    answer = client.post(f"/api/replay/{room.code}", json={"token": token})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_finished"
    answer = client.post(f"/api/replay/{room.code}", json={"token": token, "live": "yes"})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_live"
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    local, owner = _local(client, SECRET_GAME, seats)
    answer = client.post(f"/api/replay/{local.code}", json={"token": owner, "live": True})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_finished"


def test_a_room_is_refused_unfinished_private_without_its_token_or_unknown(
    client: TestClient,
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    room, token = _local(client, PAGE_GAME, seats)
    answer = client.post(f"/api/replay/{room.code}", json={"token": token})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_finished"
    _finish(room)
    assert client.post(f"/api/replay/{room.code}", json={"token": token}).status_code == 200
    for body in ({}, {"token": "not-the-token"}):
        answer = client.post(f"/api/replay/{room.code}", json=body)
        assert answer.status_code == 403 and answer.json()["error"]["code"] == "bad_token"
        assert "private" in answer.json()["error"]["message"]
    answer = client.post("/api/replay/ZZZZZZ", json={})
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "no_room"
    answer = client.post(f"/api/replay/{room.code}", json={"token": token, "view": "all"})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_view"


# ---------------------------------------------------------------- record files


@needs_secrets
def test_a_downloaded_record_shows_only_the_view_it_is(client: TestClient) -> None:
    assert SECRET_GAME is not None
    match = _finished_match(SECRET_GAME, 3, 11)
    game = match.game
    level = _level(SECRET_GAME)
    players = ["Ann", f"Pip, {level} computer", "Bo"][: game.seat_count]
    file = record_view(game, match.record, 1) | {"players": players}
    answer = client.post("/api/replay", json={"record": file})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["viewers"] == [1] and data["viewer"] == 1 and data["source"] == "file"
    steps, moves = _engine_steps(game, match.record, 1)
    assert [s["state"] for s in data["steps"]] == steps
    assert [m["action"] for m in data["moves"]] == moves
    assert [s["name"] for s in data["seats"]] == ["Ann", "Pip", "Bo"][: game.seat_count]
    assert data["seats"][1]["kind"] == "computer" and data["seats"][1]["level"] == level
    for view in (0, None):
        refused = client.post("/api/replay", json={"record": file, "view": view})
        assert refused.status_code == 403, view
        assert refused.json()["error"]["code"] == "not_your_view"

    public = record_view(game, match.record, None)
    data = client.post("/api/replay", json={"record": public}).json()
    assert data["viewers"] == [None]
    assert [s["state"] for s in data["steps"]] == _engine_steps(game, match.record, None)[0]


@pytest.mark.parametrize("name", [m.name for m in MANIFESTS])
def test_a_whole_record_may_be_watched_from_any_seat(client: TestClient, name: str) -> None:
    match = _finished_match(name, 3, 4)
    whole = match.record.to_json()
    last = match.game.seat_count - 1
    data = client.post("/api/replay", json={"record": whole, "view": last}).json()
    assert data["viewers"] == [None, *range(match.game.seat_count)] and data["viewer"] == last
    assert [s["state"] for s in data["steps"]] == _engine_steps(match.game, match.record, last)[0]
    assert [m["action"] for m in data["moves"]] == _engine_steps(match.game, match.record, last)[1]


@needs_secrets
def test_a_committed_record_recovers_its_hidden_outcomes_from_its_secret(
    client: TestClient,
) -> None:
    assert SECRET_GAME is not None
    game = load_game(SECRET_GAME, seats=_seats(SECRET_GAME, 2))
    match = Match(game, secret="ab" * 32)
    match.play_out({s: make_bot(SECRET_GAME, _level(SECRET_GAME), s) for s in range(2)})
    file = record_view(game, match.record, 0)
    assert file["secret"] == "ab" * 32 and file["seed"] is None
    data = client.post("/api/replay", json={"record": file}).json()
    assert data["viewers"] == [0]
    assert [s["state"] for s in data["steps"]] == _engine_steps(game, match.record, 0)[0]


def _error(client: TestClient, record: Any) -> tuple[int, str, str]:
    answer = client.post("/api/replay", json={"record": record})
    error = answer.json()["error"]
    return answer.status_code, error["code"], error["message"]


def test_a_bad_record_is_refused_with_an_error_naming_what_is_wrong(client: TestClient) -> None:
    match = _finished_match(PAGE_GAME, 2, 3)
    whole = match.record.to_json()

    swapped = json.loads(json.dumps(whole))
    seat = swapped["moves"][5]["seat"]
    swapped["moves"][5]["seat"] = "chance" if seat != "chance" else 0
    status, code, message = _error(client, swapped)
    assert (status, code) == (400, "bad_record") and message.startswith("moves[5]")

    garbled = json.loads(json.dumps(whole))
    garbled["moves"][7]["action"] = {"type": "fly"}
    status, code, message = _error(client, garbled)
    assert code == "bad_record" and message.startswith("moves[7].action")

    assert _error(client, whole | {"game": "chess"})[1] == "unknown_game"
    too_many = {"seats": REGISTRY[PAGE_GAME].max_seats + 1}
    assert _error(client, whole | {"options": too_many})[2].startswith("options:")
    assert _error(client, [1, 2])[1] == "bad_record"
    assert _error(client, whole | {"moves": "all of them"})[2].startswith("moves:")
    answer = client.post("/api/replay", json={"rec": whole})
    assert answer.status_code == 400 and "record" in answer.json()["error"]["message"]


@needs_secrets
def test_a_viewers_record_whose_hidden_outcomes_cannot_be_recovered_is_refused(
    client: TestClient,
) -> None:
    assert SECRET_GAME is not None
    # a viewer's record of an unfinished match: its hidden outcomes cannot be recovered
    secret = _finished_match(SECRET_GAME, 2, 5)
    seen = record_view(secret.game, secret.record, 0)["moves"]
    whole = secret.record.to_json()["moves"]
    hidden = next(i for i, (a, b) in enumerate(zip(seen, whole, strict=True)) if a != b)
    cut = Record(SECRET_GAME, secret.record.options, secret.record.moves[: hidden + 1])
    status, code, message = _error(client, record_view(secret.game, cut, 0))
    assert (status, code) == (400, "bad_record")
    assert message.startswith(f"moves[{hidden}].action") and "seed or secret" in message

    # the wrong seed gives other outcomes: the record's visible outcomes give it away
    wrong = record_view(secret.game, secret.record, 0) | {"seed": 6}
    status, code, message = _error(client, wrong)
    assert (status, code) == (400, "bad_record") and "seed" in message

    # a seat's record with a move only another seat was shown is no viewer's record
    mixed = record_view(secret.game, secret.record, 0)
    theirs = record_view(secret.game, secret.record, 1)
    index = next(
        i for i, (a, b) in enumerate(zip(mixed["moves"], theirs["moves"], strict=True)) if a != b
    )
    mixed["moves"][index] = theirs["moves"][index]
    status, code, message = _error(client, mixed)
    assert status == 400
    assert code == "bad_record" and "no viewer's record" in message


def test_a_huge_record_is_refused_before_it_is_replayed(client: TestClient) -> None:
    match = _finished_match(PAGE_GAME, 2, 3)
    whole = match.record.to_json()
    long = whole | {"moves": whole["moves"] * (MAX_REPLAY_MOVES // len(whole["moves"]) + 1)}
    assert len(long["moves"]) > MAX_REPLAY_MOVES
    status, code, message = _error(client, long)
    assert (status, code) == (413, "too_long") and str(MAX_REPLAY_MOVES) in message

    padding = "x" * (MAX_RECORD_BYTES + 1)
    answer = client.post("/api/replay", json={"record": whole, "padding": padding})
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "too_large"


def test_the_replay_page_is_the_games_page_with_the_replay_bar(client: TestClient) -> None:
    folder = REGISTRY[PAGE_GAME].page.folder  # type: ignore[union-attr]
    page = client.get(f"/replay/{PAGE_GAME}")
    assert page.status_code == 200
    assert 'id="replay-bar"' in page.text and 'class="play replay"' in page.text
    assert f"/static/{folder}/main.js" in page.text and "shared/replay/replay.css" in page.text
    assert 'id="replay-bar"' not in client.get(f"/play/{PAGE_GAME}").text
    assert client.get("/replay/chess").status_code == 404


def test_guessing_room_codes_through_the_replay_gets_429_with_retry_after(tmp_path: Path) -> None:
    """A room's replay counts unknown codes against the address as joining a room does, and
    its 429 says when to come back, as the API's does."""
    from mousehole.server.rooms.hub import OnlineSettings

    settings = OnlineSettings(clock=lambda: 1000.0)  # the clock stands still: the whole window
    app = create_app(str(tmp_path / "db.sqlite3"), online=settings)
    with TestClient(app, client=("198.51.100.9", 50000)) as client:
        for _ in range(10):
            assert client.post("/api/replay/ZZZZZZ", json={}).status_code == 404
        refused = client.post("/api/replay/ZZZZZZ", json={})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "too_many_attempts"
        assert refused.headers["retry-after"] == "60"


def test_an_address_that_asks_for_too_many_replays_gets_429_with_retry_after(
    tmp_path: Path,
) -> None:
    """Replaying a record of thousands of moves costs the server a fraction of a second, so
    replays are counted per address (both endpoints together, bad requests too: the count
    comes before the work), as room creation is; this machine itself is never counted."""
    from mousehole.server.rooms.hub import OnlineSettings

    now = [1000.0]
    settings = OnlineSettings(replays_per_address=6, replays_window=60.0, clock=lambda: now[0])
    app = create_app(str(tmp_path / "db.sqlite3"), online=settings)

    def client_at(host: str) -> TestClient:  # outside `with`: the app's lifespan runs once
        return TestClient(app, client=(host, 50000))

    with client_at("198.51.100.7") as first:
        for _ in range(3):
            assert first.post("/api/replay", json={"record": {}}).status_code == 400
            assert first.post("/api/replay/ZZZZZZ", json={}).status_code == 404
        refused = first.post("/api/replay", json={"record": {}})
        assert refused.status_code == 429
        error = refused.json()["error"]
        assert error["code"] == "too_many_replays"
        assert error["message"] == "too many replays from this address (6 per 60 s): wait 10 s"
        assert refused.headers["retry-after"] == "10"  # 6 per 60 s: one per 10 s
        assert first.post("/api/replay/ZZZZZZ", json={}).status_code == 429
        assert client_at("198.51.100.8").post("/api/replay", json={}).status_code == 400
        now[0] += 10
        assert first.post("/api/replay", json={"record": {}}).status_code == 400
        for _ in range(20):
            assert client_at("127.0.0.1").post("/api/replay", json={}).status_code == 400
