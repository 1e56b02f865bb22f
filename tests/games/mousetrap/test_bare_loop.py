"""The bare loop of Mouse Trap's rules (bare.py), the yardstick of the engine's speed in
docs/benchmarks.md, plays the same random games as the public API: the same steps and the same
winners from the same seed, so the two rates compare the same work."""

from __future__ import annotations

import pytest
from benchmarks import engine

from mousehole.games import REGISTRY
from mousehole.games.mousetrap import bare


def test_the_manifest_offers_the_bare_loop() -> None:
    assert REGISTRY["mousetrap"].bare_loop is bare.play


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_bare_loop_plays_the_same_games_as_the_public_api(seats: int) -> None:
    for seed in (0, 7):
        api = engine.random_games("mousetrap", seats, 40, seed)
        sampled = engine.random_games("mousetrap", seats, 40, seed, sampled=True)
        loop = engine.bare_games("mousetrap", seats, 40, seed)

        assert loop["steps"] == api["steps"] == sampled["steps"] > 40 * 50
        assert loop["winners"] == api["winners"] == sampled["winners"]
        assert len({tuple(w) for w in loop["winners"]}) > 1  # forty games, not one forty times


def test_the_comparison_reports_the_ratio_of_the_two_rates() -> None:
    result = engine.versus_bare_loop("mousetrap", seats=3, games=10, repeats=1)

    assert result["ratio"] == result["api_games_per_second"] / result["bare_games_per_second"]
    assert result["sampled_ratio"] == (
        result["sampled_games_per_second"] / result["bare_games_per_second"]
    )
    assert result["steps_per_game"] > 50
