"""Don't Cut the Cheese rules, one scenario per rule line as docs/games/dontcutthecheese.md states
them (from the rulebook, "rulebook", or a Mousehole ruling, "ruling"). Positions are built with
`state_from_json`, chance is forced (`face:bite2`, `threshold:3`, `draw:white`), never sampled."""

from __future__ import annotations

import pytest

from mousehole import CHANCE, IllegalActionError, State
from mousehole.games import dontcutthecheese
from tests import compiled

from .scenes import INTACT, after_snap, held, paper, play, position


def test_the_spinner_has_six_equal_faces() -> None:
    state = play(position(), "spin")
    assert state.current_player() == CHANCE
    faces = {a.to_text(): p for a, p in state.chance_outcomes()}
    assert faces == {
        f"face:{f}": pytest.approx(1 / 6)
        for f in ("bite1", "bite2", "bite3", "skip", "reverse", "bite_spin")
    }


@pytest.mark.parametrize(("face", "bites"), [("bite1", 1), ("bite2", 2), ("bite3", 3)])
def test_a_bites_face_gives_that_many_bites_then_passes_on(face: str, bites: int) -> None:
    state = play(position(), "spin", f"face:{face}")
    for k in range(bites):
        assert (state.current_player(), state.to_json()["bites_left"]) == (0, bites - k)
        state = play(state, f"bite:0,{1 + 2 * k}")
    data = state.to_json()
    assert (data["current"], data["phase"], data["bites_left"], data["paper_bites"]) == (
        1,
        "spin",
        0,
        bites,
    )


@pytest.mark.parametrize(("direction", "next_seat"), [(1, 1), (-1, 3)])
def test_skip_ends_the_turn_in_either_direction(direction: int, next_seat: int) -> None:
    state = play(position(4, direction=direction), "spin", "face:skip")
    data = state.to_json()
    assert (data["current"], data["direction"], data["paper"]) == (next_seat, direction, INTACT)
    assert data["paper_bites"] == 0 and data["phase"] == "spin"


@pytest.mark.parametrize(("direction", "next_seat"), [(1, 3), (-1, 1)])
def test_reverse_flips_the_direction_and_passes_to_the_previous_player(
    direction: int, next_seat: int
) -> None:
    state = play(position(4, direction=direction), "spin", "face:reverse")
    data = state.to_json()
    assert (data["current"], data["direction"]) == (next_seat, -direction)
    assert {"type": "reverse", "seat": 0, "direction": -direction} in state.events
    # and play goes on in the new direction
    state = play(state, "spin", "face:skip")
    assert state.to_json()["current"] == (next_seat - direction) % 4


def test_bite_and_spin_again_gives_one_bite_then_another_spin_by_the_same_seat() -> None:
    state = play(position(), "spin", "face:bite_spin")
    data = state.to_json()
    assert (data["bites_left"], data["spin_again"]) == (1, True)
    state = play(state, "bite:0,1")
    data = state.to_json()
    assert (data["current"], data["phase"], data["spin_again"]) == (0, "spin", False)


def test_spin_again_chains_until_another_face() -> None:
    state = play(
        position(), "spin", "face:bite_spin", "bite:0,1", "spin", "face:bite_spin", "bite:0,3"
    )
    assert (state.to_json()["current"], state.to_json()["phase"]) == (0, "spin")
    state = play(state, "spin", "face:bite2", "bite:0,5", "bite:0,7")
    assert (state.to_json()["current"], state.to_json()["paper_bites"]) == (1, 4)


def test_a_skip_after_spin_again_ends_the_turn() -> None:
    state = play(position(), "spin", "face:bite_spin", "bite:0,1", "spin", "face:skip")
    assert state.to_json()["current"] == 1


# -- bites ----------------------------------------------------------------------------------


def test_a_bite_eats_the_mouths_four_cells_and_reports_the_strength() -> None:
    state = play(position(), "spin", "face:bite1", "bite:0,4")
    assert state.to_json()["paper"][:2] == ["####..######", "####..######"]
    assert state.events[0] == {
        "type": "bite", "seat": 0, "row": 0, "col": 4, "cells": 4, "strength": 3,
    }  # fmt: skip


