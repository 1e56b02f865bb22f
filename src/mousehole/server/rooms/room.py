"""A room as people reach it, and the one authority over it: every change to a room passes
`Room` in one fixed order (check, apply, store, publish), as boardgame.io's `Master` sits
between a game, its storage and its transport.

The room holds its match (`table`, table.py: the match, its seats' kinds and the computer
players), seats held by tokens, a host and presence (presence.py), and decides who may send it
what. A message reaches it with the room's gate held (`Hub.gate`) and is answered by `handle`:
checked and applied here, stored through its keeper (the hub: the store's writes), and only
then published to every socket (the hub's fan-out): persist, then publish (architecture habits 9
and 16). A timer's move (`fire`, timers.py), a new socket (`welcome`) and a seat taken over
HTTP (`seat_player`) end the same way (`commit`). What each viewer is sent is views.py's.

Every match is one of these (one path for play): an **online** room has a code, seats that
people join with their own tokens, a host and spectators (docs/online.md); a **private** room
(a local match, docs/protocol.md) has one owner token that holds every human seat, started at
once, and its computer seats move when the owner's page asks (`advance`), so that their pace
follows the page's animations.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any, Protocol

from ...engine import JSON, RecordViewWalk, new_secret
from ...games import BOTS
from ..store import StorageError, StoredRoom
from .presence import Clock, OnlineSeat, seat_index
from .table import OWNER, Committed, RoomError, Table, Viewer, check_name
from .talk import TALK_TYPES, Line, Talk, TalkError
from .views import RoomViews
from .wire import Connection, refuse

log = logging.getLogger("mousehole.rooms")


@dataclass
class Changed:
    """What a command changed: moves to store and broadcast, and whether the seats changed."""

    moves: list[Committed] = dataclasses.field(default_factory=list)
    seats: bool = False
    said: Line | None = None
    """A line of talk to store, then send to every socket (talk.py)."""
    chat: bool = False
    """The host switched chat on or off (`Room.talk.on`)."""

    def __bool__(self) -> bool:
        """Return whether anything changed (a retried action id changes nothing)."""
        return bool(self.moves) or self.seats or self.said is not None or self.chat


class Keeper(Protocol):
    """What a room needs of its hub (hub.py): its stored copy, the store's writes, the sockets
    and the fan-out to them, and its timer."""

    async def current(self, code: str) -> Room: ...

    async def save(
        self,
        room: Room,
        moves: list[Committed],
        seats: bool,
        *,
        line: Line | None = None,
        chat: bool = False,
    ) -> None: ...

    async def publish_state(self, room: Room, moves: list[Committed]) -> None: ...

    async def publish_talk(self, room: Room, line: Line) -> None: ...

    async def reply_held(self, connection: Connection, *messages: JSON) -> None: ...

    def join(self, code: str, connection: Connection) -> bool: ...

    def forget(self, code: str, connection: Connection) -> None: ...

    def schedule(self, room: Room) -> None: ...


class Room(RoomViews):
    """One room: its match and seats (`table`), who holds the seats, its host and its presence."""

    def __init__(
        self,
        table: Table,
        seats: list[OnlineSeat],
        host: int,
        started: bool,
        *,
        clock: Clock,
        grace: float,
        private: bool = False,
        talk: Talk | None = None,
    ):
        self.table = table
        self.seats = seats
        self.host = host
        self.started = started
        self.clock = clock
        self.grace = grace
        self.private = private
        self.talk = talk or Talk()
        """What was said lately, and the host's chat switch (online rooms only)."""
        self.screen: int | None = None
        """The human seat at a private room's screen (`view_seat`); never stored: after a
        restart the page names it again, behind its hand-over screen."""
        self._walks: dict[int | None, RecordViewWalk] = {}
        """Each viewer's record view so far (`record_view`), kept to extend by the new moves."""

    @classmethod
    def create(
        cls,
        game: str,
        options: Any,
        seats: Any,
        host_name: Any,
        *,
        code: str,
        clock: Clock,
        grace: float,
    ) -> tuple[Room, int, str]:
        """Return a new online room, the host's seat and the host's seat token."""
        if not isinstance(seats, list) or not seats:
            raise RoomError("bad_seats", "seats: expected a list of seats")
        name = check_name(host_name, "host_name")
        room_seats: list[JSON] = []
        for index, entry in enumerate(seats):
            where = f"seats[{index}]"
            if not isinstance(entry, dict) or entry.get("kind") not in ("open", "computer"):
                raise RoomError("bad_seats", f"{where}.kind: expected 'open' or 'computer'")
            level = entry.get("level")
            if entry["kind"] == "computer" and (
                not isinstance(level, str) or level not in BOTS.get(game, {})
            ):
                levels = ", ".join(BOTS.get(game, {}))
                raise RoomError("bad_seats", f"{where}.level: choose {levels}")
            seat_name = check_name(entry.get("name", f"Seat {index + 1}"), f"{where}.name")
            kind = "computer" if entry["kind"] == "computer" else "human"
            room_seats.append({"kind": kind, "name": seat_name, "level": level})
        opened = [i for i, entry in enumerate(seats) if entry["kind"] == "open"]
        if not opened:
            raise RoomError("bad_seats", "seats: the host needs an open seat")
        table, _ = Table.create(game, options, room_seats, room_id=code, secret=new_secret())
        # the owner token is dropped: nobody may drive an online room through /ws/rooms
        states = [OnlineSeat("computer" if s.kind == "computer" else "open") for s in table.seats]
        online = cls(table, states, opened[0], False, clock=clock, grace=grace)
        seat, token = online.join(name, opened[0])
        return online, seat, token

    @classmethod
    def create_private(
        cls,
        game: str,
        options: Any,
        seats: Any,
        *,
        record: Any = None,
        room_id: str,
        clock: Clock,
        grace: float,
    ) -> tuple[Room, str]:
        """Return a new private room (a local match) and its owner token.

        `record` resumes a saved match (a fresh seed decides what has not happened yet).
        """
        table, token = Table.create(game, options, seats, record=record, room_id=room_id)
        return cls.as_private(table, clock=clock, grace=grace), token

    @classmethod
    def as_private(cls, table: Table, *, clock: Clock, grace: float) -> Room:
        """Return a private room of `table`: its owner holds every human seat, and hosts it."""
        states = [
            OnlineSeat("computer")
            if seat.kind == "computer"
            else OnlineSeat("human", table.owner_hash)
            for seat in table.seats
        ]
        humans = [seat.index for seat in table.seats if seat.kind == "human"]
        host = humans[0] if humans else 0
        private = cls(table, states, host, True, clock=clock, grace=grace, private=True)
        if len(humans) == 1:  # one player alone (with computers): always at the screen
            private.screen = humans[0]
        return private

    @classmethod
    def from_stored(cls, stored: StoredRoom, *, clock: Clock, grace: float) -> Room:
        """Return the room rebuilt from storage; every player counts as absent from now."""
        table = Table.from_stored(stored)
        if stored.mode == "local":
            return cls.as_private(table, clock=clock, grace=grace)
        now = clock()
        seats = []
        for entry, seat in zip(stored.seats, table.seats, strict=True):
            state = entry.get("state", "computer" if seat.kind == "computer" else "open")
            held = state in ("human", "assisted")
            bot = held and entry.get("bot") is True
            seats.append(OnlineSeat(state, entry.get("token_hash"), 0, now if held else None, bot))
        talk = Talk(stored.chat, on=stored.chat_on, count=stored.chat_count)
        host = stored.host or 0
        return cls(table, seats, host, stored.started, clock=clock, grace=grace, talk=talk)

    def stored(self) -> StoredRoom:
        """Return the room as the store keeps it (seat states and token hashes included)."""
        if self.private:
            return self.table.stored()  # mode "local": its seats are the room's own
        return dataclasses.replace(
            self.table.stored(),
            seats=self.seats_json(),
            mode="online",
            host=self.host,
            started=self.started,
            chat_on=self.talk.on,
        )

    def seats_json(self) -> list[JSON]:
        """Return the seats as stored: the room's seats plus each state and token hash."""
        return [
            seat.to_json()
            | {"state": online.state, "token_hash": online.token_hash}
            | ({"bot": True} if online.bot else {})
            for seat, online in zip(self.table.seats, self.seats, strict=True)
        ]

    # --- seats and presence -------------------------------------------------------------

    def viewer_of(self, hello: JSON) -> Viewer:
        """Return who a socket's hello speaks for; raise RoomError("bad_token") when nobody.

        A private room takes only its owner token; an online room a seat token, or
        `"spectate": true` (None: a spectator).
        """
        if hello.get("type") == "hello":
            if self.private:
                if self.table.owns(hello.get("token")):
                    return OWNER
            elif hello.get("spectate") is True:
                return None
            else:
                seat = self.seat_of(hello.get("token"))
                if seat is not None:
                    return seat
        what = "this room's token" if self.private else "a seat token, or spectate"
        raise RoomError("bad_token", f"say hello with {what}")

    # --- commands -----------------------------------------------------------------------

    def command(self, viewer: Viewer, message: JSON) -> Changed | None:
        """Apply one message of `viewer` (None: a spectator); None asks for a plain resync."""
        kind = message.get("type")
        if kind == "sync":
            return None
        if kind in TALK_TYPES:
            return self._talk(viewer, kind, message)
        if kind not in ("act", "advance", "start", "replace", "reopen", "hand_host", "screen"):
            raise RoomError("bad_message", f"type: unknown message type {kind!r}")
        if viewer is None:
            raise RoomError("spectator", "spectators watch: they cannot send commands")
        if kind == "screen":
            self._set_screen(viewer, message.get("seat"))
            return None  # answered with the snapshot of the seat now at the screen
        if kind == "act":
            if viewer == OWNER:  # the owner plays every human seat: the message names which
                action = message.get("action")
                moves = self.table.act(
                    message.get("seat"), action, message.get("version"), message.get("id")
                )
                return Changed(moves=moves)
            return Changed(moves=self._act(int(viewer), message))
        if kind == "advance":
            self._check_started()
            return Changed(moves=self.table.advance(message.get("version")))
        if self.private:
            raise RoomError("private_room", f"a local match has no host commands ({kind})")
        if viewer != self.host:
            raise RoomError("not_host", f"only the host (seat {self.host}) can {kind}")
        if kind == "start":
            return self._start()
        seat = seat_index(self.table, message.get("seat"))
        if kind == "replace":
            self.replace(seat, message.get("level"))
        elif kind == "reopen":
            self.reopen(seat)
        else:
            self.hand_host(seat)
        return Changed(seats=True)

    def _set_screen(self, viewer: Viewer, seat: Any) -> None:
        if viewer != OWNER:
            raise RoomError("not_private", "screen: only a same-device match names its screen")
        index = seat_index(self.table, seat)
        if self.table.seats[index].kind != "human":
            raise RoomError("bad_seat", f"seat {index} is played by the computer, not at a screen")
        self.screen = index

    def _talk(self, viewer: Viewer, kind: str, message: JSON) -> Changed | None:
        """A reaction, a chat line or the host's chat switch (talk.py); None when the switch
        was already where the host put it."""
        if self.private:
            raise TalkError("private_room", f"a local match has no reactions or chat ({kind})")
        if viewer is None:
            raise TalkError("spectator", "spectators watch: they can neither react nor chat")
        seat = int(viewer)
        if kind != "chat_mode":
            return Changed(said=self.talk.say(seat, self.table.seats[seat].name, kind, message))
        if seat != self.host:
            raise TalkError("not_host", f"only the host (seat {self.host}) can switch chat")
        return Changed(chat=True) if self.talk.switch(message.get("on")) else None

    def _act(self, viewer: int, message: JSON) -> list[Committed]:
        seat = message.get("seat", viewer)
        if seat != viewer:
            raise RoomError("not_your_seat", f"your seat is {viewer}, not {seat!r}")
        self._check_started()
        return self.table.act(
            viewer, message.get("action"), message.get("version"), message.get("id")
        )

    def _check_started(self) -> None:
        if not self.started:
            raise RoomError("not_started", "the host has not started the match yet")

    def _start(self) -> Changed:
        if self.started:
            raise RoomError("already_started", "the match has started already")
        empty = [i for i, s in enumerate(self.seats) if s.state == "open"]
        if empty:
            raise RoomError("seats_open", f"seats {empty} are open: fill them or give them away")
        self.started = True
        return Changed(seats=True)

    def computer_due(self) -> bool:
        """Return True when the server should move next: a computer (or assisted) seat of a
        started online room is to act (a private room's page sends `advance` itself)."""
        if self.private:
            return False
        actor = self.table.match.state.current_player()
        return self.started and actor >= 0 and self.table.seats[actor].kind == "computer"

    # --- the one order: check, apply, store, then publish --------------------------------

    async def handle(
        self, keeper: Keeper, connection: Connection, received: JSON | RoomError
    ) -> bool:
        """Answer one message of a socket, the room's gate held: check and apply it, store
        what changed, then publish it; a refusal is answered with the room as stored.

        Return False after closing the socket (the room no longer loads after a failed write).
        """
        viewer = connection.viewer
        host_passed = False
        try:
            if isinstance(received, RoomError):
                raise received
            host_passed = self.pass_host_if_absent()
            if received.get("type") == "advance" and viewer is not None and self.started:
                await self.table.think()  # the computer's choice off the event loop
            changed = self.command(viewer, received)
        except RoomError as error:
            if host_passed:  # the refused command still found the host gone: that is stored
                try:
                    await self.commit(keeper, Changed(seats=True))
                except StorageError as failure:
                    return await recover(keeper, self.code, connection, failure, error)
            await keeper.reply_held(connection, error.to_json(), self.snapshot(viewer))
            return True
        if host_passed:
            changed = dataclasses.replace(changed or Changed(), seats=True)
        if changed is None:  # a sync, or a screen named: the snapshot as stored
            await keeper.reply_held(connection, self.snapshot(viewer))
            return True
        if not changed:  # a retried action id: its moves are stored already
            ack = {"type": "update", "moves": [], "snapshot": self.snapshot(viewer, record=False)}
            await keeper.reply_held(connection, ack)
            return True
        try:
            await self.commit(keeper, changed)
        except StorageError as failure:
            return await recover(keeper, self.code, connection, failure)
        return True

    async def commit(self, keeper: Keeper, changed: Changed) -> None:
        """Store what changed, then publish it to every socket (a line of talk, then the
        state) and wake the room's timer; the next computer seat starts thinking while the
        pages animate. Raise StorageError when the write fails: nothing was published, and
        the keeper dropped this memory copy (`recover`)."""
        moves = changed.moves
        await keeper.save(self, moves, changed.seats, line=changed.said, chat=changed.chat)
        if changed.said is not None:
            await keeper.publish_talk(self, changed.said)
        if moves or changed.seats or changed.chat:
            await keeper.publish_state(self, moves)
        if moves and self.started:
            self.table.think_ahead()
        keeper.schedule(self)

    async def welcome(self, keeper: Keeper, connection: Connection) -> bool:
        """Count a new socket (its viewer from its hello, `viewer_of`) and send it what it may
        see, the gate held: an assisted seat its player takes back is stored first. Return
        False after refusing the socket (that seat could not be stored)."""
        if keeper.join(self.code, connection):
            try:
                await keeper.save(self, [], seats=True)
            except StorageError as error:
                message = f"the seat could not be stored: {error}"
                await refuse(connection.websocket, "storage_failed", message)
                keeper.forget(self.code, connection)
                return False
        if self.private:  # one owner: presence tells nobody anything
            await keeper.reply_held(connection, self.snapshot(connection.viewer))
        else:  # everyone sees the new presence; this socket its snapshot
            await keeper.publish_state(self, [])
        keeper.schedule(self)
        return True

    async def seat_player(
        self, keeper: Keeper, name: Any, seat: Any = None, bot: Any = False
    ) -> tuple[int, str]:
        """Give a player who joins over HTTP an open seat (`join`), stored before anyone sees
        it taken; return the seat and its token. Raise RoomError, or StorageError when the
        seat could not be stored."""
        index, token = self.join(name, seat, bot)
        await self.commit(keeper, Changed(seats=True))
        return index, token

    async def fire(self, keeper: Keeper, version: int) -> None:
        """Make the room's timed change (timers.py) as of `version`, the gate held: the host
        rights of an absent host passed on, then a computer seat's move or an absent
        player's turn played for them. Raise StorageError when it cannot be stored."""
        seats = self.pass_host_if_absent()
        moves: list[Committed] = []
        try:
            if self.computer_due():
                await self.table.think()  # off the event loop (a search may take a second)
                moves = self.table.advance(version)
            else:
                seat = self.autoplay_seat()
                if seat is not None:
                    moves = self.table.play_for(seat, version)
        except RoomError as error:
            log.debug("room %s: timer at %d refused: %s", self.code, version, error)
        log.debug("room %s: timer at %d: %d moves, seats %s", self.code, version, len(moves), seats)
        await self.commit(keeper, Changed(moves=moves, seats=seats))


async def recover(
    keeper: Keeper,
    code: str,
    connection: Connection,
    failure: StorageError,
    refusal: RoomError | None = None,
) -> bool:
    """Answer a failed write with the room as stored; False after closing when none loads.

    The change that could not be stored was never sent to anyone (the gate is held), and the
    memory copy that held it is gone: the room carries on from what is stored, as if it never
    was. `refusal` is the command's own refusal, when the failed write was a host hand-off.
    """
    message = f"not saved: {failure}"
    try:
        room = await keeper.current(code)
    except RoomError:
        await refuse(connection.websocket, "storage_failed", message)
        return False
    if refusal is not None:
        await keeper.reply_held(connection, refusal.to_json())
    failed = {"type": "error", "code": "storage_failed", "message": message}
    await keeper.reply_held(connection, failed, room.snapshot(connection.viewer))
    return True
