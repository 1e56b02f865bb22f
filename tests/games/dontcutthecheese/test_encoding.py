"""Don't Cut the Cheese's encoding for learning programs (encoding.py, docs/rl.md)."""

from __future__ import annotations

import numpy as np

from mousehole.rl import Encoded

from .scenes import on_the_trap


def test_two_papers_that_differ_only_in_their_threshold_encode_alike_for_every_seat() -> None:
    state = on_the_trap(3, strength_at_least=3)
    game = state.game
    twins = [game.state_from_json({**state.to_json(), "threshold": t}) for t in (1, 2, 3)]
    assert len({twin.to_json()["threshold"] for twin in twins}) == 3
    encoded = Encoded("dontcutthecheese", 3)
    for seat in range(3):
        first = encoded.observe(twins[0], seat)
        for twin in twins[1:]:
            assert np.array_equal(encoded.observe(twin, seat), first)
