"""The guessing, room-creation and replay limits hold across the cluster (counted in Redis), not per
instance: an address that spreads its tries over three instances gets no more than from one."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cluster.harness import Instances, online_setup
from tests.redis_server import RedisServer

ATTEMPTS = 10
"""Unknown codes an address may try per minute (OnlineSettings.attempts)."""
ROOMS = 30
"""Rooms an address may create at once (OnlineSettings.rooms_per_address)."""
REPLAYS = 60
"""Replays an address may ask for at once (OnlineSettings.replays_per_address)."""


@pytest.fixture
def three(postgres_url: str, redis_server: RedisServer, tmp_path: Path) -> Iterator[Instances]:
    # Replays refill one a second by default; at an hour a window, a loaded machine's slow
    # requests cannot earn back a token between the 60th and the 61st.
    instances = Instances(
        3, postgres_url, redis_server.url, tmp_path, MOUSEHOLE_REPLAYS_WINDOW="3600"
    )
    yield instances
    instances.stop()


def _status(url: str, *, body: object = None, address: str = "203.0.113.7") -> int:
    """Return the HTTP status of a GET (or a POST of `body`) from `address` (uvicorn takes
    X-Forwarded-For from a proxy on this machine, as from a reverse proxy in front)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"X-Forwarded-For": address, "Content-Type": "application/json"}
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_unknown_room_codes_are_counted_for_the_whole_cluster(three: Instances) -> None:
    urls = [server.url for server in three.servers]
    statuses = [
        _status(f"{urls[i % 3]}/api/online/ZZZZZ{'23456789'[i % 8]}") for i in range(ATTEMPTS)
    ]
    assert statuses == [404] * ATTEMPTS
    assert [_status(f"{url}/api/online/ZZZZZZ") for url in urls] == [429, 429, 429]
    assert _status(f"{urls[0]}/api/online/ZZZZZZ", address="198.51.100.1") == 404, "per address"


def test_new_rooms_are_counted_for_the_whole_cluster(three: Instances) -> None:
    urls = [server.url for server in three.servers]
    body = online_setup([{"kind": "open"}, {"kind": "open"}])
    made = [_status(f"{urls[i % 3]}/api/online", body=body) for i in range(ROOMS)]
    assert made == [201] * ROOMS
    assert [_status(f"{url}/api/online", body=body) for url in urls] == [429, 429, 429]


def test_replays_are_counted_for_the_whole_cluster(three: Instances) -> None:
    urls = [server.url for server in three.servers]
    asked = [_status(f"{urls[i % 3]}/api/replay", body={}) for i in range(REPLAYS)]
    assert asked == [400] * REPLAYS  # no record: refused, but counted
    assert [_status(f"{url}/api/replay", body={}) for url in urls] == [429, 429, 429]
    assert _status(f"{urls[1]}/api/replay", body={}, address="198.51.100.1") == 400


def test_without_redis_each_instance_counts_alone_then_redis_counts_again(
    three: Instances, redis_server: RedisServer
) -> None:
    urls = [server.url for server in three.servers]
    redis_server.stop()  # the limits fall back to each instance's own count meanwhile
    try:
        guesses = [_status(f"{urls[0]}/api/online/YYYYYY") for _ in range(ATTEMPTS)]
        assert guesses == [404] * ATTEMPTS
        assert _status(f"{urls[0]}/api/online/YYYYYY") == 429, "this instance's own count"
        assert _status(f"{urls[1]}/api/online/YYYYYY") == 404, "another's: its own count"
    finally:
        redis_server.start()
