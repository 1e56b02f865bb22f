"""Mouse Trap rules, one scenario per space type, ruling and clarified edge case.

Each test sets up a position with `state_from_json`, plays a roll and a chosen die (and whatever
follows), and checks the whole resulting position. Docstrings quote the line they check from
the game's specification ("spec") or Mousehole's rulings ("ruling"), which docs/games/mousetrap.md
tells in full.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

import pytest

import mousehole
from mousehole import CHANCE, TERMINAL, IllegalActionError, InvalidOptionError

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


# -- setup and turn order ------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_new_game_puts_every_mouse_on_start_with_no_cheese_and_an_empty_machine(
    table: Table, seats: int
) -> None:
    """spec: "Two to four mice begin together at Start, with no cheese. There are 52 cheese
    pieces in the shared supply and 23 components to assemble.\""""
    state = mousehole.load_game("mousetrap", seats=seats, start_seat=seats - 1).new_initial_state()

    assert table.summary(state) == table.expect(
        at=[0] * seats,
        cheese=[0] * seats,
        supply=52,
        components=0,
        current=seats - 1,
        phase="roll",
    )
    assert state.current_player() == seats - 1
    assert table.texts(state.legal_actions()) == ["roll"]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_random_starting_seat_is_a_chance_node_with_every_seat_equally_likely(
    table: Table, seats: int
) -> None:
    """ruling: "Starting seat: chosen at setup, or random (then it is a chance outcome in the
    record).\""""
    state = mousehole.load_game("mousetrap", seats=seats, start_seat=None).new_initial_state()

    assert state.current_player() == CHANCE
    assert list(state.legal_actions()) == []
    outcomes = state.chance_outcomes()
    assert [(a.to_text(), p) for a, p in outcomes] == [
        (f"start:{s}", pytest.approx(1 / seats)) for s in range(seats)
    ]
    after = table.play(state, f"start:{seats - 1}")
    assert after.current_player() == seats - 1
    assert table.summary(after)["phase"] == "roll"


@pytest.mark.parametrize("seats", [1, 5])
def test_mouse_trap_takes_two_to_four_seats(seats: int) -> None:
    """ruling: "Seats: 2 to 4 in total\"."""
    with pytest.raises(InvalidOptionError, match="seats"):
        mousehole.load_game("mousetrap", seats=seats)


def test_a_starting_seat_outside_the_table_is_refused() -> None:
    """ruling: "Starting seat: chosen at setup" (it must be one of the seats)."""
    with pytest.raises(InvalidOptionError, match="start_seat"):
        mousehole.load_game("mousetrap", seats=3, start_seat=3)


def test_cheese_counts_are_public_in_every_seats_observation(table: Table) -> None:
    """ruling: "Cheese counts are public.\""""
    state = table.position([3, 7, 9], [4, 5, 6])

    for viewer in (0, 1, 2, None):
        seen = state.observation(viewer)
        assert [m["cheese"] for m in seen["mice"]] == [4, 5, 6]
        assert [m["position"] for m in seen["mice"]] == [3, 7, 9]


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


# -- Take spaces and Cheese Wheel ------------------------------------------------------------


@pytest.mark.parametrize(
    ("space", "amount"),
    [
        pytest.param(2, 2, id="take-2-at-2"),
        pytest.param(7, 1, id="take-1-at-7"),
        pytest.param(48, 2, id="take-2-at-48"),
        pytest.param(49, 2, id="cheese-wheel-at-49"),
    ],
)
def test_a_take_space_pays_its_amount_from_a_full_supply(
    table: Table, space: int, amount: int
) -> None:
    """spec: "Take cheese: Receive the displayed quantity from the supply." and "Cheese Wheel:
    Collect two cheese, using the same supply/empty-supply rules as a Take space.\""""
    state = table.position([space - 1, 10, 20], [1, 4, 4])

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[space, 10, 20],
        cheese=[1 + amount, 4, 4],
        supply=43 - amount,
        components=0,
        current=1,
        phase="roll",
    )


