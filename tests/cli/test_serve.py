"""`mousehole serve` (cli/serve.py) without starting a server: its ports, the collector and
compression settings, the sync setting, the replay window, and its log lines and level.

The fixtures are conftest.py's; `run` calls `mousehole.cli.main` in-process (commands.py).
"""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest

from mousehole.server.rooms.wire import MAX_FRAME
from tests.cli.commands import (
    run,
)


@pytest.mark.parametrize("port", [1, 65535])
def test_serve_accepts_the_first_and_the_last_port(
    port: int, started: list[dict[str, object]], capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(["serve", "--port", str(port), "--db", "test.sqlite3"], capsys)
    assert (result.status, result.out, result.err) == (0, "", "")
    served = {
        "host": "127.0.0.1",
        "port": port,
        "ws_per_message_deflate": False,
        "ws_max_size": MAX_FRAME,
    }
    assert started == [{"tune_gc": True}, served]


def test_serve_can_keep_pythons_collector_and_accept_compression(
    started: list[dict[str, object]], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["serve", "--db", "test.sqlite3", "--gc", "python", "--ws-deflate"]
    result = run(argv, capsys)
    assert result.status == 0
    served = {
        "host": "127.0.0.1",
        "port": 8000,
        "ws_per_message_deflate": True,
        "ws_max_size": MAX_FRAME,
    }
    assert started == [served]


@pytest.mark.parametrize(("argv", "sync"), [([], "normal"), (["--sync", "full"], "full")])
def test_serve_stores_with_the_sync_setting_asked_for(
    argv: list[str],
    sync: str,
    served_apps: list[Any],
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(["serve", "--db", "test.sqlite3", *argv], capsys)
    assert result.status == 0
    [app] = served_apps
    assert app.state.store.sync == sync
    app.state.store.close()


@pytest.mark.parametrize(
    ("argv", "variable", "level"),
    [
        ([], None, logging.WARNING),
        ([], "debug", logging.DEBUG),
        (["--log-level", "info"], "debug", logging.INFO),
    ],
)
def test_serve_logs_stamped_lines_at_the_level_asked_for(
    argv: list[str],
    variable: str | None,
    level: int,
    started: list[dict[str, object]],
    mousehole_logger: logging.Logger,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if variable is None:
        monkeypatch.delenv("MOUSEHOLE_LOG_LEVEL", raising=False)
    else:
        monkeypatch.setenv("MOUSEHOLE_LOG_LEVEL", variable)
    result = run(["serve", "--db", "test.sqlite3", *argv], capsys)
    assert result.status == 0
    assert mousehole_logger.level == level
    [handler] = mousehole_logger.handlers
    record = logging.LogRecord(
        "mousehole.cluster", logging.WARNING, "", 0, "room %s", ("AB",), None
    )
    line = handler.format(record)
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} WARNING mousehole.cluster: room AB", line
    )


def test_serve_refuses_a_log_level_variable_naming_no_level(
    started: list[dict[str, object]],
    mousehole_logger: logging.Logger,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("MOUSEHOLE_LOG_LEVEL", "loud")
    result = run(["serve", "--db", "test.sqlite3"], capsys)
    assert result.status == 2
    assert started == []
    message = "$MOUSEHOLE_LOG_LEVEL must be one of debug, info, warning, error, not 'loud'"
    assert result.err.endswith(f"mousehole serve: error: {message}\n")


def test_serve_refuses_an_unknown_sync_setting_by_name(
    started: list[dict[str, object]], capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(["serve", "--db", "test.sqlite3", "--sync", "off"], capsys)
    assert result.status == 2
    assert "argument --sync: invalid choice: 'off' (choose from 'normal', 'full')" in result.err
    assert started == []


@pytest.mark.parametrize(("window", "seconds"), [(None, 60.0), ("3600", 3600.0), ("0.5", 0.5)])
def test_serve_reads_the_replay_window_from_the_environment(
    window: str | None,
    seconds: float,
    served_apps: list[Any],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if window is None:
        monkeypatch.delenv("MOUSEHOLE_REPLAYS_WINDOW", raising=False)
    else:
        monkeypatch.setenv("MOUSEHOLE_REPLAYS_WINDOW", window)
    result = run(["serve", "--db", "test.sqlite3"], capsys)
    assert result.status == 0
    [app] = served_apps
    assert app.state.hub.settings.replays_window == seconds
    assert app.state.hub.settings.replays_per_address == 60
    app.state.store.close()


@pytest.mark.parametrize(
    ("window", "message"),
    [
        ("0", "MOUSEHOLE_REPLAYS_WINDOW must be a number of seconds > 0, not '0'"),
        ("-5", "MOUSEHOLE_REPLAYS_WINDOW must be a number of seconds > 0, not '-5'"),
        ("soon", "MOUSEHOLE_REPLAYS_WINDOW must be a number of seconds > 0, not 'soon'"),
    ],
)
def test_serve_refuses_a_replay_window_that_is_no_positive_number(
    window: str,
    message: str,
    started: list[dict[str, object]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("MOUSEHOLE_REPLAYS_WINDOW", window)
    result = run(["serve", "--db", "test.sqlite3"], capsys)
    assert result.status == 2
    assert started == []
    assert result.err.endswith(f"mousehole serve: error: {message}\n")
