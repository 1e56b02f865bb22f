"""Mouse Trap positions as JSON: impossible positions are refused naming the field, and
positions from played games survive the round trip.

Architecture habit 6: "Specific errors ... messages say who, what and why"; the engine
contract: `state_from_json` raises "InvalidStateError naming the bad field". Habit 2: "The
record is the truth", so a reloaded position must play on exactly like the original.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

import mousehole
from mousehole import CHANCE, TERMINAL, InvalidStateError, MouseholeError, State

if TYPE_CHECKING:
    from .conftest import Table

Mutation = Callable[[dict[str, Any]], None]


def valid(table: Table) -> dict[str, Any]:
    """Return a valid 4-seat position (seat 0 to roll) for the mutations below to break."""
    return table.position_json([10, 20, 30, 49], [1, 2, 3, 0], captured=(3,), components=5)


def set_mouse(index: int, **fields: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data["mice"][index].update(fields)

    return mutate


def set_fields(**fields: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data.update(fields)

    return mutate


def set_supply_and_mouse(supply: int, index: int, **fields: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data["supply"] = supply
        data["mice"][index].update(fields)

    return mutate


def drop(key: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        del data[key]

    return mutate


def trap_phase(**fields: Any) -> Mutation:
    """Return a mutation to seat 0's trap phase (on Turn Crank, machine complete), then `fields`."""

    def mutate(data: dict[str, Any]) -> None:
        data["mice"][0]["position"] = 46
        data["components"] = 23
        data["phase"] = "trap"
        data.update(fields)

    return mutate


IMPOSSIBLE: list[Any] = [
    pytest.param(set_mouse(1, position=50), "mice[1].position", id="position-50"),
    pytest.param(set_mouse(1, position=-1), "mice[1].position", id="position-negative"),
    pytest.param(set_mouse(1, position="10"), "mice[1].position", id="position-string"),
    pytest.param(set_mouse(1, position=True), "mice[1].position", id="position-bool"),
    pytest.param(set_supply_and_mouse(50, 2, cheese=-1), "mice[2].cheese", id="cheese-negative"),
    pytest.param(set_mouse(0, cheese=None), "mice[0].cheese", id="cheese-null"),
    pytest.param(set_fields(supply=45), "supply", id="cheese-total-51"),
    pytest.param(set_fields(supply=47), "supply", id="cheese-total-53"),
    pytest.param(set_fields(supply=-1), "supply", id="supply-negative"),
    pytest.param(set_fields(supply=53), "supply", id="supply-53"),
    pytest.param(set_fields(components=24), "components", id="components-24"),
    pytest.param(set_fields(components=-1), "components", id="components-negative"),
    pytest.param(set_fields(seat_count=1), "seat_count", id="seat-count-1"),
    pytest.param(set_fields(seat_count=5), "seat_count", id="seat-count-5"),
    pytest.param(set_fields(seat_count=3), "seat_count", id="seat-count-not-this-games"),
    pytest.param(
        set_supply_and_mouse(45, 3, cheese=1), "mice[3].cheese", id="captured-mouse-with-cheese"
    ),
    pytest.param(set_fields(current=3), "current", id="captured-current-seat"),
    pytest.param(set_fields(current=4), "current", id="current-not-a-seat"),
    pytest.param(set_fields(current=-1), "current", id="current-negative"),
    pytest.param(lambda d: d["mice"].pop(), "mice", id="three-mice-for-four-seats"),
    pytest.param(lambda d: d["mice"].append(dict(d["mice"][0])), "mice", id="five-mice"),
    pytest.param(set_fields(mice={"0": {}}), "mice", id="mice-not-a-list"),
    pytest.param(drop("mice"), "mice", id="mice-missing"),
    pytest.param(set_mouse(1, seat=2), "mice[1].seat", id="mice-out-of-seat-order"),
    pytest.param(set_mouse(1, captured="no"), "mice[1].captured", id="captured-not-a-bool"),
    pytest.param(lambda d: d["mice"].__setitem__(2, 7), "mice[2]", id="mouse-not-an-object"),
    pytest.param(drop("supply"), "supply", id="supply-missing"),
    pytest.param(drop("components"), "components", id="components-missing"),
    pytest.param(drop("current"), "current", id="current-missing"),
    pytest.param(set_fields(turn=-1), "turn", id="turn-negative"),
    pytest.param(set_fields(game="chess"), "game", id="another-game"),
    pytest.param(set_fields(phase="jump"), "phase", id="unknown-phase"),
    pytest.param(set_fields(phase="ROLL"), "phase", id="phase-in-capitals"),
    pytest.param(set_fields(phase=3), "phase", id="phase-a-number"),
    pytest.param(set_fields(phase="over"), "phase", id="over-with-three-free-mice"),
    pytest.param(set_fields(phase="trap"), "phase", id="trap-off-turn-crank"),
    pytest.param(trap_phase(components=22), "phase", id="trap-before-completion"),
    pytest.param(trap_phase(phase="crank"), "phase", id="crank-with-nobody-on-the-wheel"),
    pytest.param(set_fields(phase="push", pending={"target": 1}), "phase", id="push-off-trap"),
    pytest.param(set_fields(pending={"target": 1}), "pending", id="roll-with-pending"),
    pytest.param(trap_phase(pending={"target": 1}), "pending", id="trap-with-pending"),
    pytest.param(trap_phase(phase="push"), "pending", id="push-without-pending"),
    pytest.param(trap_phase(phase="push", pending={"target": 0}), "pending.target", id="push-me"),
    pytest.param(
        trap_phase(phase="push", pending={"target": 3}), "pending.target", id="push-captured"
    ),
    pytest.param(set_fields(phase="split"), "pending", id="split-without-pending"),
    pytest.param(
        set_fields(phase="split", pending={"from": [1], "amount": 1}),
        "pending.from",
        id="split-from-one-rival",
    ),
    pytest.param(
        set_fields(phase="split", pending={"from": [0, 1], "amount": 1}),
        "pending.from",
        id="split-from-the-collector",
    ),
    pytest.param(
        set_fields(phase="split", pending={"from": [2, 1], "amount": 1}),
        "pending.from",
        id="split-from-out-of-order",
    ),
    pytest.param(
        set_fields(phase="split", pending={"from": [1, 2], "amount": 4}),
        "pending.amount",
        id="split-more-than-3",
    ),
    pytest.param(
        set_fields(phase="split", pending={"from": [1, 2], "amount": 3}),
        "pending.amount",
        id="split-more-than-a-tied-rival-holds",
    ),
    pytest.param(set_fields(winner=0), "winner", id="winner-with-three-free-mice"),
]


