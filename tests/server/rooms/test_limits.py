"""The flood and guessing limits on their own (server/rooms/limits.py). The endpoint counting
unknown codes as guesses is tested in test_endpoint.py, the limits over the wire in
test_room_refusals.py."""

from __future__ import annotations

from mousehole.server.rooms.hub import OnlineSettings
from mousehole.server.rooms.limits import Attempts, PerAddress, TokenBucket, local_limits


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_an_address_is_blocked_after_its_limit_and_free_once_the_window_passes() -> None:
    clock = Clock()
    attempts = Attempts(limit=3, window=60.0, clock=clock)
    for _ in range(3):
        assert not attempts.blocked("a")
        attempts.fail("a")
    assert attempts.blocked("a") and not attempts.blocked("b")
    assert (attempts.wait("a"), attempts.wait("b")) == (60, 0)
    clock.now = 59.5
    assert attempts.wait("a") == 1
    clock.now = 60.0
    assert not attempts.blocked("a") and attempts.wait("a") == 0


def test_past_the_address_limit_only_the_oldest_address_is_forgotten() -> None:
    clock = Clock()
    attempts = Attempts(limit=2, window=60.0, clock=clock)
    attempts.MAX_ADDRESSES = 3
    for _ in range(2):
        attempts.fail("guesser")
    for other in ("b", "c"):
        attempts.fail(other)
    attempts.fail("guesser")  # an address already counted takes no new place
    assert attempts.blocked("guesser")
    attempts.fail("d")  # a fourth address: "guesser", counted first, is forgotten alone
    assert not attempts.blocked("guesser")
    attempts.fail("b")
    assert attempts.blocked("b")  # "b" kept its earlier failure


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2.0, burst=3, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now = 0.5  # one token back at 2 a second
    assert [bucket.take() for _ in range(2)] == [True, False]
    clock.now = 100.0  # never more than the burst
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_each_address_has_its_own_bucket_and_says_how_long_to_wait() -> None:
    clock = Clock()
    per = PerAddress(rate=0.05, burst=2, clock=clock)  # one back every 20 s
    assert [per.take("a"), per.take("a")] == [0, 0]
    assert per.take("a") == 20
    assert per.take("b") == 0
    clock.now = 15.0
    assert per.take("a") == 5
    clock.now = 20.0
    assert per.take("a") == 0


def test_past_the_address_limit_the_least_recently_seen_bucket_is_forgotten() -> None:
    clock = Clock()
    per = PerAddress(rate=0.05, burst=1, clock=clock)
    per.MAX_ADDRESSES = 2
    assert per.take("a") == 0 and per.take("b") == 0
    assert per.take("a") == 20  # "a" is now the most recently seen
    assert per.take("c") == 0  # "b" is forgotten, not "a"
    assert per.take("a") == 20
    assert per.take("b") == 0  # a full bucket again


def test_new_rooms_are_counted_per_address_and_never_for_loopback() -> None:
    clock = Clock()
    limits = local_limits(OnlineSettings(rooms_per_address=2, rooms_window=40.0, clock=clock))
    assert [limits.may_create("203.0.113.5") for _ in range(3)] == [0, 0, 20]
    assert limits.may_create("203.0.113.6") == 0
    assert [limits.may_create("127.0.0.1") for _ in range(5)] == [0] * 5  # this machine
    # one IPv6 /64 is one household: its addresses share a bucket
    assert [limits.may_create("2001:db8::1"), limits.may_create("2001:db8::2")] == [0, 0]
    assert limits.may_create("2001:db8::3") == 20
    assert limits.may_replay("203.0.113.5") == 0, "replays have a bucket of their own"