ILLEGAL = [
    pytest.param("bite:4,3", "hang off the paper", id="off the grid at the bottom"),
    pytest.param("bite:0,0", "pegs", id="the left peg column"),
    pytest.param("bite:1,10", "pegs", id="a mouth reaching the right peg column"),
    pytest.param("bite:2,11", "pegs", id="the right peg column itself"),
    pytest.param("bite:1,4", "edge or from a hole", id="in the middle of an intact paper"),
]


@pytest.mark.parametrize(("text", "why"), ILLEGAL)
def test_illegal_bites_are_refused_and_say_why(text: str, why: str) -> None:
    state = play(position(), "spin", "face:bite1")
    with pytest.raises(IllegalActionError, match=why):
        play(state, text)
    assert state.game.action_from_text(text) not in state.legal_actions()


HOLED = """
    #..#########
    #...########
    ##..########
    ############
    ############
    """


def test_a_bite_of_fewer_than_two_cells_of_paper_is_a_nibble() -> None:
    state = position(phase="bite", bites_left=1, paper=paper(HOLED), paper_bites=2, threshold=1)
    with pytest.raises(IllegalActionError, match=r"eat 1 cell.*no nibbling"):
        play(state, "bite:0,2")  # (0,3) is its only cell of paper
    with pytest.raises(IllegalActionError, match="eat 0 cell"):
        play(state, "bite:1,2")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("bite:2,4", id="next to a hole"),
        pytest.param("bite:1,3", id="overlapping a hole"),
        pytest.param("bite:3,8", id="from the bottom edge"),
    ],
)
def test_a_bite_may_eat_in_from_a_hole_or_an_edge(text: str) -> None:
    state = position(phase="bite", bites_left=1, paper=paper(HOLED), paper_bites=2, threshold=1)
    assert state.game.action_from_text(text) in state.legal_actions()
    play(state, text)


def test_a_bite_touching_a_hole_only_at_a_corner_is_not_from_the_hole() -> None:
    one_bite = paper(
        """
        #..#########
        #..#########
        ############
        ############
        ############
        """
    )
    state = position(phase="bite", bites_left=1, paper=one_bite, paper_bites=1, threshold=1)
    with pytest.raises(IllegalActionError, match="edge or from a hole"):
        play(state, "bite:2,3")  # its corner (2,3) meets the hole's corner (1,2) only
    play(state, "bite:2,2")  # one column to the left it meets the hole along an edge


def test_paper_cut_loose_by_a_bite_falls_away() -> None:
    walls = paper(
        """
        ############
        ############
        ############
        #..##..#####
        #..##..#####
        """
    )
    state = position(phase="bite", bites_left=1, paper=walls, paper_bites=2, threshold=1)
    state = play(state, "bite:2,3")  # (4,3) and (4,4) now join neither peg
    assert state.to_json()["paper"][2:] == ["###..#######", "#......#####", "#......#####"]
    assert {"type": "fell", "seat": 0, "cells": 2} in state.events


# -- snaps ------------------------------------------------------------------------------------

TWO_ROWS_GONE = """
    #..#########
    #..#########
    ############
    ############
    ############
    """


@pytest.mark.parametrize(
    ("threshold", "bite", "snaps"),
    [
        pytest.param(3, "bite:1,2", True, id="T=3 snaps as strength falls to 2"),
        pytest.param(2, "bite:1,2", False, id="T=2 holds at strength 2"),
        pytest.param(2, "bite:2,1", True, id="T=2 snaps at strength 1"),
        pytest.param(1, "bite:2,1", False, id="T=1 holds at strength 1"),
    ],
)
def test_the_trap_snaps_as_soon_as_the_strength_is_below_the_threshold(
    threshold: int, bite: str, snaps: bool
) -> None:
    state = position(
        4,
        phase="bite",
        bites_left=2,
        paper=paper(TWO_ROWS_GONE),
        paper_bites=1,
        threshold=threshold,
    )
    after = play(state, bite)
    data = after.to_json()
    assert (data["phase"] == "draw") is snaps
    if snaps:  # ruling: the round ends at once: the bite left is void
        assert (data["bites_left"], data["snapper"], data["last_threshold"]) == (0, 0, threshold)
        assert data["drawing"] == [1, 2, 3]
        assert after.events[-1]["type"] == "snap"
    else:
        assert data["bites_left"] == 1


