"""The nest reveal (nests.py; rulebook, "Game End"; docs/games/mousechaos.md): four mice in a
nest start their owner's reveal; right colours lie face up and four right win; the first wrong
one goes to its colour's owner, whose nest may then be full in turn; the phantom's nest is
revealed by the mover; with two seats a seat needs both its nests."""

from __future__ import annotations

from typing import Any

from mousehole.games.mousechaos import MouseChaosState
from mousehole.games.mousechaos.nests import right_colours

from .scenes import Square, at, moving, play, scene


def test_the_right_colours_of_a_nest_are_its_owners_cards() -> None:
    assert right_colours(scene(4, cards=[2, 0, 3, 1]), 1) == {0}
    assert right_colours(scene(3), 3) == {3}  # the phantom's nest and card
    assert right_colours(scene(2), 1) == right_colours(scene(2), 3) == {1, 3}


def full_nest_scene(
    seats: int = 4, mice: dict[int, Square] | None = None, **kw: Any
) -> MouseChaosState:
    """Nest 0 holds the red mother (0,0), red babies 4 (0,1) and 5 (1,0); blue baby 7 waits on
    (1,2), one step from (1,1); every move is one step."""
    placed: dict[int, Square] = {4: (0, 1), 5: (1, 0), 7: (1, 2), **(mice or {})}
    return moving(seats, steps=1, mice=placed, **kw)


def test_a_fourth_mouse_starts_its_owners_reveal_with_the_card_shown() -> None:
    state = play(full_nest_scene(), "mouse:7:1,1")
    assert state.phase == "reveal" and state.current_player() == 0 and state.shown[0]
    assert state.observation(2)["hands"][0] == {"owner": 0, "colour": "red"}
    turns = {a.to_text() for a in state.legal_actions()}
    assert turns == {"turn:0", "turn:4", "turn:5", "turn:7"}  # the owner chooses the order


def test_the_first_wrong_colour_stops_the_reveal_and_goes_to_its_owner() -> None:
    state = play(full_nest_scene(cats={0: "table"}), "mouse:7:1,1", "turn:4")
    assert state.revealed[4] and state.phase == "reveal"
    state = play(state, "turn:7")  # blue: seat 1's
    assert state.mice[7] in (at(0, 8), at(1, 9), at(1, 8)) and state.revealed[7]
    assert state.phase == "chair" and state.current == 0  # the mover's turn goes on
    assert not state.revealed[0] and not state.revealed[5]  # the rest stays face down
    assert [e["type"] for e in state.events] == ["turned", "ejected"]


def test_an_ejected_mouse_that_fills_a_nest_chains_to_that_owners_reveal() -> None:
    state = full_nest_scene(mice={8: (0, 8), 9: (1, 9)})
    state = play(state, "mouse:7:1,1", "turn:7")
    assert state.phase == "reveal" and state.reveal == 1 and state.current_player() == 1
    state = play(state, "turn:1", "turn:8", "turn:9")
    assert state.is_terminal() and state.winners() == [1] and state.ending == "win"


def test_four_right_colours_win() -> None:
    state = full_nest_scene(mice={7: (5, 1), 6: (1, 2)})
    state = play(state, "mouse:6:1,1", "turn:0", "turn:4", "turn:5", "turn:6")
    assert state.winners() == [0] and state.complete[0]
    assert state.observation(None)["mice"][10]["colour"] == "green"  # all shown at the end


def test_the_phantom_nest_is_revealed_by_the_mover_and_the_phantom_can_win() -> None:
    mice = {13: (9, 1), 14: (8, 0), 15: (7, 0)}
    state = moving(3, steps=1, mice=mice, current=1)
    state = play(state, "mouse:15:8,1")
    assert state.reveal == 3 and state.current_player() == 1  # the mover plays the phantom
    assert state.observation(0)["hands"][3] == {"owner": None, "colour": "yellow"}
    state = play(state, "turn:3", "turn:13", "turn:14", "turn:15")
    assert state.is_terminal() and state.ending == "phantom" and state.winners() == []


def test_two_seats_hold_two_colours_and_win_with_both_nests_complete() -> None:
    # seat 0 holds slots 0 and 2 (red, green) and nests 0 and 2 (opposite corners)
    state = full_nest_scene(2, mice={7: (5, 1), 10: (1, 2)}, cats={0: "table"})
    assert state.observation(0)["hands"] == [
        {"owner": 0, "colour": "red"},
        {"owner": 1, "colour": None},
        {"owner": 0, "colour": "green"},
        {"owner": 1, "colour": None},
    ]
    state = play(state, "mouse:10:1,1", "turn:0", "turn:4", "turn:5", "turn:10")
    assert state.complete[0] and not state.is_terminal() and state.phase == "chair"


def test_two_seats_an_ejected_mouse_goes_to_its_owners_fuller_incomplete_nest() -> None:
    # blue (seat 1) baby 7 is wrong in seat 0's nest 0; seat 1's nest 3 holds two mice
    state = full_nest_scene(2, mice={15: (9, 1)})
    state = play(state, "mouse:7:1,1", "turn:7")
    assert state.mice[7] in (at(8, 0), at(8, 1))  # nest 3 (2 mice) beats nest 1 (1 mouse)
