"""A room as people reach it: a `Room` with seats held by tokens, a host and presence.

The `Room` stays the one authority over the match (architecture habit 9); this class decides
who may send it what: which seat a token holds, whether the host has started, which seats the
computer plays. It does no I/O: `hub.py` carries its messages and stores its changes.

Every match is one of these (one path for play): an **online** room has a code, seats that
people join with their own tokens, a host and spectators (docs/online.md); a **private** room
(a local match, docs/protocol.md) has one owner token that holds every human seat, started at
once, and its computer seats move when the owner's page asks (`advance`), so that their pace
follows the page's animations.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from ...engine import JSON, RecordViewWalk, new_secret
from ...games import BOTS, manifest
from ..store import StoredRoom
from .codes import join_link
from .presence import Clock, OnlineSeat, Presence, seat_index
from .room import OWNER, Committed, Room, RoomError, Viewer, check_name, hash_token, new_token
from .talk import TALK_TYPES, Line, Talk, TalkError


@dataclass
class Changed:
    """What a command changed: moves to store and broadcast, and whether the seats changed."""

    moves: list[Committed] = dataclasses.field(default_factory=list)
    seats: bool = False
    said: Line | None = None
    """A line of talk to store, then send to every socket (talk.py)."""
    chat: bool = False
    """The host switched chat on or off (`OnlineRoom.talk.on`)."""


class OnlineRoom(Presence):
    """One online room: its match (`room`), its seats' states, its host and its presence."""

    def __init__(
        self,
        room: Room,
        seats: list[OnlineSeat],
        host: int,
        started: bool,
        *,
        clock: Clock,
        grace: float,
        private: bool = False,
        talk: Talk | None = None,
    ):
        self.room = room
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

    @property
    def pace(self) -> Literal["client", "server"]:
        """Who paces the computer seats: the owner's page (private) or the server (online)."""
        return "client" if self.private else "server"

    @property
    def code(self) -> str:
        """Return the room code (also its id in the store)."""
        return self.room.room_id

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
    ) -> tuple[OnlineRoom, int, str]:
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
        room, _ = Room.create(game, options, room_seats, room_id=code, secret=new_secret())
        # the owner token is dropped: nobody may drive an online room through /ws/rooms
        states = [OnlineSeat("computer" if s.kind == "computer" else "open") for s in room.seats]
        online = cls(room, states, opened[0], False, clock=clock, grace=grace)
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
    ) -> tuple[OnlineRoom, str]:
        """Return a new private room (a local match) and its owner token.

        `record` resumes a saved match (a fresh seed decides what has not happened yet).
        """
        room, token = Room.create(game, options, seats, record=record, room_id=room_id)
        return cls.as_private(room, clock=clock, grace=grace), token

    @classmethod
    def as_private(cls, room: Room, *, clock: Clock, grace: float) -> OnlineRoom:
        """Return `room` as a private room: its owner holds every human seat, and hosts it."""
        states = [
            OnlineSeat("computer")
            if seat.kind == "computer"
            else OnlineSeat("human", room.owner_hash)
            for seat in room.seats
        ]
        humans = [seat.index for seat in room.seats if seat.kind == "human"]
        host = humans[0] if humans else 0
        private = cls(room, states, host, True, clock=clock, grace=grace, private=True)
        if len(humans) == 1:  # one player alone (with computers): always at the screen
            private.screen = humans[0]
        return private

    @classmethod
    def from_stored(cls, stored: StoredRoom, *, clock: Clock, grace: float) -> OnlineRoom:
        """Return the room rebuilt from storage; every player counts as absent from now."""
        room = Room.from_stored(stored)
        if stored.mode == "local":
            return cls.as_private(room, clock=clock, grace=grace)
        now = clock()
        seats = []
        for entry, seat in zip(stored.seats, room.seats, strict=True):
            state = entry.get("state", "computer" if seat.kind == "computer" else "open")
            held = state in ("human", "assisted")
            bot = held and entry.get("bot") is True
            seats.append(OnlineSeat(state, entry.get("token_hash"), 0, now if held else None, bot))
        talk = Talk(stored.chat, on=stored.chat_on, count=stored.chat_count)
        host = stored.host or 0
        return cls(room, seats, host, stored.started, clock=clock, grace=grace, talk=talk)

    def stored(self) -> StoredRoom:
        """Return the room as the store keeps it (seat states and token hashes included)."""
        if self.private:
            return self.room.stored()  # mode "local": its seats are the room's own
        return dataclasses.replace(
            self.room.stored(),
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
            for seat, online in zip(self.room.seats, self.seats, strict=True)
        ]

    # --- seats and presence -------------------------------------------------------------

    def join(self, name: Any, seat: Any = None, bot: Any = False) -> tuple[int, str]:
        """Give `name` an open seat (the first one when `seat` is None); return it and its token.

        `bot` true: the player is a program, and the seat is shown marked as a bot."""
        name = check_name(name, "name")
        if not isinstance(bot, bool):
            raise RoomError("bad_request", f"bot: expected true or false, got {bot!r}")
        if seat is None:
            free = [i for i, s in enumerate(self.seats) if s.state == "open"]
            if not free:
                raise RoomError("room_full", f"room {self.code}: every seat is taken")
            seat = free[0]
        index = seat_index(self.room, seat)
        if self.seats[index].state != "open":
            raise RoomError("seat_taken", f"seat {index} is not open")
        token = new_token()
        self.seats[index] = OnlineSeat("human", hash_token(token), 0, self.clock(), bot)
        self.room.set_seat(index, "human", name)
        return index, token

    def viewer_of(self, hello: JSON) -> Viewer:
        """Return who a socket's hello speaks for; raise RoomError("bad_token") when nobody.

        A private room takes only its owner token; an online room a seat token, or
        `"spectate": true` (None: a spectator).
        """
        if hello.get("type") == "hello":
            if self.private:
                if self.room.owns(hello.get("token")):
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
                moves = self.room.act(
                    message.get("seat"), action, message.get("version"), message.get("id")
                )
                return Changed(moves=moves)
            return Changed(moves=self._act(int(viewer), message))
        if kind == "advance":
            self._check_started()
            return Changed(moves=self.room.advance(message.get("version")))
        if self.private:
            raise RoomError("private_room", f"a local match has no host commands ({kind})")
        if viewer != self.host:
            raise RoomError("not_host", f"only the host (seat {self.host}) can {kind}")
        if kind == "start":
            return self._start()
        seat = seat_index(self.room, message.get("seat"))
        if kind == "replace":
            return self._replace(seat, message.get("level"))
        if kind == "reopen":
            return self._reopen(seat)
        return self._hand_host(seat)

    def _set_screen(self, viewer: Viewer, seat: Any) -> None:
        if viewer != OWNER:
            raise RoomError("not_private", "screen: only a same-device match names its screen")
        index = seat_index(self.room, seat)
        if self.room.seats[index].kind != "human":
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
            return Changed(said=self.talk.say(seat, self.room.seats[seat].name, kind, message))
        if seat != self.host:
            raise TalkError("not_host", f"only the host (seat {self.host}) can switch chat")
        return Changed(chat=True) if self.talk.switch(message.get("on")) else None

    def _act(self, viewer: int, message: JSON) -> list[Committed]:
        seat = message.get("seat", viewer)
        if seat != viewer:
            raise RoomError("not_your_seat", f"your seat is {viewer}, not {seat!r}")
        self._check_started()
        return self.room.act(
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

    def _replace(self, seat: int, level: Any) -> Changed:
        levels = BOTS[self.room.game.name]
        if not isinstance(level, str) or level not in levels:
            raise RoomError("bad_level", f"level: choose {', '.join(levels)}")
        if self.seats[seat].state != "human":
            raise RoomError("bad_seat", f"seat {seat} is not a player's seat")
        if not self.long_absent(seat):
            raise RoomError("not_absent", f"seat {seat} has not been away for {self.grace:g} s")
        self.seats[seat].state = "assisted"  # the token stays valid: its player may come back
        self.room.set_seat(seat, "computer", self.room.seats[seat].name, level)
        return Changed(seats=True)

    def _reopen(self, seat: int) -> Changed:
        online = self.seats[seat]
        if seat == self.host or online.state not in ("human", "assisted"):
            raise RoomError("bad_seat", f"seat {seat} is not another player's seat")
        if online.state == "human" and not self.long_absent(seat):
            raise RoomError("not_absent", f"seat {seat} has not been away for {self.grace:g} s")
        self.seats[seat] = OnlineSeat("open")  # the old token hash is gone: it no longer works
        self.room.set_seat(seat, "human", f"Seat {seat + 1}")
        return Changed(seats=True)

    def _hand_host(self, seat: int) -> Changed:
        if self.seats[seat].state != "human":
            raise RoomError("bad_seat", f"seat {seat} is not a player's seat")
        self.host = seat
        return Changed(seats=True)

    def computer_due(self) -> bool:
        """Return True when the server should move next: a computer (or assisted) seat of a
        started online room is to act (a private room's page sends `advance` itself)."""
        if self.private:
            return False
        actor = self.room.match.state.current_player()
        return self.started and actor >= 0 and self.room.seats[actor].kind == "computer"

    # --- views --------------------------------------------------------------------------

    def seat_view(self, index: int) -> JSON:
        """Return one seat as everyone sees it (never its token hash)."""
        seat, online = self.room.seats[index], self.seats[index]
        state: str = online.state
        if state == "human":
            state = "connected" if online.sockets else "absent"
        return {
            "seat": index,
            "kind": seat.kind,
            "name": seat.name,
            "level": seat.level,
            "state": state,
            "absent_for": self.absent_for(index),
            "host": index == self.host,
            "bot": online.bot,
        }

    def shared_view(self) -> JSON:
        """Return the part of a snapshot that is the same for every viewer (the room, its
        seats, the version): a broadcast renders it once for all its sockets."""
        return {
            "type": "snapshot",
            "room": self.code,
            "code": None if self.private else self.code,
            "link": None if self.private else join_link(self.code),
            "game": self.room.game.name,
            "options": self.room.game.options(),
            "version": self.room.version,
            "started": self.started,
            "pace": self.pace,
            "grace": None if self.private else self.grace,
            "levels": list(BOTS[self.room.game.name]),
            "chat_on": not self.private and self.talk.on,
            "seats": [self.seat_view(i) for i in range(len(self.seats))],
        }

    @property
    def seat_views(self) -> bool:
        """Return True when the game's seats may know different things (its manifest)."""
        return manifest(self.room.game.name).seat_views

    def view_seat(self, viewer: Viewer) -> int | None:
        """Return the seat whose view `viewer` is shown (None: the public view).

        A private room's owner holds every human seat, but a browser holds only what the seat
        at its screen may see: in a game whose seats know different things, the seat the page
        named with `screen` (after its hand-over screen; nobody until it does, unless one
        human plays alone); in a game where every seat sees the same, the human to act.
        """
        if viewer is None or viewer != OWNER:
            return viewer
        if self.seat_views:
            return self.screen
        actor = self.room.match.state.current_player()
        return actor if actor >= 0 and self.room.seats[actor].kind == "human" else None

    def snapshot(self, viewer: Viewer, *, record: bool = True, shared: JSON | None = None) -> JSON:
        """Return the room as `viewer` sees it (None: a spectator, public information only).

        Without `record` the snapshot leaves the record out (updates carry their moves, and
        a client appends them to the record it has), unless the game is over, when the
        record (its secret revealed) comes along. `shared` is this room's `shared_view()`,
        when the caller has it already.
        """
        match = self.room.match
        state = match.state
        actor = state.current_player()
        human_turn = actor >= 0 and self.started and self.room.seats[actor].kind == "human"
        you: JSON
        if viewer is None:
            you = {"spectator": True}
            observer: int | None = None
            mine = False
        elif viewer == OWNER:
            observer = self.view_seat(viewer)
            you = {"seats": self.seats_of(viewer), "host": True, "screen": observer}
            mine = human_turn and (observer == actor or not self.seat_views)
        else:
            seat = int(viewer)
            you = {"seat": seat, "seats": [seat], "host": seat == self.host}
            observer = seat
            mine = human_turn and actor == seat
        snapshot: JSON = dict(self.shared_view() if shared is None else shared)
        snapshot["you"] = you
        snapshot["state"] = state.observation(observer)
        snapshot["to_act"] = None if actor < 0 else actor
        snapshot["legal"] = state.legal_json() if mine else []
        snapshot["winners"] = state.winners()
        if record:  # talk is public: the same lines for every viewer (talk.py)
            snapshot["chat"] = self.talk.lines_json()
        if record or self.room.finished:
            snapshot["record"] = self.record_view(observer)
        return snapshot

    def record_view(self, observer: int | None) -> JSON:
        """Return `record_view` of the match for `observer`. The walk that builds it is kept
        and extended by the moves made since, so the snapshot a page gets at every hand-over
        does not replay the whole match each time."""
        record = self.room.match.record
        walk = self._walks.get(observer)
        if walk is None or walk.record is not record or len(walk) > len(record.moves):
            walk = self._walks[observer] = RecordViewWalk(self.room.game, record, observer)
        for move in record.moves[len(walk) :]:
            walk.add(move)
        return walk.view()

    def summary(self) -> JSON:
        """Return what an invitation page shows before joining: the game, the host, whether
        the match has started, and each seat as everyone sees it (public, no match state)."""
        return {
            "code": self.code,
            "link": join_link(self.code),
            "game": self.room.game.name,
            "options": self.room.game.options(),
            "started": self.started,
            "over": self.room.finished,
            "host": self.host,
            "grace": self.grace,
            "seats": [self.seat_view(i) for i in range(len(self.seats))],
        }

    def update(self, moves: list[Committed], viewer: Viewer, *, shared: JSON | None = None) -> JSON:
        """Return the update of `moves` as `viewer` sees it: its moves and its new snapshot
        (without the record, which the client extends with the moves, until the end)."""
        return {
            "type": "update",
            "moves": [move.to_json(self.view_seat(viewer)) for move in moves],
            "snapshot": self.snapshot(viewer, record=False, shared=shared),
        }
