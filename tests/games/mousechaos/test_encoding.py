"""Mouse Chaos's encoding and sampler for learning programs and the expert level: nothing a
seat has not seen changes its vector, and the sampler deals only what the seat does not know."""

from __future__ import annotations

import random

import numpy as np

import mousehole
from mousehole.engine import Match, State
from mousehole.games.mousechaos.sampler import sample
from mousehole.rl import Encoded


def midgame(seats: int, steps: int = 200) -> State:
    match = Match(mousehole.load_game("mousechaos", seats=seats), seed=6)
    rng = random.Random(6)
    for _ in range(steps):
        state = match.state
        if state.is_chance_node():
            match.sample_chance()
        else:
            actions = state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
    while match.state.current_player() < 0:
        match.sample_chance()
    return match.state


def test_swapping_two_colours_a_seat_has_not_seen_leaves_its_vector_as_it_was() -> None:
    state = midgame(4)
    data = state.to_json()
    seat = 0
    seen = state.observation(seat)
    hidden = [m for m, mouse in enumerate(seen["mice"]) if mouse["colour"] is None and m >= 4]
    a = hidden[0]
    b = next(m for m in hidden if data["colours"][m] != data["colours"][a])
    colours = list(data["colours"])
    colours[a], colours[b] = colours[b], colours[a]
    cards = list(data["cards"])
    cards[1], cards[2] = cards[2], cards[1]  # two rivals' cards, never shown yet
    assert not seen["shown"][1] and not seen["shown"][2]
    twin = state.game.state_from_json({**data, "colours": colours, "cards": cards})
    assert twin.to_json() != data
    encoded = Encoded("mousechaos", 4)
    assert np.array_equal(encoded.observe(twin, seat), encoded.observe(state, seat))
    assert not np.array_equal(encoded.observe(twin, 1), encoded.observe(state, 1))


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
