"""Mouse Chaos's sampler of hidden state for the expert level (sampler.py): it keeps what the
seat knows and deals the rest again."""

from __future__ import annotations

import random

import pytest

from mousehole.engine import Match
from mousehole.games.mousechaos.sampler import evaluate, sample
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
