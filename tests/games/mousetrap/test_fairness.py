"""Provably fair chance on a Mouse Trap match: a flipped crank result is reported at its own
index, before the illegal moves it leads to (moved unchanged from tests/engine/test_fairness.py,
which plays a test dice game)."""

from __future__ import annotations

import copy
from typing import Any

import mousehole
from mousehole.engine import Match, Verdict, replay, verify
from mousehole.games import make_bot

SECRET = "5e" * 32


def _finished(secret: str = SECRET, seats: int = 3) -> tuple[mousehole.Game, dict[str, Any]]:
    """Return a game and the JSON record of a committed match played to its end by bots."""
    game = mousehole.load_game("mousetrap", seats=seats)
    match = Match(game, secret=secret)
    match.play_out({seat: make_bot("mousetrap", "easy", seed=seat) for seat in range(seats)})
    return game, match.record.to_json()


def _chance_indexes(data: dict[str, Any], kind: str) -> list[int]:
    return [
        i
        for i, move in enumerate(data["moves"])
        if move["seat"] == "chance" and move["action"]["type"] == kind
    ]


def test_a_changed_outcome_is_reported_before_the_illegal_moves_it_leads_to() -> None:
    game, data = _finished()
    index = _chance_indexes(data, "crank_result")[0]
    forged = copy.deepcopy(data)
    outcome = forged["moves"][index]["action"]
    outcome["success"] = not outcome["success"]
    assert replay(game, forged).error_index is not None, "the moves after it no longer fit"
    result = verify(game, forged)
    assert result.verdict is Verdict.OUTCOME_MISMATCH and result.index == index
