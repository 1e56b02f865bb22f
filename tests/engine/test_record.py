"""Records: JSON round trips, and replay returning the valid prefix with the first error
(scalachess `Replay`: "Cannot play Nf3 at move 2 by white").

Played on test games (tests/engine/dice_game.py, coin_game.py), never a real game's rules."""

from __future__ import annotations

import copy
import gc
import re
from typing import Any

import pytest

import mousehole
from mousehole.engine import CHANCE, InvalidRecordError, Match, Move, Moves, record_header, replay
from mousehole.games import REGISTRY

from .coin_game import CoinGame
from .dice_game import DICE, ROLL, DiceGame


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the dice game (its one manifest), for `mousehole.replay` to find it."""
    monkeypatch.setitem(REGISTRY, DICE.name, DICE)


def _record(seed: int = 28) -> dict[str, Any]:
    """Six rolls from seed 28: two 1s pass the turn, so moves[4] is seat 0's roll again."""
    game = DiceGame(seats=2, start_seat=0)
    match = Match(game, seed=seed)
    for _ in range(6):
        match.apply(ROLL)
        match.sample_chance()
    return match.record.to_json()


def test_a_record_is_plain_json_with_game_options_seed_and_moves() -> None:
    data = _record()
    assert data["format"] == "mousehole-record/1"
    assert data["game"] == "dice"
    assert data["options"] == {"seats": 2, "start_seat": 0}
    assert data["seed"] == 28 and data["initial"] is None
    assert data["moves"][0] == {"seat": 0, "action": {"type": "roll"}}
    assert data["moves"][1]["seat"] == "chance"


def test_replay_of_a_good_record_has_no_error() -> None:
    result = mousehole.replay(_record())
    assert result.error is None and result.error_index is None
    assert len(result.record.moves) == 12


@pytest.mark.parametrize(
    ("index", "entry", "error", "message"),
    [
        (4, {"seat": 0, "action": {"type": "hold"}}, mousehole.IllegalActionError,
         "^moves\\[4\\]: seat 0 cannot hold: the only action now is to roll$"),
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


def test_a_move_after_the_end_is_refused_by_replay() -> None:
    game = CoinGame()
    match = Match(game, seed=1)
    match.resolve_chance()
    match.apply(game.action_from_text("guess:tails"), seat=0)
    data = match.record.to_json()
    data["moves"].append({"seat": 0, "action": {"type": "guess", "side": "heads"}})
    result = replay(game, data)
    assert result.error_index == 2
    assert "already over" in str(result.error)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a record is a JSON object"),
        ({"format": "other/9", "game": "dice"}, "format"),
        ({"moves": []}, "game: missing"),
        ({"game": "dice", "options": []}, "options"),
        ({"game": "dice", "moves": {}}, "moves: must be a list"),
    ],
)
def test_an_unreadable_record_is_refused_with_the_field_named(data: Any, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        record_header(data)


def test_a_record_for_an_unknown_game_is_refused() -> None:
    with pytest.raises(mousehole.UnknownGameError, match="unknown game 'chess'"):
        mousehole.replay({"game": "chess", "moves": []})


def test_a_record_with_a_bad_seed_or_initial_position_is_refused() -> None:
    data = _record()
    with pytest.raises(InvalidRecordError, match="seed"):
        mousehole.replay({**data, "seed": "abc"})
    with pytest.raises(InvalidRecordError, match="initial"):
        mousehole.replay({**data, "initial": 5})
    with pytest.raises(mousehole.InvalidStateError, match="seat_count"):
        mousehole.replay({**data, "initial": {"seat_count": 9}})


def test_a_record_for_another_game_is_refused_by_the_engine_replay() -> None:
    with pytest.raises(InvalidRecordError, match="the record is for 'dice'"):
        replay(CoinGame(), _record())


def _played(steps: int) -> Match:
    game = DiceGame(seats=2, start_seat=0)
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
    assert len(moves) == 6 and moves[0] == Move(0, ROLL) and moves[-1] == as_list[-1]
    assert moves[1].seat is None and moves == as_list and moves != as_list[:-1]
    assert moves[2:4] == as_list[2:4] and isinstance(moves[2:4], Moves)
    assert repr(moves[:1]) == "[Move(seat=0, action=DiceAction.from_text('roll'))]"
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
