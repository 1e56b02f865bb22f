"""The information-set Monte Carlo tree search (the expert level), through the contract only."""

from __future__ import annotations

import random

import pytest

from mousehole.bots import ISMCTS, shares
from mousehole.engine import JSON, Action, Game, Match, State

from ..engine.coin_game import CoinAction, CoinGame
from ..engine.dice_game import DiceGame


def _guessing(coin: str) -> State:
    return CoinGame().new_initial_state().apply(CoinAction("deal", coin))


def honest(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
    """Deal the coin seat 0 cannot see at random (the observation hides it)."""
    coin = observation["coin"] or rng.choice(["heads", "tails"])
    return game.state_from_json({"coin": coin, "guess": observation["guess"]})


def test_a_sampled_coin_decides_nothing_the_seat_could_not_know() -> None:
    """Two positions that differ only in the coin seat 0 has not seen get the same choice."""
    for seed in range(10):
        heads = ISMCTS(honest, iterations=50, seed=seed).choose(_guessing("heads"))
        tails = ISMCTS(honest, iterations=50, seed=seed).choose(_guessing("tails"))
        assert heads == tails


def test_the_search_follows_what_its_sampler_deals() -> None:
    def always_tails(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
        return game.state_from_json({"coin": "tails", "guess": None})

    search = ISMCTS(always_tails, iterations=20, seed=1)
    assert search.choose(_guessing("heads")) == CoinAction("guess", "tails")
    assert search.last_iterations == 20


def test_the_sampler_is_given_the_seats_observation_and_never_the_state() -> None:
    seen: list[tuple[JSON, int]] = []

    def recording(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
        seen.append((observation, seat))
        return honest(game, observation, seat, rng)

    ISMCTS(recording, iterations=5, seed=2).choose(_guessing("tails"))
    assert seen == [({"coin": None, "guess": None}, 0)] * 5


def perfect(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
    return game.state_from_json(observation)


def test_with_a_lead_that_holding_keeps_it_holds_at_the_brink_of_victory() -> None:
    game = DiceGame(seats=2, start_seat=0)
    brink = game.state_from_json(
        {"seat_count": 2, "current": 0, "phase": "decide", "scores": [95, 99], "turn": 6}
    )
    assert [a.to_text() for a in brink.legal_actions()] == ["roll", "hold"]
    search = ISMCTS(perfect, iterations=200, seed=3)
    assert search.choose(brink).to_text() == "hold"


def test_the_same_seed_gives_the_same_choices_and_another_budget_may_not() -> None:
    game = DiceGame(seats=3)
    state = Match(game, seed=4).state
    while state.current_player() < 0:
        state = state.apply(state.chance_outcomes()[0][0])
    picks = [ISMCTS(perfect, iterations=30, seed=7).choose(state) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]


def test_shares_give_the_winner_1_and_a_loss_nothing() -> None:
    won = _guessing("tails").apply(CoinAction("guess", "tails"))
    assert shares(won) == [1.0, 0.0]
    lost = _guessing("tails").apply(CoinAction("guess", "heads"))
    assert shares(lost) == [0.0, 1.0]


def test_bad_settings_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="iterations: at least 1"):
        ISMCTS(honest, iterations=0)
    with pytest.raises(ValueError, match="rollout_steps and stop need an evaluate"):
        ISMCTS(honest, rollout_steps=3)
    with pytest.raises(ValueError, match="rollout_steps and stop need an evaluate"):
        ISMCTS(honest, stop=lambda state: True)
    with pytest.raises(ValueError, match="no seat decides"):
        ISMCTS(honest).choose(CoinGame().new_initial_state())


class Always:
    """A player that always picks the legal action whose text it was given."""

    def __init__(self, text: str):
        self.text = text
        self.asked = 0

    def choose(self, state: State) -> Action:
        self.asked += 1
        return next(a for a in state.legal_actions() if a.to_text() == self.text)


def test_the_guides_choice_is_tried_first_and_kept_without_evidence_against_it() -> None:
    guide = Always("guess:heads")
    search = ISMCTS(honest, iterations=1, guide=guide, guide_weight=1.0, seed=4)
    assert search.choose(_guessing("tails")) == CoinAction("guess", "heads")
    assert guide.asked == 1


def test_a_rollout_stops_where_told_and_is_scored_by_the_evaluation() -> None:
    game = DiceGame(seats=2, start_seat=0)
    start = game.state_from_json(
        {"seat_count": 2, "current": 0, "phase": "decide", "scores": [10, 10], "turn": 30}
    )
    scored: list[State] = []

    def evaluate(state: State) -> list[float]:
        scored.append(state)
        return [1.0, 0.0] if state.to_json()["scores"][0] > 10 else [0.0, 1.0]

    def banked(state: State) -> bool:
        return state.to_json()["current"] == 1  # seat 0's turn is over

    search = ISMCTS(perfect, iterations=40, stop=banked, evaluate=evaluate, seed=5)
    assert search.choose(start).to_text() == "hold"  # banking 30 beats risking a 1
    assert scored and all(banked(state) for state in scored)
