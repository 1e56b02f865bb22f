"""The information-set Monte Carlo tree search (the expert level), through the contract only."""

from __future__ import annotations

import random

import pytest

from mousehole.bots import ISMCTS, rollout, shares
from mousehole.engine import CHANCE, JSON, Action, Game, Match, State

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


def pig(scores: list[int], turn: int) -> State:
    """Return a two-seat Pig position: seat 0 to decide with `turn` points this turn."""
    return DiceGame(seats=2, start_seat=0).state_from_json(
        {"seat_count": 2, "current": 0, "phase": "decide", "scores": scores, "turn": turn}
    )


def test_with_a_lead_that_holding_keeps_it_holds_at_the_brink_of_victory() -> None:
    brink = pig([95, 99], turn=6)
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
    with pytest.raises(ValueError, match="depth: at least 1 decision, not 0"):
        ISMCTS(honest, depth=0)
    with pytest.raises(ValueError, match="confidence needs a guide"):
        ISMCTS(honest, confidence=2.0)
    with pytest.raises(ValueError, match="confidence: standard errors, at least 0, not -1"):
        ISMCTS(honest, confidence=-1.0, guide=Always("guess:heads"))


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
    start = pig([10, 10], turn=30)
    scored: list[State] = []

    def evaluate(state: State) -> list[float]:
        scored.append(state)
        return [1.0, 0.0] if state.to_json()["scores"][0] > 10 else [0.0, 1.0]

    def banked(state: State) -> bool:
        return state.to_json()["current"] == 1  # seat 0's turn is over

    search = ISMCTS(perfect, iterations=40, stop=banked, evaluate=evaluate, seed=5)
    assert search.choose(start).to_text() == "hold"  # banking 30 beats risking a 1
    assert scored and all(banked(state) for state in scored)


def test_a_stop_at_a_chance_state_ends_the_rollout_and_the_descent_there() -> None:
    """A stop can be a chance state (a paper that has just snapped, its draws to come): the
    search scores it there and plays no chance past it, in the tree as in the rollout."""
    start = pig([10, 10], turn=30)
    scored: list[State] = []

    def evaluate(state: State) -> list[float]:
        scored.append(state)
        return [0.5, 0.5]

    def rolling(state: State) -> bool:
        return state.current_player() == CHANCE  # a die is about to be rolled

    search = ISMCTS(perfect, iterations=30, stop=rolling, evaluate=evaluate, seed=6)
    search.choose(start)
    assert len(scored) == 30
    assert all(rolling(state) for state in scored)
    # no die was rolled on the way: seat 0 rolls now, or holds its 30 and seat 1 rolls
    assert {tuple(state.to_json()["scores"]) for state in scored} == {(10, 10), (40, 10)}


def test_a_rollout_plays_to_the_end_or_to_its_limit() -> None:
    """`rollout` (the search's, and the departures benchmark's valuation): random play to
    the end returns the winner's share; the same seed plays the same game; a step limit or
    a stop is scored by the evaluation, and either without one is refused by name."""
    start = pig([90, 90], turn=0)
    ends = [rollout(start, random.Random(seed)) for seed in range(20)]
    assert all(sorted(end) == [0.0, 1.0] for end in ends)
    assert {tuple(end) for end in ends} == {(1.0, 0.0), (0.0, 1.0)}  # either can win
    assert [rollout(start, random.Random(seed)) for seed in range(20)] == ends

    def even(state: State) -> list[float]:
        return [0.5, 0.5]

    assert rollout(start, random.Random(1), steps=0, evaluate=even) == [0.5, 0.5]
    assert rollout(start, random.Random(1), stop=lambda s: True, evaluate=even) == [0.5, 0.5]
    with pytest.raises(ValueError, match="step limit needs an evaluation"):
        rollout(start, random.Random(1), steps=0)
    with pytest.raises(ValueError, match="stop needs an evaluation"):
        rollout(start, random.Random(1), stop=lambda s: True)


