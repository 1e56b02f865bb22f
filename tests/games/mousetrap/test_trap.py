"""Mouse Trap rules of the trap phase: spending cheese on rivals, their paid moves, the crank
and the cage, captures and the winner.

Each test sets up a position with `state_from_json`, plays a roll and a chosen die (and whatever
follows), and checks the whole resulting position. Docstrings quote the line they check from
the game's specification ("spec") or Mousehole's rulings ("ruling"), which docs/games/mousetrap.md
tells in full.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

import mousehole
from mousehole import CHANCE, TERMINAL, IllegalActionError

if TYPE_CHECKING:
    from .conftest import Table


def trap_position(
    table: Table,
    at: list[int],
    cheese: list[int],
    *,
    captured: tuple[int, ...] = (),
) -> mousehole.State:
    """Return seat 0's trap phase: seat 0 on Turn Crank (46) with the machine complete."""
    assert at[0] == 46
    return table.position(at, cheese, captured=captured, components=23, phase="trap")


# -- the trap phase ----------------------------------------------------------------------------


def test_an_ordinary_roll_onto_turn_crank_with_the_machine_complete_starts_the_trap_phase(
    table: Table,
) -> None:
    """spec: "The machine must contain all 23 components. Your mouse must have landed on Turn
    Crank on its ordinary turn.\""""
    state = table.position([43, 49, 10], [2, 1, 0], components=23)

    after = table.roll(state, 3)

    assert table.summary(after) == table.expect(
        at=[46, 49, 10], cheese=[2, 1, 0], supply=49, components=23, current=0, phase="trap"
    )
    assert after.current_player() == 0
    assert sorted(table.texts(after.legal_actions())) == ["crank", "end", "spend:1", "spend:2"]


def test_a_mouse_pushed_onto_turn_crank_gets_no_trap_phase(table: Table) -> None:
    """ruling: "Trap phase only after landing on Turn Crank by an ordinary roll"; spec: "no ...
    extra trap phase is triggered by that move.\""""
    state = trap_position(table, [46, 43, 10], [2, 1, 0])

    after = table.play(state, "spend:1", "die:3")

    assert table.summary(after) == table.expect(
        at=[46, 46, 10], cheese=[1, 1, 0], supply=50, components=23, current=0, phase="trap"
    )
    assert sorted(table.texts(after.legal_actions())) == ["end", "spend:1", "spend:2"]


@pytest.mark.parametrize(
    ("at", "cheese", "captured", "legal"),
    [
        pytest.param(
            [46, 44, 20, 49], [3, 1, 0, 2], (2,), ["crank", "end", "spend:3"],
            id="not-self-captured-or-safe",
        ),
        pytest.param(
            [46, 10, 20, 49], [0, 1, 1, 2], (), ["crank", "end"], id="no-spend-without-cheese"
        ),
        pytest.param(
            [46, 10, 20, 30], [2, 1, 1, 2], (), ["end", "spend:1", "spend:2", "spend:3"],
            id="no-crank-without-a-mouse-on-the-wheel",
        ),
        pytest.param([46, 10, 20, 30], [0, 1, 1, 2], (), ["end"], id="only-end"),
        pytest.param([46, 44, 44, 44], [5, 1, 1, 2], (), ["end"], id="everyone-on-safe"),
        pytest.param(
            [46, 49, 49, 49], [0, 0, 0, 0], (1, 2), ["crank", "end"],
            id="captured-mice-on-the-wheel-do-not-count-but-a-free-one-does",
        ),
        pytest.param(
            [46, 49, 49, 10], [1, 0, 0, 0], (1, 2), ["end", "spend:3"],
            id="only-captured-mice-on-the-wheel",
        ),
    ],
)  # fmt: skip
def test_the_trap_phase_offers_exactly_the_legal_spends_crank_and_end(
    table: Table, at: list[int], cheese: list[int], captured: tuple[int, ...], legal: list[str]
) -> None:
    """spec: "select an uncaptured opposing mouse that is not on Safe", "while you have cheese",
    "Turn the crank when at least one opponent is on Cheese Wheel, or finish the turn"; ruling:
    "When no paid move and no crank is legal, the trap phase offers only "end turn".\""""
    state = trap_position(table, at, cheese, captured=captured)

    assert state.current_player() == 0
    assert sorted(table.texts(state.legal_actions())) == legal


