"""What the commands share (src/mousehole/cli/common.py): which database a command uses
(`--database`, else $MOUSEHOLE_DATABASE unless `--db` names a SQLite file), seconds read from
the environment, and failing with one line and exit status 2."""

from __future__ import annotations

import argparse

import pytest

from mousehole.cli.common import (
    DATABASE_VARIABLE,
    database_argument,
    database_url,
    env_seconds,
    fail,
)

URL = "postgresql://ann@db/rooms"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mousehole rooms")
    parser.add_argument("--db", default=None)
    database_argument(parser, "the rooms' database")
    return parser


def _database(argv: list[str]) -> str | None:
    parser = _parser()
    return database_url(parser.parse_args(argv), parser)


def test_the_database_is_the_option_else_the_variable_unless_a_sqlite_file_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(DATABASE_VARIABLE, raising=False)
    assert _database([]) is None, "SQLite by default"
    assert _database(["--database", URL]) == URL
    monkeypatch.setenv(DATABASE_VARIABLE, "  postgresql://bo@other/rooms ")
    assert _database([]) == "postgresql://bo@other/rooms"
    assert _database(["--database", URL]) == URL, "the option wins over the variable"
    assert _database(["--db", "var/rooms.sqlite3"]) is None, "a SQLite file wins over it too"
    monkeypatch.setenv(DATABASE_VARIABLE, "   ")
    assert _database([]) is None


def test_both_a_sqlite_file_and_a_database_url_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        _database(["--db", "x.sqlite3", "--database", URL])
    assert stop.value.code == 2
    assert "error: --db (a SQLite file) and --database (PostgreSQL): choose one" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize(("text", "seconds"), [(None, 7.5), ("", 7.5), (" 0 ", 0.0), ("2.5", 2.5)])
def test_seconds_come_from_the_environment_or_the_default(
    monkeypatch: pytest.MonkeyPatch, text: str | None, seconds: float
) -> None:
    if text is None:
        monkeypatch.delenv("MOUSEHOLE_TEST_SECONDS", raising=False)
    else:
        monkeypatch.setenv("MOUSEHOLE_TEST_SECONDS", text)
    assert env_seconds("MOUSEHOLE_TEST_SECONDS", 7.5, _parser()) == seconds


@pytest.mark.parametrize("text", ["-1", "soon", "nan", "inf"])
def test_seconds_that_are_no_number_or_below_zero_are_refused_by_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    monkeypatch.setenv("MOUSEHOLE_TEST_SECONDS", text)
    with pytest.raises(SystemExit) as stop:
        env_seconds("MOUSEHOLE_TEST_SECONDS", 7.5, _parser())
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"MOUSEHOLE_TEST_SECONDS must be a number of seconds >= 0, not {text!r}" in err


@pytest.mark.parametrize("text", ["0", " 0.0 ", "-1", "soon", "inf"])
def test_positive_seconds_refuse_zero_too_by_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    monkeypatch.setenv("MOUSEHOLE_TEST_SECONDS", text)
    with pytest.raises(SystemExit) as stop:
        env_seconds("MOUSEHOLE_TEST_SECONDS", 7.5, _parser(), positive=True)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"MOUSEHOLE_TEST_SECONDS must be a number of seconds > 0, not {text.strip()!r}" in err
    monkeypatch.setenv("MOUSEHOLE_TEST_SECONDS", "0.25")
    assert env_seconds("MOUSEHOLE_TEST_SECONDS", 7.5, _parser(), positive=True) == 0.25


def test_failing_prints_one_line_without_the_usage_and_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        fail(_parser(), "the database at db:5432 cannot be reached")
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "mousehole rooms: error: the database at db:5432 cannot be reached\n"
