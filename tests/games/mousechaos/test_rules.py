"""Mouse Chaos turn rules (rulebook "Game Play", "Game End", the variants, as
docs/games/mousechaos.md states them): the deal and the draw, picks and holder numbers, peeks,
chairs and the 300-round cap. The nest reveal, its chain, the phantom's nest and the two-seat
nests: test_nests.py; positions play cannot make: test_positions.py."""

from __future__ import annotations

import math
from typing import Any

import pytest

from mousehole.engine import (
    CHANCE,
    IllegalActionError,
    InvalidStateError,
    MalformedActionError,
)
from mousehole.games.mousechaos import MouseChaosState

from .scenes import at, game_for, moving, play, scene

AWAY = {1: (8, 4), 2: (8, 5), 3: (9, 4), 4: (9, 5), 5: (8, 3)}


def outcomes(state: MouseChaosState) -> dict[str, float]:
    return {a.to_text(): p for a, p in state.chance_outcomes()}


def test_mothers_take_four_different_colours_and_babies_three_of_each() -> None:
    state = game_for(4).new_initial_state()
    assert outcomes(state) == {f"colour:0:{c}": 0.25 for c in ("red", "blue", "green", "yellow")}
    state = play(state, "colour:0:red", "colour:1:blue", "colour:2:green")
    assert outcomes(state) == {"colour:3:yellow": 1.0}
    state = play(state, "colour:3:yellow", "colour:4:red", "colour:5:red")
    assert outcomes(state)["colour:6:red"] == pytest.approx(1 / 10)
    state = play(state, "colour:6:red")
    assert "colour:7:red" not in outcomes(state)  # the three red babies are dealt
    with pytest.raises(IllegalActionError, match="chance outcome of the deal"):
        play(state, "colour:7:red")


def deal(seats: int, start_seat: int | None = None) -> MouseChaosState:
    """Return the state after a fixed deal (mice and cards in colour order)."""
    state = game_for(seats, start_seat).new_initial_state()
    colours = ["red", "blue", "green", "yellow"]
    babies = [c for c in colours for _ in range(3)]
    texts = [f"colour:{m}:{c}" for m, c in enumerate(colours + babies)]
    texts += [f"card:{k}:{c}" for k, c in enumerate(colours)]
    return play(state, *texts)


def test_the_highest_holder_number_goes_first_and_numbers_never_tie() -> None:
    state = deal(3)
    assert state.current_player() == CHANCE and state.phase == "draw"
    state = play(state, "draw:0:2", "draw:1:5")
    assert "draw:2:5" not in outcomes(state) and math.isclose(sum(outcomes(state).values()), 1)
    state = play(state, "draw:2:4")
    assert state.phase == "pick" and state.current == 1 and state.turn == 1
    assert [e["type"] for e in state.events] == ["draw", "first", "turn"]


def test_a_chosen_start_seat_skips_the_draw() -> None:
    state = deal(4, start_seat=2)
    assert state.phase == "pick" and state.current == 2 and state.draws == ()


def test_holders_come_from_the_table_while_any_remain_there() -> None:
    state = scene(holders={0: (5, 1), 1: (5, 8)})
    assert [a.to_text() for a in state.legal_actions()] == [f"pick:{h}" for h in range(2, 6)]
    with pytest.raises(IllegalActionError, match="seat 0 cannot pick:0"):
        play(state, "pick:0")
    state = scene(holders={**AWAY, 0: (5, 1)})
    assert len(state.legal_actions()) == 6  # then any holder on the floor


def test_a_holders_number_is_drawn_the_first_time_it_is_picked_and_stays_public() -> None:
    state = play(scene(), "pick:3")
    assert state.phase == "number" and state.current_player() == CHANCE
    state = play(state, "number:4")
    assert state.numbers[3] == 4 and state.steps == 4 and state.phase == "holder"
    assert state.observation(None)["holders"][3]["number"] == 4
    state = play(scene(numbers={0: 4}, holders={**AWAY, 0: (5, 1)}), "pick:0")
    assert state.phase == "holder" and state.steps == 4  # known: no chance again


