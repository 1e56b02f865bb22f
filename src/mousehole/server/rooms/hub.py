"""Every room's memory copy, sockets, writes and timers (the WebSocket path is `play.py`).

Persist, then publish (architecture habits 9 and 16): each room has one **gate**, an asyncio
lock held from the moment a command reads or changes the room until its change is durably
stored (the writer thread's group commit, `store/writer.py`) and sent to every socket.
Everything that shows the room to anyone (a `sync` answer, a hello's snapshot, presence, an ack,
the invitation page's summary, a timer's move) passes the same gate, so nobody can see a move, a
seat change or a reveal that is still waiting for its commit. When a commit fails, the memory
copy that ran ahead is dropped before the gate opens: the room is rebuilt from what is stored,
and nobody was shown what was lost. Rooms never wait on each other: the writer still stores
the changes of many rooms in one transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from starlette.websockets import WebSocket, WebSocketDisconnect

from ...engine import JSON
from ..store import StorageError, Store, Write, Writer
from .limits import Attempts, PerAddress, address, client_host, guessing_key
from .online import OnlineRoom, is_room_id, new_code
from .room import Committed, RoomError, Viewer
from .talk import KEPT_LINES, RECENT_LINES, TALK_BURST, TALK_RATE, Line, said
from .wire import encode
from .wire import send as send_message

__all__ = ["Connection", "Hub", "OnlineSettings", "address", "client_host", "guessing_key"]

log = logging.getLogger("mousehole.rooms")

MAX_ROOMS = 10_000
"""Rooms kept in memory; idle ones past this are dropped (the store keeps them)."""


@dataclass(frozen=True)
class OnlineSettings:
    """The timings and limits of rooms (tests shorten them; docs/online.md lists them)."""

    grace: float = 60.0
    """Seconds a player may be away before the host may replace them (or loses host rights)."""
    computer_delay: float = 0.6
    """Seconds before a computer seat of an online room moves, so that people can follow."""
    rate: float = 20.0
    burst: int = 40
    private_rate: float = 100.0
    private_burst: int = 200
    """A local match's page may send faster (fast-forward), still within a limit."""
    strikes: int = 3
    """Messages over the rate a connection may send before it is closed (1008)."""
    talk_rate: float = TALK_RATE
    talk_burst: int = TALK_BURST
    """Reactions and chat lines per connection (talk.py): over this they are refused with
    `rate_limited`, which is no strike against the limit above."""
    attempts: int = 10
    attempts_window: float = 60.0
    """Unknown room codes an address may try per window before it gets 429."""
    rooms_per_address: int = 30
    rooms_window: float = 600.0
    """Rooms (local matches and online rooms) one address may create at once, and again over
    each window after (429 too_many_rooms); loopback clients are not counted."""
    replays_per_address: int = 60
    replays_window: float = 60.0
    """Replays (of a finished room or a record file) one address may ask for at once, and
    again over each window after (429 too_many_replays): replaying a record of thousands of
    moves costs the server a fraction of a second; loopback clients are not counted."""
    max_rooms: int = MAX_ROOMS
    keep_finished_days: float = 30.0
    """Days a finished match stays stored after its last move (its record can be replayed
    and verified meanwhile)."""
    keep_idle_days: float = 90.0
    """Days any room, finished or not, stays stored after its last change."""
    prune_every: float = 3600.0
    """Seconds between two prunings of expired rooms (the first runs at startup)."""
    clock: Callable[[], float] = time.monotonic


@dataclass(eq=False)
class Connection:
    """One open socket of a room and who it speaks for."""

    websocket: WebSocket
    viewer: Viewer


