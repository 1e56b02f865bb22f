"""`make test`'s pytest processes, side by side: `python -m tests.run BROWSER_PATH...`.

The suite waits far more than it computes (real servers, sockets, PostgreSQL, Redis and
Chromium, each answering in its own time: a whole run keeps two cores about a third busy),
so its processes run at once instead of one after another:

- the tests without a browser, in the foreground, printing as they go;
- the browser tests (MOUSEHOLE_BROWSER_TESTS=1, sync Playwright, which does not mix with the
  asyncio tests in one process) over BROWSER_PATH..., in MOUSEHOLE_BROWSER_PROCESSES processes
  (2 unless set; 1 runs them in one) that share the tests (tests/sharing.py: each test runs in
  exactly one, whichever is free), each writing to artifacts/logs/browser-<n>.log, printed
  whole once every process has ended.

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

from tests.sharing import QUEUE

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT / "artifacts" / "logs"
PYTEST = [sys.executable, "-m", "pytest", "-q", "--durations=20"]


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {seconds % 60:04.1f} s"


def main(argv: list[str]) -> int:
    extra: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1 :]
    browser_paths = argv
    text = os.environ.get("MOUSEHOLE_BROWSER_PROCESSES", "2").strip()
    if not text.isdigit() or int(text) < 1:
        print(f"MOUSEHOLE_BROWSER_PROCESSES must be a whole number of at least 1, not {text!r}")
        return 2
    count = int(text)
    LOGS.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mousehole-queue-") as queue:
        env = {**os.environ, "MOUSEHOLE_BROWSER_TESTS": "1", QUEUE: queue}
        logs: list[tuple[Path, IO[bytes]]] = []
        browsers: list[subprocess.Popen[bytes]] = []
        for number in range(1, count + 1):
            path = LOGS / f"browser-{number}.log"
            out = path.open("wb")
            logs.append((path, out))
            browsers.append(
                subprocess.Popen(
                    [*PYTEST, "-p", "tests.sharing", *extra, *browser_paths],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    env=env,
                    cwd=ROOT,
                )
            )
        alone = {k: v for k, v in os.environ.items() if k not in ("MOUSEHOLE_BROWSER_TESTS", QUEUE)}
        plain = subprocess.Popen([*PYTEST, *extra], cwd=ROOT, env=alone)
        processes = {"tests without a browser": plain}
        for number, process in enumerate(browsers, 1):
            processes[f"browser tests, process {number} of {count}"] = process
        ended: dict[str, float] = {}
        try:
            for name in _by_end(processes):
                ended[name] = time.monotonic()
        except KeyboardInterrupt:  # every process got the Ctrl-C too: let them stop cleanly
            for process in processes.values():
                process.wait()
            print(f"interrupted: the browser tests' output is in {LOGS.relative_to(ROOT)}/")
            return 130
        finally:
            for _, log in logs:
                log.close()
    for number, (path, _) in enumerate(logs, 1):
        print(
            f"\n===== browser tests, process {number} of {count} ({path.relative_to(ROOT)}) ====="
        )
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