@pytest.mark.parametrize("space", [2, 48, 49])
def test_a_partly_depleted_supply_pays_what_remains_and_the_richest_rival_covers_the_rest(
    table: Table, space: int
) -> None:
    """spec: "a partly depleted supply pays what remains, then the remaining Take/Wheel
    entitlement uses the empty-supply rival rule." (docs worked example: supply 1, rivals 4, 2,
    0: the mouse with 4 gives 1.)"""
    state = table.position([space - 1, 10, 20, 30], [45, 4, 2, 0])

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[space, 10, 20, 30], cheese=[47, 3, 2, 0], supply=0, components=0, current=1,
        phase="roll",
    )  # fmt: skip
    assert after.events[1:] == [
        {"type": "collected", "seat": 0, "cheese": 1, "asked": 2},
        {"type": "shortfall", "seat": 0, "missing": 1},
        {"type": "took", "seat": 0, "from": {"1": 1}},
    ]


@pytest.mark.parametrize(
    ("space", "amount"), [(2, 2), (7, 1), (48, 2), (49, 2)], ids=["2", "7", "48", "49"]
)
def test_an_empty_supply_makes_the_richest_rival_pay_the_whole_take(
    table: Table, space: int, amount: int
) -> None:
    """spec: "If there is not enough, collect the shortfall from the richest eligible rival or
    rivals.\""""
    state = table.position([space - 1, 10, 20, 30], [40, 6, 3, 3], supply=0)

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[space, 10, 20, 30], cheese=[40 + amount, 6 - amount, 3, 3], supply=0, components=0,
        current=1, phase="roll",
    )  # fmt: skip


def test_richest_compares_only_the_other_mice_not_the_collector(table: Table) -> None:
    """ruling: '"Richest" compares only the *other* uncaptured mice.' (The collector holds the
    most cheese; the richest rival, with 4, pays.)"""
    state = table.position([47, 10, 20, 30], [45, 4, 3, 0], supply=0)

    after = table.roll(state, 1)  # 48: Take 2, supply empty

    assert table.summary(after) == table.expect(
        at=[48, 10, 20, 30], cheese=[47, 2, 3, 0], supply=0, components=0, current=1,
        phase="roll",
    )  # fmt: skip


def test_a_tie_among_the_free_rivals_ignores_a_captured_seat(table: Table) -> None:
    """ruling: '"Richest" compares only the other *uncaptured* mice.' (A captured mouse holds no
    cheese, so it can never be richest; the split is offered among free seats 2 and 3 only.)"""
    state = table.position([47, 49, 20, 30], [44, 0, 4, 4], captured=(1,), supply=0)

    after = table.roll(state, 1)  # 48: Take 2, supply empty

    assert table.summary(after) == table.expect(
        at=[48, 49, 20, 30], cheese=[44, 0, 4, 4], supply=0, components=0, current=0,
        phase="split", captured=[1], pending={"from": [2, 3], "amount": 2},
    )  # fmt: skip
    assert sorted(table.texts(after.legal_actions())) == [
        "split:2=1,3=1",
        "split:2=2",
        "split:3=2",
    ]


def test_the_take_from_rivals_is_capped_at_the_shortfall(table: Table) -> None:
    """ruling: "the total taken from rivals is capped at the shortfall" (a rival with 9 pays 1
    when the supply already paid 1 of 2)."""
    state = table.position([48, 10], [42, 9], supply=1)

    after = table.roll(state, 1)  # 49: Cheese Wheel

    assert table.summary(after) == table.expect(
        at=[49, 10], cheese=[44, 8], supply=0, components=0, current=1, phase="roll"
    )


def test_the_take_from_rivals_is_capped_at_the_richest_rivals_count(table: Table) -> None:
    """spec: "capped at the amount requested and at the richest rival's cheese count" (the
    richest rival holds 1: only 1 of 2 is collected, nobody else pays)."""
    state = table.position([48, 10, 20, 30], [51, 1, 0, 0], supply=0)

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[49, 10, 20, 30], cheese=[52, 0, 0, 0], supply=0, components=0, current=1,
        phase="roll",
    )  # fmt: skip


