"""What a Mouse Chaos position is worth to one seat (worth.py), read from its observation: the
entries of each nest and what shuts them, the public facts as tuples, and a mouse's worth by
where it stands and whose it is."""

from __future__ import annotations

import pytest

from mousehole.games.mousechaos.board import EAST, NORTH, TABLE, WEST, square
from mousehole.games.mousechaos.worth import (
    ENTRIES,
    RIVAL,
    Position,
    Values,
    open_entries,
    shuts,
)

from .scenes import scene


def _values(state_seat: int = 0, **kw: object) -> Values:
    """Return seat `state_seat`'s values in a four-seat scene where every mouse's owner is its
    colour's seat (mouse colours: the scene's deal)."""
    state = scene(4, **kw)  # type: ignore[arg-type]
    owners = [[1.0 if c == seat else 0.0 for seat in range(5)] for c in state.colours]
    return Values(Position(state.observation(state_seat)), state_seat, owners)


def test_a_nest_is_entered_from_the_four_squares_beside_it() -> None:
    # Nest 0 is rows 0-1, columns 0-1: entered from the east at (0, 2), (1, 2) and from the
    # south at (2, 0), (2, 1); the side is where the nest lies.
    assert ENTRIES[0] == {
        square(0, 2): WEST,
        square(1, 2): WEST,
        square(2, 0): NORTH,
        square(2, 1): NORTH,
    }


def test_what_shuts_an_entry() -> None:
    entry, side = square(0, 2), WEST
    assert not shuts(entry, side, (TABLE,), (TABLE,), ())
    assert shuts(entry, side, (entry,), (), ())  # a holder
    assert shuts(entry, side, (), (entry,), ())  # a cat on the floor
    assert shuts(entry, side, (), (), ((entry, 4),))  # a lying chair
    assert shuts(entry, side, (), (), ((entry, WEST),))  # its cross support faces the nest
    assert not shuts(entry, side, (), (entry,), ((entry, EAST),))  # a cat on a chair: under it


def test_open_entries_count_in_a_scene() -> None:
    state = scene(4)
    assert open_entries(0, state.holders, state.cats, state.chairs) == 4
    state = scene(4, holders={0: (0, 2)}, chairs={0: ((2, 1), "L")}, cats={0: "table"})
    assert open_entries(0, state.holders, state.cats, state.chairs) == 2


def test_a_position_reads_the_public_facts_of_an_observation() -> None:
    state = scene(3, mice={8: "table"}, holders={1: (3, 4)})
    position = Position(state.observation(0))
    assert position.mice == state.mice and position.holders == state.holders
    assert position.chairs == state.chairs and position.cats == state.cats
    assert position.nests_of(1) == [1] and position.nests_of(4) == [3]  # 4: the phantom
    movable = position.movable()
    assert 8 in movable and 5 not in movable  # baby 5 on (3, 4) is under holder 1


def test_a_mouse_is_worth_most_in_its_owners_nest_and_a_rivals_counts_against_me() -> None:
    values = _values(0)
    home, near, far = square(1, 1), square(2, 2), square(6, 6)
    assert values.worth(0, home) == 3.0
    assert values.worth(0, home) > values.worth(0, near) > values.worth(0, far) > 0
    assert values.worth(1, square(1, 9)) == pytest.approx(-RIVAL * 3.0)
    # Red baby 4 (seat 0's) is worth its owner's worth where it stands.
    assert values.value(4, near) == values.worth(0, near)


def test_best_piece_needs_the_values_of_its_own_position() -> None:
    values = _values(0)
    other = Position(scene(4).observation(0))
    with pytest.raises(ValueError, match="best_piece needs the Values of this position"):
        other.best_piece(2, values)
