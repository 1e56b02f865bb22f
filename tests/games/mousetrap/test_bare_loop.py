"""The bare loop of Mouse Trap's rules (benchmarks/bare_mousetrap.py), the yardstick of the
engine's speed in docs/benchmarks.md, plays the same random games as the public API: the same
steps and the same winners from the same seed, so the two rates compare the same work."""

from __future__ import annotations

import pytest
from benchmarks import bare_mousetrap, engine


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_bare_loop_plays_the_same_games_as_the_public_api(seats: int) -> None:
    for seed in (0, 7):
        api = engine.random_games("mousetrap", seats, 40, seed)
        bare = bare_mousetrap.random_games(seats, 40, seed)
        sampled = engine.random_games("mousetrap", seats, 40, seed, sampled=True)
        assert (sampled["steps"], sampled["winners"]) == (api["steps"], api["winners"])

        assert bare["steps"] == api["steps"] > 40 * 50
        assert bare["winners"] == api["winners"]
        assert (
            len({tuple(w) for w in bare["winners"]}) > 1
        )  # the games differ: not one game forty times


def test_the_comparison_reports_the_ratio_of_the_two_rates() -> None:
    result = engine.versus_bare_loop(seats=3, games=10, repeats=1)

    assert result["ratio"] == result["api_games_per_second"] / result["bare_games_per_second"]
    assert result["sampled_ratio"] == (
        result["sampled_games_per_second"] / result["bare_games_per_second"]
    )
    assert result["steps_per_game"] > 50
