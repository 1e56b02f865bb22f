"""Mouse Chaos's encoding for learning programs (encoding.py, docs/rl.md): nothing a seat has
not seen changes its vector."""

from __future__ import annotations

import numpy as np

from mousehole.rl import Encoded

from .scenes import midgame


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