def test_a_paid_move_returns_one_cheese_and_lets_chance_roll_for_the_target(
    table: Table,
) -> None:
    """spec: "Spend one cheese to move a rival. Return the cheese to the supply, select an
    uncaptured opposing mouse that is not on Safe, roll a die\""""
    state = trap_position(table, [46, 10, 20], [3, 1, 0])

    after = table.play(state, "spend:2")

    assert table.summary(after) == table.expect(
        at=[46, 10, 20], cheese=[2, 1, 0], supply=49, components=23, current=0, phase="push",
        pending={"target": 2},
    )  # fmt: skip
    assert after.current_player() == CHANCE
    assert list(after.legal_actions()) == []
    assert [(a.to_text(), p) for a, p in after.chance_outcomes()] == [
        (f"die:{v}", pytest.approx(1 / 6)) for v in range(1, 7)
    ]


@pytest.mark.parametrize(
    ("start", "die", "end"),
    [
        pytest.param(45, 3, 48, id="take-2-gains-nothing"),
        pytest.param(43, 6, 49, id="cheese-wheel-gains-nothing"),
        pytest.param(26, 4, 30, id="go-to-cheese-wheel-not-redirected"),
        pytest.param(2, 3, 5, id="go-back-2-not-redirected"),
        pytest.param(8, 5, 13, id="go-to-start-not-redirected"),
        pytest.param(21, 3, 24, id="lose-2-loses-nothing"),
        pytest.param(36, 3, 39, id="lose-3-loses-nothing"),
        pytest.param(33, 4, 37, id="take-3-takes-nothing"),
        pytest.param(43, 3, 46, id="turn-crank-no-trap-phase"),
        pytest.param(48, 4, 46, id="wraps-round-the-loop"),
    ],
)
def test_a_paid_move_changes_only_the_position_with_no_destination_effect(
    table: Table, start: int, die: int, end: int
) -> None:
    """ruling: "A cheese-paid move changes position only: no effect of the destination at all."
    spec: "no Build, collection, loss, redirect, or extra trap phase is triggered by that move.\""""
    state = trap_position(table, [46, start], [3, 2])

    after = table.play(state, "spend:1", f"die:{die}")

    assert table.summary(after) == table.expect(
        at=[46, end], cheese=[2, 2], supply=48, components=23, current=0, phase="trap"
    )
    assert after.events == [
        {"type": "moved", "seat": 1, "from": start, "to": end, "die": die, "paid": True}
    ]


def test_a_paid_move_can_push_another_rival_onto_the_wheel_for_a_double_capture(
    table: Table,
) -> None:
    """spec: "You may also spend cheese to add more rivals to Cheese Wheel when another rival is
    already there." and "every opponent on Cheese Wheel is captured together\""""
    state = trap_position(table, [46, 49, 45, 20], [2, 3, 4, 5])

    state = table.play(state, "spend:2", "die:4")  # seat 2: 45 -> 49
    assert table.summary(state)["at"] == [46, 49, 49, 20]
    after = table.play(state, "crank", "crank:ok")

    assert table.summary(after) == table.expect(
        at=[46, 49, 49, 20], cheese=[1 + 3 + 4, 0, 0, 5], supply=39, components=23, current=3,
        phase="roll", captured=[1, 2],
    )  # fmt: skip


