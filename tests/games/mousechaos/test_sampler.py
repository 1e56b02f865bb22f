"""Mouse Chaos's sampler of hidden state for the expert level (sampler.py): it keeps what the
seat knows and deals the rest again."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mousehole.engine import Match
from mousehole.games.mousechaos.bots import HardPlayer
from mousehole.games.mousechaos.sampler import EXPERT, evaluate, sample
from tests.random_play import play_at_random

from .scenes import game_for, midgame


def test_the_sampler_keeps_what_the_seat_knows_and_deals_the_rest_again() -> None:
    state = midgame(3)
    seat = state.current_player()
    seen = state.observation(seat)
    rng = random.Random(2)
    deals = [sample(state.game, seen, seat, rng).to_json() for _ in range(200)]
    for m, mouse in enumerate(seen["mice"]):
        values = {deal["colours"][m] for deal in deals}
        if mouse["colour"] is not None:
            assert values == {mouse["colour"]}
        elif m >= 4:
            assert len(values) > 1, f"mouse {m} is always dealt {values}"
    for deal in deals:
        for colour in ("red", "blue", "green", "yellow"):
            assert deal["colours"][4:].count(colour) == 3
        assert sorted(deal["colours"][:4]) == ["blue", "green", "red", "yellow"]
        assert sorted(deal["cards"]) == ["blue", "green", "red", "yellow"]
        assert deal["peeks"][seat] == [
            [m, mouse["peeked"]]
            for m, mouse in enumerate(seen["mice"])
            if mouse["peeked"] is not None
        ]


def test_a_mouse_sent_home_tells_whose_colour_it_is() -> None:
    state = midgame(4, steps=10)
    data = state.to_json()
    # mouse 5 turned over, lying in nest 1 whose card was never shown: it was sent home there
    colour = data["cards"][1]
    mother = data["colours"].index(colour)
    swap = next(m for m in range(4, 16) if data["colours"][m] == colour)
    mice = [dict(m) for m in data["mice"]]
    mice[swap] = {"at": [0, 8], "revealed": True}
    position = {**data, "mice": mice}
    assert mother < 4
    scene = state.game.state_from_json(position)
    seat = 0
    seen = scene.observation(seat)
    assert seen["mice"][swap]["colour"] == colour and not seen["shown"][1]
    rng = random.Random(3)
    for _ in range(100):
        assert sample(scene.game, seen, seat, rng).to_json()["cards"][1] == colour


def test_the_seat_cannot_tell_a_sample_from_what_it_observes() -> None:
    state = midgame(4)
    rng = random.Random(5)
    for seat in range(4):
        seen = state.observation(seat)
        assert sample(state.game, seen, seat, rng).observation(seat) == seen


def test_evaluate_shares_sum_to_one_and_a_finished_game_goes_to_its_winners() -> None:
    shares = evaluate(midgame(3))
    assert len(shares) == 3 and sum(shares) == pytest.approx(1.0)
    assert all(0.0 < share < 1.0 for share in shares)
    match = Match(game_for(2), seed=3)
    play_at_random(match, 3)
    over = match.state
    winners = over.winners()
    assert evaluate(over) == [1.0 / len(winners) if s in winners else 0.0 for s in range(2)]


def test_the_expert_is_an_improvement_on_hard() -> None:
    """Hard guides and rolls out, one decision deep, paired, keeping hard's choice without
    two standard errors of evidence; rollouts are cut after 8 decisions and scored."""
    assert EXPERT.sampler is sample and EXPERT.evaluate is evaluate
    assert EXPERT.guide is not None and isinstance(EXPERT.guide(1), HardPlayer)
    assert EXPERT.rollout is not None and isinstance(EXPERT.rollout(1), HardPlayer)
    assert EXPERT.depth == 1 and EXPERT.paired and EXPERT.confidence == 2.0
    assert EXPERT.rollout_steps == 8


def test_without_evidence_the_expert_plays_hards_choice_at_every_decision() -> None:
    """Asked for more evidence than a search can gather, the expert keeps hard's choice: in a
    two-seat game against hard, seat 0's first 12 decisions that are not forced are those of
    a hard player of the same seed (the guide is asked once a decision, as that player is)."""
    strict = dataclasses.replace(EXPERT, iterations=12, seconds=None, confidence=1e9)
    expert, shadow, rival = strict.player(5), HardPlayer(5), HardPlayer(6)
    match = Match(game_for(2), seed=7)
    match.resolve_chance()
    decided = 0
    while decided < 12 and not match.state.is_terminal():
        state = match.state
        seat = state.current_player()
        if seat == 0 and len(state.legal_actions()) > 1:
            choice = expert.choose(state)
            assert choice == shadow.choose(state), f"decision {decided}"
            decided += 1
        else:
            choice = (rival if seat == 1 else expert).choose(state)
        match.apply(choice)
        match.resolve_chance()
    assert decided == 12
