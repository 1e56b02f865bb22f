"""What a seat sees of a Mouse Trap position (observer.py): all of it, with who is looking
(ruling: cheese counts are public)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mousehole.games.mousetrap.observer import observation

if TYPE_CHECKING:
    from .conftest import Table


def test_cheese_counts_are_public_in_every_seats_observation(table: Table) -> None:
    """ruling: "Cheese counts are public.\""""
    state = table.position([3, 7, 9], [4, 5, 6])

    for viewer in (0, 1, 2, None):
        seen = state.observation(viewer)
        assert [m["cheese"] for m in seen["mice"]] == [4, 5, 6]
        assert [m["position"] for m in seen["mice"]] == [3, 7, 9]


def test_every_viewer_sees_the_whole_position_and_is_named(table: Table) -> None:
    state = table.position([3, 45, 9], [4, 0, 0], captured=[1], supply=48, components=23)
    for viewer in (0, 1, None):
        seen = observation(state, viewer)
        assert seen["viewer"] == viewer
        assert {k: v for k, v in seen.items() if k != "viewer"} == state.to_json()


def test_the_state_answers_through_the_observer(table: Table) -> None:
    state = table.position([0, 7, 9])
    assert state.observation(2) == observation(state, 2)
