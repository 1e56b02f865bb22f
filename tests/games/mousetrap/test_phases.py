"""The phases of a Mouse Trap turn (phases.py), as a client sees them: which are chance's and
which a seat's, and chance's outcomes in each (docs/games/mousetrap.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

import mousehole
from mousehole import CHANCE, State
from mousehole.games.mousetrap.phases import (
    CHANCE_PHASES,
    CRANK_OUTCOMES,
    CRANK_SUCCESS,
    DECISION_PHASES,
    DIE_OUTCOMES,
    PHASES,
)

if TYPE_CHECKING:
    from .conftest import Table


def test_every_phase_but_the_end_is_chances_or_a_seats() -> None:
    assert set(PHASES) - {"over"} == CHANCE_PHASES | DECISION_PHASES
    assert not CHANCE_PHASES & DECISION_PHASES


def test_the_die_is_fair_and_the_crank_fails_one_time_in_five() -> None:
    """spec: the crank has an "independent 20% chance of mechanical failure"."""
    assert [a.to_text() for a, _ in DIE_OUTCOMES] == [f"die:{v}" for v in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in DIE_OUTCOMES)
    assert CRANK_SUCCESS == 0.8
    assert [p for _, p in CRANK_OUTCOMES] == pytest.approx([0.8, 0.2])


@pytest.mark.parametrize("phase", sorted(PHASES))
def test_a_position_in_each_phase_acts_as_its_kind_says(table: Table, phase: str) -> None:
    state = _in_phase(table, phase)
    assert state.to_json()["phase"] == phase
    if phase in CHANCE_PHASES:
        assert state.current_player() == CHANCE and state.chance_outcomes()
        assert list(state.legal_actions()) == []
    elif phase in DECISION_PHASES:
        assert state.current_player() >= 0 and state.legal_actions()
        assert list(state.chance_outcomes()) == []
    else:
        assert state.is_terminal()


def _in_phase(table: Table, phase: str) -> State:
    """Return a position in `phase`, set up or reached by play."""
    trap = table.position([46, 49, 10], [2, 1, 0], components=23, phase="trap")
    positions = {
        "start": lambda: mousehole.load_game("mousetrap", seats=3).new_initial_state(),
        "roll": lambda: table.position([0, 0, 0]),
        "move": lambda: table.play(table.position([0, 0, 0]), "roll"),
        "split": lambda: table.position(
            [37, 5, 9], [0, 2, 2], phase="split", pending={"from": [1, 2], "amount": 2}
        ),
        "trap": lambda: trap,
        "push": lambda: table.play(trap, "spend:1"),
        "crank": lambda: table.play(trap, "crank"),
        "over": lambda: table.position(
            [46, 49, 49], [40, 0, 0], captured=(1, 2), supply=12, winner=0, phase="over"
        ),
    }
    return positions[phase]()
