"""A driving instance frozen (SIGSTOP) for longer than a lease, then thawed (SIGCONT).

While it stands still another instance takes its room over and the match goes on; once it
runs again it must not serve what it held in memory before the freeze: a client that connects
to it gets the room as PostgreSQL holds it (never an older version than it was shown), and the
sockets it kept open through the freeze are closed (1012) so that their clients reconnect.
"""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.cluster.harness import (
    Instances,
    Player,
    check_told,
    create,
    driver_of,
    instance_ids,
    join,
    play_turns,
    stored_moves,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGSTOP is POSIX")


def test_a_thawed_driver_never_serves_the_room_older_than_stored(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    instances = Instances(3, postgres_url, redis_url, tmp_path)
    a, b, c = instances.servers
    try:
        room = create(a, [{"kind": "open"}, {"kind": "open"}])
        code = room["code"]
        joined = join(b, code, "Bob")
        alice, bob = Player(code, room["token"], 0), Player(code, joined["token"], 1)
        watcher = Player(code, None)
        alice.connect(b)
        bob.connect(c)
        watcher.connect(a)  # a socket of the driver itself: it stays open through the freeze
        alice.send({"type": "start"})
        for player in (alice, bob, watcher):
            player.wait(lambda m: bool(m.get("snapshot", m).get("started")))
        play_turns([alice, bob, watcher], 4)
        ids = instance_ids(instances)
        assert ids[str(driver_of(postgres_url, code))] == 0
        frozen_at = int(watcher.snapshot["version"])

        assert a.process is not None
        a.process.send_signal(signal.SIGSTOP)
        try:
            deadline = time.monotonic() + 30
            for player, server in ((alice, b), (bob, c)):  # their relays close them: A is dead
                with pytest.raises(ConnectionClosed):
                    player.wait(lambda m: False, timeout=15)
                player.reconnect([server], deadline)
            play_turns([alice, bob], 6)
            assert ids[str(driver_of(postgres_url, code))] != 0, "taken over"
        finally:
            a.process.send_signal(signal.SIGCONT)
        thawed = time.monotonic()
        stored = len(stored_moves(postgres_url, code))
        assert stored >= frozen_at + 6

        late = Player(code, room["token"], 0)  # Alice again, on the thawed instance at once
        try:
            late.connect(a)
        except ConnectionClosed:
            # the thawed instance found its lapse first and closed every socket, this new one
            # too (1012, "reconnect"): the client connects to it again, as a page does
            late.reconnect([a], time.monotonic() + 15)
        # whatever it was shown first, before or after such a close, is no older than stored
        assert late.versions[0] >= stored, f"served {late.versions[0]}, stored {stored}"

        # the watcher's socket, open through the freeze, is closed and reconnects
        closed = None
        try:
            watcher.wait(lambda m: False, timeout=10)
        except ConnectionClosed:
            closed = time.monotonic() - thawed
        assert closed is not None, f"still open on the thawed instance: {watcher.versions}"
        watcher.reconnect(instances.alive(), time.monotonic() + 15)
        assert watcher.versions[-1] >= stored
        players = [alice, bob, watcher, late]
        play_turns(players, 3)
        check_told(players, stored_moves(postgres_url, code))
        print(f"freeze: the thawed instance closed its stale socket {closed:.2f} s after SIGCONT")
    finally:
        instances.stop()
