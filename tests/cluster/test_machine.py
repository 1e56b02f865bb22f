"""A hypothesis state machine over one room played through three instances: each step sends a
command through a random instance (a client moved to another instance first, now and then),
and after each step every client agrees with PostgreSQL on the version, has heard every stored
move once, and no refused command changed anything (the committed-actions check)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from tests.cluster.harness import Instances, Player, check_told, create, join, stored_moves


def test_commands_sent_to_random_instances_keep_one_match(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    instances = Instances(3, postgres_url, redis_url, tmp_path)

    class OneRoom(RuleBasedStateMachine):
        """Alice and Bob play one room; a spectator watches; each is on some instance."""

        @initialize(where=st.integers(0, 2), spread=st.permutations([0, 1, 2]))
        def open_room(self, where: int, spread: list[int]) -> None:
            servers = instances.servers
            room = create(servers[where], [{"kind": "open"}, {"kind": "open"}])
            self.code = room["code"]
            joined = join(servers[spread[0]], self.code, "Bob")
            self.players = [
                Player(self.code, room["token"], 0),
                Player(self.code, joined["token"], 1),
                Player(self.code, None),
            ]
            for player, index in zip(self.players, spread, strict=True):
                player.connect(servers[index])
            self.players[0].send({"type": "start"})
            for player in self.players:
                player.wait(lambda m: bool(m.get("snapshot", m).get("started")))
            self.version = 0

        def _settle(self) -> None:
            """Wait until every client has heard of `self.version`."""
            for player in self.players:
                if player.snapshot["version"] < self.version:
                    player.wait(
                        lambda m: int(m.get("snapshot", m).get("version", -1)) >= self.version
                    )

        @rule(who=st.integers(0, 2), where=st.integers(0, 2))
        def reconnect(self, who: int, where: int) -> None:
            player = self.players[who]
            player.connect(instances.servers[where])
            assert player.snapshot["version"] == self.version, "a new socket: the stored room"

        @rule()
        def act(self) -> None:
            mover = next((p for p in self.players if p.my_turn()), None)
            if mover is None:
                return  # the match is over
            mover.act()
            update = mover.wait(lambda m: m["type"] in ("update", "error"))
            assert update["type"] == "update", update
            assert update["snapshot"]["version"] > self.version
            self.version = int(update["snapshot"]["version"])
            self._settle()

        @rule()
        def act_out_of_turn(self) -> None:
            waiting = [p for p in self.players[:2] if not p.my_turn()]
            mover = next((p for p in self.players if p.my_turn()), None)
            if mover is None or not waiting:
                return
            action = mover.snapshot["legal"][0]
            waiting[0].send({"type": "act", "action": action, "version": self.version})
            error = waiting[0].wait(lambda m: m["type"] == "error")
            assert error["code"] == "not_your_turn", error

        @rule()
        def stale_version(self) -> None:
            mover = next((p for p in self.players if p.my_turn()), None)
            if mover is None or self.version == 0:
                return
            action = mover.snapshot["legal"][0]
            mover.send({"type": "act", "action": action, "version": self.version - 1})
            error = mover.wait(lambda m: m["type"] == "error")
            assert error["code"] == "stale_version", error

        @rule()
        def spectator_acts(self) -> None:
            watcher = self.players[2]
            watcher.send({"type": "act", "action": {"type": "roll"}, "version": self.version})
            error = watcher.wait(lambda m: m["type"] == "error")
            assert error["code"] == "spectator", error

        @invariant()
        def one_match(self) -> None:
            if not hasattr(self, "players"):
                return
            stored = stored_moves(postgres_url, self.code)
            assert len(stored) == self.version, "nothing refused was stored, nothing lost"
            for player in self.players:
                player.drain()
                assert player.snapshot["version"] == self.version
            check_told(self.players, stored)

        def teardown(self) -> None:
            for player in getattr(self, "players", []):
                player.close()

    try:
        OneRoom.TestCase.settings = settings(
            max_examples=6,
            stateful_step_count=15,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        )
        OneRoom.TestCase().runTest()
    finally:
        instances.stop()


pytestmark = pytest.mark.slow
