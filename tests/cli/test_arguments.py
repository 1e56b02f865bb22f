"""Bad arguments to any `mousehole` command exit 2 with the subcommand's usage and a message
naming the problem (docs/cli.md), before anything is played or served.

The fixtures are conftest.py's; `run` calls `mousehole.cli.main` in-process (commands.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mousehole.games import MANIFESTS
from tests.cli.commands import (
    EASY,
    GAME,
    NAME,
    run,
)

# -- bad arguments ---------------------------------------------------------------------------

BAD_ARGUMENTS = [
    pytest.param(
        ["simulate", "chess"],
        "unknown game 'chess': choose one of " + ", ".join(sorted(m.name for m in MANIFESTS)),
        id="unknown game",
    ),
    pytest.param(
        ["simulate", NAME, "--games", "0"],
        "--games must be at least 1, not 0",
        id="no games",
    ),
    pytest.param(
        ["simulate", NAME, "--jobs", "0"],
        "--jobs must be at least 1, not 0",
        id="no processes",
    ),
    pytest.param(
        ["simulate", NAME, "--games", "many"],
        "argument --games: invalid int value: 'many'",
        id="games not a number",
    ),
    pytest.param(
        ["simulate", NAME, "--seats", str(GAME.game.max_seats + 1)],
        f"--seats: {GAME.title} takes {GAME.game.min_seats} to {GAME.game.max_seats} seats, "
        f"not {GAME.game.max_seats + 1}",
        id="five seats",
    ),
    pytest.param(
        ["simulate", NAME, "--seats", "3", "--players", f"{EASY},{EASY}"],
        "--players names 2 players for 3 seats",
        id="players for the wrong number of seats",
    ),
    pytest.param(
        ["simulate", NAME, "--players", f"{EASY},genius"],
        f"--players: unknown level 'genius' (choose {', '.join(GAME.levels)})",
        id="unknown level",
    ),
    pytest.param(
        ["simulate", NAME, "--records", "notes.txt"],
        "--records: cannot use notes.txt as a folder (File exists)",
        id="records into a file",
    ),
    pytest.param(
        ["simulate", NAME, "--records", "notes.txt/runs"],
        "--records: cannot use notes.txt/runs as a folder (Not a directory)",
        id="records under a file",
    ),
    pytest.param(
        ["simulate", NAME, "--plot", "charts/d"],
        "--plot: the chart file must end in .png, not 'd'",
        id="chart without .png",
    ),
    pytest.param(
        ["serve", "--db", "notes.txt/mousehole.sqlite3"],
        "cannot write the SQLite database 'notes.txt/mousehole.sqlite3': "
        "[Errno 17] File exists: 'notes.txt'",
        id="database under a file",
    ),
    pytest.param(["serve", "--port", "70000"], "--port must be 1..65535, not 70000", id="port"),
    pytest.param(["serve", "--port", "65536"], "--port must be 1..65535, not 65536", id="port+1"),
    pytest.param(["serve", "--port", "0"], "--port must be 1..65535, not 0", id="port 0"),
    pytest.param(["replay"], "the following arguments are required: file", id="replay nothing"),
]


@pytest.mark.usefixtures("bad_argument_setting")
@pytest.mark.parametrize(("argv", "message"), BAD_ARGUMENTS)
def test_bad_arguments_exit_2_with_a_message_naming_the_problem(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(argv, capsys)
    assert result.status == 2
    assert result.out == ""  # stopped before playing anything
    command = argv[0]
    assert result.err.startswith(f"usage: mousehole {command} [-h] ")  # the subcommand's usage
    assert result.err.endswith(f"\nmousehole {command}: error: {message}\n")
    assert not Path("charts").exists()  # no game was played, so no chart was drawn
