"""Reading a test's WebSocket client with a time limit, without the wait that can hang.

websockets' sync client waits for a frame with `queue.SimpleQueue.get(timeout=...)`. In
CPython 3.11 that call can wait forever: when it takes the queue's lock but finds no item (a
`put` released the lock for an item that an earlier `get` took without it) and its deadline
has passed meanwhile, it waits again with a negative timeout, which means no limit. A thread
descheduled for a few milliseconds on a busy machine is enough; two cluster tests hung that
way for half an hour, in `recv(timeout=0.01)` loops. `next_message` only ever asks the queue
without blocking (`recv(timeout=0)` takes that path) and sleeps between looks.
"""

from __future__ import annotations

import time

from websockets.sync.client import ClientConnection

LONGEST_PAUSE = 0.005
"""The longest sleep between two looks (a message waits at most this long to be read)."""


def next_message(ws: ClientConnection, timeout: float) -> str | bytes:
    """Return the socket's next message; raise TimeoutError when none comes within `timeout`
    seconds (at once when `timeout` is 0 and nothing has arrived), or ConnectionClosed."""
    deadline = time.monotonic() + timeout
    pause = 0.0005
    while True:
        try:
            return ws.recv(timeout=0)
        except TimeoutError:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no message within {timeout:g} s") from None
            time.sleep(min(pause, left))
            pause = min(pause * 2, LONGEST_PAUSE)
