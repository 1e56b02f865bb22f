"""The facts read from a Mouse Chaos position (position.py): the round, who owns a slot,
which mice are covered or movable, the mice in a nest, and whether a chair is free."""

from __future__ import annotations

from mousehole.games.mousechaos.moves import MOUSE

from .scenes import at, moving, scene


def test_a_round_is_one_turn_of_every_seat() -> None:
    assert [scene(3, turn=t).round for t in (1, 3, 4, 6, 7)] == [1, 1, 2, 2, 3]


def test_owners_follow_the_seat_count() -> None:
    assert [scene(3).owner(k) for k in range(4)] == [0, 1, 2, -1]
    assert [scene(2).owner(k) for k in range(4)] == [0, 1, 0, 1]


def test_a_holder_on_a_mouse_covers_it_and_it_cannot_move() -> None:
    state = scene(4, holders={0: (3, 3)}, mice={8: "table"})
    assert state.covered(4) and not state.covered(5)  # baby 4 starts on (3, 3)
    movable = state.movable_mice()
    assert 4 not in movable and 5 in movable
    assert 8 in movable  # under the table is visible and may move
    assert not {0, 1, 2, 3} & set(movable)  # the mothers are in their nests


def test_the_mice_in_a_nest_in_the_order_of_its_squares() -> None:
    state = scene(4, mice={5: (1, 0), 4: (0, 1)})
    assert state.nest_mice(0) == [0, 4, 5]  # squares (0,0), (0,1), (1,0)
    assert state.nest_mice(1) == [1]


def test_a_chair_with_a_cat_on_it_is_not_free() -> None:
    state = scene(4, cats={1: "table"})
    assert [state.chair_free(c) for c in range(4)] == [False, True, False, False]


def test_piece_ends_are_exactly_the_steps_away() -> None:
    state = moving(steps=1, holders={0: "table"}, mice={6: (2, 4)})
    # One step from (2, 4): the three empty floor squares; (3, 4) below holds baby 5.
    assert state.piece_ends(MOUSE, 6) == {at(1, 4), at(2, 3), at(2, 5)}
