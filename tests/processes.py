"""A real `mousehole serve` process for tests that need one: started, SIGKILLed, started again
(and `post_json`, the one JSON POST of the tests that talk to a real server).

The crash tests (tests/server/live/test_crash.py, tests/server/store/postgres/test_store.py)
and the browser tests (tests/browser/) use it: the server runs as its own process on a port and
a SQLite file (or a PostgreSQL database: `db=None, args=["--database", URL]`) that outlive it,
so a test can kill it without warning (no shutdown code runs) and start a new one where the
old one was.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Self


def post_json(url: str, body: Any) -> Any:
    """POST `body` as JSON to `url`; return the JSON answer (an error status raises HTTPError)."""
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """`python -m mousehole.cli serve` on one port and one database file (`--db`; none: only
    `args`, such as `--database URL`), with extra `env` and extra `args`."""

    def __init__(
        self,
        db: Path | None,
        log: Path,
        env: dict[str, str] | None = None,
        args: Sequence[str] = (),
    ):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = db
        self.log = log
        self.env = {**os.environ, **(env or {})}
        self.args = list(args)
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, within: float = 20) -> Self:
        """Start the server and return once /healthz answers (RuntimeError with its log if it
        does not within `within` seconds)."""
        command = [sys.executable, "-m", "mousehole.cli", "serve", "--port", str(self.port)]
        if self.db is not None:
            command += ["--db", str(self.db)]
        with self.log.open("a") as out:
            self.process = subprocess.Popen(
                [*command, *self.args], stdout=out, stderr=subprocess.STDOUT, env=self.env
            )
        deadline = time.monotonic() + within
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1):
                    return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.kill()
                    raise RuntimeError(
                        f"the server did not start:\n{self.log.read_text()}"
                    ) from None
                time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, the database file is left as the kernel has it."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """Stop the server as an operator would (SIGTERM: it shuts down cleanly)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
