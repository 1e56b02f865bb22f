"""An online room under random valid and invalid messages (hypothesis stateful testing).

The machine drives `Room` directly (no sockets), for every game of the registry: players
join, connect and leave, the clock moves, and every seat, spectators included, sends commands
that are often wrong. The
invariants: the version only grows, a refused command changes nothing (version, position,
record, seats, host), and the record always replays without error, so the position changed
only by legal actions and chance outcomes.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from mousehole.engine import CHANCE, TERMINAL, replay
from mousehole.games import BOTS, GAMES
from mousehole.server.rooms.room import Room
from mousehole.server.rooms.table import RoomError

SEATS = st.one_of(st.integers(-1, 3), st.none(), st.text(max_size=2), st.booleans())
VERSIONS = st.one_of(st.integers(-1, 400), st.none(), st.text(max_size=2))
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
TYPES = st.sampled_from(
    ["act", "advance", "sync", "start", "replace", "reopen", "hand_host", "dance", ""]
)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class RoomMachine(RuleBasedStateMachine):
    room: Room
    clock: Clock

    @initialize(game=st.sampled_from(sorted(GAMES)), computer=st.booleans(), started=st.booleans())
    def create(self, game: str, computer: bool, started: bool) -> None:
        self.clock = Clock()
        seats: list[dict[str, Any]] = [{"kind": "open"}, {"kind": "open"}]
        if computer:
            seats.append({"kind": "computer", "level": next(iter(BOTS[game]))})
        self.room, _, _ = Room.create(
            game,
            {"seats": len(seats), "start_seat": None},
            seats,
            "Ann",
            code="ABCDEF",
            clock=self.clock,
            grace=10.0,
        )
        if started:  # half the runs begin in play, so that most rules meet a running match
            self.room.join("Bo")
            self.room.command(0, {"type": "start"})
        self.version = self.room.table.version
        event(f"game: {game}")

    def teardown(self) -> None:
        moved = any(m.seat is not None for m in self.room.table.match.record.moves)
        event(f"{self.room.table.game.name}: {'players moved' if moved else 'no player moved'}")

    def _fingerprint(self) -> Any:
        room = self.room
        return (
            room.table.version,
            room.table.match.state.to_json(),
            room.table.match.record.to_json(),
            room.seats_json(),
            room.host,
            room.started,
        )

    def _send(self, viewer: int | None, message: dict[str, Any]) -> None:
        before = copy.deepcopy(self._fingerprint())
        try:
            self.room.command(viewer, message)
        except RoomError:
            assert self._fingerprint() == before, f"refused {message} but changed the room"

    @rule(name=st.sampled_from(["Bo", "", "x" * 30, None]), seat=SEATS)
    def join(self, name: Any, seat: Any) -> None:
        before = copy.deepcopy(self._fingerprint())
        try:
            self.room.join(name, seat)
        except RoomError:
            assert self._fingerprint() == before, "a refused join changed the room"

    @rule(seat=st.integers(0, 2), up=st.booleans())
    def presence(self, seat: int, up: bool) -> None:
        if seat >= len(self.room.seats):
            return
        if up and self.room.seats[seat].state in ("human", "assisted"):
            self.room.connect(seat)
        elif not up and self.room.seats[seat].sockets:
            self.room.disconnect(seat)

    @rule(seconds=st.sampled_from([0.0, 5.0, 11.0]))
    def wait(self, seconds: float) -> None:
        self.clock.now += seconds
        self.room.pass_host_if_absent()

    @rule(viewer=st.one_of(st.none(), st.integers(0, 2)), kind=TYPES, seat=SEATS, level=JUNK)
    def command(self, viewer: int | None, kind: str, seat: Any, level: Any) -> None:
        if viewer is not None and viewer >= len(self.room.seats):
            return
        self._send(viewer, {"type": kind, "seat": seat, "level": level})

    @rule(
        kind=st.sampled_from(["replace", "reopen", "hand_host"]),
        seat=st.integers(0, 2),
        level=st.sampled_from(["easy", "normal", "auto", "god"]),
    )
    def host_command(self, kind: str, seat: int, level: str) -> None:
        self._send(self.room.host, {"type": kind, "seat": seat, "level": level})

    @rule(viewer=st.integers(0, 2), action=JUNK, version=VERSIONS)
    def junk_action(self, viewer: int, action: Any, version: Any) -> None:
        if viewer < len(self.room.seats):
            self._send(viewer, {"type": "act", "action": action, "version": version})

    @rule(pick=st.integers(0, 50), stale=st.booleans())
    def legal_action(self, pick: int, stale: bool) -> None:
        state = self.room.table.match.state
        actor = state.current_player()
        if actor < 0:
            return
        legal = state.legal_actions()
        version = self.room.table.version - (1 if stale else 0)
        message = {"type": "act", "action": legal[pick % len(legal)].to_json(), "version": version}
        self._send(actor, message)

    @rule(moves=st.integers(1, 8))
    def play_on(self, moves: int) -> None:
        """Play a few moves as the players would (the host advances chance and computers), so
        that the other rules also meet positions deep into a match."""
        for _ in range(moves):
            room = self.room.table
            actor = room.match.state.current_player()
            if not self.room.started or actor == TERMINAL:
                return
            message: dict[str, Any] = {"type": "advance", "version": room.version}
            viewer = self.room.host
            if actor != CHANCE and room.seats[actor].kind == "human":
                action = room.match.state.legal_actions()[0].to_json()
                message = {"type": "act", "action": action, "version": room.version}
                viewer = actor
            self._send(viewer, message)

    @rule(stale=st.booleans())
    def advance(self, stale: bool) -> None:
        version = self.room.table.version - (1 if stale else 0)
        self._send(self.room.host, {"type": "advance", "version": version})

    @rule()
    def start(self) -> None:
        self._send(self.room.host, {"type": "start"})

    @invariant()
    def versions_only_grow(self) -> None:
        assert self.room.table.version >= self.version
        self.version = self.room.table.version

    @invariant()
    def the_record_replays_without_error(self) -> None:
        room = self.room.table
        result = replay(room.game, room.match.record.to_json())
        assert result.error is None and result.state == room.match.state

    @invariant()
    def nothing_moves_before_the_start(self) -> None:
        if not self.room.started:
            assert all(m.seat is None for m in self.room.table.match.record.moves)


RoomMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=40, deadline=None)
test_an_online_room_changes_only_by_legal_actions = RoomMachine.TestCase
