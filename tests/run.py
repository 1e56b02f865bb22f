"""`make test`'s pytest processes, side by side: `python -m tests.run BROWSER_PATH...`.

The suite waits far more than it computes (real servers, sockets, PostgreSQL, Redis and
Chromium, each answering in its own time: a whole run keeps two cores about a third busy),
so its processes run at once instead of one after another:

- the tests without a browser, in MOUSEHOLE_PLAIN_PROCESSES processes (2 unless set) that
  share them a test file at a time (tests/sharing.py, MOUSEHOLE_TEST_UNIT=module), the first
  in the foreground, printing as it goes, the others writing to artifacts/logs/plain-<n>.log;
- the browser tests (MOUSEHOLE_BROWSER_TESTS=1, sync Playwright, which does not mix with the
  asyncio tests in one process) over BROWSER_PATH..., in MOUSEHOLE_BROWSER_PROCESSES processes
  (2 unless set; 1 runs them in one) that share the tests (tests/sharing.py: each test runs in
  exactly one, whichever is free), each writing to artifacts/logs/browser-<n>.log.

The logs are printed whole once every process has ended.

Each process prints its 20 slowest tests, and the last lines give every process's wall time.
The exit status is 0 only when every process passed; extra arguments after `--` go to every
pytest. Ctrl-C reaches every process (they share the terminal's process group), and each
stops its servers and browsers as usual.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from tests.sharing import QUEUE, UNIT

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT / "artifacts" / "logs"
PYTEST = [sys.executable, "-m", "pytest", "-q", "--durations=20"]


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {seconds % 60:04.1f} s"


def _count(name: str, default: str) -> int | None:
    text = os.environ.get(name, default).strip()
    if not text.isdigit() or int(text) < 1:
        print(f"{name} must be a whole number of at least 1, not {text!r}")
        return None
    return int(text)


def main(argv: list[str]) -> int:
    extra: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1 :]
    browser_paths = argv
    count = _count("MOUSEHOLE_BROWSER_PROCESSES", "2")
    plain_count = _count("MOUSEHOLE_PLAIN_PROCESSES", "2")
    if count is None or plain_count is None:
        return 2
    LOGS.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with (
        tempfile.TemporaryDirectory(prefix="mousehole-queue-") as queue,
        tempfile.TemporaryDirectory(prefix="mousehole-plain-queue-") as plain_queue,
    ):
        env = {**os.environ, "MOUSEHOLE_BROWSER_TESTS": "1", QUEUE: queue, UNIT: "test"}
        alone = {
            **{k: v for k, v in os.environ.items() if k != "MOUSEHOLE_BROWSER_TESTS"},
            QUEUE: plain_queue,
            UNIT: "module",
        }
        logs: list[tuple[str, Path, IO[bytes]]] = []
        processes: dict[str, subprocess.Popen[bytes]] = {}

        def logged(name: str, file: str, command: list[str], environ: dict[str, str]) -> None:
            path = LOGS / file
            out = path.open("wb")
            logs.append((name, path, out))
            processes[name] = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=environ, cwd=ROOT
            )

        for number in range(1, count + 1):
            name = f"browser tests, process {number} of {count}"
            command = [*PYTEST, "-p", "tests.sharing", *extra, *browser_paths]
            logged(name, f"browser-{number}.log", command, env)
        # the first process without a browser prints as it goes; the others are logged
        plain = [*PYTEST, "-p", "tests.sharing", *extra]
        first = f"tests without a browser, process 1 of {plain_count}"
        processes[first] = subprocess.Popen(plain, cwd=ROOT, env=alone)
        for number in range(2, plain_count + 1):
            name = f"tests without a browser, process {number} of {plain_count}"
            logged(name, f"plain-{number}.log", plain, alone)
        ended: dict[str, float] = {}
        try:
            for name in _by_end(processes):
                ended[name] = time.monotonic()
        except KeyboardInterrupt:  # every process got the Ctrl-C too: let them stop cleanly
            for process in processes.values():
                process.wait()
            print(f"interrupted: the other processes' output is in {LOGS.relative_to(ROOT)}/")
            return 130
        finally:
            for _, _, log in logs:
                log.close()
    for name, path, _ in logs:
        print(f"\n===== {name} ({path.relative_to(ROOT)}) =====")
        sys.stdout.flush()
        sys.stdout.buffer.write(path.read_bytes())
        sys.stdout.flush()
    print("\n===== wall time of each pytest process (started together) =====")
    for name, end in ended.items():
        code = processes[name].returncode
        outcome = "passed" if code == 0 else f"FAILED (exit status {code})"
        print(f"{name}: {_minutes(end - started)}, {outcome}")
    print(f"whole run: {_minutes(time.monotonic() - started)}")
    return 0 if all(process.returncode == 0 for process in processes.values()) else 1


def _by_end(processes: dict[str, subprocess.Popen[bytes]]) -> Iterator[str]:
    """Yield each process's name as soon as the process has ended."""
    waiting = dict(processes)
    while waiting:
        for name, process in list(waiting.items()):
            if process.poll() is not None:
                del waiting[name]
                yield name
        time.sleep(0.1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
