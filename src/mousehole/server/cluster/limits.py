"""The guessing and room-creation limits of a cluster, counted in Redis for every instance.

One server counts unknown room codes and new rooms per address in memory (server/rooms/limits.py);
behind a load balancer without sticky sessions each instance would allow the full amount, so
an address could guess N times as often against N instances. Here the counts live in Redis,
shared by all: a sliding window of failures per address (a sorted set of their times) and a
token bucket per address (a small Lua script, so that taking a token is one atomic step).

These checks sit on synchronous paths of the endpoints (looking a room up, creating one:
rooms/endpoint.py, http/api.py), so they use a synchronous Redis client with a short timeout: one
round trip per check (a room code tried, a room created), never per move. Should Redis not
answer, the in-memory count of this instance decides meanwhile (the limits of one server), and
the next check tries Redis again.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable
from typing import Any

import redis
from redis.exceptions import RedisError

from ..rooms.hub import OnlineSettings
from ..rooms.limits import AddressLimits, Attempts, PerAddress

TIMEOUT = 0.25
"""Seconds a limit check waits for Redis before the instance's own count decides."""

BUCKET = """
local tokens = tonumber(redis.call('HGET', KEYS[1], 't') or ARGV[2])
local at = tonumber(redis.call('HGET', KEYS[1], 'a') or ARGV[3])
local now = tonumber(ARGV[3])
tokens = math.min(tonumber(ARGV[2]), tokens + math.max(0, now - at) * tonumber(ARGV[1]))
local taken = 0
if tokens >= 1 then tokens = tokens - 1; taken = 1 end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'a', tostring(now))
redis.call('EXPIRE', KEYS[1], ARGV[4])
return {taken, tostring(tokens)}
"""


def client(url: str) -> redis.Redis:
    """Return a synchronous client for the limits (short timeouts)."""
    return redis.Redis.from_url(url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)


class SharedAttempts(Attempts):
    """`Attempts` counted in Redis: a failure on any instance counts on every instance."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float], db: redis.Redis):
        super().__init__(limit, window, clock)
        self.db = db

    def _key(self, address: str) -> str:
        return f"mousehole:guess:{address}"

    def _times(self, address: str) -> list[float] | None:
        """Return the failure times in the window, oldest first (None: Redis did not answer)."""
        key = self._key(address)
        now = time.time()
        try:
            pipe = self.db.pipeline()
            pipe.zremrangebyscore(key, "-inf", now - self.window)
            pipe.zrange(key, 0, -1, withscores=True)
            _, found = pipe.execute()
        except (RedisError, OSError):
            return None
        return sorted(float(score) for _, score in found)

    def blocked(self, address: str) -> bool:
        times = self._times(address)
        if times is None:
            return super().blocked(address)
        return len(times) >= self.limit

    def wait(self, address: str) -> int:
        times = self._times(address)
        if times is None:
            return super().wait(address)
        if len(times) < self.limit:
            return 0
        leaves = times[len(times) - self.limit] + self.window
        return max(1, math.ceil(leaves - time.time()))

    def fail(self, address: str) -> None:
        key = self._key(address)
        now = time.time()
        try:
            pipe = self.db.pipeline()
            pipe.zadd(key, {f"{now}:{secrets.token_hex(4)}": now})
            pipe.expire(key, max(1, math.ceil(self.window)))
            pipe.execute()
        except (RedisError, OSError):
            super().fail(address)


class SharedPerAddress(PerAddress):
    """`PerAddress` (new rooms) with each address's token bucket kept in Redis."""

    def __init__(
        self,
        rate: float,
        burst: int,
        clock: Callable[[], float],
        db: redis.Redis,
        kind: str = "rooms",
    ):
        super().__init__(rate, burst, clock)
        self.db = db
        self.kind = kind
        """What the bucket counts (its keys' middle part): "rooms", "replays"."""
        self._script: Any = db.register_script(BUCKET)

    def take(self, address: str) -> int:
        refill = max(1, math.ceil(self.burst / self.rate)) if self.rate > 0 else 86_400
        try:
            taken, tokens = self._script(
                keys=[f"mousehole:{self.kind}:{address}"],
                args=[self.rate, self.burst, time.time(), refill],
            )
        except (RedisError, OSError):
            return super().take(address)
        if int(taken):
            return 0
        return max(1, math.ceil((1 - float(tokens)) / self.rate))


def shared_limits(s: OnlineSettings, url: str) -> AddressLimits:
    """Return the per-address limits of `s` counted in the Redis at `url`, for every instance
    (each falls back to counting on its own while Redis does not answer)."""
    db = client(url)
    return AddressLimits(
        attempts=SharedAttempts(s.attempts, s.attempts_window, s.clock, db),
        creations=SharedPerAddress(
            s.rooms_per_address / s.rooms_window, s.rooms_per_address, s.clock, db
        ),
        replays=SharedPerAddress(
            s.replays_per_address / s.replays_window, s.replays_per_address, s.clock, db, "replays"
        ),
    )
