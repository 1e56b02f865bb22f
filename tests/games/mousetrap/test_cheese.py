"""Mouse Trap rules of cheese changing hands: the Take spaces and Cheese Wheel, collecting from
the supply and then from the richest rivals, and the split among tied rivals (cheese.py).

Each test sets up a position with `state_from_json`, plays a roll and a chosen die (and whatever
follows), and checks the whole resulting position. Docstrings quote the line they check from
the game's specification ("spec") or Mousehole's rulings ("ruling"), which docs/games/mousetrap.md
tells in full.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from mousehole import IllegalActionError

if TYPE_CHECKING:
    from .conftest import Table


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
