"""What each viewer of a room is sent: its snapshot, an update's moves, a seat as everyone sees
it, and the invitation page's summary.

Built from the stored room only (the hub sends them with the room's gate held, after the write
settled: hub.py), and only from what the viewer's seat may see: a seat's view holds its own
secrets and nobody else's, a spectator's the public information, a private room's owner the
seat at its screen (`view_seat`; docs/protocol.md).
"""

from __future__ import annotations

from typing import Literal

from ...engine import JSON, RecordViewWalk
from ...games import BOTS, manifest
from .codes import join_link
from .presence import Presence
from .table import OWNER, Committed, Viewer
from .talk import Talk


class RoomViews(Presence):
    """A room's views (room.py's `Room` is one): read-only, built per viewer."""

    talk: Talk
    screen: int | None
    _walks: dict[int | None, RecordViewWalk]

    @property
    def pace(self) -> Literal["client", "server"]:
        """Who paces the computer seats: the owner's page (private) or the server (online)."""
        return "client" if self.private else "server"

    # --- views --------------------------------------------------------------------------

    def seat_view(self, index: int) -> JSON:
        """Return one seat as everyone sees it (never its token hash)."""
        seat, online = self.table.seats[index], self.seats[index]
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
            "game": self.table.game.name,
            "options": self.table.game.options(),
            "version": self.table.version,
            "started": self.started,
            "pace": self.pace,
            "grace": None if self.private else self.grace,
            "levels": list(BOTS[self.table.game.name]),
            "chat_on": not self.private and self.talk.on,
            "seats": [self.seat_view(i) for i in range(len(self.seats))],
        }

    @property
    def seat_views(self) -> bool:
        """Return True when the game's seats may know different things (its manifest)."""
        return manifest(self.table.game.name).seat_views

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
        actor = self.table.match.state.current_player()
        return actor if actor >= 0 and self.table.seats[actor].kind == "human" else None

    def snapshot(self, viewer: Viewer, *, record: bool = True, shared: JSON | None = None) -> JSON:
        """Return the room as `viewer` sees it (None: a spectator, public information only).

        Without `record` the snapshot leaves the record out (updates carry their moves, and
        a client appends them to the record it has), unless the game is over, when the
        record (its secret revealed) comes along. `shared` is this room's `shared_view()`,
        when the caller has it already.
        """
        match = self.table.match
        state = match.state
        actor = state.current_player()
        human_turn = actor >= 0 and self.started and self.table.seats[actor].kind == "human"
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
        if record or self.table.finished:
            snapshot["record"] = self.record_view(observer)
        return snapshot

    def record_view(self, observer: int | None) -> JSON:
        """Return `record_view` of the match for `observer`. The walk that builds it is kept
        and extended by the moves made since, so the snapshot a page gets at every hand-over
        does not replay the whole match each time."""
        record = self.table.match.record
        walk = self._walks.get(observer)
        if walk is None or walk.record is not record or len(walk) > len(record.moves):
            walk = self._walks[observer] = RecordViewWalk(self.table.game, record, observer)
        for move in record.moves[len(walk) :]:
            walk.add(move)
        return walk.view()

    def summary(self) -> JSON:
        """Return what an invitation page shows before joining: the game, the host, whether
        the match has started, and each seat as everyone sees it (public, no match state)."""
        return {
            "code": self.code,
            "link": join_link(self.code),
            "game": self.table.game.name,
            "options": self.table.game.options(),
            "started": self.started,
            "over": self.table.finished,
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
