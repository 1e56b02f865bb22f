"""Running the `mousehole` command in-process for its tests, and reading what it printed.

`run` calls `mousehole.cli.main` (a bad argument, including a `replay` file that cannot be read,
stops in the subcommand parser's `error()` with SystemExit(2), which `run` turns into the exit
status the shell would see). The game the commands run is the registry's first.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mousehole.cli import main
from mousehole.games import MANIFESTS

GAME = MANIFESTS[0]
"""The game the commands run here, any game: the registry's first (tests/test_one_folder.py).
A test of one game's output lives in its folder (tests/games/<name>/)."""
NAME = GAME.name
EASY = GAME.levels[0]
NORMAL = GAME.levels[len(GAME.levels) // 2]
"""Its first and a middle computer level (the same when it has one)."""

ROOT = Path(__file__).resolve().parents[2]
CLI_DOC = ROOT / "docs" / "cli.md"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ELAPSED = re.compile(r"\(\d+(?:\.\d+)? s\)")
REPLAY_USAGE = "usage: mousehole replay [-h] [--index INDEX] file\n"


@dataclass
class Run:
    status: int
    out: str
    err: str


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Run:
    """Run the command in-process; return the exit status and output the shell would show."""
    try:
        status = main(argv)
    except SystemExit as stop:
        if stop.code is None:
            status = 0
        elif isinstance(stop.code, int):
            status = stop.code
        else:  # SystemExit("message"): Python prints the message to stderr and exits with 1
            print(stop.code, file=sys.stderr)
            status = 1
    captured = capsys.readouterr()
    return Run(status, captured.out, captured.err)


def tables(out: str) -> str:
    """Return a summary without the elapsed time, the one part that differs between runs."""
    return ELAPSED.sub("(elapsed)", out)


def rows_under(lines: list[str], heading: str) -> list[str]:
    """Return the rows of the table whose heading line starts with `heading`."""
    start = next(i for i, line in enumerate(lines) if line.startswith(heading)) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def record_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
