"""Each room's timer: computer moves, absent players' turns and the host hand-off.

One asyncio task per room that has something due (`Timers.schedule` wakes it after every
change). It sleeps until the first thing due, then takes the room's gate like any command, checks
that nothing moved meanwhile, and has the room make its move or seat change (`Room.fire`:
stored, then published, like any command). The deadlines themselves are the room's
(presence.py: absences, host rights, `absent_autoplay`; room.py: `computer_due`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Protocol

from ..store import StorageError
from .room import Keeper, Room
from .table import RoomError

log = logging.getLogger("mousehole.rooms")


class TimedRooms(Keeper, Protocol):
    """What a room's timer needs of the hub: its memory copies and gates, and what the room
    needs to store and publish its change (`Keeper`)."""

    @property
    def rooms(self) -> Mapping[str, Room]: ...

    def connected(self, code: str) -> bool: ...

    def gate(self, code: str) -> asyncio.Lock: ...


class Timers:
    """The running timers of a hub's rooms, one task per room with something due."""

    def __init__(self, hub: TimedRooms, delay: float):
        self.hub = hub
        self.delay = delay
        """Seconds before a computer seat of an online room moves, so that people can follow."""
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._wakes: dict[str, asyncio.Event] = {}
        self._retries: set[asyncio.Task[None]] = set()

    def next_in(self, room: Room) -> float | None:
        """Return in how many seconds the room's timer has something to do, or None."""
        delays = []
        if room.computer_due():
            delays.append(self.delay)
        autoplay = room.autoplay_in()
        if autoplay is not None:
            delays.append(autoplay)
        handoff = room.host_handoff_in()
        if handoff is not None:
            delays.append(handoff)
        return max(0.0, min(delays)) if delays else None

    def schedule(self, room: Room) -> None:
        """Wake the room's timer (one task per room), starting it when something is due."""
        code = room.code
        task = self._tasks.get(code)
        if task is not None and not task.done():
            self._wakes[code].set()
            return
        if self.next_in(room) is None:
            return
        self._wakes[code] = asyncio.Event()
        self._tasks[code] = asyncio.get_running_loop().create_task(self._timer(code))

    async def _timer(self, code: str) -> None:
        try:
            await self._tick(code)
        except Exception:  # said, not swallowed: the room waits until something wakes it
            log.exception("room %s: its timer failed", code)
        finally:
            if self._tasks.get(code) is asyncio.current_task():
                del self._tasks[code]
                self._wakes.pop(code, None)

    async def _tick(self, code: str) -> None:
        while True:
            room = self.hub.rooms.get(code)
            delay = None if room is None else self.next_in(room)
            if room is None or delay is None:
                log.debug("room %s: timer ends (%s)", code, "no copy" if room is None else "idle")
                return
            wake = self._wakes[code]
            wake.clear()
            version = room.table.version
            try:
                await asyncio.wait_for(wake.wait(), timeout=delay)
                continue  # something changed meanwhile: look again
            except TimeoutError:
                pass
            async with self.hub.gate(code):
                try:
                    room = await self.hub.current(code)
                except RoomError as error:
                    if error.code == "storage_failed":
                        self._again_later(code)  # the store unreachable: look again
                    return
                if room.table.version == version:
                    await self._fire(room, version)
                else:
                    log.debug("room %s: timer at %d found %d", code, version, room.table.version)

    async def _fire(self, room: Room, version: int) -> None:
        """Make the timer's change (`Room.fire`: stored, then published; gate held)."""
        try:
            await room.fire(self.hub, version)
        except StorageError:
            self._again_later(room.code)

    def _again_later(self, code: str) -> None:
        """After a timer's write failed (the store unreachable), look at the room again each
        second while anyone is connected to it: its timer starts again once it loads."""
        loop = asyncio.get_running_loop()
        loop.call_later(1.0, lambda: self._retries.add(loop.create_task(self._again(code))))

    async def _again(self, code: str) -> None:
        try:
            if not self.hub.connected(code):
                return  # nobody there: whoever comes next loads the room and wakes its timer
            async with self.hub.gate(code):
                try:
                    room = await self.hub.current(code)
                except RoomError:
                    self._again_later(code)
                    return
                self.schedule(room)
        finally:
            task = asyncio.current_task()
            if task is not None:
                self._retries.discard(task)

    def running(self, code: str) -> bool:
        """Return whether the room's timer runs (something is due, or soon will be)."""
        task = self._tasks.get(code)
        return task is not None and not task.done()

    def busy(self) -> set[str]:
        """Return the codes of the rooms whose timer runs."""
        return {code for code, task in self._tasks.items() if not task.done()}

    def stop(self, code: str) -> None:
        """Cancel a room's timer."""
        task = self._tasks.get(code)
        if task is not None:
            task.cancel()

    def stop_all(self) -> None:
        """Cancel every room's timer (at shutdown)."""
        for task in self._tasks.values():
            task.cancel()
