"""benchmarks/bots.py: tournaments between levels, in one process or several, with a control."""

from __future__ import annotations

import pytest
from benchmarks.bots import tournament

from mousehole.games import MANIFESTS

GAME = next(m.name for m in MANIFESTS if {"easy", "hard"} <= set(m.bots))


def test_processes_play_the_same_games_as_one() -> None:
    one = tournament(GAME, "hard", "easy", 24, 2)
    two = tournament(GAME, "hard", "easy", 24, 2, jobs=2)
    assert one["games"] == two["games"] == 24
    assert one["strong_wins"] == two["strong_wins"]
    assert 0.0 < one["share"] < 1.0


def test_the_control_plays_the_same_seeds_with_its_level_in_the_stronger_seats() -> None:
    """A control of the stronger level itself replays the tournament: the same share; a
    control of the weaker level makes every game even between equals."""
    same = tournament(GAME, "hard", "easy", 20, 2, control="hard")
    assert same["control_share"] == same["share"]
    assert same["difference"] == same["difference_se"] == 0.0
    equals = tournament(GAME, "hard", "easy", 20, 2, control="easy")
    assert equals["control"] == "easy"
    assert equals["control_share"] != equals["share"]
    assert 0.0 < equals["control_share"] < 1.0


def test_the_difference_is_the_share_less_the_control_game_by_game() -> None:
    """Each game's difference is the stronger side's share less the control's on that seed:
    its mean is the two shares' difference, and its spread is not zero when games differ."""
    r = tournament(GAME, "hard", "easy", 20, 2, control="easy")
    assert abs(r["difference"] - (r["share"] - r["control_share"])) < 1e-12
    assert r["difference_se"] > 0.0


def test_first_moves_the_seeds() -> None:
    """Game i plays seed first + i: ten games from seed 10 are the second half of twenty from
    seed 0 (the seat pattern alternates from game 0 of either run, an even offset keeps it)."""
    whole = tournament(GAME, "hard", "easy", 20, 2, control="easy")
    half = tournament(GAME, "hard", "easy", 10, 2, control="easy", first=10)
    head = tournament(GAME, "hard", "easy", 10, 2, control="easy")
    assert head["shares"] + half["shares"] == whole["shares"]
    assert head["control_shares"] + half["control_shares"] == whole["control_shares"]
    assert half["shares"] + half["control_shares"] != head["shares"] + head["control_shares"]


def test_progress_is_reported_after_every_game_with_the_wins_so_far() -> None:
    seen: list[tuple[int, float]] = []
    r = tournament(GAME, "hard", "easy", 6, 2, progress=lambda n, w, s: seen.append((n, w)))
    assert [n for n, _ in seen] == [1, 2, 3, 4, 5, 6]
    assert [w for _, w in seen] == [sum(r["shares"][:n]) for n in range(1, 7)]


def test_the_expert_benchmark_writes_a_progress_line_every_n_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from benchmarks.expert import _progress

    report = _progress("Pig", 5, 2)
    assert report is not None
    for played in range(1, 6):
        report(played, played / 2, 1.0)
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(":")[1].split(" of")[0].strip() for line in lines] == ["2", "4", "5"]
    assert "the expert's share so far 50.0%" in lines[0]
    assert _progress("Pig", 5, 0) is None


def test_a_clock_stop_ends_at_an_even_count_and_controls_only_the_games_played() -> None:
    for jobs in (1, 2):
        r = tournament(GAME, "hard", "easy", 400, 2, seconds=1e-9, jobs=jobs, control="easy")
        assert r["games"] == 2 and len(r["shares"]) == 2
        assert len(r["control_shares"]) == 2
