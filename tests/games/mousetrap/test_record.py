"""Mouse Trap records through the engine's replay: the game's own messages for an illegal crank
and an impossible die, its actions' repr, and its interned actions keeping a record's moves free
of per-move objects (moved unchanged from tests/engine/test_record.py, which plays a test dice
game)."""

from __future__ import annotations

import copy
import gc
import re
from typing import Any

import pytest

import mousehole
from mousehole.engine import CHANCE, InvalidRecordError, Match, Move, Moves
from mousehole.games.mousetrap import actions as A


def _record(seed: int = 11) -> dict[str, Any]:
    game = mousehole.load_game("mousetrap", seats=2, start_seat=0)
    match = Match(game, seed=seed)
    for _ in range(6):
        match.apply(A.ROLL)
        match.sample_chance()
    return match.record.to_json()


@pytest.mark.parametrize(
    ("index", "entry", "error", "message"),
    [
        (4, {"seat": 0, "action": {"type": "crank"}}, mousehole.IllegalActionError,
         "^moves\\[4\\]: seat 0 cannot crank: the only action now is to roll$"),
        (4, {"seat": 1, "action": {"type": "roll"}}, mousehole.NotYourTurnError,
         "^moves\\[4\\]: seat 1 cannot act now, seat 0 is due$"),
        (5, {"seat": "chance", "action": {"type": "die", "value": 9}},
         mousehole.MalformedActionError, "^moves\\[5\\]: die.value: 9 is outside 1..6$"),
        (5, {"seat": "chance", "action": {"type": "roll"}}, mousehole.IllegalActionError,
         "^moves\\[5\\]: roll is not a possible chance outcome here$"),
        (3, {"action": {"type": "roll"}}, InvalidRecordError, "moves\\[3\\].seat"),
        (3, "roll", InvalidRecordError, "moves\\[3\\]"),
    ],
)  # fmt: skip
def test_replay_returns_the_valid_prefix_and_names_the_first_error(
    index: int, entry: Any, error: type[Exception], message: str
) -> None:
    data = _record()
    data["moves"][index] = entry
    result = mousehole.replay(data)
    assert result.error_index == index
    assert isinstance(result.error, error)
    assert re.search(message, str(result.error)), str(result.error)
    assert len(result.record.moves) == index
    prefix = copy.deepcopy(data)
    prefix["moves"] = data["moves"][:index]
    assert mousehole.replay(prefix).state == result.state


def _played(steps: int) -> Match:
    game = mousehole.load_game("mousetrap", seats=2, start_seat=0)
    match = Match(game, seed=5)
    while len(match.record.moves) < steps:
        if match.state.current_player() == CHANCE:
            match.sample_chance()
        else:
            match.apply(match.state.legal_actions()[0])
    return match


def test_record_moves_read_like_a_list_of_moves() -> None:
    moves = _played(6).record.moves
    as_list = list(moves)
    assert len(moves) == 6 and moves[0] == Move(0, A.ROLL) and moves[-1] == as_list[-1]
    assert moves[1].seat is None and moves == as_list and moves != as_list[:-1]
    assert moves[2:4] == as_list[2:4] and isinstance(moves[2:4], Moves)
    assert repr(moves[:1]) == "[Move(seat=0, action=MouseTrapAction.from_text('roll'))]"
    assert Moves(as_list) == moves and Moves() == [] and moves != "not moves"


def test_a_slice_of_the_moves_is_a_copy() -> None:
    moves = _played(4).record.moves
    before = list(moves)
    part = moves[:2]
    part.append(moves[0])
    assert len(part) == 3 and moves == before


def test_a_records_moves_hold_no_object_per_move_for_the_garbage_collector() -> None:
    # A server keeps every running match's record: per-move tuples were the only objects a
    # busy server accumulated, and every collection walked them (docs/benchmarks.md).
    moves = _played(200).record.moves
    held = [part for part in gc.get_referents(moves) if not isinstance(part, type)]
    assert sorted(len(part) for part in held) == [200, 200]
    tracked = {id(item) for part in held for item in part if gc.is_tracked(item)}
    assert len(tracked) == len({id(move.action) for move in moves}) < 50  # interned actions
