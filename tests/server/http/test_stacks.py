"""SIGUSR1 makes a running server log where every task and thread is (server/http/stacks.py)."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from mousehole.server.http import stacks
from tests.processes import ServerProcess


async def _held(lock: asyncio.Lock) -> None:
    async with lock:
        await asyncio.sleep(0)


def test_the_dump_names_the_coroutines_a_task_awaits_through_and_what_it_waits_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def main() -> None:
        lock = asyncio.Lock()
        await lock.acquire()  # held: the task below waits on it
        task = asyncio.get_running_loop().create_task(_held(lock), name="the-waiter")
        await asyncio.sleep(0.01)
        with caplog.at_level(logging.WARNING, logger="mousehole.stacks"):
            stacks.dump(asyncio.get_running_loop())
        task.cancel()

    asyncio.run(main())
    [waiter] = [r.getMessage() for r in caplog.records if "the-waiter" in r.getMessage()]
    assert "test_stacks.py" in waiter and " _held" in waiter
    assert "locks.py" in waiter and " acquire" in waiter  # the lock it waits for
    assert "waiting on <" in waiter
    threads = [r.getMessage() for r in caplog.records if r.getMessage().startswith("thread ")]
    assert any("MainThread" in t and "test_stacks.py" in t for t in threads)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGUSR1 is POSIX")
def test_a_real_server_logs_its_stacks_on_sigusr1_and_keeps_serving(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "db.sqlite3", tmp_path / "server.log").start()
    try:
        assert server.process is not None
        server.process.send_signal(signal.SIGUSR1)
        # the dump is one record per task and per thread: wait for the last of those looked
        # for (a busy machine may deschedule the server between two records)
        wanted = ("WARNING mousehole.stacks: stacks:", "prune_forever", "thread MainThread")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if all(text in server.log.read_text() for text in wanted):
                break
            time.sleep(0.1)
        log = server.log.read_text()
        assert "WARNING mousehole.stacks: stacks:" in log
        assert "hub.py" in log and "prune_forever" in log  # the pruning task, asleep
        assert "thread MainThread" in log and "uvicorn" in log  # the event loop's thread
        with urllib.request.urlopen(f"{server.url}/healthz", timeout=5) as answer:
            assert answer.status == 200  # still serving
    finally:
        server.kill()