def test_lifting_a_holder_off_a_mouse_and_landing_on_one_are_private_peeks() -> None:
    holders = {**AWAY, 0: (5, 2)}
    state = scene(holders=holders, numbers={0: 1}, mice={4: (5, 2)}, turn=7)
    state = play(state, "pick:0")  # lifted off mouse 4
    assert state.knows[0][4] == 7 and all(state.knows[s][4] == -1 for s in (1, 2, 3))
    assert {"type": "peek", "seat": 0, "mouse": 4} in state.events
    state = play(state, "holder:5,3")  # lands on mouse 10 on the ring
    assert state.knows[0][10] == 7 and state.holders[0] == at(5, 3)
    assert state.observation(0)["mice"][10] == {
        "at": [5, 3],
        "revealed": False,
        "colour": "green",
        "peeked": 7,
    }
    assert state.observation(1)["mice"][10]["colour"] is None
    assert state.observation(None)["mice"][4]["colour"] is None


def test_a_chair_with_a_cat_cannot_move_and_a_free_one_may_go_almost_anywhere() -> None:
    state = moving(steps=1, cats={0: "table"})
    state = play(state, "cat:1:2,8")  # cat 1 jumps off chair 1 onto the floor
    assert state.phase == "chair"
    texts = {a.to_text() for a in state.legal_actions()}
    assert "skip" in texts and "chair:0:5,0:L" in texts and "chair:1:5,0:N" in texts
    assert not any(t.startswith(("chair:2:", "chair:3:")) for t in texts)  # cats on them
    assert "chair:0:3,3:L" not in texts and "chair:0:3,3:N" in texts  # lying: not on a mouse
    assert "chair:0:2,8:N" not in texts  # a cat's square
    with pytest.raises(MalformedActionError, match=r"chair.to"):
        play(state, "chair:0:table:N")
    moved = play(state, "chair:0:0,2:W")
    assert moved.chairs[0] == (at(0, 2), 3) and moved.current == 1 and moved.phase == "pick"
    assert play(state, "skip").chairs == state.chairs


def test_an_upright_chair_put_over_a_mouse_protects_it_from_cats() -> None:
    state = moving(steps=1, cats={0: "table"}, mice={4: (5, 1)})
    state = play(state, "mouse:5:2,4", "chair:0:5,1:E")  # upright over mouse 4
    assert state.chairs[0] == (at(5, 1), 1) and state.mice[4] == at(5, 1)
    state = scene(
        chairs={0: ((5, 1), "E")},
        mice={4: (5, 1)},
        cats={0: (5, 0)},
        phase="piece",
        picked=0,
        steps=1,
        numbers={0: 1},
    )
    state = play(state, "cat:0:5,1")
    assert state.mice[4] == at(5, 1)


def capped(seats: int, **kw: Any) -> MouseChaosState:
    """Return the position after the last turn of the 300th round (the last seat's, one cat
    step and no chair move), with the pieces set by `kw` as in `scene`."""
    state = moving(seats, steps=1, current=seats - 1, turn=300 * seats, **kw)
    state = play(state, "cat:0:2,1")
    return play(state, "skip") if state.phase == "chair" else state


def test_at_the_cap_two_seats_equal_on_everything_share_first_place() -> None:
    state = capped(2)  # each seat: its two mothers home, its eight mice on the board
    assert state.is_terminal() and state.ending == "cap" and state.winners() == [0, 1]
    with pytest.raises(InvalidStateError, match="turn"):
        scene(2, turn=601)


def test_at_the_cap_the_most_mice_of_ones_own_colours_at_home_wins() -> None:
    # seat 0 (red, green: nests 0 and 2) has red baby 4 home too: 3 against seat 1's 2; a blue
    # baby in seat 0's nest counts for nobody (not its colour, not in seat 1's nest)
    state = capped(2, mice={4: (0, 1), 7: (1, 0)})
    assert state.winners() == [0]
    end = state.events[-1]
    assert end["type"] == "end" and end["reason"] == "cap" and end["winners"] == [0]
    assert end["ranking"] == [
        {"place": 1, "seat": 0, "home": 3, "free": 8},
        {"place": 2, "seat": 1, "home": 2, "free": 8},
    ]
    assert state.observation(1)["ranking"] == end["ranking"]
    assert "1. seat 0 (3 home, 8 not under the table)" in state.game.describe_event(end)


