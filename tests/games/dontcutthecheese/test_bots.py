"""The computer players: easy bites anywhere legal, normal keeps the strength up, hard weighs spins
and the threshold's posterior, and no level reads the threshold (docs/games/dontcutthecheese.md:
"Players see the paper and its strength, never T")."""

from __future__ import annotations

import pytest

from mousehole.engine import Match
from mousehole.games.dontcutthecheese import CheeseState
from mousehole.games.dontcutthecheese.bots import BOTS, HardBot, NormalBot, ownership, safe_run

from .scenes import CheeseGame, paper, position

ONE_PATH_LEFT = paper(
    """
    #..#########
    #..#########
    ############
    #..#########
    #..#########
    """
)
"""Strength 1: only row 2 joins the pegs past columns 1 and 2."""

TWO_SAFE_BITES = paper(
    """
    ###........#
    ###........#
    ############
    ############
    ############
    """
)
"""Strength 3, and only rows 0 and 1 of columns 1 and 2 can be eaten without cutting a path:
bite 0,1 takes all four cells (no safe bite left after it), bite 0,2 takes two (bite 0,1 is
still safe after it)."""


def test_the_levels_are_easy_normal_and_hard() -> None:
    assert list(BOTS) == ["easy", "normal", "hard"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_with_one_path_left_the_careful_levels_never_bite_it(level: str) -> None:
    state = position(phase="bite", bites_left=1, paper=ONE_PATH_LEFT, paper_bites=2, threshold=1)
    for seed in range(20):
        choice = BOTS[level](seed).choose(state)
        assert state.apply(choice).to_json()["phase"] != "draw"


def test_easy_bites_anywhere_legal_even_through_the_last_path() -> None:
    state = position(phase="bite", bites_left=1, paper=ONE_PATH_LEFT, paper_bites=2, threshold=1)
    choices = {BOTS["easy"](seed).choose(state) for seed in range(200)}
    assert choices == set(state.legal_actions())


def test_normal_keeps_the_strength_when_a_bite_can() -> None:
    state = position(phase="bite", bites_left=1)
    for seed in range(30):
        choice = NormalBot(seed).choose(state)
        assert state.apply(choice).to_json()["strength"] == 5 or not any(
            state.apply(a).to_json()["strength"] == 5 for a in state.legal_actions()
        )


def test_the_ownership_of_the_next_bites_follows_the_spinner() -> None:
    """Two seats, one bite left, no spin again: the first bite is mine; the next is mine only
    if the other seat's spins skip or reverse back to me before anyone bites. The spinner
    bites first with chance a = 4/6 + 2/6 (1 - a), so a = 3/4 and mine is 1/4."""
    owned = ownership(2, 1, False, 1)
    assert owned[0] == 1.0
    assert owned[1] == pytest.approx(0.25, abs=1e-6)
    assert ownership(3, 3, False, 1)[:3] == (1.0, 1.0, 1.0)
    assert ownership(4, 1, True, -1)[1] > ownership(4, 1, False, -1)[1]


def test_safe_run_counts_the_careful_bites_left_before_a_cut() -> None:
    eaten = position(phase="bite", bites_left=1, paper=TWO_SAFE_BITES, paper_bites=4).eaten
    assert safe_run(eaten) == 2
    assert safe_run(0) == 0  # a fresh paper: every first bite cuts two rows


@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_hard_keeps_a_safe_bite_for_itself_and_leaves_none_to_the_next_player(seats: int) -> None:
    """With two bites to take, hard eats only two cells, so its second bite is safe too; with
    its last bite of the turn it eats all four, so the next player must cut a path."""

    def choice(bites_left: int) -> str:
        state = position(
            seats=seats, phase="bite", bites_left=bites_left, paper=TWO_SAFE_BITES, paper_bites=4
        )
        return HardBot().choose(state).to_text()

    assert choice(2) == "bite:0,2"
    assert choice(1) == "bite:0,1"


def decisions(seats: int, seed: int) -> list[CheeseState]:
    """Return the bite decisions met in a game between normal players."""
    game = CheeseGame(seats=seats)
    match = Match(game, seed=seed)
    bot = NormalBot(seed)
    found = []
    while not match.state.is_terminal():
        state = match.state
        if state.is_chance_node():
            match.sample_chance()
            continue
        assert isinstance(state, CheeseState)
        if len(state.legal_actions()) > 1:
            found.append(state)
        match.apply(bot.choose(state))
    return found


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_hard_chooses_the_same_bite_whatever_the_hidden_threshold(seats: int) -> None:
    """Two positions identical but for the secret threshold get the same choice: hard's choice
    depends only on what its seat may see."""
    game = CheeseGame(seats=seats)
    checked = 0
    for state in decisions(seats, seed=seats)[:60]:
        data = state.to_json()
        twins = []
        for threshold in range(1, min(3, data["strength"]) + 1):
            twin = game.state_from_json({**data, "threshold": threshold})
            assert twin.observation(0) == state.observation(0)
            twins.append(HardBot().choose(twin))
        assert len(set(twins)) == 1, (data, twins)
        checked += len(twins) > 1
    assert checked > 10


def test_hard_is_deterministic_and_legal() -> None:
    states = decisions(4, seed=9)[:40]
    for state in states:
        first = HardBot(1).choose(state)
        assert first == HardBot(2).choose(state)
        assert first in state.legal_actions()
