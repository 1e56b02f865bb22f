"""MouseTrapState (state.py) as a client sees it: `apply` returns a new state and leaves its
own as it was, `sample_action` answers exactly as the engine's default would, equal positions
have equal keys, and refusals say who could not do what. Only the public API is used."""

from __future__ import annotations

import copy
import pickle
from typing import TYPE_CHECKING

import pytest

from mousehole import IllegalActionError, State

if TYPE_CHECKING:
    from .conftest import Table

U = [0.0, 0.1, 0.17, 0.5, 0.79, 0.8, 0.81, 0.99]


def test_apply_returns_a_new_state_and_leaves_the_old_one_as_it_was(table: Table) -> None:
    state = table.position([17, 5, 0], [2, 0, 0])
    before = state.to_json()
    after = table.roll(state, 4)
    assert state.to_json() == before
    assert after.to_json()["mice"][0]["position"] == 21
    assert after.events[0]["type"] == "moved"


def test_a_copy_a_deep_copy_and_a_pickled_state_play_on_like_the_original(table: Table) -> None:
    # Either build: the compiled class has no default way to copy or pickle itself, and
    # OpenSpiel's bridge deep-copies a state for every search step (mousehole.rl).
    state = table.position([17, 5, 0], [2, 0, 0])
    for twin in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin is not state and twin.to_json() == state.to_json()
        assert twin.key() == state.key() and twin.legal_actions() == state.legal_actions()
        assert table.roll(twin, 4).to_json() == table.roll(state, 4).to_json()
    assert copy.deepcopy(state).game is state.game  # the rules are shared, not copied


def test_a_pickled_state_at_every_step_of_a_random_game_plays_on_like_the_original(
    table: Table,
) -> None:
    state = table.game(3).new_initial_state()
    for step in range(2000):
        if state.is_terminal():
            break
        twin = pickle.loads(pickle.dumps(state))
        assert twin.current_player() == state.current_player(), step
        assert twin.legal_actions() == state.legal_actions(), step
        assert twin.chance_outcomes() == state.chance_outcomes(), step
        u = (step * 0.618) % 1.0
        state, twin = state.apply(state.sample_action(u)), twin.apply(twin.sample_action(u))
        assert twin.to_json() == state.to_json(), step
    assert state.is_terminal()


def test_sample_action_is_the_engines_default_at_every_kind_of_node(table: Table) -> None:
    trap = table.position([46, 49, 10], [2, 1, 0], components=23, phase="trap")
    positions = [
        table.game(3).new_initial_state(),  # seat 0 starts: a roll
        table.play(table.position([0, 0, 0]), "roll"),  # the die
        trap,  # crank, end or spend
        table.play(trap, "crank"),  # 80% capture, 20% stuck
        table.play(trap, "spend:1"),  # a push's die
    ]
    for state in positions:
        for u in U:
            assert state.sample_action(u) == State.sample_action(state, u)
    with pytest.raises(ValueError):
        positions[0].sample_action(1.0)


def test_equal_positions_have_equal_keys(table: Table) -> None:
    one = table.position([3, 7], [1, 2])
    two = table.game(2).state_from_json(one.to_json())
    assert one.key() == two.key() and hash(one.key()) == hash(two.key())
    assert table.roll(one, 2).key() != one.key()


def test_a_refusal_names_the_seat_and_the_action(table: Table) -> None:
    state = table.position([3, 7], current=1)
    with pytest.raises(IllegalActionError) as caught:
        table.play(state, "crank")
    assert caught.value.seat == 1 and caught.value.action == "crank"
    assert str(caught.value).startswith("seat 1 cannot crank")


def test_winners_are_named_only_once_the_game_is_over(table: Table) -> None:
    assert table.position([46, 49, 10]).winners() == []
    over = table.position([46, 49, 49], [40, 0, 0], captured=(1, 2), supply=12, winner=0)
    assert over.is_terminal() and over.winners() == [0]
