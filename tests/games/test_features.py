"""The encodings' building blocks: one-hot pieces and numbers scaled to 0..1."""

from __future__ import annotations

from mousehole.games.features import one_hot, scaled, seat_hot


def test_one_hot_marks_the_value_among_the_choices() -> None:
    assert one_hot("b", ["a", "b", "c"]) == [0.0, 1.0, 0.0]
    assert one_hot(None, ["a", "b"]) == [0.0, 0.0]
    assert one_hot("z", ["a", "b"]) == [0.0, 0.0]


def test_seat_hot_has_one_number_per_seat() -> None:
    assert seat_hot(2, 4) == [0.0, 0.0, 1.0, 0.0]
    assert seat_hot(None, 3) == [0.0, 0.0, 0.0]


def test_scaled_divides_by_the_top_and_cuts_to_zero_and_one() -> None:
    assert scaled(3, 12) == 0.25
    assert scaled(None, 5) == 0.0
    assert scaled(20, 10) == 1.0
    assert scaled(-2, 10) == 0.0
