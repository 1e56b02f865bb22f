"""Soak: a hundred SIGKILLs of a real server while clients play, sync and wait on a locked
database, each followed by the check that every move any client saw is stored and that no
version a client saw goes back (tests/server/live/test_told_after_stored.py runs a handful).

Outside the unit suite: `make soak` runs it (MOUSEHOLE_SOAK=1); CYCLES overrides the count.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.processes import ServerProcess
from tests.server.live.test_told_after_stored import kill_cycles

pytestmark = pytest.mark.skipif(
    os.environ.get("MOUSEHOLE_SOAK") != "1", reason="a soak test: run it with make soak"
)


def test_a_hundred_kill_cycles_lose_nothing_that_any_client_was_shown(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "db.sqlite3", tmp_path / "server.log").start()
    try:
        kill_cycles(server, cycles=int(os.environ.get("CYCLES", "100")), seed=2026)
    finally:
        server.kill()
