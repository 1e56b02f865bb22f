"""Mouse Trap rules: turn order, movement, redirects, Build spaces, and the Lose, Dog Bone, Safe
and Turn Crank spaces; the setup is in test_game.py, cheese changing hands in test_cheese.py,
the trap phase in test_trap.py, illegal actions in test_illegal_actions.py.

Each test sets up a position with `state_from_json`, plays a roll and a chosen die (and whatever
follows), and checks the whole resulting position. Docstrings quote the line they check from
the game's specification ("spec") or Mousehole's rulings ("ruling"), which docs/games/mousetrap.md
tells in full.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pytest

from mousehole import CHANCE

if TYPE_CHECKING:
    from .conftest import Table

# The spec's "Exact path mapping", written out independently of the engine's board data:
# Build spaces before the loop with the largest starting seat count that may build there.
APPROACH_BUILDS = {
    1: 2, 3: 4, 4: 2, 6: 4, 8: 4, 9: 3, 11: 4, 12: 2, 14: 4, 16: 2,
    17: 4, 18: 3, 19: 2, 20: 4, 22: 4, 23: 2, 25: 2, 26: 4, 28: 4, 29: 3,
    31: 2, 32: 4, 34: 2, 35: 4, 36: 3, 38: 4, 40: 4, 41: 3, 43: 2,
}  # fmt: skip
REDIRECTS = {5: 3, 10: 14, 13: 0, 15: 9, 27: 21, 30: 49, 33: 29, 42: 36}


# -- movement --------------------------------------------------------------------------------


def test_rolling_gives_a_fair_six_sided_die_to_chance(table: Table) -> None:
    """spec: "Roll one six-sided die" (habit 1: the die is a chance node, 1/6 per face)."""
    state = table.play(table.position([0, 0, 0, 0]), "roll")

    assert state.current_player() == CHANCE
    assert list(state.legal_actions()) == []
    outcomes = state.chance_outcomes()
    assert [a.to_text() for a, _ in outcomes] == [f"die:{v}" for v in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)


def test_a_roll_moves_the_mouse_forward_by_the_die_and_passes_the_turn(table: Table) -> None:
    """spec: "Roll one six-sided die and move forward that many spaces. Resolve the space where
    you finish." (Dog Bone, 21: no effect.)"""
    state = table.position([17, 5, 0, 0], [2, 0, 0, 0])

    after = table.roll(state, 4)

    assert table.summary(after) == table.expect(
        at=[21, 5, 0, 0], cheese=[2, 0, 0, 0], supply=50, components=0, current=1, phase="roll"
    )
    assert after.to_json()["turn"] == 1
    assert after.events[0] == {
        "type": "moved", "seat": 0, "from": 17, "to": 21, "die": 4, "paid": False,
    }  # fmt: skip


def test_multiple_mice_may_share_a_space(table: Table) -> None:
    """spec: "Multiple mice may share a space.\""""
    after = table.roll(table.position([17, 21, 21, 0]), 4)

    assert table.summary(after)["at"] == [21, 21, 21, 0]


@pytest.mark.parametrize(
    ("start", "die", "end"),
    [(48, 3, 45), (49, 1, 44), (49, 4, 47), (45, 5, 44), (47, 3, 44), (48, 5, 47), (46, 5, 45)],
)
def test_moving_past_49_continues_at_44(table: Table, start: int, die: int, end: int) -> None:
    """ruling: "Forward movement past 49 continues at 44 (the loop is permanent)." (The machine
    is complete, so the loop's Build spaces do nothing.)"""
    state = table.position([start, 10], [3, 0], components=23)

    after = table.roll(state, die)

    assert table.summary(after) == table.expect(
        at=[end, 10], cheese=[3, 0], supply=49, components=23, current=1, phase="roll"
    )


@pytest.mark.parametrize(("start", "die", "end"), [(40, 6, 46), (43, 5, 48), (43, 1, 44)])
def test_the_approach_path_runs_straight_into_the_loop(
    table: Table, start: int, die: int, end: int
) -> None:
    """spec: "After the approach path, movement enters the repeating six-space loop." (Turn
    Crank, Take 2 and Safe resolved on arrival.)"""
    after = table.roll(table.position([start, 10], [0, 0]), die)

    collected = 2 if end == 48 else 0
    assert table.summary(after) == table.expect(
        at=[end, 10],
        cheese=[collected, 0],
        supply=52 - collected,
        components=0,
        current=1,
        phase="roll",
    )


