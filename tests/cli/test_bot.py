"""`mousehole bot` (src/mousehole/cli/bot.py): the program to run comes after `--`, and whatever
stops the bot before it plays (no program, a token without its seat, a program that cannot
start) exits 2 with one line naming it. A whole online room played by a bot against a real
server is tested in tests/test_bot_command.py."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.cli.commands import run

NOWHERE = "http://127.0.0.1:9"
"""A server address the bot never reaches: each refusal here comes before it connects."""


def test_bot_without_a_program_is_refused() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mousehole.cli", "bot", "--url", NOWHERE, "--room", "ABCDEF"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "give the program to run after --" in done.stderr


def test_a_lone_double_dash_names_no_program(capsys: pytest.CaptureFixture[str]) -> None:
    done = run(["bot", "--url", NOWHERE, "--room", "ABCDEF", "--"], capsys)
    assert done.status == 2 and done.out == ""
    assert done.err == (
        "mousehole bot: error: give the program to run after --, e.g. -- python3 mybot.py\n"
    )


def test_a_token_without_its_seat_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bot", "--url", NOWHERE, "--room", "ABCDEF", "--token", "t0k3n", "--", "true"]
    done = run(argv, capsys)
    assert (done.status, done.out) == (2, "")
    assert done.err == "mousehole bot: error: --token needs --seat: the seat the token holds\n"


def test_a_program_that_cannot_start_exits_2_naming_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bot", "--url", NOWHERE, "--room", "ABCDEF", "--seat", "1", "--token", "t0k3n"]
    done = run([*argv, "--", "/no/such/program", "--level", "3"], capsys)
    assert (done.status, done.out) == (2, "")
    assert done.err.startswith("mousehole bot: error: cannot start '/no/such/program': ")
    assert done.err.count("\n") == 1
