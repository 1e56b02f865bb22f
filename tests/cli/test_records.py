"""`mousehole simulate` and `replay` (cli/records.py), as docs/cli.md describes them: the same
seed prints the same tables, records replay to their winners, and each unreadable record file
exits 2 naming its problem. Matches are few and use the fast levels (`hard` searches every
trap decision, so it plays at most five games here). One test runs the installed `mousehole`
script to check that the entry point is wired up.

The fixtures are conftest.py's; `run` calls `mousehole.cli.main` in-process (commands.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import mousehole
from mousehole.games import MANIFESTS
from mousehole.games.manifest import GameManifest
from tests.cli.commands import (
    EASY,
    NAME,
    NORMAL,
    PNG_SIGNATURE,
    REPLAY_USAGE,
    record_lines,
    run,
    tables,
)

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


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda m: m.name)
def test_simulate_plays_normal_in_every_seat_unless_told_otherwise(
    capsys: pytest.CaptureFixture[str], manifest: GameManifest
) -> None:
    """Never the expert by default, though it is listed after hard: its searches would make a
    run far slower (docs/cli.md). A game without decisions plays its one level."""
    levels = manifest.levels
    level = "normal" if "normal" in levels else levels[0]
    seats = manifest.min_seats
    result = run(
        ["simulate", manifest.name, "--games", "1", "--seed", "1", "--seats", str(seats)], capsys
    )
    assert result.status == 0
    assert f"players {','.join([level] * seats)}," in result.out


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