def test_only_the_richest_rival_pays_even_when_it_runs_dry(table: Table) -> None:
    """ruling: "only richest (or tied richest) rivals pay." (Take 3 with rivals 2, 1, 0: the
    mouse with 2 pays 2; the mouse with 1 keeps it.)"""
    state = table.position([34, 10, 20, 30], [0, 2, 1, 0])

    after = table.roll(state, 3)  # 37: Take 3 from the richest rival

    assert table.summary(after) == table.expect(
        at=[37, 10, 20, 30], cheese=[2, 0, 1, 0], supply=49, components=0, current=1,
        phase="roll",
    )  # fmt: skip


def test_a_take_when_every_rival_and_the_supply_are_empty_gives_nothing(table: Table) -> None:
    """spec: "The game offers the legal choices; it never creates extra cheese.\""""
    state = table.position([47, 10, 20], [52, 0, 0], supply=0)

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[48, 10, 20], cheese=[52, 0, 0], supply=0, components=0, current=1, phase="roll"
    )


def test_tied_richest_rivals_give_a_split_decision_listing_every_split(table: Table) -> None:
    """spec: "if three cheese are requested and two rivals are tied with two each, at most two
    can be collected, from one or divided between them.\""""
    state = table.position([34, 10, 20, 30], [0, 2, 2, 1])

    after = table.roll(state, 3)  # 37: Take 3 from the richest rival

    assert table.summary(after) == table.expect(
        at=[37, 10, 20, 30], cheese=[0, 2, 2, 1], supply=47, components=0, current=0,
        phase="split", pending={"from": [1, 2], "amount": 2},
    )  # fmt: skip
    assert after.current_player() == 0
    assert sorted(table.texts(after.legal_actions())) == [
        "split:1=1,2=1",
        "split:1=2",
        "split:2=2",
    ]


@pytest.mark.parametrize(
    ("split", "cheese"),
    [("split:1=2", [2, 0, 2, 1]), ("split:1=1,2=1", [2, 1, 1, 1]), ("split:2=2", [2, 2, 0, 1])],
)
def test_applying_a_split_takes_that_cheese_and_ends_the_turn(
    table: Table, split: str, cheese: list[int]
) -> None:
    """ruling: "Collecting from rivals is mandatory up to the cap; the only decision is how to
    split among tied richest rivals.\""""
    state = table.roll(table.position([34, 10, 20, 30], [0, 2, 2, 1]), 3)

    after = table.play(state, split)

    assert table.summary(after) == table.expect(
        at=[37, 10, 20, 30], cheese=cheese, supply=47, components=0, current=1, phase="roll"
    )
    assert after.to_json()["turn"] == 1


@pytest.mark.parametrize(
    "split",
    [
        pytest.param("split:1=2,2=1", id="more-than-the-cap"),
        pytest.param("split:1=1", id="less-than-the-cap"),
        pytest.param("split:1=1,3=1", id="from-a-poorer-rival"),
        pytest.param("split:0=2", id="from-the-collector"),
    ],
)
def test_a_split_that_is_not_offered_is_refused(table: Table, split: str) -> None:
    """ruling: "Collecting from rivals is mandatory up to the cap"; spec: "it never creates
    extra cheese.\""""
    state = table.roll(table.position([34, 10, 20, 30], [0, 2, 2, 1]), 3)
    before = state.to_json()

    with pytest.raises(IllegalActionError, match=f"seat 0 cannot {split}") as caught:
        table.play(state, split)

    assert caught.value.seat == 0
    assert caught.value.action == split
    assert state.to_json() == before


