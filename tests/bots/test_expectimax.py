"""The game-agnostic players: random and expectimax, through the Game contract only."""

from __future__ import annotations

import pytest

from mousehole.bots import Expectimax, RandomBot
from mousehole.engine import Match, State

from ..engine.coin_game import CoinAction, CoinGame


def _guessing_state() -> State:
    state = CoinGame().new_initial_state()
    return state.apply(CoinAction("deal", "tails"))


def test_random_bot_picks_only_legal_actions_and_is_reproducible_by_seed() -> None:
    state = _guessing_state()
    picks = [RandomBot(seed).choose(state) for seed in range(20)]
    assert set(picks) == set(state.legal_actions())
    assert [RandomBot(3).choose(state) for _ in range(5)] == [RandomBot(3).choose(state)] * 5


def test_random_bot_refuses_to_act_where_nobody_decides() -> None:
    with pytest.raises(ValueError, match="no seat decides"):
        RandomBot(1).choose(CoinGame().new_initial_state())


def test_expectimax_maximises_the_evaluation_at_the_end_of_its_turn() -> None:
    def score(state: State, seat: int) -> float:
        return 1.0 if seat in state.winners() else 0.0

    search = Expectimax(score, max_depth=2)
    assert search.choose(_guessing_state()) == CoinAction("guess", "tails")
    assert dict((a.to_text(), v) for a, v in search.scores(_guessing_state())) == {
        "guess:heads": 0.0,
        "guess:tails": 1.0,
    }


def test_expectimax_weighs_chance_outcomes_by_their_probability() -> None:
    def heads_first(state: State, seat: int) -> float:
        return 1.0 if state.to_json()["coin"] == "heads" else 0.0

    search = Expectimax(heads_first, max_depth=1)
    match = Match(CoinGame(), seed=1)
    value = search._value(match.state, 0, 1, {})
    assert value == pytest.approx(0.5)


def test_expectimax_keeps_the_deepest_finished_answer_when_the_budget_runs_out() -> None:
    search = Expectimax(lambda state, seat: 0.0, max_depth=5, node_budget=0)
    assert search.choose(_guessing_state()) in _guessing_state().legal_actions()