def test_the_last_path_eaten_snaps_even_a_threshold_of_one() -> None:
    narrow = paper(
        """
        #..#########
        #..#########
        ############
        #..#########
        #..#########
        """
    )
    state = position(phase="bite", bites_left=1, paper=narrow, paper_bites=2, threshold=1)
    assert play(state, "bite:1,1").to_json()["phase"] == "draw"


@pytest.mark.parametrize(
    ("snapper", "direction", "order"),
    [(2, 1, [3, 4, 0, 1]), (2, -1, [1, 0, 4, 3]), (0, 1, [1, 2, 3, 4])],
)
def test_after_a_snap_everyone_else_draws_from_the_seat_after_the_snapper(
    snapper: int, direction: int, order: list[int]
) -> None:
    state = after_snap(5, snapper, direction)
    drawn = []
    for colour in ("orange", "white", "yellow", "white"):
        assert state.to_json()["drawing"][0] == order[len(drawn)]
        state = play(state, f"draw:{colour}")
        drawn.append(state.events[0]["seat"])
    assert drawn == order
    data = state.to_json()
    # rulebook: a new paper; ruling: the snapper starts it and the direction carries over
    assert (data["phase"], data["current"], data["direction"], data["round"]) == (
        "paper",
        snapper,
        direction,
        2,
    )
    assert data["paper"] == ["#" * 12] * 5 and data["threshold"] is None
    assert data["tokens"][snapper] == {"orange": 0, "white": 0, "yellow": 0}


def test_draws_are_weighted_by_what_is_left_in_the_bag() -> None:
    tokens = held((4, 0, 0), (3, 1, 0), (2, 0, 0))  # six papers snapped, two tokens each
    state = after_snap(3, 0, tokens=tokens, round=6, turns=6)
    assert {a.to_text(): p for a, p in state.chance_outcomes()} == {
        "draw:orange": pytest.approx(1 / 20),
        "draw:white": pytest.approx(9 / 20),
        "draw:yellow": pytest.approx(10 / 20),
    }
    with pytest.raises(IllegalActionError, match="no orange token"):
        play(play(state, "draw:orange"), "draw:orange")


def test_a_new_paper_draws_its_secret_threshold_with_the_ruled_odds() -> None:
    state = play(after_snap(2, 0), "draw:white")
    assert {a.to_text(): p for a, p in state.chance_outcomes()} == {
        "threshold:1": 0.5,
        "threshold:2": 0.3,
        "threshold:3": 0.2,
    }
    state = play(state, "threshold:3")
    assert state.to_json()["threshold"] == 3 and "threshold" not in state.observation(0)
    assert (state.current_player(), state.to_json()["phase"]) == (0, "spin")


# -- winning, ties and the spin-off --------------------------------------------------------


def test_the_first_to_hold_all_three_colours_wins() -> None:
    state = after_snap(3, 0, tokens=held((0, 0, 0), (1, 1, 0), (0, 0, 0)), round=2, turns=2)
    state = play(state, "draw:yellow", "draw:orange")
    assert state.is_terminal() and state.winners() == [1]
    assert state.events[-1] == {"type": "won", "seat": 1, "how": "colours"}


def test_completing_counts_once_the_rounds_draws_are_done() -> None:
    state = after_snap(3, 0, tokens=held((0, 0, 0), (1, 1, 0), (0, 0, 0)), round=2, turns=2)
    state = play(state, "draw:yellow")
    assert not state.is_terminal() and state.to_json()["drawing"] == [2]


def several_complete(first: tuple[int, int, int], second: tuple[int, int, int]) -> State:
    """Four papers snapped with three seats: six tokens out, seat 0 holding the rest."""
    rest = 6 - sum(first) - sum(second)
    return after_snap(3, 0, tokens=held((rest, 0, 0), first, second), round=4, turns=4)


def test_when_several_complete_at_once_the_most_tokens_win() -> None:
    state = play(several_complete((1, 1, 0), (2, 1, 0)), "draw:yellow", "draw:yellow")
    assert state.winners() == [2]
    assert state.events[-2:] == [
        {"type": "complete", "seat": None, "seats": [1, 2]},
        {"type": "won", "seat": 2, "how": "most_tokens"},
    ]


