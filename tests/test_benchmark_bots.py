"""benchmarks/bots.py: tournaments between levels, in one process or several, with a control."""

from __future__ import annotations

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
    equals = tournament(GAME, "hard", "easy", 20, 2, control="easy")
    assert equals["control"] == "easy"
    assert equals["control_share"] != equals["share"]
    assert 0.0 < equals["control_share"] < 1.0
