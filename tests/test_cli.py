"""The `mousehole` command: simulate, replay and their errors, as docs/cli.md describes them.

Most tests call `mousehole.cli.main` in-process (a bad argument, including a `replay` file that
cannot be read, stops in the subcommand parser's `error()` with SystemExit(2), which `run` turns
into the exit status the shell would see); one runs the installed `mousehole` script to check
that the entry point is wired up. Matches are few and use the fast
levels (`hard` searches every trap decision, so it plays at most five games here).
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import mousehole
from mousehole.cli import main
from mousehole.games import MANIFESTS
from mousehole.server.rooms.wire import MAX_FRAME

GAME = MANIFESTS[0]
"""The game the commands run here, any game: the registry's first (tests/test_one_folder.py).
A test of one game's output lives in its folder (tests/games/<name>/)."""
NAME = GAME.name
EASY = GAME.levels[0]
NORMAL = GAME.levels[len(GAME.levels) // 2]
"""Its first and a middle computer level (the same when it has one)."""

ROOT = Path(__file__).resolve().parent.parent
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


def rows_under(lines: list[str], heading: str) -> list[str]:
    """Return the rows of the table whose heading line starts with `heading`."""
    start = next(i for i, line in enumerate(lines) if line.startswith(heading)) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def record_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# -- simulate --------------------------------------------------------------------------------


def test_the_same_seed_prints_the_same_tables_and_another_seed_other_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", NAME, "--games", "20", "--players", f"{EASY},{NORMAL},{EASY}"]
    first = run([*argv, "--seed", "5"], capsys)
    again = run([*argv, "--seed", "5"], capsys)
    other = run([*argv, "--seed", "6"], capsys)
    assert first.status == again.status == other.status == 0
    assert tables(first.out) == tables(again.out)
    assert tables(first.out).split("\n", 1)[1] != tables(other.out).split("\n", 1)[1]


@pytest.mark.parametrize(("game", "level"), [("mousetrap", "normal"), ("ausdiemaus", "auto")])
def test_simulate_plays_normal_in_every_seat_unless_told_otherwise(
    capsys: pytest.CaptureFixture[str], game: str, level: str
) -> None:
    """Never the expert by default, though it is listed after hard: its searches would make a
    run hundreds of times slower (docs/cli.md)."""
    result = run(["simulate", game, "--games", "2", "--seats", "3", "--seed", "1"], capsys)
    assert result.status == 0
    assert f"players {level},{level},{level}," in result.out


def test_the_installed_command_prints_the_same_tables_as_the_in_process_call(
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = Path(sys.executable).parent / "mousehole"
    argv = ["simulate", NAME, "--games", "20", "--seed", "7", "--players", f"{NORMAL},{EASY}"]
    shell = subprocess.run(
        [str(script), *argv], capture_output=True, text=True, timeout=60, check=False
    )
    in_process = run(argv, capsys)
    assert shell.returncode == 0, shell.stderr
    assert tables(shell.stdout) == tables(in_process.out)
    assert "Wins by seat" in shell.stdout


def test_one_process_and_two_print_the_same_tables_and_write_the_same_records(
    tmp_path: Path,
) -> None:
    script = Path(sys.executable).parent / "mousehole"
    argv = ["simulate", NAME, "--games", "24", "--seed", "3", "--players", f"{NORMAL},{EASY}"]
    runs = {}
    for jobs in ("1", "2"):
        folder = tmp_path / f"jobs{jobs}"
        shell = subprocess.run(
            [str(script), *argv, "--jobs", jobs, "--records", str(folder), "--progress"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert shell.returncode == 0, shell.stderr
        assert "24/24 games" in shell.stderr  # the progress bar reached the end
        records = (folder / f"{NAME}-seed3.jsonl").read_text(encoding="utf-8")
        runs[jobs] = (tables(shell.stdout).replace(str(folder), "FOLDER"), records)
    assert runs["1"] == runs["2"]
    assert len(runs["1"][1].splitlines()) == 24
    assert len({json.loads(line)["seed"] for line in runs["1"][1].splitlines()}) == 24


def test_records_hold_one_line_per_game_and_each_replays_to_its_recorded_winners(
    records: Path,
) -> None:
    lines = record_lines(records)
    assert len(lines) == 12
    assert len({line["seed"] for line in lines}) == 12  # every match has its own chance seed
    for number, line in enumerate(lines):
        assert set(line) == {
            "format", "game", "options", "initial", "seed", "moves", "players", "winners"
        }  # fmt: skip
        assert line["format"] == "mousehole-record/1" and line["game"] == NAME
        assert line["players"] == [NORMAL, EASY, EASY]
        result = mousehole.replay(line)
        assert result.error is None, f"line {number}: {result.error}"
        assert result.state.is_terminal()
        assert result.state.winners() == line["winners"]


def test_records_are_written_into_a_new_folder_and_the_summary_says_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "runs" / "today"
    result = run(
        ["simulate", NAME, "--games", "3", "--seed", "9", "--records", str(folder)], capsys
    )
    assert result.status == 0
    written = folder / f"{NAME}-seed9.jsonl"
    assert result.out.rstrip().endswith(f"records written to {written}")
    assert len(record_lines(written)) == 3


def test_plot_writes_a_png_chart_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chart = tmp_path / "charts" / "wins.png"
    argv = ["simulate", NAME, "--games", "20", "--players", f"{NORMAL},{EASY},{EASY}"]
    result = run([*argv, "--plot", str(chart)], capsys)
    assert result.status == 0, result.err
    assert f"charts written to {chart}" in result.out
    data = chart.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert len(data) > 10_000  # four panels of charts, not an empty canvas


# -- replay ----------------------------------------------------------------------------------


def test_replay_of_a_record_cut_short_prints_its_moves_and_says_the_game_is_not_over(
    records: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = record_lines(records)[1]
    data["moves"] = data["moves"][:40]
    short = tmp_path / "short.json"
    short.write_text(json.dumps(data), encoding="utf-8")
    result = run(["replay", str(short)], capsys)
    assert result.status == 0
    last = result.out.splitlines()[-1]
    assert last == "The record stops after 40 moves; the game is not over."


def test_replay_of_a_file_cut_mid_line_says_it_is_not_json(
    records: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cut = tmp_path / "cut.jsonl"
    cut.write_text(records.read_text(encoding="utf-8")[:500], encoding="utf-8")
    with pytest.raises(json.JSONDecodeError) as bad:
        json.loads(cut.read_text(encoding="utf-8"))
    result = run(["replay", str(cut)], capsys)
    assert (result.status, result.out) == (2, "")
    message = f"{cut} is not JSON ({bad.value})"
    assert result.err == REPLAY_USAGE + f"mousehole replay: error: {message}\n"


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


@pytest.fixture
def bad_argument_setting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Put a plain file `notes.txt` in the working folder; fail if a server would start."""
    import uvicorn

    def never_serve(*args: object, **kwargs: object) -> None:
        pytest.fail("the server was started despite a bad argument")

    monkeypatch.setattr(uvicorn, "run", never_serve)
    (tmp_path / "notes.txt").write_text("not a folder\n", encoding="utf-8")


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


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """Record the keyword arguments of each server start instead of starting a server."""
    import uvicorn

    import mousehole.cli

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append(kwargs))
    # the collector tuning is recorded too (freezing the test process's objects would outlive
    # the test)
    monkeypatch.setattr(mousehole.cli, "tune_gc", lambda: calls.append({"tune_gc": True}))
    return calls


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
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import uvicorn

    import mousehole.cli

    apps: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: apps.append(app))
    monkeypatch.setattr(mousehole.cli, "tune_gc", lambda: None)
    result = run(["serve", "--db", "test.sqlite3", *argv], capsys)
    assert result.status == 0
    [app] = apps
    assert app.state.store.sync == sync
    app.state.store.close()


def test_serve_refuses_an_unknown_sync_setting_by_name(
    started: list[dict[str, object]], capsys: pytest.CaptureFixture[str]
) -> None:
    result = run(["serve", "--db", "test.sqlite3", "--sync", "off"], capsys)
    assert result.status == 2
    assert "argument --sync: invalid choice: 'off' (choose from 'normal', 'full')" in result.err
    assert started == []


def _replay_file_problem(case: str, records: Path, tmp_path: Path) -> tuple[list[str], str]:
    """Set up the working folder for `case`; return the arguments and the expected message."""
    if case == "missing file":
        return ["replay", "games.jsonl"], "cannot read games.jsonl: No such file or directory"
    if case == "folder":
        (tmp_path / "runs").mkdir()
        return ["replay", "runs"], "cannot read runs: Is a directory"
    if case == "not text":
        (tmp_path / "chart.png").write_bytes(PNG_SIGNATURE + bytes(range(256)))
        return ["replay", "chart.png"], "chart.png is not a text file"
    if case == "not JSON":
        (tmp_path / "notes.txt").write_text("Seat 0 won, I think.\n", encoding="utf-8")
        message = "notes.txt is not JSON (Expecting value: line 1 column 1 (char 0))"
        return ["replay", "notes.txt"], message
    if case == "empty .jsonl":
        (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
        return ["replay", "empty.jsonl"], "empty.jsonl holds no record"
    if case == "blank .json":
        (tmp_path / "blank.json").write_text("\n  \n\t\n", encoding="utf-8")
        return ["replay", "blank.json"], "blank.json holds no record"
    if case == "index out of range":
        return ["replay", str(records), "--index", "12"], f"--index 12 is outside 0..11 ({records})"
    if case == "negative index":
        return ["replay", str(records), "--index", "-1"], f"--index -1 is outside 0..11 ({records})"
    assert case == "index of a single record"
    first = records.read_text(encoding="utf-8").split("\n")[0]
    (tmp_path / "one.json").write_text(first, encoding="utf-8")
    return ["replay", "one.json", "--index", "1"], "--index 1: one.json holds a single record"


REPLAY_FILE_PROBLEMS = [
    "missing file",
    "folder",
    "not text",
    "not JSON",
    "empty .jsonl",
    "blank .json",
    "index out of range",
    "negative index",
    "index of a single record",
]


@pytest.mark.parametrize("case", REPLAY_FILE_PROBLEMS)
def test_replay_file_problems_exit_2_with_the_replay_usage_and_a_message_naming_the_problem(
    case: str, records: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv, message = _replay_file_problem(case, records, tmp_path)
    result = run(argv, capsys)
    assert (result.status, result.out) == (2, "")
    assert result.err == REPLAY_USAGE + f"mousehole replay: error: {message}\n"


def test_replay_file_problems_show_the_usage_argparse_shows_for_a_missing_file_argument(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(["replay"], capsys)
    assert (result.status, result.out) == (2, "")
    missing = "mousehole replay: error: the following arguments are required: file\n"
    assert result.err == REPLAY_USAGE + missing


def test_a_single_record_file_replays_with_index_0(
    records: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    one = tmp_path / "one.json"
    one.write_text(records.read_text(encoding="utf-8").split("\n")[0], encoding="utf-8")
    default = run(["replay", str(one)], capsys)
    explicit = run(["replay", str(one), "--index", "0"], capsys)
    assert default.status == explicit.status == 0
    assert default.err == explicit.err == ""
    assert default.out == explicit.out
    assert "won by seat" in default.out.splitlines()[-1]


# -- docs/cli.md -----------------------------------------------------------------------------

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
