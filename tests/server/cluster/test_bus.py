"""Messages between instances over Redis pub/sub (server/cluster/bus.py), on a Redis of the
tests' own (tests/redis_server.py): two buses in this process stand for two instances. What one
sends the other hears in order; a message to an instance nobody listens for is told as gone; a
handler's failure does not stop the listener; a restart of Redis resets what was relayed."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from redis.exceptions import RedisError

from mousehole.server.cluster.bus import Bus
from tests.processes import free_port
from tests.redis_server import RedisServer


class Instance:
    """A bus and what it heard: messages, instances told gone, resets."""

    def __init__(self, url: str, me: str, fail_on: object = None):
        self.heard: list[dict[str, Any]] = []
        self.gone: list[str] = []
        self.resets = 0
        self.fail_on = fail_on
        self.bus = Bus(url, me, self.handle, on_gone=self.gone.append, on_reset=self.reset)

    async def handle(self, message: dict[str, Any]) -> None:
        if message.get("n") == self.fail_on:
            raise ValueError("a handler that fails")
        self.heard.append(message)

    def reset(self) -> None:
        self.resets += 1


async def _until(done: Callable[[], bool], seconds: float = 15.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if done():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("waited too long")


def _run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(test())


def test_what_one_instance_sends_the_other_hears_in_order(redis_url: str) -> None:
    async def test() -> None:
        a, b = Instance(redis_url, "a"), Instance(redis_url, "b")
        await a.bus.start()
        await b.bus.start()
        try:
            for n in range(300):
                a.bus.send("b", {"n": n})
                if n % 50 == 0:
                    await asyncio.sleep(0)  # some go alone, others as one burst
            await _until(lambda: len(b.heard) == 300)
            assert [m["n"] for m in b.heard] == list(range(300))
            assert a.bus.sent == 300 and a.heard == [] and a.gone == []
        finally:
            await a.bus.close()
            await b.bus.close()

    _run(test)


def test_a_message_to_an_instance_nobody_listens_for_is_told_gone(redis_url: str) -> None:
    async def test() -> None:
        a = Instance(redis_url, "a")
        await a.bus.start()
        try:
            a.bus.send("nobody", {"n": 1})
            await _until(lambda: a.gone == ["nobody"])
        finally:
            await a.bus.close()

    _run(test)


def test_a_message_its_handler_fails_on_does_not_stop_the_listener(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def test() -> None:
        a, b = Instance(redis_url, "a"), Instance(redis_url, "b", fail_on=1)
        await a.bus.start()
        await b.bus.start()
        try:
            for n in range(3):
                a.bus.send("b", {"n": n})
            await _until(lambda: len(b.heard) == 2)
            assert [m["n"] for m in b.heard] == [0, 2]
        finally:
            await a.bus.close()
            await b.bus.close()

    _run(test)
    assert "cannot handle a message from the bus" in caplog.text


def test_a_restart_of_redis_resets_the_listener_which_then_hears_again(
    redis_server: RedisServer,
) -> None:
    async def test() -> None:
        a, b = Instance(redis_server.url, "a"), Instance(redis_server.url, "b")
        await a.bus.start()
        await b.bus.start()
        try:
            redis_server.restart()
            await _until(lambda: b.resets >= 1 and b.bus.connected)
            await _until(lambda: a.resets >= 1 and a.bus.connected)
            a.bus.send("b", {"n": "after"})
            await _until(lambda: b.heard == [{"n": "after"}])
        finally:
            await a.bus.close()
            await b.bus.close()

    _run(test)


def test_a_bus_that_cannot_reach_redis_fails_to_start() -> None:
    async def test() -> None:
        port = free_port()
        a = Instance(f"redis://127.0.0.1:{port}/0", "a")
        with pytest.raises(RedisError, match=f"connecting to 127.0.0.1:{port}"):
            await a.bus.start()
        await a.bus.close()

    _run(test)
