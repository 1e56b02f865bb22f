"""One instance of a cluster (server/cluster/node.py): two apps in this process, A and B, on the
tests' own PostgreSQL and Redis, stand for two instances. Each names itself in the health check;
a room is driven by the instance it was created on, and B forwards the HTTP calls about it and
relays its sockets to A; once A shuts down, B takes the room over with a new lease token. Whole
matches and failures between real processes are tested in tests/cluster/."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient

from mousehole.server import create_app
from mousehole.server.rooms.hub import OnlineSettings
from tests.server import scenes


def _instance(postgres_url: str, redis_url: str) -> TestClient:
    app = create_app(
        database=postgres_url, redis=redis_url, online=OnlineSettings(computer_delay=0)
    )
    return TestClient(app)


@pytest.fixture
def two(postgres_url: str, redis_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    with ExitStack() as stack:
        a = stack.enter_context(_instance(postgres_url, redis_url))
        b = stack.enter_context(_instance(postgres_url, redis_url))
        yield a, b


def _create(client: TestClient) -> dict[str, Any]:
    body = {
        "game": scenes.NAME,
        "options": scenes.OPTIONS,
        "seats": [{"kind": "open"}, {"kind": "open"}],
        "host_name": "Ann",
    }
    response = client.post("/api/online", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _instance_of(client: TestClient) -> str:
    return str(client.app.state.drivers.instance)  # type: ignore[attr-defined]


def test_each_instance_names_itself_in_the_health_check(
    two: tuple[TestClient, TestClient],
) -> None:
    a, b = two
    health = [client.get("/healthz").json() for client in two]
    assert [h["status"] for h in health] == ["ok", "ok"]
    assert [h["instance"] for h in health] == [_instance_of(a), _instance_of(b)]
    assert _instance_of(a) != _instance_of(b)


def test_a_room_created_on_a_is_joined_and_played_through_b(
    two: tuple[TestClient, TestClient],
) -> None:
    a, b = two
    room = _create(a)
    code = room["code"]
    joined = b.post(f"/api/online/{code}/join", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1, "answered by A, which drives the room, through B"
    assert b.get(f"/api/online/{code}").json()["seats"][1]["name"] == "Bo"
    with b.websocket_connect(f"/ws/online/{code}") as bo:
        bo.send_json({"type": "hello", "token": joined.json()["token"]})
        snapshot = bo.receive_json()
        assert snapshot["type"] == "snapshot" and snapshot["you"]["seat"] == 1
        relayed = b.app.state.drivers.relayed  # type: ignore[attr-defined]
        assert [r.driver for r in relayed.values()] == [_instance_of(a)]
    cluster_a = a.app.state.drivers  # type: ignore[attr-defined]
    assert cluster_a.store.token(code) == 1, "A holds the room's first lease"


def test_once_its_driver_shuts_down_another_instance_takes_the_room_over(
    postgres_url: str, redis_url: str
) -> None:
    with _instance(postgres_url, redis_url) as b:
        with _instance(postgres_url, redis_url) as a:
            code = _create(a)["code"]
            gone = _instance_of(a)
        # A's shutdown deleted its heartbeat: B need not wait for it to expire
        joined = b.post(f"/api/online/{code}/join", json={"name": "Bo"})
        assert joined.status_code == 200, joined.text
        cluster_b = b.app.state.drivers  # type: ignore[attr-defined]
        assert cluster_b.store.token(code) == 2, "taken over with a new token"
        assert _instance_of(b) != gone
