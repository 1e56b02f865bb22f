"""benchmarks/departures.py: a departure from hard is valued on common random numbers."""

from __future__ import annotations

import random

import pytest
from benchmarks.departures import gain, main, summary, value

from mousehole.engine import JSON, Game, State
from mousehole.games.manifest import Expert

from .engine.dice_game import DiceGame


def perfect(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
    return game.state_from_json(observation)


def brink(turn: int) -> State:
    """Pig: seat 0 to decide with `turn` points this turn, 10 each banked."""
    return DiceGame(seats=2, start_seat=0).state_from_json(
        {"seat_count": 2, "current": 0, "phase": "decide", "scores": [10, 10], "turn": turn}
    )


def test_an_action_against_itself_gains_exactly_nothing() -> None:
    """Both sides of a pair play on the same random numbers, so the same action ties."""
    state = brink(20)
    roll = next(a for a in state.legal_actions() if a.to_text() == "roll")
    assert gain(Expert(perfect), state, roll, roll, pairs=50, seed=1) == (0.0, 0.0)


def test_banking_ninety_points_gains_over_rolling_on() -> None:
    """With 90 points this turn, holding wins at once; rolling risks a 1 (the rest of the
    game random, as an expert without a rollout policy plays it)."""
    state = brink(90)
    hold, roll = (
        next(a for a in state.legal_actions() if a.to_text() == text) for text in ("hold", "roll")
    )
    mean, error = gain(Expert(perfect), state, hold, roll, pairs=400, seed=2)
    assert mean > 0.05 and mean > 3 * error
    assert value(Expert(perfect), state.apply(hold), 0, random.Random(3), None) == 1.0


def test_the_summary_counts_departures_and_their_mean_gain() -> None:
    r = summary("x", 2, 3, 100, 40, [(0.02, 0.01), (-0.01, 0.01), (0.05, 0.02)])
    assert (r["decisions"], r["departures"], r["gained"], r["lost"]) == (40, 3, 2, 1)
    assert r["mean_gain"] == pytest.approx(0.02)
    assert r["gain_error"] == pytest.approx(0.0173205, rel=1e-4)


def test_a_game_without_an_expert_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--only", "no-such-game"])
    assert "--only: a game with an expert level, not 'no-such-game'" in capsys.readouterr().err