def test_a_paid_move_may_repeat_on_the_same_rival_while_the_spender_has_cheese(
    table: Table,
) -> None:
    """spec: "Repeat with the same eligible rival or other eligible rivals while you have
    cheese.\""""
    state = trap_position(table, [46, 10], [2, 0])

    state = table.play(state, "spend:1", "die:2", "spend:1", "die:5")

    assert table.summary(state) == table.expect(
        at=[46, 17], cheese=[0, 0], supply=52, components=23, current=0, phase="trap"
    )
    assert table.texts(state.legal_actions()) == ["end"]


def test_a_paid_move_may_target_a_rival_already_on_the_wheel(table: Table) -> None:
    """ruling: "A paid move may target a rival already on Cheese Wheel (the seed excludes only
    Safe)." (A 6 brings it round to the Wheel again.)"""
    state = trap_position(table, [46, 49], [1, 0])
    assert "spend:1" in table.texts(state.legal_actions())

    after = table.play(state, "spend:1", "die:6")

    assert table.summary(after) == table.expect(
        at=[46, 49], cheese=[0, 0], supply=52, components=23, current=0, phase="trap"
    )
    assert sorted(table.texts(after.legal_actions())) == ["crank", "end"]


def test_a_rival_pushed_onto_safe_can_no_longer_be_selected(table: Table) -> None:
    """spec: "A mouse moved onto Safe becomes protected from further selection while there.\""""
    state = trap_position(table, [46, 49], [3, 0])

    after = table.play(state, "spend:1", "die:1")  # 49 -> 44, Safe

    assert table.summary(after) == table.expect(
        at=[46, 44], cheese=[2, 0], supply=50, components=23, current=0, phase="trap"
    )
    assert table.texts(after.legal_actions()) == ["end"]
    with pytest.raises(IllegalActionError, match="seat 0 cannot spend:1"):
        table.play(after, "spend:1")


def test_turning_the_crank_is_a_chance_node_that_succeeds_four_times_in_five(
    table: Table,
) -> None:
    """spec: "Each legal crank turn has an independent 20% chance of mechanical failure (80%
    success).\""""
    state = trap_position(table, [46, 49], [0, 0])

    after = table.play(state, "crank")

    assert after.current_player() == CHANCE
    assert list(after.legal_actions()) == []
    assert [(a.to_text(), p) for a, p in after.chance_outcomes()] == [
        ("crank:ok", pytest.approx(0.8)),
        ("crank:fail", pytest.approx(0.2)),
    ]
    assert table.summary(after)["phase"] == "crank"


def test_a_successful_crank_captures_every_opponent_on_the_wheel_and_takes_their_cheese(
    table: Table,
) -> None:
    """spec: "On success, every opponent on Cheese Wheel is captured together and all their
    cheese goes to the triggering player.\""""
    state = trap_position(table, [46, 49, 49, 10], [1, 3, 2, 4])

    after = table.play(state, "crank", "crank:ok")

    assert table.summary(after) == table.expect(
        at=[46, 49, 49, 10], cheese=[6, 0, 0, 4], supply=42, components=23, current=3,
        phase="roll", captured=[1, 2],
    )  # fmt: skip
    assert after.events == [{"type": "captured", "seat": 0, "victims": [1, 2], "cheese": 5}]


def test_a_failed_crank_changes_nothing_and_ends_the_turn(table: Table) -> None:
    """spec: "On failure, the cage sticks: nobody is captured, all mice keep their cheese and
    remain on Cheese Wheel, and the turn ends.\""""
    state = trap_position(table, [46, 49, 49, 10], [1, 3, 2, 4])

    after = table.play(state, "crank", "crank:fail")

    assert table.summary(after) == table.expect(
        at=[46, 49, 49, 10], cheese=[1, 3, 2, 4], supply=42, components=23, current=1,
        phase="roll",
    )  # fmt: skip
    assert after.to_json()["turn"] == 1