def test_three_tied_rivals_are_offered_every_way_to_split(table: Table) -> None:
    """ruling: "offer every split" (3 cheese among three rivals tied at 3: 10 ways)."""
    state = table.position([34, 10, 20, 30], [0, 3, 3, 3])

    after = table.roll(state, 3)

    offered = table.texts(after.legal_actions())
    assert len(offered) == len(set(offered)) == 10
    takes = [action.to_json()["take"] for action in after.legal_actions()]
    assert all(sum(take.values()) == 3 for take in takes)
    assert {"1": 1, "2": 1, "3": 1} in takes
    assert {"3": 3} in takes


def test_an_empty_supply_with_tied_rivals_asks_for_a_split(table: Table) -> None:
    """docs worked example: "The supply is empty and you land on Take 2. Rivals hold 5, 5 and 3.
    You collect 2 from the two mice with 5, choosing 2–0, 1–1 or 0–2.\""""
    state = table.position([1, 10, 20, 30], [39, 5, 5, 3], supply=0)

    after = table.roll(state, 1)  # 2: Take 2

    assert table.summary(after)["pending"] == {"from": [1, 2], "amount": 2}
    assert sorted(table.texts(after.legal_actions())) == [
        "split:1=1,2=1",
        "split:1=2",
        "split:2=2",
    ]


def test_a_partly_depleted_supply_with_tied_rivals_splits_only_the_shortfall(
    table: Table,
) -> None:
    """spec: "take that available cheese and collect the shortfall from the richest eligible
    rival or rivals.\""""
    state = table.position([48, 10, 20], [43, 4, 4], supply=1)

    after = table.roll(state, 1)  # 49: Cheese Wheel, supply 1

    assert table.summary(after) == table.expect(
        at=[49, 10, 20], cheese=[44, 4, 4], supply=0, components=0, current=0, phase="split",
        pending={"from": [1, 2], "amount": 1},
    )  # fmt: skip
    assert sorted(table.texts(after.legal_actions())) == ["split:1=1", "split:2=1"]
    done = table.play(after, "split:2=1")
    assert table.summary(done) == table.expect(
        at=[49, 10, 20], cheese=[45, 4, 3], supply=0, components=0, current=1, phase="roll"
    )


def test_take_3_collects_from_the_richest_rival_even_with_a_full_supply(table: Table) -> None:
    """spec: "Take 3 from the richest rival: Collect up to three ... even when supply cheese
    remains.\""""
    state = table.position([33, 10, 20], [0, 5, 1])

    after = table.roll(state, 4)  # 37

    assert table.summary(after) == table.expect(
        at=[37, 10, 20], cheese=[3, 2, 1], supply=46, components=0, current=1, phase="roll"
    )


def test_take_3_with_every_rival_empty_does_nothing(table: Table) -> None:
    """docs worked example: "Space 37 with every rival on 0 cheese: nothing happens.\""""
    state = table.position([33, 10, 20], [4, 0, 0])

    after = table.roll(state, 4)

    assert table.summary(after) == table.expect(
        at=[37, 10, 20], cheese=[4, 0, 0], supply=48, components=0, current=1, phase="roll"
    )


def test_safe_does_not_protect_a_mouse_from_take_3(table: Table) -> None:
    """ruling: "Mice on Safe are protected only from paid moves; Take shortfalls and Take 3 can
    still take their cheese.\""""
    state = table.position([33, 44, 20], [0, 3, 0])

    after = table.roll(state, 4)

    assert table.summary(after) == table.expect(
        at=[37, 44, 20], cheese=[3, 0, 0], supply=49, components=0, current=1, phase="roll"
    )


def test_safe_does_not_protect_a_mouse_from_a_take_shortfall(table: Table) -> None:
    """ruling: "Mice on Safe are protected only from paid moves; Take shortfalls ... can still
    take their cheese.\""""
    state = table.position([47, 44, 20], [40, 10, 2], supply=0)

    after = table.roll(state, 1)

    assert table.summary(after) == table.expect(
        at=[48, 44, 20], cheese=[42, 8, 2], supply=0, components=0, current=1, phase="roll"
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
