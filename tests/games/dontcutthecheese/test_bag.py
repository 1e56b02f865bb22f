"""The bag and the tokens held (bag.py): a draw's chances are the colours' shares of the bag,
and taking or giving a token changes one count only (docs/games/dontcutthecheese.md)."""

from __future__ import annotations

import pytest

from mousehole.games.dontcutthecheese.bag import TOKENS_PER_COLOUR, bump, draw_outcomes, take


def test_a_full_bag_draws_each_colour_with_a_third() -> None:
    bag = (TOKENS_PER_COLOUR,) * 3
    outcomes = draw_outcomes(bag)
    assert [a.to_text() for a, _ in outcomes] == ["draw:orange", "draw:white", "draw:yellow"]
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)


def test_a_colour_the_bag_no_longer_holds_cannot_be_drawn() -> None:
    outcomes = draw_outcomes((0, 1, 3))
    assert [(a.to_text(), p) for a, p in outcomes] == [("draw:white", 0.25), ("draw:yellow", 0.75)]


def test_take_removes_one_token_of_the_colour_from_the_bag() -> None:
    assert take((10, 4, 1), 2) == (10, 4, 0)
    assert take((10, 4, 1), 0) == (9, 4, 1)


def test_bump_gives_one_seat_one_more_token_and_leaves_the_others_alone() -> None:
    tokens = ((0, 0, 0), (1, 2, 0), (0, 0, 1))
    assert bump(tokens, 1, 2) == ((0, 0, 0), (1, 2, 1), (0, 0, 1))
    assert tokens[1] == (1, 2, 0)  # a new tuple: the old one is unchanged
