"""Flood and guessing limits: a token bucket per connection, a failure window per address,
and a token bucket per address for new rooms and for replays (`AddressLimits` bundles the
per-address ones: counted in this process by default, `local_limits`, in Redis for several
instances, cluster/limits.py).

The limits are checked where a request comes in, before it reaches a room: the WebSocket
endpoint (endpoint.py) and the HTTP endpoints (http/api.py, http/replay.py), which the app gives
its `AddressLimits` (http/app.py). The rooms and the hub know nothing of addresses."""

from __future__ import annotations

import contextlib
import ipaddress
import math
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from .hub import OnlineSettings


class TokenBucket:
    """Allows `rate` messages a second on average and bursts of up to `burst`."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self) -> bool:
        """Return True and spend a token when one is left; False means: over the limit."""
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def wait(self) -> float:
        """Return the seconds until a token is back (0 when one is left now)."""
        now = self.clock()
        tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.rate


class PerAddress:
    """A token bucket per client address (its guessing key), for what one address may do
    `burst` times at once and `rate` times a second after (creating rooms)."""

    MAX_ADDRESSES = 100_000

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, address: str) -> int:
        """Spend one of `address`'s tokens and return 0, or return the whole seconds to wait
        (at least 1) when it has none. Past MAX_ADDRESSES, the least recently seen address is
        forgotten (it starts again with a full bucket)."""
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self.MAX_ADDRESSES:
                self._buckets.popitem(last=False)
            bucket = self._buckets[address] = TokenBucket(self.rate, self.burst, self.clock)
        else:
            self._buckets.move_to_end(address)
        if bucket.take():
            return 0
        return max(1, math.ceil(bucket.wait()))


class Attempts:
    """Counts failed look-ups (unknown room codes) per client address in a sliding window."""

    MAX_ADDRESSES = 100_000

    def __init__(self, limit: int, window: float, clock: Callable[[], float]):
        self.limit = limit
        self.window = window
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}

    def blocked(self, address: str) -> bool:
        """Return True when `address` failed `limit` times within the last `window` seconds."""
        failures = self._failures.get(address)
        if failures is None:
            return False
        horizon = self.clock() - self.window
        while failures and failures[0] <= horizon:
            failures.popleft()
        if not failures:
            del self._failures[address]
            return False
        return len(failures) >= self.limit

    def wait(self, address: str) -> int:
        """Return the whole seconds until `address` is no longer blocked (0 when it is not)."""
        if not self.blocked(address):
            return 0
        failures = self._failures[address]
        # blocked: `limit` failures in the window; free once all but limit - 1 have left it
        leaves = failures[len(failures) - self.limit] + self.window
        return max(1, math.ceil(leaves - self.clock()))

    def fail(self, address: str) -> None:
        """Count one failed attempt of `address`.

        Memory stays bounded: past MAX_ADDRESSES, the address whose count started longest ago
        is forgotten, so that guessing from many addresses cannot wipe everyone's counts.
        """
        failures = self._failures.get(address)
        if failures is None:
            if len(self._failures) >= self.MAX_ADDRESSES:
                del self._failures[next(iter(self._failures))]
            failures = self._failures[address] = deque()
        failures.append(self.clock())


def address(connection: HTTPConnection) -> str:
    """Return the key of the client's code-guessing limit: its IPv4 address, or the /64
    network of its IPv6 address (one household or server holds a whole /64, so counting
    each IPv6 address alone would let it guess 2**64 times as often)."""
    return guessing_key(client_host(connection))


def client_host(connection: HTTPConnection) -> str:
    """Return the client's IP address as the server sees it ("unknown" when it has none)."""
    return connection.client.host if connection.client is not None else "unknown"


def guessing_key(host: str) -> str:
    """Return the address or network that `host`'s unknown codes are counted against."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host  # not an IP (a test client's name, a Unix socket): itself
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass(frozen=True)
class AddressLimits:
    """What one client address may do, wherever it is counted: look up unknown room codes
    (`attempts`), create rooms (`creations`) and ask for replays (`replays`)."""

    attempts: Attempts
    creations: PerAddress
    replays: PerAddress

    def may_create(self, host: str) -> int:
        """Return 0 when the client at `host` (its IP address) may create a room now, counting
        it, else the whole seconds it must wait (counted per guessing key: its IPv4 address
        or IPv6 /64). Loopback clients are not counted: they are this machine (the tests, the
        benchmark, a reverse proxy that does not pass the client's address on).
        """
        return _take(self.creations, host)

    def may_replay(self, host: str) -> int:
        """Return 0 when the client at `host` may ask for a replay now, counting it, else the
        whole seconds it must wait (as `may_create`, with the replays' own bucket)."""
        return _take(self.replays, host)


def _take(bucket: PerAddress, host: str) -> int:
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).is_loopback:
            return 0
    return bucket.take(guessing_key(host))


def local_limits(s: OnlineSettings) -> AddressLimits:
    """Return the per-address limits of `s`, counted in this process."""
    return AddressLimits(
        attempts=Attempts(s.attempts, s.attempts_window, s.clock),
        creations=PerAddress(s.rooms_per_address / s.rooms_window, s.rooms_per_address, s.clock),
        replays=PerAddress(
            s.replays_per_address / s.replays_window, s.replays_per_address, s.clock
        ),
    )