@dataclass
class Hub:
    """The rooms of this server (a cache in front of the store), their sockets and timers."""

    store: Store | None
    settings: OnlineSettings = field(default_factory=OnlineSettings)
    rooms: OrderedDict[str, OnlineRoom] = field(default_factory=OrderedDict)
    sockets: dict[str, list[Connection]] = field(default_factory=dict)
    attempts: Attempts = field(init=False)
    creations: PerAddress = field(init=False)
    replays: PerAddress = field(init=False)
    writer: Writer | None = field(init=False)
    _gates: weakref.WeakValueDictionary[str, asyncio.Lock] = field(
        default_factory=weakref.WeakValueDictionary
    )
    _timers: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    _unsaved: set[str] = field(default_factory=set)
    """Rooms whose seats changed in memory when they were rebuilt (see `current`)."""
    _wakes: dict[str, asyncio.Event] = field(default_factory=dict)
    _retries: set[asyncio.Task[None]] = field(default_factory=set)
    on_storage_error: Callable[[str, StorageError], None] | None = None
    """Told of each failed save, with the room's code (several instances: cluster/node.py
    hears that another instance took the room over)."""

    def __post_init__(self) -> None:
        s = self.settings
        self.attempts = Attempts(s.attempts, s.attempts_window, s.clock)
        rate = s.rooms_per_address / s.rooms_window
        self.creations = PerAddress(rate, s.rooms_per_address, s.clock)
        replays = s.replays_per_address / s.replays_window
        self.replays = PerAddress(replays, s.replays_per_address, s.clock)
        self.writer = None if self.store is None else Writer(self.store)

    # --- rooms in memory and in the store -----------------------------------------------

    def get(self, room_id: str) -> OnlineRoom | None:
        """Return the room, loading it from the store; None when there is none.

        Raise StorageError when the store cannot be read or its copy no longer replays.
        """
        room = self.rooms.get(room_id)
        if room is not None:
            self.rooms.move_to_end(room_id)
            return room
        if self.store is None or not is_room_id(room_id):
            return None
        stored = self.store.load(room_id, lines=RECENT_LINES)
        if stored is None:
            return None
        try:
            room = OnlineRoom.from_stored(
                stored, clock=self.settings.clock, grace=self.settings.grace
            )
        except RoomError as error:
            problem = f"room {room_id!r} is stored but cannot be rebuilt: {error}"
            raise StorageError(problem) from None
        for connection in self.sockets.get(room_id, []):  # a reload keeps who is connected
            if room.connect(connection.viewer):
                self._unsaved.add(room_id)  # an assisted seat back with its player: `current`
        self._keep(room)
        return room

    def find(self, code: str, client: str, *, private: bool = True) -> OnlineRoom:
        """Return the room a client names; raise RoomError saying why there is none.

        `too_many_attempts` when the client's address guessed too many unknown codes,
        `storage_failed` when the room cannot be loaded, `no_room` otherwise (which counts
        as a guess; so does a private room when `private` is False, as for invitations).
        """
        wait = self.attempts.wait(client)
        if wait:
            message = f"too many unknown room codes from this address: wait {wait} s"
            raise RoomError("too_many_attempts", message)
        try:
            room = self.get(code)
        except StorageError as error:
            raise RoomError("storage_failed", f"room {code!r} cannot be loaded: {error}") from None
        if room is None or (room.private and not private):
            self.attempts.fail(client)
            raise RoomError("no_room", f"no room {code!r}")
        return room

    def _keep(self, room: OnlineRoom) -> None:
        """Keep `room` in memory, dropping the least recently used idle rooms past the limit.

        A dropped room is still stored and is rebuilt when next needed; a room with sockets or
        a running timer stays, so that everyone shares one copy.
        """
        self.rooms[room.code] = room
        excess = len(self.rooms) - self.settings.max_rooms
        if excess <= 0:
            return
        busy = set(self.sockets) | {code for code, t in self._timers.items() if not t.done()}
        idle = [code for code in self.rooms if code not in busy and code != room.code]
        for code in idle[:excess]:
            del self.rooms[code]

    def may_create(self, host: str) -> int:
        """Return 0 when the client at `host` (its IP address) may create a room now, counting
        it, else the whole seconds it must wait (counted per guessing key: its IPv4 address
        or IPv6 /64). Loopback clients are not counted: they are this machine (the tests, the
        benchmark, a reverse proxy that does not pass the client's address on).
        """
        return self._take(self.creations, host)

    def may_replay(self, host: str) -> int:
        """Return 0 when the client at `host` may ask for a replay now, counting it, else the
        whole seconds it must wait (as `may_create`, with the replays' own bucket)."""
        return self._take(self.replays, host)

    @staticmethod
    def _take(bucket: PerAddress, host: str) -> int:
        with contextlib.suppress(ValueError):
            if ipaddress.ip_address(host).is_loopback:
                return 0
        return bucket.take(guessing_key(host))

    def new_code(self) -> str:
        """Return a code that no room has."""
        while True:
            code = new_code()
            if self.get(code) is None:
                return code

    async def _write(self, what: str, write: Write) -> None:
        if self.writer is not None:
            await self.writer.write(what, write)

    async def create(self, room: OnlineRoom) -> None:
        """Store a new room durably, then keep it; raise StorageError when it cannot be stored."""
        if self.store is not None:
            await self._write(f"create room {room.code!r}", self.store.creating(room.stored()))
        self._keep(room)

    async def save(
        self,
        room: OnlineRoom,
        moves: list[Committed],
        seats: bool,
        *,
        line: Line | None = None,
        chat: bool = False,
    ) -> None:
        """Store what a command changed, durably; on failure drop the memory copy and raise.

        The memory copy is ahead of the store then: dropping it makes the next `get` rebuild
        the room from what is stored, as if the unsaved change never happened. `line` is a
        line of talk, `chat` the host's chat switch (talk.py).
        """
        store = self.store
        if store is None or (not moves and not seats and line is None and not chat):
            return
        writes: list[Write] = []
        if moves:
            writes.append(store.appending(room.code, moves, finished=room.room.finished))
        if seats and not room.private:
            writes.append(
                store.seating(room.code, room.seats_json(), host=room.host, started=room.started)
            )
        if line is not None:
            writes.append(store.saying(room.code, line, keep=KEPT_LINES))
        if chat:
            writes.append(store.switching_chat(room.code, room.talk.on))

        write = store.together(writes)  # alone, an append is stored with its neighbours
        try:
            await self._write(f"save room {room.code!r}", write)
        except StorageError as error:
            if self.rooms.get(room.code) is room:
                del self.rooms[room.code]
            if self.on_storage_error is not None:
                self.on_storage_error(room.code, error)
            raise

    async def prune(self, now: datetime | None = None) -> list[str]:
        """Delete the expired rooms from the store (docs/storage.md) and from memory; return
        their ids. Rooms with an open socket are kept whatever their age."""
        store = self.store
        if store is None:
            return []
        now = now or datetime.now(UTC)
        cutoff = {
            "finished_before": (now - timedelta(days=self.settings.keep_finished_days)),
            "idle_before": (now - timedelta(days=self.settings.keep_idle_days)),
        }
        times = {key: when.isoformat(timespec="milliseconds") for key, when in cutoff.items()}
        pruned: list[str] = []
        write = store.pruning(**times, keep=list(self.sockets), pruned=pruned)
        await self._write("prune expired rooms", write)
        for code in pruned:
            self.rooms.pop(code, None)
        return pruned

    async def prune_forever(self) -> None:
        """Prune expired rooms now and then every `prune_every` seconds (a lifespan task)."""
        while True:
            with contextlib.suppress(StorageError):
                await self.prune()
            await asyncio.sleep(self.settings.prune_every)

    # --- sockets ------------------------------------------------------------------------

    def gate(self, code: str) -> asyncio.Lock:
        """Return the room's gate: whoever holds it sees and changes only stored state.

        Hold it from reading the room until the change is stored and sent (`publish` and
        `send_now` expect it held). The lock lives as long as anyone holds or waits for it.
        """
        gate = self._gates.get(code)
        if gate is None:
            gate = asyncio.Lock()
            self._gates[code] = gate
        return gate

    async def current(self, code: str) -> OnlineRoom:
        """Return the room as it is stored (call with its gate held); raise RoomError
        (`no_room`, `storage_failed`) when it is gone or no longer loads.

        A command whose commit failed dropped the copy it ran ahead in, so this may be a
        copy rebuilt from the store; a seat that the rebuild gave back to its connected
        player is stored before the room is shown to anyone.
        """
        try:
            room = self.get(code)
        except StorageError as error:
            raise RoomError("storage_failed", f"room {code!r} cannot be loaded: {error}") from None
        if room is None:
            raise RoomError("no_room", f"no room {code!r}")
        if code in self._unsaved:
            try:
                await self.save(room, [], seats=True)
            except StorageError as error:
                raise RoomError("storage_failed", f"room {code!r}: {error}") from None
            self._unsaved.discard(code)
        return room

    def join(self, code: str, connection: Connection) -> bool:
        """Count a new socket of a room; return True when it took an assisted seat back."""
        self.sockets.setdefault(code, []).append(connection)
        room = self.rooms.get(code)
        return room is not None and room.connect(connection.viewer)

    async def leave(self, code: str, connection: Connection) -> None:
        """Forget a closed socket; tell the others that its seat is now absent."""
        self.forget(code, connection)
        # shielded: a handler cancelled as its socket goes still tells the others
        await asyncio.shield(self._left(code, connection))

    async def _left(self, code: str, connection: Connection) -> None:
        async with self.gate(code):
            room = self.rooms.get(code)
            if room is None:
                return
            room.disconnect(connection.viewer)
            if not room.private:
                self.schedule(room)
                await self.publish(room, [])

    def forget(self, code: str, connection: Connection) -> None:
        """Stop counting a socket of a room (`leave` then tells the others)."""
        connections = self.sockets.get(code, [])
        if connection in connections:
            connections.remove(connection)
        if not connections:
            self.sockets.pop(code, None)

    async def send(self, code: str, connection: Connection, *messages: JSON) -> None:
        """Send one socket some messages, in order with the room's broadcasts (takes the gate)."""
        async with self.gate(code):
            await self.send_now(connection, *messages)

    @staticmethod
    async def send_now(connection: Connection, *messages: JSON) -> None:
        """Send one socket some messages (the room's gate held)."""
        for message in messages:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await send_message(connection.websocket, message)

    async def publish(self, room: OnlineRoom, moves: list[Committed]) -> None:
        """Send every socket of the room its stored state (and `moves`, just stored) as its
        own viewer sees it: call it with the gate held, after the change's write settled."""
        connections = list(self.sockets.get(room.code, []))
        shared = room.shared_view()
        rendered: dict[Viewer, str] = {}
        for connection in connections:
            viewer = connection.viewer
            if viewer not in rendered:
                message = (
                    room.update(moves, viewer, shared=shared)
                    if moves
                    else room.snapshot(viewer, shared=shared)
                )
                rendered[viewer] = encode(message)
        for connection in connections:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):  # its handler ends
                await connection.websocket.send_text(rendered[connection.viewer])

    async def tell(self, room: OnlineRoom, line: Line) -> None:
        """Send every socket of the room a line of talk, the same bytes for everyone (talk is
        public): call it with the gate held, after the line's write settled."""
        text = encode(said(line))
        for connection in list(self.sockets.get(room.code, [])):
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):  # its handler ends
                await connection.websocket.send_text(text)

    # --- timers: computer moves, absent players' turns, host hand-off -------------------

    def _next(self, room: OnlineRoom) -> float | None:
        """Return in how many seconds the room's timer has something to do, or None."""
        delays = []
        if room.computer_due():
            delays.append(self.settings.computer_delay)
        autoplay = room.autoplay_in()
        if autoplay is not None:
            delays.append(autoplay)
        handoff = room.host_handoff_in()
        if handoff is not None:
            delays.append(handoff)
        return max(0.0, min(delays)) if delays else None

    def schedule(self, room: OnlineRoom) -> None:
        """Wake the room's timer (one task per room), starting it when something is due."""
        code = room.code
        task = self._timers.get(code)
        if task is not None and not task.done():
            self._wakes[code].set()
            return
        if self._next(room) is None:
            return
        self._wakes[code] = asyncio.Event()
        self._timers[code] = asyncio.get_running_loop().create_task(self._timer(code))

    async def _timer(self, code: str) -> None:
        try:
            await self._tick(code)
        except Exception:  # said, not swallowed: the room waits until something wakes it
            log.exception("room %s: its timer failed", code)
        finally:
            if self._timers.get(code) is asyncio.current_task():
                del self._timers[code]
                self._wakes.pop(code, None)

    async def _tick(self, code: str) -> None:
        while True:
            room = self.rooms.get(code)
            delay = None if room is None else self._next(room)
            if room is None or delay is None:
                return
            wake = self._wakes[code]
            wake.clear()
            version = room.room.version
            try:
                await asyncio.wait_for(wake.wait(), timeout=delay)
                continue  # something changed meanwhile: look again
            except TimeoutError:
                pass
            async with self.gate(code):
                try:
                    room = await self.current(code)
                except RoomError as error:
                    if error.code == "storage_failed":
                        self._again_later(code)  # the store unreachable: look again
                    return
                if room.room.version == version:
                    await self._fire(room, version)

    async def _fire(self, room: OnlineRoom, version: int) -> None:
        """Make the timer's move or seat change, store it, then publish it (gate held)."""
        seats = room.pass_host_if_absent()
        moves: list[Committed] = []
        try:
            if room.computer_due():
                await room.room.think()  # off the event loop (a search may take a second)
                moves = room.room.advance(version)
            else:
                seat = room.autoplay_seat()
                if seat is not None:
                    moves = room.room.play_for(seat, version)
        except RoomError:
            moves = []
        try:
            await self.save(room, moves, seats)
        except StorageError:
            self._again_later(room.code)
            return
        if moves or seats:
            await self.publish(room, moves)
        if moves:
            room.room.think_ahead()  # the next computer seat decides during the delay

    def _again_later(self, code: str) -> None:
        """After a timer's write failed (the store unreachable), look at the room again each
        second while anyone is connected to it: its timer starts again once it loads."""
        loop = asyncio.get_running_loop()
        loop.call_later(1.0, lambda: self._retries.add(loop.create_task(self._again(code))))

    async def _again(self, code: str) -> None:
        try:
            if code not in self.sockets:
                return  # nobody there: whoever comes next loads the room and wakes its timer
            async with self.gate(code):
                try:
                    room = await self.current(code)
                except RoomError:
                    self._again_later(code)
                    return
                self.schedule(room)
        finally:
            task = asyncio.current_task()
            if task is not None:
                self._retries.discard(task)

    def timing(self, code: str) -> bool:
        """Return whether the room's timer runs (something is due, or soon will be)."""
        task = self._timers.get(code)
        return task is not None and not task.done()

    def stop_timer(self, code: str) -> None:
        """Cancel a room's timer (another instance drives the room now: cluster/node.py)."""
        task = self._timers.get(code)
        if task is not None:
            task.cancel()

    async def close(self) -> None:
        """Cancel the timers and let the writer finish what is queued (at shutdown)."""
        for task in self._timers.values():
            task.cancel()
        if self.writer is not None:
            await asyncio.to_thread(self.writer.close)
