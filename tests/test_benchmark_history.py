"""`benchmarks/history.py`: the engines against an earlier commit, checked out beside this
one. A short real run on a real commit (a git checkout with its history, as every clone of
the repository is), a commit that does not exist, and the section's verdicts."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from benchmarks import history

from mousehole.games import MANIFESTS

ROOT = Path(__file__).resolve().parent.parent


def _has_history() -> bool:
    probe = ["git", "cat-file", "-e", f"{history.BASE}^{{commit}}"]
    return subprocess.run(probe, cwd=ROOT, capture_output=True).returncode == 0


@pytest.mark.skipif(not _has_history(), reason=f"no git history holding {history.BASE} here")
def test_a_short_run_measures_both_codes_and_leaves_no_checkout_behind() -> None:
    before = subprocess.run(
        ["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    game = MANIFESTS[0]
    result = history.versus(games=2, repeats=1, rounds=1, names=(game.name,))
    assert result["base"] == history.BASE and "error" not in result
    rows = result["rows"]
    assert [row["seats"] for row in rows] == list(range(game.min_seats, game.max_seats + 1))
    for row in result["rows"]:
        assert row["before_us"] > 0 and row["now_us"] > 0
    after = subprocess.run(
        ["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert after == before


def test_a_commit_that_does_not_exist_is_named_in_the_section() -> None:
    result = history.versus("0123456789abcdef0123", games=1, repeats=1, rounds=1)
    assert set(result) == {"base", "error"}
    text = history.section(result, {})
    assert "## Engines against the code of commit `0123456789abcdef0123`" in text
    assert "Not measured:" in text and "0123456789abcdef0123" in text.split("Not measured:")[1]


def test_the_section_says_halved_only_at_half_or_less() -> None:
    rows = [
        {"game": "cards", "seats": 2, "before_us": 2.0, "now_us": 1.0},
        {"game": "cards", "seats": 3, "before_us": 2.0, "now_us": 1.01},
        {"game": "newer", "error": "before: ValueError: unknown game 'newer'"},
    ]
    result = {
        "base": "abc1234", "rows": rows, "games": 200, "repeats": 5, "rounds": 3, "seconds": 3.0
    }  # fmt: skip
    text = history.section(result, {"cards": "Cards!"})
    assert "| Cards! | 2 | 2.00 µs | 1.00 µs | 0.50 | met |" in text
    assert "| Cards! | 3 | 2.00 µs | 1.01 µs | 0.51 | NOT met |" in text
    assert "| newer | – | – | – | – | not measured (before: ValueError: unknown game" in text
    assert "best of 3 round(s), each the best of 5 repeats of 200 games" in text
    assert history.section(None, {}) == ""


def test_a_game_the_code_does_not_have_is_reported_not_measured() -> None:
    rows = history._measure(history.ROOT / "src", "nosuchgame", [2], 1, 1, 1.0)
    assert len(rows) == 1 and rows[0]["error"].startswith("UnknownGameError: unknown game")
