"""Movement rules of Mouse Chaos (rulebook "Moves"; docs/games/mousechaos.md): exact-n simple
paths, holes, chairs in each pose, cats on furniture, the holders' forbidden squares."""

from __future__ import annotations

import pytest

from mousehole.engine import IllegalActionError
from mousehole.games.mousechaos import MouseChaosState
from mousehole.games.mousechaos import ends as E
from mousehole.games.mousechaos import moves as M

from .scenes import ends_of, moving, play, scene

NEST0_FREE = {(0, 1), (1, 0), (1, 1)}
AWAY = {1: (8, 4), 2: (8, 5), 3: (9, 4), 4: (9, 5), 5: (8, 3)}
"""Holders 1..5 on the floor, out of the way: holder 0 may then be picked on the floor."""


def holder_ends(state: MouseChaosState) -> set[tuple[int, int]]:
    """Return where the legal holder moves go."""
    return {(a.to_json()["to"][0], a.to_json()["to"][1]) for a in state.legal_actions()}


def test_a_holder_from_the_table_starts_counting_on_any_free_ring_square() -> None:
    state = play(scene(numbers={0: 1}), "pick:0")
    # rulebook: "start counting on any of the 12 squares surrounding the table"
    ends = holder_ends(state)
    assert len(ends) == 12 and all(3 <= r <= 6 and 3 <= c <= 6 for r, c in ends)


def test_a_holder_moves_exactly_n_squares_along_a_simple_path() -> None:
    state = play(scene(holders={**AWAY, 0: (5, 1)}, numbers={0: 2}), "pick:0")
    # two steps from (5,1), never back to its own square; (5,3) holds a mouse: allowed
    assert holder_ends(state) == {(3, 1), (4, 0), (4, 2), (5, 3), (6, 0), (6, 2), (7, 1)}


def test_a_holder_never_enters_a_nest_a_chair_a_cat_or_another_holder() -> None:
    # (1,2): west is nest 0, south (2,2) a cat on its chair, east (1,3) another holder,
    # north (0,2) a lying chair: nowhere to go
    holders = {**AWAY, 0: (1, 2), 1: (1, 3)}
    state = scene(holders=holders, numbers={0: 1}, chairs={1: ((0, 2), "L")})
    assert play(state, "pick:0").phase == "piece"  # stuck: straight on to the piece step
    state = scene(holders={**AWAY, 0: (1, 2)}, numbers={0: 1})
    assert holder_ends(play(state, "pick:0")) == {(0, 2), (1, 3)}
    state = scene(holders={**AWAY, 0: (2, 3)}, numbers={0: 1}, cats={0: "table"})
    assert (2, 2) not in holder_ends(play(state, "pick:0"))  # an empty upright chair too


def test_a_holder_passes_over_and_lands_on_mice_but_never_goes_under_the_table() -> None:
    state = play(scene(holders={**AWAY, 0: (2, 4)}, numbers={0: 2}), "pick:0")
    ends = holder_ends(state)
    assert (3, 3) in ends and (3, 5) in ends  # onto the ring's mice
    assert (4, 4) not in ends and (2, 4) not in ends
    state = play(scene(holders={**AWAY, 0: (2, 4)}, numbers={0: 3}), "pick:0")
    assert (4, 3) in holder_ends(state)  # over the mouse on (3,4), or along the ring


def test_a_holder_with_no_move_of_exactly_n_stays_and_n_is_still_used() -> None:
    holders = {**AWAY, 0: (0, 2), 1: (0, 3)}
    state = scene(holders=holders, numbers={0: 1}, cats={0: (1, 2)})
    state = play(state, "pick:0")
    assert state.phase == "piece" and state.holders[0] == 2 and state.steps == 1
    assert any(e["type"] == "stuck" for e in state.events)


def test_a_mouse_moves_exactly_n_steps_and_never_twice_through_one_square() -> None:
    state = moving(steps=2, mice={4: (5, 1)})
    ends = ends_of(state, "mouse", 4)
    assert ends == {(3, 1), (4, 0), (4, 2), (6, 0), (6, 2), (7, 1)}  # (5,3): a mouse there
    assert (5, 1) not in ends