def test_a_six_inside_the_loop_returns_to_the_same_space_and_resolves_it_again(
    table: Table,
) -> None:
    """ruling: "a 6 inside the loop returns to the same space" (from Take 2, 48: take 2 again)."""
    state = table.position([48, 10, 20], [1, 0, 0])

    after = table.roll(state, 6)

    assert table.summary(after) == table.expect(
        at=[48, 10, 20], cheese=[3, 0, 0], supply=49, components=0, current=1, phase="roll"
    )


def test_a_six_from_turn_crank_with_the_machine_complete_starts_another_trap_phase(
    table: Table,
) -> None:
    """ruling: "a 6 inside the loop returns to the same space" and "Trap phase only after
    landing on Turn Crank by an ordinary roll with all 23 components installed.\""""
    state = table.position([46, 49], [1, 1], components=23)

    after = table.roll(state, 6)

    assert table.summary(after) == table.expect(
        at=[46, 49], cheese=[1, 1], supply=50, components=23, current=0, phase="trap"
    )


@pytest.mark.parametrize(
    ("start", "die", "end", "components"),
    [
        pytest.param(17, 4, 21, 0, id="over-builds-18-19-20"),
        pytest.param(12, 4, 16, 0, id="over-redirects-13-15"),
        pytest.param(28, 3, 31, 0, id="over-go-to-cheese-wheel-30"),
        pytest.param(36, 5, 41, 0, id="over-take-3-and-lose-3"),
        pytest.param(45, 5, 44, 23, id="over-turn-crank-take-2-and-cheese-wheel"),
    ],
)
def test_passing_through_a_space_does_not_activate_it(
    table: Table, start: int, die: int, end: int, components: int
) -> None:
    """spec: "Movement through a space does not activate it." (Four seats: the landing spaces
    21, 16, 31, 41 and 44 do nothing.)"""
    state = table.position([start, 0, 0, 0], [3, 3, 0, 0], components=components)

    after = table.roll(state, die)

    assert table.summary(after) == table.expect(
        at=[end, 0, 0, 0],
        cheese=[3, 3, 0, 0],
        supply=46,
        components=components,
        current=1,
        phase="roll",
    )


# -- redirects -------------------------------------------------------------------------------


@pytest.mark.parametrize(("space", "destination"), sorted(REDIRECTS.items()))
def test_a_redirect_ends_the_turn_without_the_destination_effect(
    table: Table, space: int, destination: int
) -> None:
    """ruling: "Redirects (5, 10, 13, 15, 27, 30, 33, 42) move the mouse and end the turn; the
    destination's effect never applies." (Two seats: every Build destination would build.)"""
    die = 5 if space == 5 else 6
    state = table.position([space - die, 0], [3, 3], components=5)

    after = table.roll(state, die)

    assert table.summary(after) == table.expect(
        at=[destination, 0], cheese=[3, 3], supply=46, components=5, current=1, phase="roll"
    )
    assert after.events[1] == {"type": "redirected", "seat": 0, "from": space, "to": destination}


def test_go_to_cheese_wheel_puts_the_mouse_on_49_without_collecting(table: Table) -> None:
    """ruling: "30 puts the mouse on Cheese Wheel without collecting", even from a full supply
    and with a rich rival."""
    state = table.position([26, 40, 44], [0, 9, 0])

    after = table.roll(state, 4)

    assert table.summary(after) == table.expect(
        at=[49, 40, 44], cheese=[0, 9, 0], supply=43, components=0, current=1, phase="roll"
    )


def test_a_redirect_to_49_leaves_the_mouse_exposed_to_a_later_crank(table: Table) -> None:
    """spec: "Cheese Wheel ... This is also the cage's capture space." (A mouse sent there by
    space 30 is on the Wheel like any other.)"""
    state = table.position([24, 43], [0, 2], components=23)

    state = table.roll(state, 6)  # seat 0: 30 -> 49
    state = table.roll(state, 3)  # seat 1: 43 -> 46, trap phase

    assert table.summary(state)["phase"] == "trap"
    assert "crank" in table.texts(state.legal_actions())