def test_a_tie_on_tokens_goes_to_a_spin_off_won_by_the_fewest_bites_shown() -> None:
    state = several_complete((2, 1, 0), (2, 1, 0))
    state = play(state, "draw:yellow", "draw:yellow")
    assert state.to_json()["phase"] == "spin_off"
    assert state.to_json()["spin_off"] == {
        "reason": "complete", "contestants": [1, 2], "values": [None, None],
    }  # fmt: skip
    assert state.current_player() == 1
    # ruling: Spin Again counts 1 plus its follow-up spin
    state = play(state, "spin", "face:bite_spin")
    assert (state.current_player(), state.to_json()["spin_off"]["values"]) == (1, [1, None])
    state = play(state, "spin", "face:bite2")
    assert state.to_json()["spin_off"]["values"] == [3, None] and state.current_player() == 2
    state = play(state, "spin", "face:skip")  # ruling: Skip counts 0
    assert state.winners() == [2]
    assert state.events[-1] == {"type": "won", "seat": 2, "how": "spin_off"}


def test_those_tied_lowest_in_a_spin_off_spin_again() -> None:
    state = play(several_complete((2, 1, 0), (2, 1, 0)), "draw:yellow", "draw:yellow")
    state = play(state, "spin", "face:skip", "spin", "face:reverse")  # 0 and 0
    assert state.to_json()["spin_off"]["values"] == [None, None]
    assert state.current_player() == 1 and not state.is_terminal()
    state = play(state, "spin", "face:bite1", "spin", "face:bite3")
    assert state.winners() == [1]


def test_a_spin_off_spin_must_be_a_spin() -> None:
    state = play(several_complete((2, 1, 0), (2, 1, 0)), "draw:yellow", "draw:yellow")
    with pytest.raises(IllegalActionError, match="only the spin"):
        play(state, "bite:0,1")


# five seats drew four tokens a paper: after seven papers 28 are out and two are left
LATE = ((0, 5, 3), (4, 0, 3), (5, 0, 0), (0, 4, 0), (0, 0, 4))


def test_when_the_bag_runs_out_mid_draw_the_rest_draw_nothing() -> None:
    state = after_snap(5, 0, tokens=held((0, 5, 2), *LATE[1:4], (0, 0, 5)), round=8, turns=8)
    state = play(state, "draw:orange", "draw:white")
    assert {"type": "bag_empty", "seat": None, "without": [3, 4]} in state.events
    assert state.is_terminal()


def test_an_empty_bag_ranks_by_colours_then_tokens() -> None:
    state = after_snap(5, 0, tokens=held((0, 5, 2), *LATE[1:4], (0, 0, 5)), round=8, turns=8)
    state = play(state, "draw:orange", "draw:white")
    # seat 1: two colours, 8 tokens; seat 0: two colours, 7; seat 2: two colours, 6
    assert state.winners() == [1]
    assert state.events[-1] == {"type": "won", "seat": 1, "how": "bag_empty"}


def test_an_empty_bag_with_a_tie_goes_to_a_spin_off() -> None:
    state = after_snap(5, 0, tokens=held(*LATE), round=8, turns=8)
    state = play(state, "draw:orange", "draw:white")
    spin_off = state.to_json()["spin_off"]
    assert spin_off == {"reason": "bag_empty", "contestants": [1, 0], "values": [None, None]}
    state = play(state, "spin", "face:bite3", "spin", "face:bite1")
    assert state.winners() == [0]


def test_the_starting_seat_is_a_chance_outcome_when_setup_leaves_it_open() -> None:
    game = type(position().game)(seats=4)
    state = game.new_initial_state()
    assert {a.to_text(): p for a, p in state.chance_outcomes()} == {
        f"start:{s}": 0.25 for s in range(4)
    }
    state = play(state, "start:2", "threshold:1")
    assert (state.current_player(), state.to_json()["round"]) == (2, 1)
    with pytest.raises(IllegalActionError, match="starting seat"):
        play(game.new_initial_state(), "start:5")


def test_a_child_copies_every_field_of_the_position_and_starts_with_no_events() -> None:
    """`CheeseState._child` names each field: one it missed would be unset. The fields are
    the slots state.py declares (the compiled build's class keeps them in a C struct)."""
    state = play(position(), "spin", "face:bite2")
    child = state._child()
    slots = compiled.pure_package(dontcutthecheese).CheeseState.__slots__
    assert "_game" in slots and "bag" in slots
    for name in slots:
        if name != "_events":
            assert getattr(child, name) == getattr(state, name), name
    assert child.raw_events == () and child == state
