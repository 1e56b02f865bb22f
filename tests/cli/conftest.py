"""The fixtures of the command's tests: a stable terminal in a working folder of the test's
own and the `mousehole` logger put back after each test (both for every test here), a file
of simulated records, a setting where a server must not start, and a recorded server start
(its arguments, or the app it would serve)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from mousehole.cli import main
from tests.cli.commands import (
    EASY,
    NAME,
    NORMAL,
)


@pytest.fixture(autouse=True)
def _stable_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps its usage lines to the terminal width
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a JSONL file of 12 simulated 3-seat matches (a middle level against two of the
    first)."""
    folder = tmp_path_factory.mktemp("records")
    argv = ["simulate", NAME, "--games", "12", "--players", f"{NORMAL},{EASY},{EASY}"]
    assert main([*argv, "--seed", "11", "--records", str(folder), "--no-progress"]) == 0
    return folder / f"{NAME}-seed11.jsonl"


@pytest.fixture
def bad_argument_setting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Put a plain file `notes.txt` in the working folder; fail if a server would start."""
    import uvicorn

    def never_serve(*args: object, **kwargs: object) -> None:
        pytest.fail("the server was started despite a bad argument")

    monkeypatch.setattr(uvicorn, "run", never_serve)
    (tmp_path / "notes.txt").write_text("not a folder\n", encoding="utf-8")


@pytest.fixture
def served_apps(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Record the app of each server start instead of starting a server (the collector left
    as it is)."""
    import uvicorn

    import mousehole.cli.serve

    apps: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: apps.append(app))
    monkeypatch.setattr(mousehole.cli.serve, "tune_gc", lambda: None)
    return apps


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """Record the keyword arguments of each server start instead of starting a server."""
    import uvicorn

    import mousehole.cli.serve

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append(kwargs))
    # the collector tuning is recorded too (freezing the test process's objects would outlive
    # the test)
    monkeypatch.setattr(mousehole.cli.serve, "tune_gc", lambda: calls.append({"tune_gc": True}))
    return calls


@pytest.fixture(autouse=True)
def mousehole_logger(monkeypatch: pytest.MonkeyPatch) -> logging.Logger:
    """The `mousehole` logger, put back as it was after each test (serve configures it: left
    so, it would write to this test's captured stream and hide lines from later tests)."""
    logger = logging.getLogger("mousehole")
    monkeypatch.setattr(logger, "handlers", list(logger.handlers))
    monkeypatch.setattr(logger, "level", logger.level)
    monkeypatch.setattr(logger, "propagate", logger.propagate)
    return logger