# -- Build spaces ----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize(("space", "max_seats"), sorted(APPROACH_BUILDS.items()))
def test_an_approach_build_space_builds_only_for_its_starting_seat_counts(
    table: Table, seats: int, space: int, max_seats: int
) -> None:
    """spec: "Build 2: Build only in a game that began with 2 mice. Build 2–3: ... 2 or 3 mice.
    Build 2–3–4: Build in any supported game." (Every Build space of the path mapping.)"""
    at = [space - 1] + [0] * (seats - 1)
    state = table.position(at, components=4)

    after = table.roll(state, 1)

    built = seats <= max_seats
    assert table.summary(after) == table.expect(
        at=[space] + [0] * (seats - 1),
        cheese=[1 if built else 0] + [0] * (seats - 1),
        supply=51 if built else 52,
        components=5 if built else 4,
        current=1,
        phase="roll",
    )


@pytest.mark.parametrize(
    ("seats", "captured", "space", "builds"),
    [
        pytest.param(4, (2, 3), 1, False, id="4-seat-game-down-to-2-B2"),
        pytest.param(4, (2, 3), 9, False, id="4-seat-game-down-to-2-B23"),
        pytest.param(4, (1, 2), 3, True, id="4-seat-game-down-to-2-B234"),
        pytest.param(3, (2,), 1, False, id="3-seat-game-down-to-2-B2"),
        pytest.param(3, (1,), 9, True, id="3-seat-game-down-to-2-B23"),
    ],
)
def test_build_eligibility_stays_tied_to_the_starting_seat_count_after_captures(
    table: Table, seats: int, captured: tuple[int, ...], space: int, builds: bool
) -> None:
    """spec: "The number of seats selected at the beginning determines Build-space eligibility
    for the entire match, including after captures.\""""
    at = [space - 1] + [20] * (seats - 1)
    state = table.position(at, captured=captured, components=2)

    after = table.roll(state, 1)

    nxt = next(s for s in range(1, seats) if s not in captured)
    assert table.summary(after) == table.expect(
        at=[space] + [20] * (seats - 1),
        cheese=[1 if builds else 0] + [0] * (seats - 1),
        supply=51 if builds else 52,
        components=3 if builds else 2,
        current=nxt,
        phase="roll",
        captured=captured,
    )


def test_a_build_before_the_loop_installs_the_next_component_and_pays_one_supply_cheese(
    table: Table,
) -> None:
    """spec: "Eligible Build before the loop: Install the next component and receive one cheese
    from the supply" and "Building always follows the numbered order" (step 8 is the Shoe)."""
    state = table.position([16, 0, 0, 0], [2, 1, 0, 0], components=7)

    after = table.roll(state, 1)  # 17: Build 2–3–4

    assert table.summary(after) == table.expect(
        at=[17, 0, 0, 0], cheese=[3, 1, 0, 0], supply=48, components=8, current=1, phase="roll"
    )
    assert after.events[1] == {
        "type": "built", "seat": 0, "cheese": 1, "components": [8], "names": ["Shoe"],
    }  # fmt: skip


def test_build_cheese_comes_only_from_the_supply(table: Table) -> None:
    """spec: "Build rewards never take cheese from rivals" and ruling: "Build rewards come only
    from the supply." (Supply empty: the component goes in, no cheese is paid.)"""
    state = table.position([2, 0, 0, 0], [0, 20, 20, 12], components=3)

    after = table.roll(state, 1)  # 3: Build 2–3–4

    assert table.summary(after) == table.expect(
        at=[3, 0, 0, 0], cheese=[0, 20, 20, 12], supply=0, components=4, current=1, phase="roll"
    )


