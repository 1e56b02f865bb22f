"""`mousehole simulate` and `replay` on Mouse Trap, whose output they check: its event table
(captures, cranks, trap phases), its hard player, and the play-by-play of its rolls and trap
actions (tests/cli/ checks the commands on any game)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import mousehole
from mousehole.cli import main
from tests.cli.commands import record_lines, rows_under, run

ECHOED = ("spend", "crank", "end")  # actions whose only event repeats the action itself


@pytest.fixture(autouse=True)
def _stable_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps its usage lines to the terminal width
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a JSONL file of 12 simulated 3-seat matches (normal against two easy players)."""
    folder = tmp_path_factory.mktemp("records")
    argv = ["simulate", "mousetrap", "--games", "12", "--players", "normal,easy,easy"]
    assert main([*argv, "--seed", "11", "--records", str(folder), "--no-progress"]) == 0
    return folder / "mousetrap-seed11.jsonl"


def test_simulate_prints_the_wins_game_length_and_event_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run(
        ["simulate", "mousetrap", "--games", "20", "--players", "normal,easy,easy,easy"], capsys
    )
    assert result.status == 0
    assert result.err == ""  # no progress bar: standard error is not a terminal
    lines = result.out.splitlines()
    assert re.fullmatch(
        r"mousetrap: 20 games, 4 seats, players normal,easy,easy,easy, seed 1 \(\d+\.\d s\)",
        lines[0],
    )
    seat_rows = [line for line in lines if re.match(r"  seat \d \((normal|easy)\)", line)]
    assert [row.split()[1] for row in seat_rows] == ["0", "1", "2", "3"]
    assert sum(int(row.split()[3]) for row in seat_rows) == 20  # one winner per match
    assert "Wins by player" in result.out
    assert re.search(r"^  normal \(x1\) +\d+ ", result.out, re.M)
    assert re.search(r"^  easy \(x3\) +\d+ ", result.out, re.M)
    low, median, mean, p90, high = rows_under(lines, "Game length (turns)")[0].split()
    assert int(low) <= int(median) <= int(p90) <= int(high) and int(low) <= float(mean)
    events = rows_under(lines, "Events")
    counted = {re.split(r"\s{2,}", row.strip())[0]: int(row.split()[-2]) for row in events}
    # every 4-seat match ends with three mice caught
    assert counted["captures"] == 3 * 20
    assert {"crank failures", "cranks", "supply shortfalls", "trap phases"} <= set(counted)


def test_hard_players_play_a_few_games_and_their_wins_are_reported_by_level(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "mousetrap", "--games", "4", "--seats", "2", "--players", "hard,normal"]
    result = run(argv, capsys)
    assert result.status == 0
    assert "mousetrap: 4 games, 2 seats, players hard,normal, seed 1" in result.out
    assert re.search(r"^  hard \(x1\) +\d+ ", result.out, re.M)
    assert re.search(r"^  seat 1 \(normal\) +\d+ ", result.out, re.M)


def test_replay_prints_a_numbered_play_by_play_ending_in_won_by(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = record_lines(records)[2]
    result = run(["replay", str(records), "--index", "2"], capsys)
    assert result.status == 0 and result.err == ""
    lines = result.out.splitlines()
    assert lines[0] == "Mouse Trap: load_game('mousetrap', seats=3, start_seat=None)"
    moves = lines[1:-1]
    assert len(moves) == len(line["moves"])
    assert [int(move.split(".")[0]) for move in moves] == list(range(1, len(moves) + 1))
    assert "chance: " in moves[0] and "rolls the die" in moves[1]
    kinds = [move["action"]["type"] for move in line["moves"]]
    echoed = [text for kind, text in zip(kinds, moves, strict=True) if kind in ECHOED]
    assert echoed, "the record has no trap action: pick a longer one"
    # the action is named once: its event, which says the same again, is not listed after `->`
    assert [text for text in echoed if " -> " in text] == []
    assert all(" -> " in text for kind, text in zip(kinds, moves, strict=True) if kind == "die")
    winner = line["winners"][0]
    level = line["players"][winner]
    assert lines[-1] == f"Result after {len(moves)} moves: won by seat {winner} ({level})"


def test_replay_of_a_record_with_a_changed_die_prints_the_valid_prefix_then_the_error(
    records: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = record_lines(records)[0]
    moves = data["moves"]
    kinds = [move["action"]["type"] for move in moves]
    # A trap action right after "roll, die" means that die landed the mouse on Turn Crank. Any
    # other value lands elsewhere, so there is no trap phase and the trap action is not legal.
    bad = next(
        i
        for i in range(2, len(moves))
        if kinds[i] in ("spend", "crank", "end") and kinds[i - 2 : i] == ["roll", "die"]
    )
    die = moves[bad - 1]["action"]
    die["value"] = int(die["value"]) % 6 + 1
    corrupted = tmp_path / "corrupted.json"
    corrupted.write_text(json.dumps(data), encoding="utf-8")

    expected = mousehole.replay(data)
    assert expected.error_index == bad
    result = run(["replay", str(corrupted)], capsys)
    assert result.status == 1
    lines = result.out.splitlines()
    assert len(lines) == 1 + bad  # the header and every move before the bad one
    assert lines[-1].lstrip().startswith(f"{bad}. chance: the die shows {die['value']}")
    assert "won by" not in result.out
    # the listing's number for the bad move (1-based), then the JSON path of it (0-based)
    assert str(expected.error).startswith(f"moves[{bad}]: ")
    assert result.err == f"error at move {bad + 1}: {expected.error}\n"
