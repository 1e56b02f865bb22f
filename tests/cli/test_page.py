"""docs/cli.md run as the page shows it: its example sessions print what the page shows, and
every bad argument, replay file problem and unreadable record in its tables exits as shown.

The fixtures are conftest.py's; `run` calls `mousehole.cli.main` in-process (commands.py).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from tests.cli.commands import (
    CLI_DOC,
    PNG_SIGNATURE,
    REPLAY_USAGE,
    run,
    tables,
)

FENCE = re.compile(r"^```(?P<lang>\w*)\n(?P<body>.*?)^```$", re.M | re.S)
SAVED_AS = re.compile(r"save it as\s+`(?P<name>[\w.-]+)`:\s*\Z")
PIPE = re.compile(r"^(?P<command>.*?)(?: \| (?P<filter>head|tail) -n (?P<count>\d+))?$")


def save_example_files(text: str, folder: Path) -> list[str]:
    """Write each JSON block the page asks to "save it as `NAME`:" to folder/NAME; return names."""
    names = []
    for block in FENCE.finditer(text):
        saved = SAVED_AS.search(text, 0, block.start())
        if block["lang"] == "json" and saved:
            (folder / saved["name"]).write_text(block["body"], encoding="utf-8")
            names.append(saved["name"])
    return names


def table_rows(text: str, heading: str, columns: int) -> list[list[str]]:
    """Return the cells of the Markdown table whose heading row starts with `heading`."""
    start = text.index(heading)
    end = text.find("\n\n", start)
    rows = text[start : end if end >= 0 else len(text)].splitlines()[2:]  # after the |---| row
    cells = [[cell.strip() for cell in row.strip().strip("|").split(" | ")] for row in rows]
    assert all(len(row) == columns for row in cells), cells
    return cells


def code(cell: str) -> str:
    """Return the text of a table cell that is one `code span`."""
    assert re.fullmatch(r"`[^`]+`", cell), cell
    return cell[1:-1]


@pytest.mark.usefixtures("bad_argument_setting")  # `serve --db notes.txt/...` must not serve
def test_the_example_sessions_of_the_cli_page_print_what_the_page_shows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = CLI_DOC.read_text(encoding="utf-8")
    assert save_example_files(text, tmp_path) == ["trap.json", "trap-bad.json"]
    commands = 0
    for block in FENCE.finditer(text):
        if block["lang"] != "console":
            continue
        line = text.count("\n", 0, block.start()) + 1
        for session in re.split(r"^\$ ", block["body"], flags=re.M)[1:]:
            command_line, _, shown = session.partition("\n")
            parts = PIPE.fullmatch(command_line)
            assert parts, command_line
            argv = shlex.split(parts["command"])
            assert argv[0] == "mousehole", f"docs/cli.md:{line}: only mousehole is run here"
            result = run(argv[1:], capsys)
            printed = (result.out + result.err).splitlines()
            if parts["filter"] == "head":
                printed = printed[: int(parts["count"])]
            elif parts["filter"] == "tail":
                printed = printed[-int(parts["count"]) :]
            assert tables("\n".join(printed)) == tables(shown.rstrip("\n")), (
                f"docs/cli.md, the console block at line {line}: `{command_line}`"
            )
            commands += 1
    assert commands >= 8


@pytest.mark.usefixtures("bad_argument_setting")
def test_every_bad_argument_in_the_cli_page_table_exits_2_with_the_message_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = CLI_DOC.read_text(encoding="utf-8")
    rows = table_rows(text, "| Arguments | Message", 2)
    assert len(rows) >= 15
    commands = {row[0].split("`")[1].split()[0] for row in rows}
    assert commands == {"simulate", "serve"}
    for cell, message_cell in rows:
        if cell.endswith(" without matplotlib"):
            continue  # matplotlib is installed for the tests
        args, message = code(cell), code(message_cell)
        command = args.split()[0]
        result = run(shlex.split(args), capsys)
        where = f"mousehole {args}"
        assert (result.status, result.out) == (2, ""), where
        assert result.err.startswith(f"usage: mousehole {command} [-h] "), where
        assert result.err.endswith(f"\nmousehole {command}: error: {message}\n"), where


@pytest.mark.usefixtures("bad_argument_setting")  # notes.txt: a file that is not JSON
def test_every_replay_file_problem_in_the_cli_page_table_exits_2_with_the_message_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = CLI_DOC.read_text(encoding="utf-8")
    save_example_files(text, tmp_path)  # trap.json: a single record
    (tmp_path / "records").mkdir()
    # --index is checked against the number of lines before any of them is read as JSON: each
    # records/<game>-seed<n>.jsonl file the table names holds 100 lines
    for named in sorted(set(re.findall(r"records/[\w.-]+\.jsonl", text))):
        (tmp_path / named).write_text("{}\n" * 100, encoding="utf-8")
    (tmp_path / "charts.png").write_bytes(PNG_SIGNATURE + bytes(range(256)))
    (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
    rows = table_rows(text, "| Problem | Arguments | Message", 3)
    assert len(rows) >= 8
    for _, args_cell, message_cell in rows:
        args, message = code(args_cell), code(message_cell)
        result = run(shlex.split(args), capsys)
        assert (result.status, result.out) == (2, ""), f"mousehole {args}"
        expected = REPLAY_USAGE + f"mousehole replay: error: {message}\n"
        assert result.err == expected, f"mousehole {args}"


def test_every_unreadable_record_in_the_cli_page_table_exits_1_with_the_message_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = CLI_DOC.read_text(encoding="utf-8")
    rows = table_rows(text, "| Problem | The file holds | Message", 3)
    assert len(rows) >= 6
    for _, record_cell, message_cell in rows:
        record, message = code(record_cell), code(message_cell)
        (tmp_path / "record.json").write_text(json.dumps(json.loads(record)), encoding="utf-8")
        result = run(["replay", "record.json"], capsys)
        assert (result.status, result.out) == (1, ""), record
        assert result.err == f"mousehole replay: {message}\n", record
