"""A pytest plugin for several processes that share one run's tests: each test runs in
exactly one of them, whichever is free first.

`make test` (tests/run.py) runs the browser tests in two pytest processes side by side, each
with `-p tests.sharing` and the same folder in MOUSEHOLE_TEST_QUEUE. Both collect the same
tests in the same order; a process runs a test only after claiming it, by creating a file
named after the test's id in that folder (`O_CREAT | O_EXCL`: exactly one process succeeds),
and passes over the tests the other claimed. The long tests spread over the processes as they
come, with no list of durations to keep up to date. Without MOUSEHOLE_TEST_QUEUE the plugin
does nothing.

With MOUSEHOLE_TEST_UNIT=module a process claims a whole test file at a time instead (the
tests without a browser share their run this way): a file's module-scoped servers are started
in one process only, and its tests run in order as they would alone.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

QUEUE = "MOUSEHOLE_TEST_QUEUE"
"""The environment variable naming the folder the processes claim their tests in."""

UNIT = "MOUSEHOLE_TEST_UNIT"
"""The environment variable saying what a process claims: "test" (the default) or "module"."""


def claim(folder: Path, nodeid: str) -> bool:
    """Claim test `nodeid` for this process; return False when another process has it."""
    name = hashlib.sha256(nodeid.encode()).hexdigest()
    try:
        os.close(os.open(folder / name, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


def unit_of(nodeid: str, unit: str) -> str:
    """What a process claims to run the test `nodeid`: the test itself, or its file."""
    return nodeid.split("::", 1)[0] if unit == "module" else nodeid


def _claimed(items: list[pytest.Item], folder: Path, unit: str) -> Iterator[pytest.Item]:
    mine: dict[str, bool] = {}  # each unit's claim, made once by this process
    for item in items:
        key = unit_of(item.nodeid, unit)
        if key not in mine:
            mine[key] = claim(folder, key)
        if mine[key]:
            yield item


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> bool | None:
    """pytest's own loop (`_pytest.main.pytest_runtestloop`) over the tests this process
    claims. A test's `nextitem` must be the next test this process runs (pytest tears the
    fixtures down by it), so the next one is claimed before the current one runs."""
    folder = os.environ.get(QUEUE)
    if not folder:
        return None
    if session.testsfailed and not session.config.option.continue_on_collection_errors:
        raise session.Interrupted(f"{session.testsfailed} errors during collection")
    if session.config.option.collectonly:
        return True
    unit = os.environ.get(UNIT, "test").strip() or "test"
    if unit not in ("test", "module"):
        raise pytest.UsageError(f'{UNIT} must be "test" or "module", not {unit!r}')
    mine = _claimed(session.items, Path(folder), unit)
    item = next(mine, None)
    ran = 0
    while item is not None:
        nextitem = next(mine, None)
        ran += 1
        item.config.hook.pytest_runtest_protocol(item=item, nextitem=nextitem)
        if session.shouldfail:
            raise session.Failed(session.shouldfail)
        if session.shouldstop:
            raise session.Interrupted(session.shouldstop)
        item = nextitem
    session.config.stash[RAN] = (ran, len(session.items))
    return True


RAN = pytest.StashKey[tuple[int, int]]()
"""How many tests this process claimed and ran, and how many it collected."""


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if RAN in terminalreporter.config.stash:
        ran, collected = terminalreporter.config.stash[RAN]
        terminalreporter.write_line(
            f"shared run: this process ran {ran} of the {collected} tests it collected;"
            " the other processes sharing the run ran the rest"
        )