def test_other_mice_holders_floor_cats_and_lying_chairs_block_a_mouse() -> None:
    state = moving(
        steps=1,
        mice={4: (5, 1), 5: (4, 1)},
        holders={1: (5, 0)},
        cats={0: (6, 1)},
        chairs={0: ((5, 2), "L")},
    )
    assert ends_of(state, "mouse", 4) == set()


def test_an_upright_chairs_cross_support_closes_only_its_own_side() -> None:
    # the chair at (5,2) with its support on the west: the mouse at (5,1) cannot come in
    state = moving(steps=1, mice={4: (5, 1)}, chairs={0: ((5, 2), "W")})
    assert (5, 2) not in ends_of(state, "mouse", 4)
    # support on the east: the mouse walks in from the west and stays under the chair
    state = moving(steps=1, mice={4: (5, 1)}, chairs={0: ((5, 2), "E")})
    assert (5, 2) in ends_of(state, "mouse", 4)
    # and cannot leave through the support
    state = moving(steps=1, mice={4: (5, 2)}, chairs={0: ((5, 2), "E")})
    assert ends_of(state, "mouse", 4) == {(4, 2), (6, 2), (5, 1)}


def test_a_mouse_goes_through_the_wall_and_each_side_of_it_costs_a_step() -> None:
    state = moving(steps=2, mice={4: (0, 3)})
    ends = ends_of(state, "mouse", 4)
    holes = {(0, 6), (3, 9), (6, 9), (9, 6), (9, 3), (6, 0), (3, 0)}
    assert holes <= ends  # in (1 step) and out (1 step)
    state = moving(steps=1, mice={4: (0, 3)})
    assert not holes & ends_of(state, "mouse", 4)  # a move never ends inside the wall
    state = moving(steps=3, mice={4: (0, 3)})
    assert {(1, 6), (0, 7), (0, 5), (4, 0)} <= ends_of(state, "mouse", 4)  # and walks on


@pytest.mark.parametrize(
    ("blocker", "blocked"),
    [
        ({"holders": {1: (3, 9)}}, True),
        ({"chairs": {1: ((3, 9), "L")}}, True),
        ({"chairs": {1: ((3, 9), "E")}}, True),  # the support across the hole
        ({"chairs": {1: ((3, 9), "N")}}, False),  # upright, support elsewhere: under it
    ],
    ids=["holder", "lying-chair", "support-across", "support-aside"],
)
def test_a_hole_is_blocked_by_a_holder_a_lying_chair_or_a_support_across_it(
    blocker: dict[str, dict[int, object]], blocked: bool
) -> None:
    state = moving(steps=2, mice={4: (0, 3)}, **blocker)  # type: ignore[arg-type]
    assert ((3, 9) not in ends_of(state, "mouse", 4)) == blocked
    assert (6, 9) in ends_of(state, "mouse", 4)  # the other holes stay open


def test_a_mouse_on_a_blocked_hole_cannot_go_in() -> None:
    state = moving(steps=2, mice={4: (0, 3)}, chairs={1: ((0, 3), "N")})
    assert (3, 9) not in ends_of(state, "mouse", 4)


def test_a_mouse_enters_a_nest_by_its_last_step_onto_any_free_square() -> None:
    state = moving(steps=1, mice={4: (0, 2)})
    assert ends_of(state, "mouse", 4) >= NEST0_FREE
    state = moving(steps=2, mice={4: (0, 3)})
    assert ends_of(state, "mouse", 4) >= NEST0_FREE
    state = moving(steps=3, mice={4: (0, 2)})
    # the nest is entered by the last step only, never walked through ((0,1), (1,0), (2,0))
    assert not NEST0_FREE & ends_of(state, "mouse", 4) and (2, 0) not in ends_of(state, "mouse", 4)


def test_a_chair_support_facing_the_nest_keeps_the_mouse_out() -> None:
    state = moving(steps=1, mice={4: (0, 2)}, chairs={1: ((0, 2), "W")})
    assert not NEST0_FREE & ends_of(state, "mouse", 4)