@pytest.mark.parametrize("result", ["crank:ok", "crank:fail"])
def test_a_crank_ends_the_turn_either_way(table: Table, result: str) -> None:
    """ruling: "A crank ends the turn, success or failure: at most one crank per trap phase.\""""
    state = trap_position(table, [46, 49, 10], [2, 1, 1])

    after = table.play(state, "crank", result)

    assert after.current_player() != 0
    assert table.summary(after)["phase"] == "roll"
    assert table.texts(after.legal_actions()) == ["roll"]


def test_ending_the_trap_phase_passes_the_turn_without_cranking(table: Table) -> None:
    """spec: "or finish the turn without operating it.\""""
    state = trap_position(table, [46, 49, 10], [2, 1, 1])

    after = table.play(state, "end")

    assert table.summary(after) == table.expect(
        at=[46, 49, 10], cheese=[2, 1, 1], supply=48, components=23, current=1, phase="roll"
    )


def test_the_machine_stays_complete_and_a_later_trap_phase_happens(table: Table) -> None:
    """ruling: "The machine stays complete after it fires; later trap phases are possible.\""""
    state = trap_position(table, [46, 49, 20, 43], [1, 3, 0, 2])

    state = table.play(state, "crank", "crank:ok")  # seat 1 captured; seat 2 to play
    state = table.roll(state, 1)  # seat 2: 21, Dog Bone
    after = table.roll(state, 3)  # seat 3: 43 -> 46

    assert table.summary(after) == table.expect(
        at=[46, 49, 21, 46], cheese=[4, 0, 0, 2], supply=46, components=23, current=3,
        phase="trap", captured=[1],
    )  # fmt: skip
    assert sorted(table.texts(after.legal_actions())) == ["end", "spend:0", "spend:2"]


def test_captured_seats_are_skipped_in_turn_order(table: Table) -> None:
    """spec: "seats then take turns in order, skipping captured mice"; ruling: "Seat order
    increases by seat index, skipping captured mice.\""""
    state = table.position([17, 49, 49, 20], [0, 0, 0, 0], captured=(1, 2))

    state = table.roll(state, 4)  # seat 0 to 21
    assert state.current_player() == 3
    state = table.roll(state, 1)  # seat 3 to 21

    assert table.summary(state) == table.expect(
        at=[21, 49, 49, 21], cheese=[0, 0, 0, 0], supply=52, components=0, current=0,
        phase="roll", captured=[1, 2],
    )  # fmt: skip


def test_the_last_free_mouse_wins_and_the_game_is_over(table: Table) -> None:
    """spec: "If one uncaptured mouse remains, that mouse wins and gameplay ends.\""""
    state = trap_position(table, [46, 49, 49], [1, 0, 7], captured=(1,))

    after = table.play(state, "crank", "crank:ok")

    assert table.summary(after) == table.expect(
        at=[46, 49, 49], cheese=[8, 0, 0], supply=44, components=23, current=0, phase="over",
        captured=[1, 2], winner=0,
    )  # fmt: skip
    assert after.current_player() == TERMINAL
    assert after.is_terminal()
    assert after.winners() == [0]
    assert list(after.legal_actions()) == []
    assert list(after.chance_outcomes()) == []
    with pytest.raises(IllegalActionError, match="roll"):
        table.play(after, "roll")


def test_one_crank_capturing_every_rival_at_once_ends_the_game(table: Table) -> None:
    """spec: "every opponent on Cheese Wheel is captured together" and "If one uncaptured mouse
    remains, that mouse wins\""""
    state = trap_position(table, [46, 49, 49, 49], [0, 1, 2, 3])

    after = table.play(state, "crank", "crank:ok")

    assert table.summary(after) == table.expect(
        at=[46, 49, 49, 49], cheese=[6, 0, 0, 0], supply=46, components=23, current=0,
        phase="over", captured=[1, 2, 3], winner=0,
    )  # fmt: skip
    assert after.winners() == [0]
    assert after.events[-1] == {"type": "won", "seat": 0}
