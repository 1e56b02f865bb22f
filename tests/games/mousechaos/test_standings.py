"""The ranking at the 300-round cap (standings.py; docs/games/mousechaos.md, "The end"): mice
of one's colour at home, then mice not under the table; equal sides share a place, and the
phantom in first place makes every seat lose."""

from __future__ import annotations

from mousehole.games.mousechaos.standings import (
    PHANTOM_SIDE,
    Standing,
    cap_winners,
    ranking,
    sides,
)

from .scenes import scene

# The scene's deal: mother k (colour k) on nest k's corner, babies 4..15 on the ring, three of
# each colour in order (red 4..6, blue 7..9, green 10..12, yellow 13..15); card slot k colour k.


def test_the_phantom_is_a_side_only_with_three_seats() -> None:
    assert sides(4) == [0, 1, 2, 3]
    assert sides(3) == [0, 1, 2, PHANTOM_SIDE]
    assert sides(2) == [0, 1]


def test_equal_sides_share_first_place() -> None:
    state = scene(4)
    assert ranking(state) == tuple(Standing(1, seat, 1, 4) for seat in range(4))
    assert cap_winners(state) == [0, 1, 2, 3]


def test_more_mice_at_home_ranks_first_then_fewer_under_the_table() -> None:
    # A red baby home in nest 0; a blue baby under the table.
    state = scene(4, mice={4: (1, 1), 7: "table"})
    assert ranking(state) == (
        Standing(1, 0, 2, 4),
        Standing(2, 2, 1, 4),
        Standing(2, 3, 1, 4),
        Standing(4, 1, 1, 3),
    )
    assert cap_winners(state) == [0]


def test_the_phantom_first_makes_every_seat_lose() -> None:
    # Three seats: slot 3 (yellow) is the phantom's; a yellow baby in nest 3 puts it ahead.
    state = scene(3, mice={13: (8, 1)})
    assert ranking(state)[0] == Standing(1, PHANTOM_SIDE, 2, 4)
    assert cap_winners(state) == []
