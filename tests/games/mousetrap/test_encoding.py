"""Mouse Trap's fixed-shape encoding (encoding.py, docs/rl.md): its length at every seat count,
where each seat's space, cheese and turn go, and its fixed list of actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from mousehole.games.mousetrap.encoding import ENCODING, PER_SEAT

if TYPE_CHECKING:
    from .conftest import Table

PHASES = 8


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_vector_has_the_size_the_encoding_announces(table: Table, seats: int) -> None:
    state = table.position([0] * seats)
    vector = ENCODING.encode(state.observation(0), 0, seats)
    assert len(vector) == ENCODING.size(seats) == PER_SEAT * seats + PHASES + seats + 4
    assert all(0.0 <= x <= 1.0 for x in vector)


def test_each_seat_shows_its_space_cheese_and_turn(table: Table) -> None:
    state = table.position([3, 45], [13, 0], current=1)
    vector = ENCODING.encode(state.observation(0), 0, 2)
    first, second = vector[:PER_SEAT], vector[PER_SEAT : 2 * PER_SEAT]
    assert first.index(1.0) == 3 and second.index(1.0) == 45
    assert first[50] == 13 / 52 and second[50] == 0.0
    assert (first[52], second[52]) == (0.0, 1.0)  # seat 1 is to act
    tail = vector[2 * PER_SEAT :]
    assert tail[:PHASES] == [0.0, 1.0, 0, 0, 0, 0, 0, 0]  # roll
    assert tail[PHASES : PHASES + 2] == [1.0, 0.0]  # the encoding's own seat
    assert tail[PHASES + 2] == (52 - 13) / 52  # the supply


def test_the_actions_are_roll_crank_end_spends_then_splits(table: Table) -> None:
    actions = ENCODING.actions(2)
    assert actions[:5] == [
        {"type": "roll"},
        {"type": "crank"},
        {"type": "end"},
        {"type": "spend", "target": 0},
        {"type": "spend", "target": 1},
    ]
    splits = actions[5:]
    # Splits of 1 to 3 cheese between two seats: 2 + 3 + 4 of them, smallest total first.
    assert len(splits) == 9 and splits[0] == {"type": "split", "take": {"0": 1}}
    assert len({str(s) for s in actions}) == len(actions)
    state = table.position([0, 0])
    game = state.game
    for data in actions:
        game.action_from_json(data)  # every index is an action the game reads
