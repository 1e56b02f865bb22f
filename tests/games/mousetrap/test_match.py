"""The match runner on a Mouse Trap position: the game's own refusal of an illegal action
reaches the caller and changes nothing (moved from tests/engine/test_match.py, which plays a
test dice game)."""

from __future__ import annotations

import pytest

import mousehole
from mousehole.engine import Match
from mousehole.games.mousetrap import actions as A


def test_an_illegal_action_leaves_the_match_and_its_record_unchanged() -> None:
    game = mousehole.load_game("mousetrap", seats=2, start_seat=0)
    match = Match(game, seed=5)
    with pytest.raises(mousehole.IllegalActionError, match="seat 0 cannot crank"):
        match.apply(A.CRANK, seat=0)
    assert match.record.moves == [] and match.state == game.new_initial_state()
