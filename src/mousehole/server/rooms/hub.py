"""Every room's memory copy, sockets and writes, and its timer (timers.py; the WebSocket path is
`endpoint.py`).

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
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from starlette.websockets import WebSocketDisconnect

from ...engine import JSON
from ..store import StorageError, Store, Write, Writer
from .codes import is_room_id, new_code
from .room import Room
from .table import Committed, RoomError, Viewer
from .talk import KEPT_LINES, RECENT_LINES, TALK_BURST, TALK_RATE, Line, said
from .timers import Timers
from .wire import Connection, encode
from .wire import send as send_message

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


@dataclass
class Hub:
    """The rooms of this server (a cache in front of the store), their sockets and timers."""

    store: Store | None
    settings: OnlineSettings = field(default_factory=OnlineSettings)
    rooms: OrderedDict[str, Room] = field(default_factory=OrderedDict)
    sockets: dict[str, list[Connection]] = field(default_factory=dict)
    writer: Writer | None = field(init=False)
    timers: Timers = field(init=False)
    """Each room's timer (timers.py)."""
    _gates: weakref.WeakValueDictionary[str, asyncio.Lock] = field(
        default_factory=weakref.WeakValueDictionary
    )
    _unsaved: set[str] = field(default_factory=set)
    """Rooms whose seats changed in memory when they were rebuilt (see `current`)."""
    _on_storage_error: Callable[[str, StorageError], None] | None = None
    """Told of each failed save (`listen_storage_errors`)."""

    def __post_init__(self) -> None:
        self.writer = None if self.store is None else Writer(self.store)
        self.timers = Timers(self, self.settings.computer_delay)

    # --- rooms in memory and in the store -----------------------------------------------

    def get(self, room_id: str) -> Room | None:
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
            room = Room.from_stored(stored, clock=self.settings.clock, grace=self.settings.grace)
        except RoomError as error:
            problem = f"room {room_id!r} is stored but cannot be rebuilt: {error}"
            raise StorageError(problem) from None
        for connection in self.sockets.get(room_id, []):  # a reload keeps who is connected
            if room.connect(connection.viewer):
                self._unsaved.add(room_id)  # an assisted seat back with its player: `current`
        self._keep(room)
        return room

    def find(self, code: str, *, private: bool = True) -> Room:
        """Return the room a client names; raise RoomError saying why there is none:
        `storage_failed` when the room cannot be loaded, `no_room` otherwise (a private room
        too when `private` is False, as for invitations). The entry points count a `no_room`
        against the client's address (endpoint.py, `find_room`).
        """
        try:
            room = self.get(code)
        except StorageError as error:
            raise RoomError("storage_failed", f"room {code!r} cannot be loaded: {error}") from None
        if room is None or (room.private and not private):
            raise RoomError("no_room", f"no room {code!r}")
        return room

    def _keep(self, room: Room) -> None:
        """Keep `room` in memory, dropping the least recently used idle rooms past the limit.

        A dropped room is still stored and is rebuilt when next needed; a room with sockets or
        a running timer stays, so that everyone shares one copy.
        """
        self.rooms[room.code] = room
        excess = len(self.rooms) - self.settings.max_rooms
        if excess <= 0:
            return
        busy = set(self.sockets) | self.timers.busy()
        idle = [code for code in self.rooms if code not in busy and code != room.code]
        for code in idle[:excess]:
            del self.rooms[code]

    def new_code(self) -> str:
        """Return a code that no room has."""
        while True:
            code = new_code()
            if self.get(code) is None:
                return code

    async def _write(self, what: str, write: Write) -> None:
        if self.writer is not None:
            await self.writer.write(what, write)

    async def create(self, room: Room) -> None:
        """Store a new room durably, then keep it; raise StorageError when it cannot be stored."""
        if self.store is not None:
            await self._write(f"create room {room.code!r}", self.store.creating(room.stored()))
        self._keep(room)

    async def save(
        self,
        room: Room,
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
            writes.append(store.appending(room.code, moves, finished=room.table.finished))
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
            if self._on_storage_error is not None:
                self._on_storage_error(room.code, error)
            raise

    def listen_storage_errors(self, listener: Callable[[str, StorageError], None]) -> None:
        """Tell `listener` of each failed save from now on, with the room's code (several
        instances: cluster/node.py hears that another instance took the room over)."""
        self._on_storage_error = listener

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

        Hold it from reading the room until the change is stored and sent (`publish_state`,
        `publish_talk` and `reply_held` expect it held). The lock lives as long as anyone
        holds or waits for it.
        """
        gate = self._gates.get(code)
        if gate is None:
            gate = asyncio.Lock()
            self._gates[code] = gate
        return gate

    async def current(self, code: str) -> Room:
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
                await self.publish_state(room, [])

    def forget(self, code: str, connection: Connection) -> None:
        """Stop counting a socket of a room (`leave` then tells the others)."""
        connections = self.sockets.get(code, [])
        if connection in connections:
            connections.remove(connection)
        if not connections:
            self.sockets.pop(code, None)

    async def reply(self, code: str, connection: Connection, *messages: JSON) -> None:
        """Send one socket some messages, in order with the room's broadcasts (takes the gate)."""
        async with self.gate(code):
            await self.reply_held(connection, *messages)

    @staticmethod
    async def reply_held(connection: Connection, *messages: JSON) -> None:
        """Send one socket some messages (the room's gate held)."""
        for message in messages:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await send_message(connection.websocket, message)

    async def publish_state(self, room: Room, moves: list[Committed]) -> None:
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

    async def publish_talk(self, room: Room, line: Line) -> None:
        """Send every socket of the room a line of talk, the same bytes for everyone (talk is
        public): call it with the gate held, after the line's write settled."""
        text = encode(said(line))
        for connection in list(self.sockets.get(room.code, [])):
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):  # its handler ends
                await connection.websocket.send_text(text)

    def evict(self, code: str) -> None:
        """Drop the room's memory copy and stop its timer: another instance drives it, or
        drove it meanwhile (the next `get` rebuilds it from the store), or nobody needs it."""
        self.rooms.pop(code, None)
        self.stop_timer(code)

    def connected(self, code: str) -> bool:
        """Return whether any socket of this server is in room `code`."""
        return bool(self.sockets.get(code))

    def connections(self, code: str) -> list[Connection]:
        """Return the room's sockets on this server (a copy: closing one changes the list)."""
        return list(self.sockets.get(code, []))

    def schedule(self, room: Room) -> None:
        """Wake the room's timer, starting it when something is due (timers.py)."""
        self.timers.schedule(room)

    def timing(self, code: str) -> bool:
        """Return whether the room's timer runs (something is due, or soon will be)."""
        return self.timers.running(code)

    def stop_timer(self, code: str) -> None:
        """Cancel a room's timer (another instance drives the room now: cluster/node.py)."""
        self.timers.stop(code)

    async def close(self) -> None:
        """Cancel the timers and let the writer finish what is queued (at shutdown)."""
        self.timers.stop_all()
        if self.writer is not None:
            await asyncio.to_thread(self.writer.close)