@pytest.mark.parametrize(("mutate", "field"), IMPOSSIBLE)
def test_an_impossible_position_is_refused_naming_the_field(
    table: Table, mutate: Mutation, field: str
) -> None:
    """Engine contract: `state_from_json` raises "InvalidStateError naming the bad field"."""
    data = valid(table)
    table.game(4).state_from_json(data)  # the unbroken position loads
    mutate(data)

    with pytest.raises(InvalidStateError) as caught:
        table.game(4).state_from_json(data)

    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")
    assert isinstance(caught.value, MouseholeError)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        pytest.param([], "state", id="a-list"),
        pytest.param("{}", "state", id="a-string"),
        pytest.param({}, "seat_count", id="empty-object"),
    ],
)
def test_a_position_that_is_not_an_object_is_refused(table: Table, data: Any, field: str) -> None:
    """Engine contract: `state_from_json` raises "InvalidStateError naming the bad field"."""
    with pytest.raises(InvalidStateError) as caught:
        table.game(4).state_from_json(data)

    assert caught.value.field == field


def test_a_single_free_mouse_without_a_winner_is_refused(table: Table) -> None:
    """spec: "If one uncaptured mouse remains, that mouse wins and gameplay ends.\""""
    data = table.position_json([46, 49, 49], [52, 0, 0], captured=(1, 2), supply=0)

    with pytest.raises(InvalidStateError) as caught:
        table.game(3).state_from_json(data)

    assert caught.value.field == "winner"


@pytest.mark.parametrize(("winner", "phase"), [(1, None), (0, "roll"), (0, "trap")])
def test_a_finished_game_needs_the_free_mouse_as_winner_and_no_running_phase(
    table: Table, winner: int, phase: str | None
) -> None:
    """spec: "If one uncaptured mouse remains, that mouse wins and gameplay ends.\""""
    data = table.position_json(
        [46, 49, 49], [52, 0, 0], captured=(1, 2), supply=0, winner=winner, phase=phase
    )

    with pytest.raises(InvalidStateError) as caught:
        table.game(3).state_from_json(data)

    assert caught.value.field == ("winner" if winner != 0 else "phase")


def test_all_mice_captured_is_refused(table: Table) -> None:
    """spec: "Be the final mouse that has not been captured": one mouse always stays free."""
    data = table.position_json([49, 49], [0, 0], captured=(0, 1), winner=0)

    with pytest.raises(InvalidStateError) as caught:
        table.game(2).state_from_json(data)

    assert caught.value.field == "mice"


