"""Mouse Trap's events in words (`words.describe_event`, the server's text of a move: the replay's
move list and `mousehole replay`): the wording only, from events the rules really produce."""

from __future__ import annotations

from mousehole.games.mousetrap.words import describe_event

from .conftest import Table


def test_a_roll_names_the_spaces_it_moves_between(table: Table) -> None:
    after = table.roll(table.position([17, 5, 0, 0], [2, 0, 0, 0]), 4)

    assert describe_event(after.events[0]) == "Seat 0 moves 4 from 17 to 21 (Dog Bone)"


def test_a_six_on_the_loop_goes_once_round_back_to_its_space(table: Table) -> None:
    """The loop has six spaces (44 to 49), so a 6 on it ends where it began: "from 46 to 46"
    read as if the mouse had not moved."""
    after = table.roll(table.position([46, 5, 0, 0], [2, 0, 0, 0]), 6)

    moved = after.events[0]
    assert (moved["type"], moved["from"], moved["to"], moved["die"]) == ("moved", 46, 46, 6)
    assert describe_event(moved) == "Seat 0 moves 6 once round the loop back to 46 (Turn Crank)"
