"""The face-down deal and the holder numbers (deal.py; rulebook, "Game Preparation"): each
outcome drawn from what is left, which is a shuffle, and who owns each card slot and nest."""

from __future__ import annotations

import pytest

from mousehole.games.mousechaos.deal import deal_outcomes, number_outcomes, slot_owner


def _texts(outcomes: tuple[tuple[object, float], ...]) -> list[str]:
    return [str(action) for action, _ in outcomes]


def test_slot_owners_for_four_three_and_two_seats() -> None:
    """Four seats: slot k is seat k's. Three: slot 3 is the phantom's. Two: opposite nests."""
    assert [slot_owner(4, k) for k in range(4)] == [0, 1, 2, 3]
    assert [slot_owner(3, k) for k in range(4)] == [0, 1, 2, -1]
    assert [slot_owner(2, k) for k in range(4)] == [0, 1, 0, 1]


def test_each_mother_takes_a_colour_no_mother_has() -> None:
    first = deal_outcomes(())
    assert _texts(first) == ["colour:0:red", "colour:0:blue", "colour:0:green", "colour:0:yellow"]
    third = deal_outcomes((2, 0))
    assert _texts(third) == ["colour:2:blue", "colour:2:yellow"]
    assert [p for _, p in third] == [0.5, 0.5]


def test_a_baby_takes_a_colour_by_how_many_of_its_three_are_left() -> None:
    # Mothers dealt, then babies: red three times, blue once.
    dealt = (0, 1, 2, 3, 0, 0, 0, 1)
    outcomes = deal_outcomes(dealt)
    assert _texts(outcomes) == ["colour:8:blue", "colour:8:green", "colour:8:yellow"]
    assert [p for _, p in outcomes] == pytest.approx([2 / 8, 3 / 8, 3 / 8])


def test_the_cards_come_after_the_sixteen_mice_without_repeating_a_colour() -> None:
    mice = (0, 1, 2, 3, *[c for c in range(4) for _ in range(3)])
    assert _texts(deal_outcomes(mice))[0] == "card:0:red"
    assert _texts(deal_outcomes((*mice, 3, 1))) == ["card:2:red", "card:2:green"]


def test_holder_numbers_are_drawn_from_those_nobody_has_seen() -> None:
    draws = number_outcomes((6, 2), "draw", 1)
    assert _texts(draws) == ["draw:1:1", "draw:1:3", "draw:1:4", "draw:1:5"]
    assert all(p == 0.25 for _, p in draws)
    assert _texts(number_outcomes((1, 2, 3, 4, 5), "number", 0)) == ["number:6"]
