"""The computer players clear a blockade (issue 25): a rival that only keeps a player's nest
entries shut with chairs, cats and holders. Moving the cat off a chair and then that chair in
the same turn is legal (rulebook: only a chair without a cat moves, and the chair step comes
after the cat's); normal and hard do it. `tests/games/mousechaos/blockade.py` measures hard
against a scripted blockader over whole games."""

from __future__ import annotations

import pytest

from mousehole.games.mousechaos import MouseChaosGame, MouseChaosState
from mousehole.games.mousechaos.board import NEST_OF
from mousehole.games.mousechaos.bots import BOTS
from mousehole.games.mousechaos.worth import open_entries

from .scenes import at, moving


def sealed(steps: int) -> MouseChaosState:
    """Two seats, seat 0 (nests 0 and 2) in its piece step with `steps` to move. Every entry
    of its nests is shut: nest 0 by chair 0 (upright on (1,2), its cross support facing the
    nest) and holders 1, 3 and 5; nest 2 by chairs 2 and 3 facing it and holders 2 and 4. A
    cat sits on every chair, so only a cat moved off a chair, then that chair, opens one."""
    return moving(
        2,
        steps=steps,
        chairs={
            0: ((1, 2), "W"),
            1: ((7, 2), "W"),
            2: ((7, 8), "S"),
            3: ((8, 7), "E"),
        },
        cats={0: (1, 2), 1: (7, 8), 2: (8, 7), 3: (7, 2)},
        holders={1: (0, 2), 2: (9, 7), 3: (2, 1), 4: (7, 9), 5: (2, 0)},
    )


def shut(state: MouseChaosState, nest: int) -> bool:
    return open_entries(nest, state.holders, state.cats, state.chairs) == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("steps", [1, 2, 3])
def test_a_level_moves_the_cat_off_a_sealing_chair_then_the_chair(level: str, steps: int) -> None:
    state = sealed(steps)
    assert shut(state, 0) and shut(state, 2)
    player = BOTS[level](steps)
    cat_move = player.choose(state)
    kind, cat, _ = cat_move.to_text().split(":", 2)
    sealing = {0: at(1, 2), 2: at(7, 8), 3: at(8, 7)}  # chair: its square, where a cat sits
    chair = next((c for c, sq in sealing.items() if state.cats[int(cat)] == sq), None)
    assert kind == "cat" and chair is not None, cat_move.to_text()
    state = state.apply(cat_move)
    assert isinstance(state, MouseChaosState) and state.phase == "chair"
    assert state.chair_free(chair)
    chair_move = player.choose(state)
    assert chair_move.to_text().startswith(f"chair:{chair}:"), chair_move.to_text()
    state = state.apply(chair_move)
    assert isinstance(state, MouseChaosState)
    assert not (shut(state, 0) and shut(state, 2)), "the turn opened an entry of a nest"


def stranded(steps: int) -> MouseChaosState:
    """Two seats, seat 0 (red and green; nests 0 and 2) in its piece step with `steps` to
    move, every entry of its nests shut by holders and lying chairs (which only the chair
    step, after this one, could move). Red baby 4, which seat 0 peeked at, lies in seat 1's
    nest 1 with blue mother 1 and blue baby 7; blue baby 8 stands at (2, 8), beside nest 1.
    The only way to get a mouse home this turn: put a fourth mouse into nest 1, whose reveal
    sends the first wrong mouse turned, red baby 4, to seat 0's nest, past the blockade."""
    return moving(
        2,
        steps=steps,
        mice={4: (0, 8), 7: (1, 9), 8: (2, 8)},
        peeks=[[[4, 1], [7, 1], [8, 1]], []],
        chairs={0: ((1, 2), "L"), 2: ((7, 8), "L"), 3: ((8, 7), "L")},
        cats={0: "table", 1: (1, 5), 2: (8, 4), 3: (4, 1)},
        holders={1: (0, 2), 2: (9, 7), 3: (2, 1), 4: (7, 9), 5: (2, 0)},
    )


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_level_fills_a_rival_nest_to_get_its_stranded_mouse_home(level: str) -> None:
    state = stranded(1)
    assert shut(state, 0) and shut(state, 2)
    move = BOTS[level](1).choose(state)
    assert move.to_text() in ("mouse:8:1,8", "mouse:8:1,9"), move.to_text()
    state = state.apply(move)
    assert isinstance(state, MouseChaosState) and state.phase == "reveal"
    while state.phase == "reveal":  # seat 1 turns its nest's mice, in whatever order
        assert state.current_player() == 1
        nxt = state.apply(state.legal_actions()[-1])
        assert isinstance(nxt, MouseChaosState)
        state = nxt
    assert NEST_OF[state.mice[4]] in (0, 2), "the reveal sent red baby 4 home"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_level_keeps_its_own_mouse_out_of_a_rival_nest(level: str) -> None:
    """A mouse of mine in another's nest comes home only through a reveal there, so a known
    red mouse beside nest 1 (which holds nothing of seat 0's) is not put in it."""
    state = moving(
        2,
        steps=1,
        mice={4: (2, 8), 8: (1, 9)},
        peeks=[[[4, 1], [8, 1]], []],
        holders={1: (0, 2), 2: (9, 7), 3: (2, 1), 4: (7, 9), 5: (2, 0)},
    )
    move = BOTS[level](1).choose(state)
    assert not move.to_text().startswith("mouse:4:1,"), move.to_text()


