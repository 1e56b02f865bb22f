"""A hypothesis state machine that speaks the wire to a real `mousehole serve`, and kills it.

Two players and a spectator of one online room send valid moves, syncs and any raw frame
(junk text, binary, deep nesting, huge numbers, lone surrogates, over-long frames:
`test_wire_live.junk_frames`) in random order; between steps the server may be SIGKILLed and
started again on the same SQLite file, and the sockets reconnect with their seat tokens. After
every step: each frame got an answer, no socket saw its room's version go back, and every move
any socket was shown is in the database (`test_told_after_stored.check`).
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from websockets.sync.client import ClientConnection

from tests.processes import ServerProcess
from tests.server.live.test_told_after_stored import Witness, check, hello, receive, started_room
from tests.server.rooms.test_wire_live import junk_frames

WHO = st.sampled_from(["seat 0", "seat 1", "spectator"])


class WireMachine(RuleBasedStateMachine):
    """One room on a real server, three sockets, kills between steps."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.server = ServerProcess(folder / "db.sqlite3", folder / "server.log").start()
        self.code, self.tokens = started_room(self.server)
        self.witness = Witness()
        self.stack = ExitStack()
        self.sockets: dict[str, ClientConnection] = {}
        self.views: dict[str, dict[str, Any]] = {}
        self.kills = 0
        self._connect()

    def _connect(self) -> None:
        self.stack.close()
        self.stack = ExitStack()
        greetings: dict[str, dict[str, Any]] = {
            "seat 0": {"token": self.tokens[0]},
            "seat 1": {"token": self.tokens[1]},
            "spectator": {"spectate": True},
        }
        for who, greeting in greetings.items():
            ws = hello(self.stack, self.server, self.code, greeting)
            self.sockets[who] = ws
            self.views.pop(who, None)
            self.views[who] = self._answer(who)

    def _answer(self, who: str, frame: str | bytes | None = None) -> dict[str, Any]:
        """Send `frame` (or nothing), read until the socket has been quiet for a moment, and
        return the last snapshot it showed; every error read must be named, every version
        read must not go back."""
        ws = self.sockets[who]
        if frame is not None:
            ws.send(frame)
        read = 0
        view = self.views.get(who, {})
        while True:
            # the first answer to a frame may be slow on a busy machine (a commit waits for
            # the disk); after it, a quarter second of quiet ends the reading
            wait = 10.0 if frame is not None and not read else 0.25
            try:
                message = receive(ws, self.witness, who, timeout=wait)
            except TimeoutError:
                break
            read += 1
            if message["type"] == "error":
                assert message["code"] and message["message"], message
                continue
            snapshot: dict[str, Any] = message.get("snapshot", message)
            assert snapshot["version"] >= view.get("version", 0), f"{who}: version went back"
            view = snapshot
        assert read or frame is None, f"{who}: no answer to {frame!r:.80}"
        return view

    @rule(who=WHO, frame=junk_frames)
    def send_junk(self, who: str, frame: str | bytes) -> None:
        self.views[who] = self._answer(who, frame)

    @rule(who=WHO)
    def play(self, who: str) -> None:
        view = self._answer(who)  # what other sockets did meanwhile
        frame = json.dumps({"type": "sync"})
        if view["legal"]:
            act = {"type": "act", "action": view["legal"][0], "version": view["version"]}
            frame = json.dumps(act | {"id": f"m{view['version']}"})
        self.views[who] = self._answer(who, frame)

    @precondition(lambda self: self.kills < 3)
    @rule()
    def kill_and_restart(self) -> None:
        self.server.kill()
        self.kills += 1
        check(self.server, self.code, self.witness)
        self.server.start()
        self._connect()

    @invariant()
    def everything_shown_is_stored(self) -> None:
        check(self.server, self.code, self.witness)

    def teardown(self) -> None:
        self.stack.close()
        self.server.kill()


@pytest.mark.slow
def test_the_wire_machine_with_kills(tmp_path: Path) -> None:
    counter = iter(range(1_000))

    class Machine(WireMachine):
        def __init__(self) -> None:
            folder = tmp_path / f"run{next(counter)}"
            folder.mkdir()
            super().__init__(folder)

    run_state_machine_as_test(
        Machine,
        settings=settings(
            max_examples=4,
            stateful_step_count=10,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