@pytest.mark.parametrize("phase", [None, "over"])
def test_a_finished_game_loads_as_terminal(table: Table, phase: str | None) -> None:
    """spec: "If one uncaptured mouse remains, that mouse wins and gameplay ends.\""""
    data = table.position_json(
        [46, 49, 49], [40, 0, 0], captured=(1, 2), supply=12, winner=0, phase=phase
    )

    state = table.game(3).state_from_json(data)

    assert state.current_player() == TERMINAL
    assert state.winners() == [0]
    assert list(state.legal_actions()) == []
    assert state.to_json()["phase"] == "over"


def test_a_position_with_only_the_required_fields_is_the_start_of_currents_turn(
    table: Table,
) -> None:
    """view.state_from_json: "`phase` may be left out: the position is then the start of
    `current`'s turn." (No seat, captured, pending, winner or turn fields either.)"""
    data = {
        "seat_count": 3,
        "current": 2,
        "supply": 47,
        "components": 4,
        "mice": [
            {"position": 12, "cheese": 1},
            {"position": 0, "cheese": 0},
            {"position": 44, "cheese": 4},
        ],
    }

    state = table.game(3).state_from_json(data)

    assert state.current_player() == 2
    assert table.texts(state.legal_actions()) == ["roll"]
    assert state.to_json() == {
        "game": "mousetrap",
        "seat_count": 3,
        "current": 2,
        "phase": "roll",
        "pending": None,
        "supply": 47,
        "components": 4,
        "winner": None,
        "turn": 0,
        "mice": [
            {"seat": 0, "position": 12, "cheese": 1, "captured": False},
            {"seat": 1, "position": 0, "cheese": 0, "captured": False},
            {"seat": 2, "position": 44, "cheese": 4, "captured": False},
        ],
    }


@pytest.mark.parametrize(
    ("phase", "pending", "player"),
    [
        ("move", None, CHANCE),
        ("push", {"target": 2}, CHANCE),
        ("crank", None, CHANCE),
        ("trap", None, 0),
        ("split", {"from": [1, 2], "amount": 2}, 0),
    ],
)
def test_every_phase_can_be_loaded_with_its_pending_decision(
    table: Table, phase: str, pending: Any, player: int
) -> None:
    """docs "For implementers": the phases roll, move, split, trap, push, crank and over."""
    data = table.position_json([46, 49, 20], [2, 3, 3], components=23, phase=phase, pending=pending)

    state = table.game(3).state_from_json(data)

    assert state.current_player() == player
    assert state.to_json() == {"game": "mousetrap", **data}


def random_game_states(seats: int, seed: int) -> list[State]:
    """Return every state of one game played to the end with seeded random choices."""
    rng = random.Random(seed)
    game = mousehole.load_game("mousetrap", seats=seats, start_seat=None)
    state = game.new_initial_state()
    states = [state]
    for _ in range(5000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(list(state.legal_actions()))
        state = state.apply(action)
        states.append(state)
    return states


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_every_position_of_a_played_game_survives_the_json_round_trip(
    seats: int, seed: int
) -> None:
    """habit 2: "Setup + actions reproduce any state"; a saved position reloads unchanged."""
    states = random_game_states(seats, seed)
    phases = {s.to_json()["phase"] for s in states}

    for state in states:
        data = json.loads(json.dumps(state.to_json()))
        loaded = state.game.state_from_json(data)
        assert loaded == state
        assert loaded.to_json() == state.to_json()
        assert loaded.current_player() == state.current_player()
        assert list(loaded.legal_actions()) == list(state.legal_actions())
        assert list(loaded.chance_outcomes()) == list(state.chance_outcomes())
    assert {"start", "roll", "move"} <= phases


def test_a_reloaded_position_plays_on_exactly_like_the_original() -> None:
    """habit 2: "The record is the truth": the same actions from a reloaded position give the
    same states."""
    states = random_game_states(4, 7)
    middle = states[len(states) // 2]
    reloaded = middle.game.state_from_json(middle.to_json())
    rng = random.Random(11)

    for _ in range(60):
        if middle.is_terminal():
            break
        options = (
            [a for a, _ in middle.chance_outcomes()]
            if middle.is_chance_node()
            else list(middle.legal_actions())
        )
        action = rng.choice(options)
        middle, reloaded = middle.apply(action), reloaded.apply(action)
        assert reloaded.to_json() == middle.to_json()
        assert reloaded.events == middle.events
