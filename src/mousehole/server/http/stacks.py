"""Where a running server is stuck: SIGUSR1 logs the stack of every task and thread.

`kill -USR1 <pid>` makes the server log, on the `mousehole.stacks` logger at warning level,
each asyncio task of its event loop (the chain of coroutines it awaits through, outermost
first, and what the innermost one waits on) and each thread (the writer, the heartbeat, the
computer players' workers): what an operator, or a test that saw a room stand still, needs to
tell a lock held forever from a query that never returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import threading
import traceback
from typing import Any

log = logging.getLogger("mousehole.stacks")


def install(loop: asyncio.AbstractEventLoop) -> None:
    """Log every stack on SIGUSR1 (POSIX only; elsewhere nothing is installed)."""
    if not hasattr(signal, "SIGUSR1"):
        return
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop.add_signal_handler(signal.SIGUSR1, dump, loop)


def dump(loop: asyncio.AbstractEventLoop) -> None:
    """Log the stack of every task of `loop` and of every thread, each as one record."""
    tasks = asyncio.all_tasks(loop)
    log.warning("stacks: %d tasks, %d threads", len(tasks), threading.active_count())
    for task in tasks:
        log.warning("task %s:\n%s", task.get_name(), "\n".join(awaits(task.get_coro())))
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    for ident, frame in sys._current_frames().items():
        text = "".join(traceback.format_stack(frame)[-8:])
        log.warning("thread %s:\n%s", names.get(ident, ident), text)


def awaits(coroutine: Any) -> list[str]:
    """Return one line per coroutine that `coroutine` awaits through (file, line, function),
    outermost first, then what the innermost one waits on (a future, a lock's waiter...)."""
    lines: list[str] = []
    awaited = coroutine
    for _ in range(64):  # a chain is never this deep; a cycle must not hang the dump
        frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "gi_frame", None)
        if frame is None:
            break
        code = frame.f_code
        lines.append(f"  {code.co_filename}:{frame.f_lineno} {code.co_name}")
        awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "gi_yieldfrom", None)
        if awaited is None:
            break
    if awaited is not None:
        lines.append(f"  waiting on {awaited!r:.200}")
    return lines