def test_each_seat_keeps_its_own_statistics_where_chance_decides_who_acts() -> None:
    """In Pig, after "roll" the die decides who acts next (a 1 passes the turn), so one
    sequence of decisions is followed by either seat's choice: every decision's statistics
    must be kept for the seat that made it, or one seat would steer by the other's wins."""
    from mousehole.bots.ismcts import _Node

    start = pig([40, 40], turn=8)
    search = ISMCTS(perfect, iterations=1, seed=7)
    root = _Node(0)
    for _ in range(400):
        search._iterate(root, start, search._rng)
    shared = 0
    stack = [root]
    while stack:
        node = stack.pop()
        assert all(child.seat == seat for (seat, _action), child in node.children.items())
        shared += len({seat for seat, _action in node.children}) > 1
        stack.extend(node.children.values())
    assert shared  # some sequence was followed by both seats' decisions


def test_a_search_one_decision_deep_leaves_the_rest_to_the_rollouts() -> None:
    from mousehole.bots.ismcts import _Node

    start = pig([40, 40], turn=8)
    for depth, deepest in ((1, 1), (2, 2)):
        search = ISMCTS(perfect, iterations=1, depth=depth, seed=8)
        root = _Node(0)
        for _ in range(300):
            search._iterate(root, start, search._rng)
        levels, reached = [root], 0
        while levels and any(node.children for node in levels):
            levels = [child for node in levels for child in node.children.values()]
            reached += 1
        assert reached == deepest


def test_with_a_confidence_the_guide_is_left_only_for_a_clearly_better_action() -> None:
    """A fair coin: "tails" is no better than the guide's "heads", however the visits fall,
    so the guide's choice stands; a coin the sampler always deals tails: "tails" is shown
    better and chosen."""
    for seed in range(8):
        search = ISMCTS(
            honest, iterations=200, guide=Always("guess:heads"), confidence=2.0, seed=seed
        )
        assert search.choose(_guessing("tails")) == CoinAction("guess", "heads")

    def always_tails(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
        return game.state_from_json({"coin": "tails", "guess": None})

    search = ISMCTS(always_tails, iterations=200, guide=Always("guess:heads"), confidence=2.0)
    assert search.choose(_guessing("heads")) == CoinAction("guess", "tails")


def test_a_paired_search_plays_the_kth_visit_of_every_action_on_the_same_seed() -> None:
    """Common random numbers: each root action's k-th visit draws its determinization (and
    its chance) from the k-th seed, so the first draws of the sampler repeat once per action
    (the guide's own world aside), and the guide is left only for a clearly better action."""
    draws: list[float] = []

    def fingerprinting(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
        draws.append(rng.random())
        return honest(game, observation, seat, rng)

    search = ISMCTS(
        fingerprinting,
        iterations=101,
        guide=Always("guess:heads"),
        confidence=2.0,
        paired=True,
        seed=9,
    )
    assert search.choose(_guessing("tails")) == CoinAction("guess", "heads")
    counts: dict[float, int] = {}
    for draw in draws[1:]:
        counts[draw] = counts.get(draw, 0) + 1
    assert max(counts.values()) == 2  # two actions: a seed serves each at most once
    assert sum(counts.values()) == 101
    assert len(counts) < 101  # and seeds were shared

    def always_tails(game: Game, observation: JSON, seat: int, rng: random.Random) -> State:
        return game.state_from_json({"coin": "tails", "guess": None})

    search = ISMCTS(
        always_tails, iterations=60, guide=Always("guess:heads"), confidence=2.0, paired=True
    )
    assert search.choose(_guessing("heads")) == CoinAction("guess", "tails")


def test_results_that_happen_to_agree_are_not_taken_for_certainty() -> None:
    """Pig scored right after one decision by a constant: holding is worth 0.05 more than
    rolling in every rollout, so the results never spread. On a handful of visits that is
    not yet evidence (the standard error is at least 1/n), and the guide's "roll" stands; on
    a few hundred it is, and the search holds. Paired and unpaired alike."""
    start = pig([40, 40], turn=8)

    def held(state: State) -> list[float]:
        gain = 0.05 if state.to_json()["scores"][0] > 40 else 0.0
        return [0.5 + gain, 0.5 - gain]

    for paired in (False, True):
        for iterations, choice in ((9, "roll"), (400, "hold")):
            search = ISMCTS(
                perfect,
                iterations=iterations,
                depth=1,
                rollout_steps=0,
                evaluate=held,
                guide=Always("roll"),
                confidence=2.0,
                paired=paired,
                seed=11,
            )
            assert search.choose(start).to_text() == choice, (paired, iterations)
