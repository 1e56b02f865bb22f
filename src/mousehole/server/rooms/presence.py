"""Who holds each seat of a room and who is connected to it: tokens, sockets and absences, and
the seat changes the host and joining players make.

`Room` (room.py) is a `Presence`: the seats' states, the host and the clock live here,
with what follows from them alone, such as how long a player has been away, when host rights
pass on, and when an absent player's turn is played for them (the room's timer, timers.py,
waits for these).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ...games import BOTS, manifest
from .table import OWNER, RoomError, Table, Viewer, check_name, hash_token, new_token

SeatState = Literal["open", "human", "computer", "assisted"]
"""What a seat is: waiting for a player, a player's, the computer's, or the computer's while
its absent player may still take it back with their token."""

Clock = Callable[[], float]


@dataclass
class OnlineSeat:
    """Who holds a seat, and since when nobody is connected to it."""

    state: SeatState
    token_hash: str | None = None
    """SHA-256 of the seat token (human and assisted seats); the token itself is never kept."""
    sockets: int = 0
    absent_since: float | None = None
    bot: bool = False
    """The seat's player said, as it joined, that it is a program (docs/protocol.md, Bots):
    everyone sees it marked; every room rule applies to it as to anyone."""


def seat_index(table: Table, value: Any) -> int:
    """Return `value` as a seat index of `table`; raise RoomError("bad_seat") when it is not."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(table.seats):
        raise RoomError("bad_seat", f"seat: expected a seat index 0..{len(table.seats) - 1}")
    return value


