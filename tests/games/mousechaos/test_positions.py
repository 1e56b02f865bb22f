"""Which Mouse Chaos positions play can make (positions.py): `state_from_json` refuses the rest,
naming the field at fault."""

from __future__ import annotations

import pytest

from mousehole.engine import InvalidStateError
from mousehole.games.mousechaos.positions import nest_colours

from .scenes import scene


def test_a_nests_colours_are_its_owners_cards() -> None:
    assert nest_colours(scene(4, cards=[1, 0, 2, 3]), 0) == {1}
    assert nest_colours(scene(2), 2) == {0, 2}  # two seats: seat 0 holds slots 0 and 2


def test_a_deal_out_of_order_or_a_card_dealt_twice_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="cards: the four colour cards"):
        scene(cards=[0, 0, 2, 3])
    data = scene().to_json()
    data["cards"][3] = None
    with pytest.raises(InvalidStateError, match="phase: phase 'pick' comes after the whole deal"):
        scene().game.state_from_json(data)


def test_the_turn_cannot_pass_the_cap() -> None:
    assert scene(4, turn=1200).turn == 1200
    with pytest.raises(InvalidStateError, match="turn: the game ends after 300 rounds"):
        scene(4, turn=1201)


def test_bad_positions_are_refused_naming_the_field() -> None:
    with pytest.raises(InvalidStateError, match=r"mice\[5\].at: mouse 5 cannot be on 3,3"):
        scene(mice={5: (3, 3)})
    with pytest.raises(InvalidStateError, match=r"colours"):
        scene(colours=[0, 0, 2, 3, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3])
    with pytest.raises(InvalidStateError, match="reveal"):
        scene(mice={4: (0, 1), 5: (1, 0), 7: (1, 1)})


def test_holders_numbered_twice_are_refused() -> None:
    with pytest.raises(InvalidStateError, match=r"holders\[0\].number: the six holders are"):
        scene(numbers={0: 3, 4: 3})


def test_a_holder_on_the_floor_whose_number_was_never_shown_is_refused() -> None:
    with pytest.raises(InvalidStateError, match=r"holders\[2\].number: a holder on the floor"):
        scene(holders={2: (0, 3)}, numbers={2: None})
    assert scene(holders={2: (0, 3)}, numbers={2: 5}).numbers[2] == 5


def test_a_face_up_mouse_of_another_colour_in_a_nest_is_refused() -> None:
    # blue baby 7 face up: in seat 1's nest it is home, in seat 0's it would have been sent on
    assert scene(mice={7: (0, 8)}, revealed=[7]).revealed[7]
    with pytest.raises(InvalidStateError, match=r"mice\[7\].revealed: a face-up mouse in nest 0"):
        scene(mice={7: (1, 1)}, revealed=[7])
    # two seats: either of the owner's colours (seat 0: red and green)
    assert scene(2, mice={10: (1, 1)}, revealed=[10]).revealed[10]
    with pytest.raises(InvalidStateError, match="face-up mouse in nest 0"):
        scene(2, mice={7: (1, 1)}, revealed=[7])


def test_a_peek_at_a_mother_is_refused() -> None:
    with pytest.raises(InvalidStateError, match=r"peeks\[1\]: mouse 2 is a mother"):
        scene(peeks=[[], [[2, 1]], [], []])
    assert scene(peeks=[[], [[5, 1]], [], []]).knows[1][5] == 1