def gamble(red_known: bool, turn: int = 1) -> MouseChaosState:
    """Two seats in seat 0's piece step with one step to move on `turn`, each seat with one nest
    complete: seat 0 (red and green) has three of its mice in nest 2, seat 1 (blue and yellow)
    three of its own face up in nest 3. Red baby 6 and yellow baby 15 stand beside nest 2, and
    seat 0 knows which is which only when it peeked at 6 (`red_known`). Moving the yellow one
    in starts a reveal that sends it to nest 3, whose fourth mouse completes seat 1's second
    nest: seat 1 wins. Each seat has seven mice at home and none under the table."""
    known = [[11, 1], [12, 1]] + ([[6, 1]] if red_known else [])
    return moving(
        2,
        steps=1,
        turn=turn,
        mice={
            **{0: (0, 0), 4: (0, 1), 5: (1, 0), 10: (1, 1)},  # nest 0, complete
            **{1: (0, 9), 7: (0, 8), 8: (1, 9), 13: (1, 8)},  # nest 1, complete
            **{2: (9, 9), 11: (9, 8), 12: (8, 9)},  # green mother 2 and two babies seen
            **{3: (9, 0), 9: (9, 1), 14: (8, 0)},
            **{6: (7, 8), 15: (7, 9)},
        },
        revealed=[0, 4, 5, 10, 1, 7, 8, 13, 3, 9, 14],
        complete=[True, True, False, False],
        shown=[True, True, False, True],
        peeks=[known, []],
    )


def test_hard_refuses_a_reveal_that_loses_on_a_coin_flip() -> None:
    """Moving red 6 or yellow 15 into nest 2 wins or loses the game, one chance in two as far
    as seat 0 knows: hard waits (it can peek first); knowing which is red, it moves that in."""
    fills = {"mouse:6:8,8", "mouse:15:8,8"}
    for seed in range(3):
        assert BOTS["hard"](seed).choose(gamble(False)).to_text() not in fills
        assert BOTS["hard"](seed).choose(gamble(True)).to_text() == "mouse:6:8,8"


def test_hard_takes_the_coin_flip_when_the_cap_is_near_and_shared() -> None:
    """In round 290 the same position would end level at the cap (seven mice at home each,
    none under the table: a shared place, no win for hard alone), so hard starts the reveal
    that wins one time in two."""
    state = gamble(False, turn=579)
    assert state.round == 290
    for seed in range(3):
        assert BOTS["hard"](seed).choose(state).to_text() in {"mouse:6:8,8", "mouse:15:8,8"}


def late(turn: int) -> MouseChaosState:
    """Two seats in seat 0's piece step with one step to move, on `turn`. Seat 0 (red and
    green) has four mice at home (nest 0, complete), seat 1 (blue and yellow) three: blue 7 in
    nest 1 and yellow 3 and 14 in nest 3. Nest 1 also holds red baby 6, and blue baby 9, which
    seat 0 peeked at, stands beside it at (2, 8), one step from the cat on the chair at
    (2, 7)."""
    return moving(
        2,
        steps=1,
        turn=turn,
        mice={
            **{0: (0, 0), 4: (0, 1), 5: (1, 0), 10: (1, 1)},
            **{6: (0, 9), 7: (0, 8), 3: (9, 0), 14: (9, 1)},
            **{1: (4, 8), 9: (2, 8)},
        },
        revealed=[0, 4, 5, 10, 3, 14, 7],
        complete=[True, False, False, False],
        shown=[True, True, False, True],
        peeks=[[[6, 1], [9, 1]], []],
    )


