"""Aus die Maus! computer player: one level, "auto", because there is nothing to decide."""

from __future__ import annotations

import pytest

import mousehole
from mousehole.engine import Match
from mousehole.games import BOTS, make_bot

from .scenes import position


def test_the_only_level_is_auto() -> None:
    assert list(BOTS["ausdiemaus"]) == ["auto"]
    with pytest.raises(mousehole.InvalidOptionError, match="choose auto"):
        make_bot("ausdiemaus", "hard")


def test_auto_plays_the_one_legal_action_and_finishes_games() -> None:
    bot = make_bot("ausdiemaus", "auto", seed=3)
    state = position(3, current=2)
    assert bot.choose(state) == state.legal_actions()[0]
    game = mousehole.load_game("ausdiemaus", seats=5)
    final = Match(game, seed=8).play_out({seat: bot for seat in range(5)})
    assert final.is_terminal() and final.winners()
