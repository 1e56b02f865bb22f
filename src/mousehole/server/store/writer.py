"""Group commit: one thread writes the rooms' changes, many per transaction.

A committed move must be durable before anyone hears of it (architecture habit 9). A commit
costs a write to the WAL, and at `--sync full` an fsync too (about 2 ms here, and at times
hundreds); SQLite's checkpoints fsync at either level. Done on the event loop, one commit per
move capped a server near 500 moves/s and stalled every other room meanwhile. So the event loop
only queues a write and awaits its future; this thread takes everything queued since its last
commit, runs it as one transaction (each write in its own savepoint, so one bad write fails
alone), commits once, and then settles the futures in the order they were queued.

A handler holds its room's gate (`Hub.gate`) from applying its command until the write
settled and the update is sent, so nobody reads a room that ran ahead of the store; other rooms'
writes join the same transaction meanwhile. When a write fails the room's memory copy is dropped
(`Hub.save`) before the gate opens, so nothing unsaved is ever sent. See docs/storage.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from dataclasses import dataclass

from .base import Store, Write
from .stored import StorageError

MAX_BATCH = 2_000
"""Most writes per transaction (keeps one commit's latency bounded under a flood)."""


@dataclass(frozen=True)
class _Job:
    what: str
    write: Write
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


def _settle(future: asyncio.Future[None], error: StorageError | None) -> None:
    if future.done():  # its awaiting task was cancelled: the write happened all the same
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


def _settle_all(done: list[tuple[_Job, StorageError | None]]) -> None:
    for job, error in done:  # in the order they were queued
        _settle(job.future, error)


class Writer:
    """The store's one writing thread; `await writer.write(what, write)` returns once durable."""

    def __init__(self, store: Store):
        self.store = store
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._closed = False
        self.batches = 0
        """Transactions committed so far (the benchmark reports writes per transaction)."""
        self.writes = 0

    async def write(self, what: str, write: Write) -> None:
        """Queue `write`; return once it is committed, or raise StorageError naming `what`."""
        if self._closed:
            raise StorageError(f"{what}: the server is shutting down")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._ensure_thread()
        self._queue.put(_Job(what, write, loop, future))
        await future

    def _ensure_thread(self) -> None:
        if self._thread is not None:
            return
        with self._start_lock:
            if self._thread is None:
                thread = threading.Thread(target=self._run, name="mousehole-writer", daemon=True)
                thread.start()
                self._thread = thread

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            jobs = [first]
            stop = False
            while len(jobs) < MAX_BATCH:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stop = True
                    break
                jobs.append(job)
            try:
                results = self.store.write_batch([(job.what, job.write) for job in jobs])
            except Exception as problem:  # a broken store must not kill the thread
                failed = StorageError(f"write failed: {problem}")
                results = [failed for _ in jobs]
            self.batches += 1
            self.writes += len(jobs)
            settled: dict[asyncio.AbstractEventLoop, list[tuple[_Job, StorageError | None]]] = {}
            for job, error in zip(jobs, results, strict=True):
                settled.setdefault(job.loop, []).append((job, error))
            for loop, done in settled.items():  # one wake-up of each loop for the whole batch
                with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits
                    loop.call_soon_threadsafe(_settle_all, done)
            if stop:
                return

    def close(self) -> None:
        """Finish what is queued, then stop the thread (at shutdown; later writes fail)."""
        self._closed = True
        thread = self._thread
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=10)
