"""Aus die Maus!'s fixed-shape encoding (encoding.py, docs/rl.md): its length at every seat
count, where it puts the phase, the pile and a chase, and its one action."""

from __future__ import annotations

import pytest

from mousehole.games.ausdiemaus.encoding import ENCODING, PER_SEAT
from mousehole.games.ausdiemaus.state import PHASES

from .scenes import play, position

# phase 5, chips left 1, pile counts 5 and top card 5, chase 2: then PER_SEAT numbers a seat
HEAD = 5 + 1 + 5 + 5 + 2


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_the_vector_has_the_size_the_encoding_announces(seats: int) -> None:
    state = position(seats)
    vector = ENCODING.encode(state.observation(0), 0, seats)
    assert len(vector) == ENCODING.size(seats) == HEAD + PER_SEAT * seats
    assert all(0.0 <= x <= 1.0 for x in vector)


def test_the_phase_pile_and_own_seat_are_where_the_docstring_says() -> None:
    state = position(3, pile=("cheese", "cat"))
    vector = ENCODING.encode(state.observation(2), 2, 3)
    assert vector[: len(PHASES)] == [0.0, 1.0, 0.0, 0.0, 0.0]  # turn
    assert vector[5] == pytest.approx(5 / 9)  # the red-back half's 5 chips, over 9
    assert vector[6:11] == [0.1, 0.1, 0.0, 0.0, 0.0]  # one cheese and one cat, /10
    assert vector[11:16] == [0.0, 1.0, 0.0, 0.0, 0.0]  # the cat is on top
    seat = [vector[HEAD + PER_SEAT * s : HEAD + PER_SEAT * (s + 1)] for s in range(3)]
    assert [s[2] for s in seat] == [1.0, 0.0, 0.0]  # seat 0 is to act
    assert [s[5] for s in seat] == [0.0, 0.0, 1.0]  # the encoding is seat 2's


def test_a_chase_shows_its_paws_the_chaser_and_the_mouse_owner() -> None:
    """rulebook: a mouse calls the left neighbour to chase it with as many tries as paws."""
    state = play(position(3), "turn", "card:mouse2")
    vector = ENCODING.encode(state.observation(0), 0, 3)
    assert vector[16:18] == pytest.approx([2 / 3, 2 / 3])
    seat = [vector[HEAD + PER_SEAT * s : HEAD + PER_SEAT * (s + 1)] for s in range(3)]
    assert [s[3] for s in seat] == [0.0, 1.0, 0.0]  # seat 1 chases
    assert [s[4] for s in seat] == [1.0, 0.0, 0.0]  # seat 0's mouse


def test_the_one_action_is_turn() -> None:
    assert ENCODING.actions(4) == [{"type": "turn"}]
