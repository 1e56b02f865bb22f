"""Mouse Trap actions refused: each names why, and the position is unchanged.

Each test sets up a position with `state_from_json`, plays a roll and a chosen die (and whatever
follows), and checks the whole resulting position. Docstrings quote the line they check from
the game's specification ("spec") or Mousehole's rulings ("ruling"), which docs/games/mousetrap.md
tells in full.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

import mousehole
from mousehole import IllegalActionError

if TYPE_CHECKING:
    from .conftest import Table

from .test_trap import trap_position

# -- illegal actions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("at", "cheese", "captured", "action", "why"),
    [
        pytest.param([46, 10, 20], [2, 1, 1], (), "crank", "Cheese Wheel", id="crank-no-target"),
        pytest.param([46, 10, 20], [0, 1, 1], (), "spend:1", "cheese", id="spend-no-cheese"),
        pytest.param([46, 44, 20], [2, 1, 1], (), "spend:1", "Safe", id="spend-on-safe"),
        pytest.param([46, 10, 20], [2, 1, 1], (), "spend:0", "rival", id="spend-on-self"),
        pytest.param([46, 49, 20], [2, 0, 1], (1,), "spend:1", "captured", id="spend-captured"),
        pytest.param([46, 10, 20], [2, 1, 1], (), "spend:3", "rival", id="spend-no-such-seat"),
        pytest.param([46, 49, 20], [2, 1, 1], (), "roll", "trap", id="roll-in-trap-phase"),
        pytest.param([46, 49, 20], [2, 1, 1], (), "die:4", "trap", id="die-in-trap-phase"),
        pytest.param([46, 49, 20], [2, 1, 1], (), "crank:ok", "trap", id="crank-result-early"),
        pytest.param([46, 49, 20], [2, 1, 1], (), "split:1=1", "trap", id="split-in-trap"),
    ],
)
def test_an_illegal_trap_phase_action_names_the_seat_and_the_action(
    table: Table,
    at: list[int],
    cheese: list[int],
    captured: tuple[int, ...],
    action: str,
    why: str,
) -> None:
    """spec: "A crank attempt is not legal without a target"; architecture habit 6: "messages
    say who, what and why.\""""
    state = trap_position(table, at, cheese, captured=captured)
    before = state.to_json()

    with pytest.raises(IllegalActionError, match=f"^seat 0 cannot {action}: .*{why}") as caught:
        table.play(state, action)

    assert caught.value.seat == 0
    assert caught.value.action == action
    assert state.to_json() == before


@pytest.mark.parametrize(
    "action",
    ["die:4", "crank", "end", "spend:1", "split:1=1", "crank:ok", "start:1"],
)
def test_only_roll_is_legal_at_the_start_of_a_turn(table: Table, action: str) -> None:
    """spec: "A crank attempt is not legal ... before construction is complete, or outside this
    trap phase." (A die is a chance outcome: the decision due is the roll.)"""
    state = table.position([40, 49, 20], [2, 1, 1], components=23, current=0)

    with pytest.raises(IllegalActionError, match=f"^seat 0 cannot {action}: .*roll") as caught:
        table.play(state, action)

    assert caught.value.seat == 0
    assert caught.value.action == action


@pytest.mark.parametrize("action", ["roll", "crank", "end", "spend:1", "crank:ok", "start:0"])
def test_a_player_action_or_wrong_outcome_is_refused_while_the_die_is_due(
    table: Table, action: str
) -> None:
    """habit 1: "A state at a chance node lists its outcomes"; only a die outcome applies."""
    state = table.play(table.position([40, 49, 20], [2, 1, 1]), "roll")

    with pytest.raises(
        IllegalActionError, match=f"cannot {re.escape(action)}: a die roll \\(1..6\\) is due"
    ) as err:
        table.play(state, action)

    assert err.value.action == action


@pytest.mark.parametrize("action", ["die:6", "crank", "end", "roll"])
def test_only_a_crank_result_is_accepted_after_turning_the_crank(table: Table, action: str) -> None:
    """spec: "Each legal crank turn has an independent 20% chance of mechanical failure"."""
    state = table.play(trap_position(table, [46, 49], [0, 0]), "crank")

    with pytest.raises(IllegalActionError, match=f"cannot {action}: the crank's result") as err:
        table.play(state, action)

    assert err.value.action == action


def test_a_starting_seat_outside_the_table_is_not_a_chance_outcome(table: Table) -> None:
    """ruling: "Starting seat: ... random (then it is a chance outcome in the record)."."""
    state = mousehole.load_game("mousetrap", seats=2, start_seat=None).new_initial_state()

    with pytest.raises(IllegalActionError, match="start:3"):
        table.play(state, "start:3")


@pytest.mark.parametrize(
    ("phase", "kind", "value"),
    [
        pytest.param("move", "die", 0, id="die-0"),
        pytest.param("move", "die", 7, id="die-7"),
        pytest.param("move", "die", -3, id="die-negative"),
        pytest.param("push", "die", 9, id="push-die-9"),
        pytest.param("trap", "spend", -1, id="spend-negative-seat"),
        pytest.param("trap", "spend", 7, id="spend-seat-7"),
        pytest.param("start", "start_seat", -1, id="start-negative-seat"),
    ],
)
def test_apply_refuses_an_action_value_that_is_not_a_legal_action_or_chance_outcome(
    table: Table, phase: str, kind: str, value: int
) -> None:
    """`State.apply`: "raise IllegalActionError if it is not legal here"; habit 1: chance nodes
    list their outcomes (a die shows 1..6, the start seat is one of the seats). The actions are
    built directly with the exported `MouseTrapAction`, bypassing the JSON/text parsers."""
    from mousehole.games.mousetrap import MouseTrapAction

    if phase == "start":
        state = mousehole.load_game("mousetrap", seats=2, start_seat=None).new_initial_state()
    elif phase == "move":
        state = table.play(table.position([10, 20], [1, 1]), "roll")
    else:
        state = trap_position(table, [46, 20], [2, 0])
        if phase == "push":
            state = table.play(state, "spend:1")
    before = state.to_json()

    with pytest.raises(IllegalActionError):
        state.apply(MouseTrapAction(kind, value))

    assert state.to_json() == before