class Presence:
    """The seats of a room as people hold them, its host and the clock that times absences."""

    table: Table
    seats: list[OnlineSeat]
    host: int
    started: bool
    private: bool
    clock: Clock
    grace: float
    """Seconds a player may be away before the host may replace them (or loses host rights)."""

    def seats_of(self, viewer: Viewer) -> list[int]:
        """Return the seats `viewer` plays (the owner: every human seat of a private room)."""
        if viewer is None:
            return []
        if viewer == OWNER:
            return [s.index for s in self.table.seats if s.kind == "human"]
        return [int(viewer)]

    @property
    def code(self) -> str:
        """Return the room code (also its id in the store)."""
        return self.table.room_id

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
        index = seat_index(self.table, seat)
        if self.seats[index].state != "open":
            raise RoomError("seat_taken", f"seat {index} is not open")
        token = new_token()
        self.seats[index] = OnlineSeat("human", hash_token(token), 0, self.clock(), bot)
        self.table.set_seat(index, "human", name)
        return index, token

    def replace(self, seat: int, level: Any) -> None:
        """The host gives a long-absent player's seat to the computer at `level`; the
        player's token stays valid, to take it back."""
        levels = BOTS[self.table.game.name]
        if not isinstance(level, str) or level not in levels:
            raise RoomError("bad_level", f"level: choose {', '.join(levels)}")
        if self.seats[seat].state != "human":
            raise RoomError("bad_seat", f"seat {seat} is not a player's seat")
        if not self.long_absent(seat):
            raise RoomError("not_absent", f"seat {seat} has not been away for {self.grace:g} s")
        self.seats[seat].state = "assisted"  # the token stays valid: its player may come back
        self.table.set_seat(seat, "computer", self.table.seats[seat].name, level)

    def reopen(self, seat: int) -> None:
        """The host opens another player's seat to a new player (its old token stops)."""
        online = self.seats[seat]
        if seat == self.host or online.state not in ("human", "assisted"):
            raise RoomError("bad_seat", f"seat {seat} is not another player's seat")
        if online.state == "human" and not self.long_absent(seat):
            raise RoomError("not_absent", f"seat {seat} has not been away for {self.grace:g} s")
        self.seats[seat] = OnlineSeat("open")  # the old token hash is gone: it no longer works
        self.table.set_seat(seat, "human", f"Seat {seat + 1}")

    def hand_host(self, seat: int) -> None:
        """The host hands the host rights to a player's seat."""
        if self.seats[seat].state != "human":
            raise RoomError("bad_seat", f"seat {seat} is not a player's seat")
        self.host = seat

    # --- presence ---------------------------------------------------------------------

    def seat_of(self, token: Any) -> int | None:
        """Return the seat that `token` holds, or None (an unknown or reopened seat's token)."""
        if not isinstance(token, str) or self.private:
            return None
        digest = hash_token(token)
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(digest, seat.token_hash):
                found = index
        return found

    def connect(self, viewer: Viewer) -> bool:
        """Count a socket of `viewer`; return True when that takes an assisted seat back."""
        if viewer is None or viewer == OWNER:
            for seat in self.seats_of(viewer):
                self.seats[seat].sockets += 1
                self.seats[seat].absent_since = None
            return False
        seat = int(viewer)
        online = self.seats[seat]
        online.sockets += 1
        online.absent_since = None
        if online.state != "assisted":
            return False
        online.state = "human"
        self.table.set_seat(seat, "human", self.table.seats[seat].name)
        return True

    def disconnect(self, viewer: Viewer) -> None:
        """Forget a closed socket of `viewer`: with its last socket, a seat becomes absent."""
        for seat in self.seats_of(viewer):
            online = self.seats[seat]
            online.sockets = max(0, online.sockets - 1)
            if online.sockets == 0:
                online.absent_since = self.clock()

    def absent_for(self, seat: int) -> float | None:
        """Return for how many seconds a held seat has had no socket, or None."""
        online = self.seats[seat]
        if self.private or online.state not in ("human", "assisted") or online.sockets:
            return None
        since = online.absent_since if online.absent_since is not None else self.clock()
        return max(0.0, self.clock() - since)

    def long_absent(self, seat: int) -> bool:
        absent = self.absent_for(seat)
        return absent is not None and absent >= self.grace

    def pass_host_if_absent(self) -> bool:
        """Hand host rights to the next connected player if the host is gone past the grace."""
        if self.private:
            return False
        if not self.long_absent(self.host) and self.seats[self.host].state != "open":
            return False
        successor = self._successor()
        if successor is None:
            return False
        self.host = successor
        return True

    def _successor(self) -> int | None:
        """Return the first connected player after the host in seat order, or None."""
        count = len(self.seats)
        for step in range(1, count):
            seat = (self.host + step) % count
            if self.seats[seat].state == "human" and self.seats[seat].sockets:
                return seat
        return None

    def host_handoff_in(self) -> float | None:
        """Return in how many seconds host rights may pass on by themselves, or None.

        0 means now; None when the host is here, or gone with nobody connected to take over
        (a player connecting wakes the timer again).
        """
        if self.private:
            return None
        absent = self.absent_for(self.host)
        if absent is None:
            return None
        if absent < self.grace:
            return self.grace - absent
        return 0.0 if self._successor() is not None else None

    def _absent_actor(self) -> tuple[int, float] | None:
        """Return the online player to act and the seconds left before their turn is played
        for them (games whose manifest sets `absent_autoplay`, e.g. one with no decisions)."""
        after = manifest(self.table.game.name).absent_autoplay
        if self.private or not self.started or after is None:
            return None
        actor = self.table.match.state.current_player()
        if actor < 0 or self.table.seats[actor].kind != "human":
            return None
        absent = self.absent_for(actor)
        if absent is None:
            return None
        return actor, max(0.0, float(after) - absent)

    def autoplay_in(self) -> float | None:
        """Return in how many seconds an absent player's turn is played for them, or None."""
        due = self._absent_actor()
        return None if due is None else due[1]

    def autoplay_seat(self) -> int | None:
        """Return the absent player's seat whose turn is to be played for them now, or None."""
        due = self._absent_actor()
        return due[0] if due is not None and due[1] <= 0 else None