@pytest.mark.parametrize("space", [45, 47])
def test_a_loop_build_installs_two_components_and_pays_two_supply_cheese(
    table: Table, space: int
) -> None:
    """spec: "Either Build in the loop: Install the next two components ...; receive one supply
    cheese per installed component" (steps 11 and 12: Base B, Rain gutter)."""
    state = table.position([space - 1, 10], [1, 0], components=10)

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[space, 10], cheese=[3, 0], supply=49, components=12, current=1, phase="roll"
    )
    assert after.events[1]["names"] == ["Base B", "Rain gutter"]


@pytest.mark.parametrize("space", [45, 47])
def test_a_loop_build_with_one_component_left_installs_it_and_pays_one_cheese(
    table: Table, space: int
) -> None:
    """spec: "Final loop build: if only one component remains, install one and award one
    available cheese.\""""
    state = table.position([space - 1, 10], [1, 0], components=22)

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[space, 10], cheese=[2, 0], supply=50, components=23, current=1, phase="roll"
    )
    assert after.events[1]["names"] == ["Cage"]


@pytest.mark.parametrize(("supply", "paid"), [(1, 1), (0, 0)])
def test_a_loop_build_pays_only_what_the_supply_holds(table: Table, supply: int, paid: int) -> None:
    """spec: "receive one supply cheese per installed component, if available.\""""
    rival = 52 - supply
    state = table.position([44, 10], [0, rival], components=6)

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[45, 10], cheese=[paid, rival], supply=supply - paid, components=8, current=1,
        phase="roll",
    )  # fmt: skip


@pytest.mark.parametrize(("start", "die"), [(44, 1), (46, 1), (2, 1), (42, 1)])
def test_a_build_space_does_nothing_once_the_machine_is_complete(
    table: Table, start: int, die: int
) -> None:
    """spec: "Build spaces after completion have no effect." (2 seats: 3 and 43 are eligible.)"""
    state = table.position([start, 10], [1, 0], components=23)

    after = table.roll(state, die)

    assert table.summary(after) == table.expect(
        at=[start + die, 10], cheese=[1, 0], supply=51, components=23, current=1, phase="roll"
    )


# -- Lose, Dog Bone, Safe, Turn Crank ---------------------------------------------------------


@pytest.mark.parametrize(
    ("space", "held", "kept"),
    [(24, 5, 3), (24, 2, 0), (24, 1, 0), (24, 0, 0), (39, 5, 2), (39, 3, 0), (39, 2, 0)],
)
def test_a_lose_space_returns_its_amount_or_all_the_mouse_has(
    table: Table, space: int, held: int, kept: int
) -> None:
    """spec: "Lose cheese: Return the displayed quantity to the supply, or all your cheese if
    you have less.\""""
    state = table.position([space - 1, 10], [held, 4])

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[space, 10], cheese=[kept, 4], supply=48 - kept, components=0, current=1,
        phase="roll",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("start", "die", "space"),
    [
        pytest.param(17, 4, 21, id="dog-bone"),
        pytest.param(43, 1, 44, id="safe"),
        pytest.param(40, 6, 46, id="turn-crank-before-completion"),
    ],
)
def test_dog_bone_safe_and_an_incomplete_turn_crank_end_the_turn_with_no_effect(
    table: Table, start: int, die: int, space: int
) -> None:
    """spec: "Dog Bone: End your turn with no effect.", "Safe: End your turn." and "Turn Crank
    ... Before completion, end your turn." (22 of 23 components installed.)"""
    state = table.position([start, 49], [2, 2], components=22)

    after = table.roll(state, die)

    assert table.summary(after) == table.expect(
        at=[space, 49], cheese=[2, 2], supply=48, components=22, current=1, phase="roll"
    )


def test_going_to_start_leaves_the_mouse_on_start_with_no_effect(table: Table) -> None:
    """spec: "Go to Start" (13) and "Start" has no effect: the mouse simply moves on from 0."""
    state = table.position([9, 30], [3, 0])

    state = table.roll(state, 4)  # 13 -> 0
    state = table.roll(state, 1)  # seat 1: 31, B2 for two seats
    after = table.roll(state, 2)  # seat 0 from Start: 2, Take 2

    assert table.summary(after) == table.expect(
        at=[2, 31], cheese=[5, 1], supply=46, components=1, current=1, phase="roll"
    )
