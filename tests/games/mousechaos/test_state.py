"""MouseChaosState (state.py) as a value: who acts in each phase, `apply` returning a new state
and leaving its own as it was, a whole turn from the pick to the chair, and refusals that say
who could not do what."""

from __future__ import annotations

import pytest

from mousehole.engine import CHANCE, TERMINAL, IllegalActionError
from mousehole.games.mousechaos import MouseChaosGame
from mousehole.games.mousechaos.actions import parse_text
from mousehole.games.mousechaos.state import new_state

from .scenes import at, moving, play, scene


def test_the_state_before_the_deal_is_chances() -> None:
    state = new_state(MouseChaosGame(seats=2))
    assert state.phase == "deal" and state.current_player() == CHANCE
    assert state.legal_actions() == () and state.winners() == []


def test_apply_returns_a_new_state_and_leaves_the_old_one_as_it_was() -> None:
    state = scene(4)
    before = state.key()
    picked = play(state, "pick:0")
    assert state.key() == before
    assert picked.key() != before and picked.phase == "number"
    assert [e["type"] for e in picked.events] == ["pick"]
    assert list(state.events) == []


def test_a_whole_turn_passes_to_the_next_seat_and_counts_the_turn() -> None:
    state = moving(steps=1, holders={0: "table"}, mice={6: (2, 4)}, cats={1: "table"})
    state = play(state, "mouse:6:2,3")
    assert state.phase == "chair" and state.current_player() == 0
    state = play(state, "skip")
    assert state.current_player() == 1 and state.turn == 2 and state.phase == "pick"
    assert state.mice[6] == at(2, 3)
    assert [e["type"] for e in state.events] == ["skip", "turn"]


def test_a_refusal_names_the_seat_the_action_and_why() -> None:
    state = scene(4, current=2)
    with pytest.raises(IllegalActionError) as caught:
        play(state, "turn:4")
    assert caught.value.seat == 2 and caught.value.action == "turn:4"
    assert str(caught.value) == "seat 2 cannot turn:4: a holder must be picked first"
    with pytest.raises(IllegalActionError, match="chance cannot pick:0: a chance outcome"):
        new_state(MouseChaosGame(seats=2)).apply(parse_text("pick:0"))


def test_the_revealer_acts_during_a_reveal_and_nobody_once_over() -> None:
    # Seat 1 moves the fourth mouse into seat 0's nest: seat 0 reveals.
    placed = {4: (0, 1), 5: (1, 0), 7: (1, 2)}
    state = play(moving(steps=1, mice=placed, current=1), "mouse:7:1,1")
    assert state.phase == "reveal" and state.current == 1 and state.current_player() == 0
    state = play(state, "turn:7")  # blue: wrong, it goes to seat 1's nest
    # A cat on every chair leaves no chair move: seat 1's turn ends and seat 2 picks.
    assert state.phase == "pick" and state.current_player() == 2
    won = play(
        moving(steps=1, mice={4: (0, 1), 5: (1, 0), 6: (1, 2)}),
        "mouse:6:1,1",
        "turn:0",
        "turn:4",
        "turn:5",
        "turn:6",
    )
    assert won.current_player() == TERMINAL and won.winners() == [0]
