"""What a computer player believes (belief.py), from its own observation alone: what it has
seen, deals of the rest that agree with it, each mouse's chance of being its own, and how far
each node is from entering each nest."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mousehole.games.mousechaos.belief import NEST_DISTANCE, Belief
from mousehole.games.mousechaos.board import TABLE, square

from .scenes import scene


def test_nest_distances_count_steps_on_the_empty_board() -> None:
    near = NEST_DISTANCE[0]
    assert near[square(0, 0)] == near[square(1, 1)] == 0  # inside
    assert near[square(0, 2)] == near[square(2, 1)] == 1  # beside the nest
    assert near[square(2, 2)] == 2
    assert near[square(3, 3)] == 4  # the ring's nearest corner
    assert near[TABLE] == 5  # from under the table: onto the ring, then on


def test_a_belief_holds_the_seats_own_card_and_the_mice_it_peeked_at() -> None:
    state = scene(4, peeks=[[], [[9, 1]], [], []])
    belief = Belief.from_observation(state.observation(1))
    assert (belief.seat, belief.seats, belief.my_slots()) == (1, 4, [1])
    assert belief.cards == [-1, 1, -1, -1]
    assert [m for m, c in enumerate(belief.colours) if c >= 0] == [9]
    assert belief.mice[4] == square(3, 3)


def test_a_sample_keeps_what_is_known_and_deals_the_rest_as_the_rules_do() -> None:
    state = scene(4, peeks=[[], [[9, 1]], [], []])
    belief = Belief.from_observation(state.observation(1))
    rng = random.Random(4)
    for _ in range(50):
        colours, cards = belief.sample(rng)
        assert colours[9] == 1 and cards[1] == 1
        assert sorted(colours[:4]) == [0, 1, 2, 3]
        assert Counter(colours[4:]) == {0: 3, 1: 3, 2: 3, 3: 3}
        assert sorted(cards) == [0, 1, 2, 3]


def test_mine_counts_the_unknown_mice_of_each_kind() -> None:
    # Seat 1 holds blue and has peeked at blue baby 9: one of the other 11 babies' 2 blues.
    belief = Belief.from_observation(scene(4, peeks=[[], [[9, 1]], [], []]).observation(1))
    mine = belief.mine()
    assert mine[9] == 1.0
    assert mine[:4] == [0.25] * 4
    assert mine[4] == pytest.approx(2 / 11)


def test_owners_share_each_mouse_among_the_sides_over_the_samples() -> None:
    belief = Belief.from_observation(scene(3, peeks=[[[5, 1]], [], []]).observation(0))
    rng = random.Random(1)
    shares = belief.owners([belief.sample(rng) for _ in range(200)])
    assert all(sum(row) == pytest.approx(1.0) for row in shares)
    assert all(row[3] == 0.0 for row in shares)  # no fourth seat at three seats
    # Seat 0 holds red and peeked at red baby 5: it is seat 0's in every sample.
    assert shares[5][0] == pytest.approx(1.0)
