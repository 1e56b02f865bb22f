"""Mouse Trap's sampler for the expert level (sampler.py): the game hides nothing, so the one
position a seat's observation allows is the position itself."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from mousehole.games.mousetrap.sampler import EXPERT, sample

if TYPE_CHECKING:
    from .conftest import Table


def test_the_sample_is_the_observed_position(table: Table) -> None:
    state = table.position([3, 45, 9], [4, 2, 0], captured=[2], supply=46, components=20)
    for seat in (0, 1):
        drawn = sample(state.game, state.observation(seat), seat, random.Random(seat))
        assert drawn.to_json() == state.to_json()
        assert drawn.observation(seat) == state.observation(seat)


def test_the_expert_samples_with_it_and_is_guided_by_the_hard_level() -> None:
    assert EXPERT.sampler is sample
    assert EXPERT.guide is not None and EXPERT.rollout is not None
    assert EXPERT.evaluate is None  # rollouts play to the end of the game
    # an improvement on hard: one decision deep, hard's choice kept without clear evidence
    assert EXPERT.depth == 1 and EXPERT.paired and EXPERT.confidence == 2.0