def test_a_full_nest_cannot_be_entered() -> None:
    state = moving(steps=1, mice={4: (0, 2), 5: (0, 1), 6: (1, 0), 7: (2, 1)})
    assert ends_of(state, "mouse", 4) & NEST0_FREE == {(1, 1)}


def test_mice_go_under_the_table_and_come_out_on_any_free_ring_square() -> None:
    state = moving(steps=1, mice={4: "table"})
    assert ends_of(state, "mouse", 4) == {(3, 3)}  # the rest of the ring is full of babies
    state = moving(steps=1, mice={4: "table", 5: (0, 4)})
    assert ends_of(state, "mouse", 4) == {(3, 3), (3, 4)}
    state = moving(steps=1, mice={5: (0, 4)})
    assert "table" in ends_of(state, "mouse", 6)


def test_an_upright_chair_on_a_ring_square_does_not_close_the_tables_edge() -> None:
    # chair 0 upright on ring square (3,4), its cross support on the south: the table's side
    for pose in "NESW":
        state = moving(steps=1, chairs={0: ((3, 4), pose)}, mice={4: "table", 5: (0, 4)})
        assert (3, 4) in ends_of(state, "mouse", 4), pose  # out from under the table
        state = moving(steps=1, chairs={0: ((3, 4), pose)})
        assert "table" in ends_of(state, "mouse", 5), pose  # baby 5 under the chair goes in
    state = moving(steps=1, chairs={0: ((3, 4), "N")}, mice={5: (2, 4)})
    assert (3, 4) not in ends_of(state, "mouse", 5)  # its support closes the floor edge only


def test_a_mouse_under_a_holder_cannot_be_moved() -> None:
    state = moving(steps=1, mice={4: (0, 4)}, holders={1: (0, 4)})
    assert ends_of(state, "mouse", 4) == set()
    with pytest.raises(IllegalActionError, match="cat or a visible mouse"):
        play(state, "mouse:4:0,5")


def test_cats_perch_on_upright_chairs_and_the_table_but_not_on_lying_chairs() -> None:
    state = moving(steps=1, cats={0: (5, 1)}, chairs={0: ((5, 2), "W"), 1: ((5, 0), "L")})
    ends = ends_of(state, "cat", 0)
    assert (5, 2) in ends and (5, 0) not in ends  # a support never stops a cat
    state = moving(steps=1, cats={0: (3, 4)}, mice={5: "table"})
    assert "table" in ends_of(state, "cat", 0)
    state = moving(steps=2, cats={0: (3, 4)}, mice={5: "table"})
    assert {(3, 3), (6, 5), (5, 6)} <= ends_of(state, "cat", 0)  # over the table


def test_cats_never_enter_nests_or_holders_squares() -> None:
    state = moving(steps=1, cats={0: (1, 2)}, holders={1: (0, 2)})
    assert ends_of(state, "cat", 0) == {(1, 3), (2, 2)}


def test_mice_do_not_block_cats_and_a_cat_sends_an_unprotected_mouse_under_the_table() -> None:
    state = moving(steps=2, cats={0: (2, 4)})
    assert {(3, 3), (3, 5)} <= ends_of(state, "cat", 0)  # over the mouse on (3,4)
    state = play(state, "cat:0:3,3")
    assert state.mice[4] == 100 and state.cats[0] == 33  # rulebook: to the red carpet
    assert [e["type"] for e in state.events][:2] == ["cat", "caught"]


def test_a_mouse_under_an_upright_chair_is_safe_from_a_cat_that_perches_there() -> None:
    state = moving(steps=1, cats={0: (5, 1)}, mice={4: (5, 2)}, chairs={0: ((5, 2), "N")})
    state = play(state, "cat:0:5,2")
    assert state.mice[4] == 52 and state.cats[0] == 52


def test_the_search_gives_a_path_of_exactly_n_steps_for_every_end() -> None:
    state = moving(steps=4, mice={4: (0, 3)})
    for to in E.ends(M.MOUSE, 4, 4, state.mice, state.holders, state.cats, state.chairs):
        path = E.path(M.MOUSE, 4, 4, to, state.mice, state.holders, state.cats, state.chairs)
        assert len(path) == 5 and path[-1] == to and len(set(path)) == 5
