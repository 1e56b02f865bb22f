"""`mousehole verify`: a committed record verifies, a tampered one does not, bad files exit 2.

As in tests/cli/ (commands.py), the command runs in-process: a bad argument stops in the verify
subparser's `error()` with SystemExit(2), which `run` turns into the status a shell would see.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import mousehole
from mousehole.cli import main
from mousehole.engine import Match, commitment
from mousehole.games import MANIFESTS, REGISTRY, GameManifest, make_bot

SECRET = "c4" * 32
GAME = MANIFESTS[0]
"""The game of the records verified here: any will do (a game's own tamperings, such as a
changed die, are tested in its folder, tests/games/<name>/test_cli.py), so the registry's first."""
USAGE = "usage: mousehole verify [-h] [--index INDEX] file\n"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the command in-process; return the exit status, standard output and standard error."""
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def committed_record(secret: str = SECRET, entry: GameManifest = GAME) -> dict[str, Any]:
    """Return the JSON record of a committed 2-seat match of `entry`, played to its end by its
    first computer level."""
    game = mousehole.load_game(entry.name, seats=2)
    match = Match(game, secret=secret)
    level = entry.levels[0]
    match.play_out({0: make_bot(entry.name, level, seed=1), 1: make_bot(entry.name, level)})
    return match.record.to_json()


def write(path: Path, *records: dict[str, Any]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


def chance_count(data: dict[str, Any]) -> int:
    return sum(move["seat"] == "chance" for move in data["moves"])


def test_verify_of_a_finished_committed_match_says_verified_and_exits_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = committed_record()
    status, out, err = run(["verify", str(write(tmp_path / "match.json", data))], capsys)
    assert (status, err) == (0, "")
    promised = commitment(SECRET)
    assert (
        out == f"verified: {chance_count(data)} chance outcomes match the commitment {promised}\n"
    )


def test_verify_picks_a_record_of_a_jsonl_file_by_index(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seeded = committed_record() | {"commitment": None, "secret": None}
    other = committed_record("d5" * 32)
    path = write(tmp_path / "matches.jsonl", seeded, other)
    status, out, _ = run(["verify", str(path), "--index", "1"], capsys)
    assert status == 0 and out.endswith(f"the commitment {commitment('d5' * 32)}\n")
    status, out, err = run(["verify", str(path)], capsys)
    assert (status, out) == (1, "")
    assert err == "mousehole verify: cannot verify: the record has no revealed secret\n"


def test_verify_of_a_wrong_secret_says_it_does_not_match_the_commitment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = committed_record() | {"secret": "e6" * 32}
    status, out, err = run(["verify", str(write(tmp_path / "wrong.json", data))], capsys)
    assert (status, out) == (1, "")
    assert err == (
        "mousehole verify: not verified: the secret does not match the commitment "
        f"{commitment(SECRET)}\n"
    )


def test_verify_of_an_unreadable_record_exits_1_with_the_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path / "chess.json", {"game": "chess", "moves": []})
    status, out, err = run(["verify", str(path)], capsys)
    assert (status, out) == (1, "")
    known = ", ".join(sorted(REGISTRY))
    assert err == f"mousehole verify: unknown game 'chess' (known: {known})\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["verify"], "the following arguments are required: file"),
        (["verify", "missing.json"], "cannot read missing.json: No such file or directory"),
        (["verify", "notes.txt"],
         "notes.txt is not JSON (Expecting value: line 1 column 1 (char 0))"),
        (["verify", "two.jsonl", "--index", "2"], "--index 2 is outside 0..1 (two.jsonl)"),
        (["verify", "one.json", "--index", "1"], "--index 1: one.json holds a single record"),
        (["verify", "one.json", "--index", "x"], "argument --index: invalid int value: 'x'"),
    ],
)  # fmt: skip
def test_verify_usage_errors_exit_2_with_the_verify_usage_and_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("Seat 0 won, I think.\n", encoding="utf-8")
    write(tmp_path / "two.jsonl", {}, {})
    write(tmp_path / "one.json", {})
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err == USAGE + f"mousehole verify: error: {message}\n"


def test_the_installed_command_verifies_a_record(tmp_path: Path) -> None:
    path = write(tmp_path / "match.json", committed_record())
    script = Path(sys.executable).parent / "mousehole"
    shell = subprocess.run(
        [str(script), "verify", str(path)], capture_output=True, text=True, timeout=60, check=False
    )
    assert shell.returncode == 0, shell.stderr
    assert shell.stdout.startswith("verified: ")
