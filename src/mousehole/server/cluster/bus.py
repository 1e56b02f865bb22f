"""Messages between instances over Redis pub/sub: one channel per instance, in order.

Every instance subscribes to its own channel (`mousehole:i:<id>`) and sends to another's with
`send`, which queues the message in that instance's outbox: one task publishes the outboxes in
order (a burst to one instance goes as one PUBLISH), so the messages from one instance to
another arrive in the order they were sent. Pub/sub keeps nothing: a message to an instance
that is not listening is lost, and PUBLISH says so (no receiver), which `on_gone` hears; when
the connection to Redis breaks (Redis restarted, say), messages may have been lost both ways,
so after reconnecting `on_reset` is called and the instance drops what it relayed (its clients
reconnect and get a fresh snapshot). A restart of Redis is noticed even when the connection
came back by itself before anything was read from it: each second the listener pings its
connection and reads Redis's `run_id`, which every start of Redis changes (with its data or
without). The clients are made with no retries of their own, so that a broken connection is
always seen here rather than mended silently while messages were lost. Redis carries no state
that matters: PostgreSQL holds every committed move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

log = logging.getLogger("mousehole.cluster")

SILENCE = 5.0
"""Seconds without a word from Redis (a PING is sent every `PING_EVERY`) after which the
connection counts as broken, as after a network that drops packets without a reset."""

PING_EVERY = 1.0
"""Seconds between two looks at the connection to Redis (a PING, and Redis's `run_id`)."""

CHANNEL = "mousehole:i:"
"""The prefix of each instance's channel; the instance's id follows."""

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class Bus:
    """This instance's channel (`start`, `close`) and its outboxes to the others (`send`)."""

    def __init__(
        self,
        url: str,
        me: str,
        handle: Handler,
        *,
        on_gone: Callable[[str], None],
        on_reset: Callable[[], None],
    ):
        self.url = url
        self.me = me
        self.handle = handle
        self.on_gone = on_gone
        self.on_reset = on_reset
        self.redis: aioredis.Redis = aioredis.Redis.from_url(
            url, socket_connect_timeout=2, socket_timeout=SILENCE, retry=Retry(NoBackoff(), 0)
        )
        self._outboxes: dict[str, list[bytes]] = {}
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self.connected = False
        self.sent = 0
        """Messages published so far (the benchmark reports messages per action)."""

    async def start(self) -> None:
        """Subscribe to this instance's channel; return once subscribed."""
        ready = asyncio.get_running_loop().create_future()
        self._tasks = [
            asyncio.get_running_loop().create_task(self._listen(ready)),
            asyncio.get_running_loop().create_task(self._flush_forever()),
        ]
        for task in self._tasks:
            task.add_done_callback(_said)
        await ready

    def send(self, instance: str, message: dict[str, Any]) -> None:
        """Queue a message to `instance` (sent in order, after what was queued before)."""
        self._outboxes.setdefault(instance, []).append(orjson.dumps(message))
        self._wake.set()

    async def _flush_forever(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            outboxes, self._outboxes = self._outboxes, {}
            for instance, messages in outboxes.items():
                payload = b"[" + b",".join(messages) + b"]"
                try:
                    receivers = await self.redis.publish(CHANNEL + instance, payload)
                except (RedisError, OSError, RuntimeError) as error:
                    log.warning("cannot publish to instance %s: %s", instance, error)
                    self.on_reset()  # lost: whoever relied on it starts again
                    continue
                self.sent += len(messages)
                if receivers == 0:
                    self.on_gone(instance)

    async def _listen(self, ready: asyncio.Future[None]) -> None:
        delay = 0.1
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                run = await self._run_id()
                await pubsub.subscribe(CHANNEL + self.me)
                self.connected = True
                if not ready.done():
                    ready.set_result(None)
                if not first:
                    log.warning("reconnected to Redis: dropping what was relayed")
                    self.on_reset()
                first = False
                delay = 0.1
                heard = pinged = time.monotonic()
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    now = time.monotonic()
                    if message is not None:
                        heard = now
                    elif now - heard > SILENCE:
                        raise RedisConnectionError(f"no word from Redis for {SILENCE:g} s")
                    if now - pinged > PING_EVERY:
                        pinged = now
                        await pubsub.ping()
                        if await self._run_id() != run:
                            raise RedisConnectionError("Redis restarted: messages may be lost")
                    if message is None or message.get("type") != "message":
                        continue
                    for item in orjson.loads(message["data"]):
                        try:
                            await self.handle(item)
                        except Exception:  # one bad message must not stop the listener
                            log.exception("cannot handle a message from the bus: %.200r", item)
            except (RedisError, OSError, RuntimeError) as error:
                # RuntimeError: redis-py's pub/sub without a connection after a failed one
                self.connected = False
                if not ready.done():
                    ready.set_exception(error)
                    return
                log.warning("lost Redis (%s): retrying in %.1f s", error, delay)
            finally:
                # Called through a plain callable type: redis-py types aclose in some releases
                # and not in others, and mypy strict must pass on either.
                close: Callable[[], Awaitable[object]] = pubsub.aclose
                with contextlib.suppress(Exception):
                    await close()
            await asyncio.sleep(delay)
            delay = min(2.0, delay * 2)

    async def _run_id(self) -> str:
        """Return the id of Redis's current run (a new one at every start of Redis)."""
        info = await self.redis.info("server")
        return str(info.get("run_id", ""))

    async def close(self) -> None:
        """Stop listening and publishing, and close the connections."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()


def _said(task: asyncio.Task[None]) -> None:
    """Log a bus task that ended by an exception: the bus is dead then (nothing else says so)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("the bus stopped: %s", task.get_name(), exc_info=task.exception())
