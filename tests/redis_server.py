"""A throwaway Redis server for the tests: our own `redis-server`, on a free port, in a temp folder.

Like tests/pg.py for PostgreSQL, the tests never touch a Redis the machine already runs (its
port 6379 is someone else's) and never a mock: `RedisServer` starts Debian's `redis-server`
(package `redis-server`, which `make test` installs) on 127.0.0.1 and a free port, with no
persistence at all (`--save '' --appendonly no`: a restart loses every key, which is what the
failover tests want), and deletes its folder when it stops. `restart()` stops it and starts a
new, empty one on the same port; `restart(keep=True)` one that loaded every key. The
`redis_server` fixture starts one per test and `redis_url` gives its URL. Without the binary the
tests skip, except in CI (CI=true), where they fail: CI must run them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.processes import free_port


def binary() -> Path | None:
    """Return the path of `redis-server`, or None when it is not installed."""
    for candidate in ("/usr/bin/redis-server", shutil.which("redis-server")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


class RedisServer:
    """One `redis-server` of our own: a folder, a port, a log; `start`, `stop`, `restart`."""

    def __init__(self, program: Path):
        self.program = program
        self.root = Path(tempfile.mkdtemp(prefix="mousehole-redis-"))
        self.log = self.root / "server.log"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The URL that `mousehole serve --redis` takes."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start the server and return once it answers PING (RuntimeError with its log if not)."""
        command = [
            str(self.program),
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.root),
            "--save",
            "",
            "--appendonly",
            "no",
            "--protected-mode",
            "no",
            "--daemonize",
            "no",
        ]
        with self.log.open("a") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while not self.ping():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"redis-server did not start:\n{self.log.read_text()}")
            time.sleep(0.02)

    def ping(self) -> bool:
        """Return whether the server answers PING right now (a raw RESP exchange, no client)."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as connection:
                connection.sendall(b"PING\r\n")
                return connection.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """Kill the server (SIGKILL: without persistence there is nothing to save)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def restart(self, *, keep: bool = False) -> None:
        """Stop the server and start a new one on the same port: every key is gone, or with
        `keep` every key is kept (written to the folder's dump.rdb by SAVE first, which the new
        server loads: a restart with its data, which changes Redis's run id all the same)."""
        dump = self.root / "dump.rdb"
        if keep:
            with socket.create_connection(("127.0.0.1", self.port), timeout=5) as connection:
                connection.sendall(b"SAVE\r\n")
                assert connection.recv(16).startswith(b"+OK"), "SAVE failed"
        else:
            dump.unlink(missing_ok=True)
        self.stop()
        self.start()

    def remove(self) -> None:
        """Stop the server if it runs, and delete its folder."""
        with contextlib.suppress(Exception):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def _server_or_skip() -> RedisServer:
    program = binary()
    if program is None:
        reason = "no redis-server binary: install Debian's redis-server (make test does)"
        if _in_ci():
            pytest.fail(f"CI must run the Redis tests: {reason}", pytrace=False)
        pytest.skip(reason)
    server = RedisServer(program)
    try:
        server.start()
    except BaseException:
        server.remove()
        raise
    return server


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A fresh, empty Redis server of our own for one test, removed at its end."""
    server = _server_or_skip()
    yield server
    server.remove()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The URL of the test's own Redis server."""
    return redis_server.url