def test_hard_keeps_ahead_at_the_cap_late_in_a_game() -> None:
    """Early on, hard pushes blue 9 into nest 1 (a fourth mouse there would start a reveal
    that sends red 6 home); at round 200 the cap's ranking weighs more: that push would put
    seat 1's fourth mouse at home, level with seat 0, so hard sends 9 under the table with the
    cat instead (fewer of seat 1's mice free, should it come to a tie)."""
    push = {"mouse:9:1,8", "mouse:9:1,9"}
    for seed in range(3):
        early = late(1)
        assert early.round == 1
        assert BOTS["hard"](seed).choose(early).to_text() in push
        at_200 = late(399)
        assert at_200.round == 200
        assert BOTS["hard"](seed).choose(at_200).to_text() == "cat:1:2,8"


def stuck_nest() -> MouseChaosState:
    """The blockade game of seed 62 (blockade.py: the blockader in seat 0, hard in seat 1,
    as played before hard saw a stuck nest) in round 15, hard's piece step with six steps to
    move, loaded from the position the engine saved there. The blockader (blue and red) has
    nest 0 complete and nest 2 holding red 11 and 12 and hard's green mother 2; hard (green
    and yellow) has its three own mice face up in nest 1, and in nest 3 yellow 10 face up,
    green 14 and blue 4 face down (hard knows one of them is blue, not which). Red 8, which
    hard peeked at, can reach nest 1, nest 2 and nest 3."""
    mice = [
        *((0, 9), (1, 0), (9, 9), (0, 1), (8, 1), (3, 4), (0, 0), (0, 8)),
        *((4, 3), (1, 8), (9, 1), (8, 9), (9, 8), (6, 4), (9, 0), (1, 1)),
    ]
    face_up = {0, 1, 3, 6, 7, 9, 10, 12, 15}
    holders = [((3, 2), 3), ((3, 3), 1), ((6, 4), 2), ((1, 2), 6), ((7, 8), 5), ((3, 4), 4)]
    chairs = [((8, 2), "N"), ((2, 8), "E"), ((9, 2), "E"), ((7, 0), "W")]
    colours = "yellow red green blue blue yellow blue green red yellow yellow red red green"
    data = {
        "game": "mousechaos",
        "seats": 2,
        "phase": "piece",
        "current": 1,
        "turn": 29,
        "draws": [1, 4],
        "mice": [{"at": list(sq), "revealed": m in face_up} for m, sq in enumerate(mice)],
        "holders": [{"at": list(sq), "number": n} for sq, n in holders],
        "cats": [[1, 7], [2, 7], [8, 2], [2, 9]],
        "chairs": [{"at": list(sq), "pose": pose} for sq, pose in chairs],
        "picked": 3,
        "steps": 6,
        "reveal": None,
        "complete": [True, False, False, False],
        "shown": [True, True, True, True],
        "ending": None,
        "colours": [*colours.split(), "green", "blue"],
        "cards": ["blue", "green", "red", "yellow"],
        "peeks": [
            [[7, 8], [8, 28], [10, 4], [11, 10]],
            [[5, 1], [7, 3], [8, 7], [10, 7], [11, 9], [13, 5]],
        ],
    }
    state = MouseChaosGame(seats=2).state_from_json(data)
    assert isinstance(state, MouseChaosState)
    return state


def test_hard_keeps_a_known_rival_mouse_out_of_the_nests_when_it_would_leave_one_stuck() -> None:
    """Red 8 into any nest starts reveals that bring green 2 home but send a blockader's mouse
    to nest 2, its third; hard's nest 3 keeps a wrong mouse (red 8 itself, when it goes there:
    hard turns the mice it may own first), which it could then send away only by completing
    the blockader's last nest. Before hard saw that, it moved red 8 into nest 3 here, and the
    game ran to the cap with the blockader first, seven mice at home to six."""
    state = stuck_nest()
    seen = state.observation(1)
    assert seen["mice"][8]["colour"] == "red" and state.round == 15
    into_nests = {
        f"mouse:8:{r},{c}" for r in range(10) for c in range(10) if NEST_OF[r * 10 + c] >= 0
    }
    assert into_nests & {a.to_text() for a in state.legal_actions()} == {
        "mouse:8:1,9",
        "mouse:8:8,0",
        "mouse:8:8,8",
    }
    for seed in range(3):
        assert BOTS["hard"](seed).choose(state).to_text() not in into_nests
