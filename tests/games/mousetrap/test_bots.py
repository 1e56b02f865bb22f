"""Mouse Trap computer players: levels differ in decisions only, never in chance."""

from __future__ import annotations

from typing import Any

import pytest

import mousehole
from mousehole.engine import CHANCE, Match
from mousehole.games import make_bot
from mousehole.games.mousetrap.bots import HardBot, evaluate


def _trap(positions: list[int], cheese: list[int], captured: list[bool] | None = None) -> Any:
    """A 3-seat trap phase for seat 0 on Turn Crank (46) with the machine complete."""
    captured = captured or [False] * len(positions)
    game = mousehole.load_game("mousetrap", seats=len(positions))
    return game.state_from_json(
        {
            "seat_count": len(positions),
            "current": 0,
            "phase": "trap",
            "supply": 52 - sum(cheese),
            "components": 23,
            "mice": [
                {"seat": s, "position": p, "cheese": c, "captured": k}
                for s, (p, c, k) in enumerate(zip(positions, cheese, captured, strict=True))
            ],
        }
    )


def test_normal_cranks_as_soon_as_a_rival_is_on_the_wheel() -> None:
    state = _trap([46, 49, 45], [5, 3, 3])
    assert make_bot("mousetrap", "normal", 1).choose(state).to_text() == "crank"


def test_hard_first_pushes_a_rival_that_can_still_reach_the_wheel() -> None:
    """Seat 2 on 45 lands on 49 with a 4: one cheese buys a 1-in-6 chance of a second
    capture, worth more than it costs; pushing seat 1 off the Wheel would be a blunder."""
    state = _trap([46, 49, 45], [5, 3, 3])
    scores = dict((a.to_text(), v) for a, v in HardBot()._search.scores(state, 3))
    assert scores["spend:2"] > scores["crank"] > scores["spend:1"]
    assert make_bot("mousetrap", "hard").choose(state).to_text() == "spend:2"


def test_hard_cranks_without_searching_when_it_has_no_cheese_to_push_with() -> None:
    state = _trap([46, 49, 49], [0, 3, 3])
    bot = HardBot()
    assert bot.choose(state).to_text() == "crank"
    assert bot.nodes == 0


def test_hard_never_ends_a_trap_phase_with_a_rival_on_the_wheel() -> None:
    for cheese in range(0, 6):
        state = _trap([46, 49, 20], [cheese, 2, 2])
        assert make_bot("mousetrap", "hard").choose(state).to_text() in ("crank", "spend:2")


def test_hard_is_deterministic_for_the_same_position() -> None:
    state = _trap([46, 47, 45], [4, 3, 3])
    choices = {HardBot(seed).choose(state).to_text() for seed in range(5)}
    assert len(choices) == 1


def test_easy_makes_every_kind_of_choice_over_many_positions() -> None:
    state = _trap([46, 49, 45], [5, 3, 3])
    seen = {make_bot("mousetrap", "easy", seed).choose(state).to_text() for seed in range(60)}
    assert seen == {"spend:1", "spend:2", "crank", "end"}


def test_normal_splits_a_take_as_evenly_as_it_can() -> None:
    game = mousehole.load_game("mousetrap", seats=3)
    state = game.state_from_json(
        {
            "seat_count": 3,
            "current": 0,
            "phase": "split",
            "pending": {"from": [1, 2], "amount": 2},
            "supply": 0,
            "components": 10,
            "mice": [
                {"seat": 0, "position": 48, "cheese": 46},
                {"seat": 1, "position": 3, "cheese": 3},
                {"seat": 2, "position": 4, "cheese": 3},
            ],
        }
    )
    assert make_bot("mousetrap", "normal").choose(state).to_text() == "split:1=1,2=1"


def test_the_evaluation_is_a_share_of_strength_that_rewards_captures() -> None:
    free = _trap([46, 49, 45], [4, 4, 4])
    assert evaluate(free, 0) == pytest.approx(1 / 3)
    after = _trap([46, 49, 45], [8, 0, 4], captured=[False, True, False])
    assert evaluate(after, 0) > 0.5 > evaluate(after, 2)
    assert evaluate(after, 1) == 0.0


def test_the_level_of_a_player_never_changes_the_dice() -> None:
    """Same match seed: the chance outcomes agree up to the first decision that differs."""
    game = mousehole.load_game("mousetrap", seats=4, start_seat=0)
    records = []
    for level in ("easy", "hard"):
        match = Match(game, seed=77)
        players = {s: make_bot("mousetrap", level, s) for s in range(4)}
        while (
            match.state.current_player() == CHANCE or len(match.state.legal_actions()) == 1
        ):  # only forced moves: the rolls
            if match.state.current_player() == CHANCE:
                match.sample_chance()
            else:
                match.apply(players[match.state.current_player()].choose(match.state))
        records.append(match.record.to_json()["moves"])
    assert records[0] == records[1] and len(records[0]) > 20


def test_normal_beats_easy_in_a_small_seeded_tournament() -> None:
    """Two normal against two easy seats, alternating seat order; 200 seeded games. The
    benchmark tournament (docs/benchmarks.md) measures the margins with thousands."""
    game = mousehole.load_game("mousetrap", seats=4)
    wins = 0
    for index in range(200):
        levels = ["normal", "easy"] * 2 if index % 2 == 0 else ["easy", "normal"] * 2
        players = {s: make_bot("mousetrap", lv, index * 4 + s) for s, lv in enumerate(levels)}
        [winner] = Match(game, seed=index).play_out(players).winners()
        wins += levels[winner] == "normal"
    assert wins >= 120, f"normal won {wins} of 200"
