"""The guessing and room-creation limits counted in Redis (server/cluster/limits.py), on a Redis
of the tests' own: two sets of limits in this process stand for two instances, and count as one;
while Redis does not answer each counts on its own, and once it is back in Redis again. The same
over real instances is tested in tests/cluster/test_limits.py."""

from __future__ import annotations

import time

from mousehole.server.cluster.limits import SharedAttempts, SharedPerAddress, client, shared_limits
from mousehole.server.rooms.hub import OnlineSettings
from tests.redis_server import RedisServer


def test_unknown_codes_guessed_on_any_instance_count_on_every_instance(redis_url: str) -> None:
    first = SharedAttempts(3, 60.0, time.monotonic, client(redis_url))
    second = SharedAttempts(3, 60.0, time.monotonic, client(redis_url))
    first.fail("203.0.113.5")
    second.fail("203.0.113.5")
    assert not first.blocked("203.0.113.5") and second.wait("203.0.113.5") == 0
    first.fail("203.0.113.5")
    assert second.blocked("203.0.113.5") and first.blocked("203.0.113.5")
    assert 59 <= second.wait("203.0.113.5") <= 60
    assert not second.blocked("203.0.113.6"), "each address counts alone"


def test_new_rooms_share_one_bucket_per_address_across_instances(redis_url: str) -> None:
    settings = OnlineSettings(rooms_per_address=2, rooms_window=40.0)
    first, second = shared_limits(settings, redis_url), shared_limits(settings, redis_url)
    assert first.creations.take("203.0.113.5") == 0
    assert second.creations.take("203.0.113.5") == 0
    assert first.creations.take("203.0.113.5") == 20, "one room back every 20 s"
    assert second.creations.take("203.0.113.6") == 0
    assert second.replays.take("203.0.113.5") == 0, "replays have a bucket of their own"


def test_while_redis_is_down_each_instance_counts_alone_then_redis_counts_again(
    redis_server: RedisServer,
) -> None:
    db = client(redis_server.url)
    attempts = SharedAttempts(2, 60.0, time.monotonic, db)
    rooms = SharedPerAddress(1 / 30, 1, time.monotonic, db)
    redis_server.stop()
    attempts.fail("203.0.113.5")
    attempts.fail("203.0.113.5")
    assert attempts.blocked("203.0.113.5"), "this instance's own count decides meanwhile"
    assert rooms.take("203.0.113.5") == 0 and rooms.take("203.0.113.5") == 30
    redis_server.start()
    assert not attempts.blocked("203.0.113.5"), "Redis counts again: it saw no failure"
    assert rooms.take("203.0.113.5") == 0