def test_at_the_cap_fewer_captured_breaks_a_tie_at_home() -> None:
    # 4 seats, every seat's mother home; red baby 4 and green baby 10 under the table
    state = capped(4, mice={4: "table", 10: "table", 7: "table"})
    ranking = state.to_json()["ranking"]
    assert [(r["place"], r["seat"]) for r in ranking] == [(1, 3), (2, 0), (2, 1), (2, 2)]
    assert state.winners() == [3]
    # two seats equal on both counts share the win
    state = capped(4, mice={4: (0, 1), 10: (9, 8)})
    assert state.winners() == [0, 2]


def test_at_the_cap_a_phantom_ranked_first_means_every_seat_loses() -> None:
    # 3 seats: the phantom (yellow, nest 3) has two yellow babies home besides its mother
    state = capped(3, mice={13: (9, 1), 14: (8, 0)})
    ranking = state.to_json()["ranking"]
    assert ranking[0] == {"place": 1, "seat": None, "home": 3, "free": 4}
    assert state.ending == "cap" and state.winners() == []
    # a seat tied with the phantom at the top loses too
    state = capped(3, mice={13: (9, 1), 4: (0, 1)})
    assert [r["seat"] for r in state.to_json()["ranking"] if r["place"] == 1] == [0, None]
    assert state.winners() == []
    # the phantom below a seat: that seat wins
    state = capped(3, mice={4: (0, 1), 5: (1, 0)})
    assert state.winners() == [0]


def test_the_simulator_counts_how_the_cap_ended() -> None:
    counters: dict[str, int] = {}
    game = game_for(3)
    for state in (
        capped(3, mice={4: (0, 1)}),  # seat 0 alone first
        capped(3, mice={4: (0, 1), 7: (0, 8)}),  # seats 0 and 1 equal first
        capped(3),  # every side one mouse home, four out: the phantom shares first place
    ):
        game.tally(state.events, counters)
    assert counters == {
        "end: cap": 3,
        "cap: one first": 1,
        "cap: shared first": 1,
        "cap: the phantom first": 1,
    }


def test_a_capped_position_reads_back_and_a_wrong_ranking_is_refused() -> None:
    state = capped(2, mice={4: (0, 1)})
    data = state.to_json()
    assert state.game.state_from_json(data) == state
    data["ranking"][0]["home"] = 2
    with pytest.raises(InvalidStateError, match="ranking: the position's ranking"):
        state.game.state_from_json(data)


def test_malformed_and_illegal_actions_get_errors_that_say_what_is_wrong() -> None:
    game = game_for(4)
    with pytest.raises(MalformedActionError, match="type: unknown Mouse Chaos action 'fly'"):
        game.action_from_json({"type": "fly"})
    with pytest.raises(MalformedActionError, match=r"mouse.mouse: 16 is outside 0..15"):
        game.action_from_json({"type": "mouse", "mouse": 16, "to": [1, 1]})
    with pytest.raises(MalformedActionError, match=r"chair\.pose"):
        game.action_from_text("chair:0:1,1:X")
    with pytest.raises(IllegalActionError, match="seat 0 cannot mouse:4:5,1: a holder must"):
        play(scene(), "mouse:4:5,1")
    with pytest.raises(IllegalActionError, match="no such move here"):
        play(moving(steps=1), "mouse:4:9,9")


def test_if_no_cat_or_mouse_can_move_exactly_n_that_step_is_skipped() -> None:
    # cats boxed in by nests, holders and each other; holder 5 boxed in by lying chairs;
    # every mouse outside a nest under a holder (ruling: the step is skipped)
    state = scene(
        cats={0: (0, 2), 1: (1, 2), 2: (9, 7), 3: (8, 7)},
        holders={0: (0, 3), 1: (1, 3), 2: (2, 2), 3: (9, 6), 4: (7, 7), 5: (8, 6)},
        numbers={0: 2, 1: 3, 2: 4, 3: 5, 4: 6, 5: 1},
        chairs={0: ((8, 5), "L"), 1: ((7, 6), "L"), 2: ((4, 0), "N"), 3: ((5, 0), "N")},
        mice={
            4: (0, 1), 5: (1, 0), 7: (0, 8), 8: (1, 9), 10: (9, 8), 11: (8, 9),
            13: (9, 1), 14: (8, 0), 6: (0, 3), 9: (1, 3), 12: (2, 2), 15: (9, 6),
        },
    )  # fmt: skip
    state = play(state, "pick:5")
    assert [e["type"] for e in state.events] == ["pick", "stuck", "no_move"]
    assert state.phase == "chair" and state.holders[5] == at(8, 6)
