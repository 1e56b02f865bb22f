"""Any JSON at all, sent to the HTTP API, gets an answer of the documented kinds: never a 500.

Hypothesis builds request bodies from every JSON type, nested, and from near-misses of real
requests (the right keys with wrong values), and sends them to each endpoint that reads a body.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from mousehole.games import MANIFESTS, GameManifest
from mousehole.server import create_app
from mousehole.server.rooms.hub import OnlineSettings

NAMES = [m.name for m in MANIFESTS]
games = st.sampled_from(MANIFESTS)
"""Every registered game: the server's answers to what a client sends never depend on which."""

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from([*NAMES, "human", "computer", "open", "easy", "hard"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
seat = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.sampled_from(["human", "computer", "open", "robot"]) | json_values,
        "name": st.text(max_size=40) | json_values,
        "level": st.sampled_from(["easy", "normal", "hard", "god"]) | json_values,
    },
)
near_misses = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from([*NAMES, "chess"]) | json_values,
        "options": st.fixed_dictionaries(
            {},
            optional={
                "seats": st.integers(-1, 8) | json_values,
                "start_seat": st.integers(-1, 8) | json_values,
            },
        )
        | json_values,
        "seats": st.lists(seat, max_size=7) | json_values,
        "host_name": st.text(max_size=40) | json_values,
        "name": st.text(max_size=40) | json_values,
        "seat": st.integers(-1, 8) | json_values,
        "record": json_values,
    },
)
bodies = near_misses | json_values

ANSWERS = {200, 201, 400, 404, 409, 413}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("fuzz") / "db.sqlite3"
    # the limits on guessing and creating are tested elsewhere: here they would only answer 429
    online = OnlineSettings(attempts=10**9, rooms_per_address=10**9)
    with TestClient(create_app(str(path), online=online)) as client:
        yield client


def _online_room(client: TestClient, game: GameManifest, *, seats: int) -> dict[str, Any]:
    """Create an online room of `game` with `seats` open seats (or the nearest count the game
    takes); return its code and token."""
    seats = min(max(seats, game.min_seats), game.max_seats)
    body = {
        "game": game.name,
        "options": {"seats": seats},
        "seats": [{"kind": "open"}] * seats,
        "host_name": "Ann",
    }
    created = client.post("/api/online", json=body)
    assert created.status_code == 201, created.text
    room: dict[str, Any] = created.json()
    return room


def _check(response: Any) -> None:
    assert response.status_code in ANSWERS, (response.status_code, response.text)
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error["code"], str) and isinstance(error["message"], str)
        assert error["message"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=bodies, endpoint=st.sampled_from(["/api/rooms", "/api/online"]))
def test_creating_with_any_json_answers_a_room_or_a_named_error(
    client: TestClient, body: Any, endpoint: str
) -> None:
    _check(client.post(endpoint, json=body))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=bodies, game=games)
def test_joining_with_any_json_answers_a_seat_or_a_named_error(
    client: TestClient, body: Any, game: GameManifest
) -> None:
    room = _online_room(client, game, seats=4)
    _check(client.post(f"/api/online/{room['code']}/join", json=body))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hello=st.fixed_dictionaries(
        {"type": st.just("hello")},
        optional={"token": json_values, "spectate": json_values, "seat": json_values},
    )
    | json_values,
    game=games,
)
def test_any_hello_is_answered_by_a_snapshot_or_a_named_refusal(
    client: TestClient, hello: Any, game: GameManifest
) -> None:
    room = _online_room(client, game, seats=4)
    with client.websocket_connect(f"/ws/online/{room['code']}") as ws:
        ws.send_json(hello)
        answer = ws.receive_json()
        if answer["type"] == "error":
            assert isinstance(answer["code"], str) and answer["message"]
        else:
            assert answer["type"] == "snapshot"


commands = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "advance", "sync", "start", "replace", "reopen"])},
    optional={
        "seat": st.integers(-1, 5) | json_values,
        "action": st.fixed_dictionaries({"type": st.sampled_from(["roll", "end"])}) | json_values,
        "version": st.integers(-1, 5) | json_values,
        "id": st.text(max_size=5) | json_values,
        "level": st.sampled_from(["easy", "normal", "hard"]) | json_values,
    },
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=st.lists(commands | json_values, min_size=1, max_size=8), game=games)
def test_any_message_after_a_hello_is_answered_and_the_socket_stays_open(
    client: TestClient, messages: list[Any], game: GameManifest
) -> None:
    """Every message gets an answer (a snapshot, an update, or an error and a snapshot): the
    socket is never dropped and the server never fails on what a client sends."""
    data = _online_room(client, game, seats=2)
    with client.websocket_connect(f"/ws/online/{data['code']}") as ws:
        ws.send_json({"type": "hello", "token": data["token"]})
        assert ws.receive_json()["type"] == "snapshot"
        for message in messages:
            ws.send_json(message)
            answer = ws.receive_json()
            while answer["type"] == "error":
                assert isinstance(answer["code"], str) and answer["message"]
                answer = ws.receive_json()
            assert answer["type"] in ("snapshot", "update"), answer
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["type"] == "snapshot"
