"""The compiled build of Mouse Chaos against the pure one (docs/testing.md, "The compiled
build"): seeded random games played in lock step on both, comparing every legal list, chance
outcome, event, position and observation.

`make venv` compiles ends.py and moves.py (the rules' move search), and belief.py, bots.py,
codec.py, nests.py and worth.py (the computer players' hot paths: the expert's rollouts are
hard's decisions), with mypyc where it can, and Python then imports the extension modules
instead of the .py files. tests/compiled.py loads the pure modules side by
side under another package name, `mousehole.games._mousechaos_pure`, from the same .py files,
so one process plays the same game on both. The tests skip, saying why, only when this
checkout has no compiled build.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mousehole
from mousehole.engine import CHANCE, TERMINAL, State, sample_outcome
from mousehole.games import mousechaos
from mousehole.games.mousechaos import belief, bots, codec, ends, moves, nests, worth
from tests import compiled
from tests.samples import sample

FOLDER = Path(mousechaos.__file__).parent
GAMES = sample(1, 400)
"""Games in lock step per seat count: one under `make test` (about 2 s of CPU for the three),
400 under `make soak` (1,200 games, about 7 minutes of CPU: a third of a second a game)."""

needs_compiled = pytest.mark.skipif(
    mousechaos.BUILD != "compiled",
    reason="no compiled build of mousechaos/moves.py here (make venv builds it where a C "
    "compiler and Python.h are; its output says why it did not)",
)


def pure_package() -> ModuleType:
    """Return Mouse Chaos's package with every module loaded from its .py file."""
    return compiled.pure_package(mousechaos)


def _actions(actions: Sequence[Any]) -> list[tuple[str, int, int, int]]:
    return [(a.kind, a.a, a.b, a.c) for a in actions]


def _seen(state: State, seats: int) -> list[Any]:
    """Return what a record and every seat see of `state`: its events, its position as JSON
    and every seat's and the spectator's observation."""
    views = [state.observation(viewer) for viewer in [None, *range(seats)]]
    return [list(state.events), state.to_json(), views]


def lock_step(seats: int, seed: int) -> int:
    """Play the random game of `random.Random(seed)` on the compiled and the pure build at
    once, asserting at every step that both offer the same choices and show the same; return
    its steps."""
    fast = mousehole.load_game("mousechaos", seats=seats).new_initial_state()
    slow = pure_package().MouseChaosGame(seats=seats).new_initial_state()
    rnd = random.Random(seed).random
    steps = 0
    while (actor := fast.current_player()) != TERMINAL:
        assert slow.current_player() == actor, steps
        if actor == CHANCE:
            outcomes = fast.chance_outcomes()
            pure_outcomes = slow.chance_outcomes()
            assert [(a.to_text(), p) for a, p in outcomes] == [
                (a.to_text(), p) for a, p in pure_outcomes
            ], steps
            index = [a for a, _ in outcomes].index(sample_outcome(outcomes, rnd()))
            fast, slow = fast.apply(outcomes[index][0]), slow.apply(pure_outcomes[index][0])
        else:
            actions, pure_actions = fast.legal_actions(), slow.legal_actions()
            assert _actions(actions) == _actions(pure_actions), steps
            index = int(rnd() * len(actions))
            fast, slow = fast.apply(actions[index]), slow.apply(pure_actions[index])
        assert _seen(fast, seats) == _seen(slow, seats), steps
        steps += 1
    assert slow.current_player() == TERMINAL
    assert fast.winners() == slow.winners()
    return steps


def test_the_pure_package_runs_the_py_files() -> None:
    pure = pure_package()
    assert pure.BUILD == "pure"
    assert pure.moves.__file__ == str(FOLDER / "moves.py")
    assert pure.MouseChaosState is not mousechaos.MouseChaosState


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_search_in_words_finds_what_the_search_in_ints_finds(seats: int) -> None:
    """`_reach_words` (what the compiled build searches with) against `_reach` (what the
    pure build searches with), both run from moves.py, for every piece of every kind and
    every n from 1 to 6 in the first 300 positions of a random game."""
    pure = pure_package().moves
    state = pure_package().MouseChaosGame(seats=seats).new_initial_state()
    rnd = random.Random(seats).random
    searched = 0
    for _ in range(300):
        where = (state.mice, state.holders, state.cats, state.chairs)
        for kind in (pure.HOLDER, pure.MOUSE, pure.CAT):
            search = pure._setup(kind, *where)[0]
            words = pure._setup_words(kind, *where)[0]
            for start in (state.holders, state.mice, state.cats)[kind]:
                for n in range(1, 7):
                    found = pure._reach(start, search, n)
                    assert pure._reach_words(start, kind, words, n) == found, (kind, start, n)
                    searched += found != 0
        state = state.apply(state.sample_action(rnd()))
    assert searched > 10_000


@needs_compiled
@pytest.mark.parametrize(
    "module", [moves, ends, belief, bots, codec, nests, worth], ids=lambda module: module.__name__
)
def test_the_compiled_build_is_imported_and_not_older_than_its_source(module: Any) -> None:
    compiled.assert_compiled_and_fresh(module)


@needs_compiled
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_many_games_play_the_same_on_the_compiled_and_the_pure_build(seats: int) -> None:
    steps = [lock_step(seats, seed) for seed in range(GAMES)]
    assert min(steps) > 100, steps


def players_lock_step(level: str, seats: int, seed: int) -> int:
    """Play one game of `level` players on the compiled and the pure build at once (the same
    chance, each build's players seeded alike), asserting at every decision that both choose
    the same action; return the decisions compared."""
    fast = mousehole.load_game("mousechaos", seats=seats).new_initial_state()
    pure = pure_package()
    slow = pure.MouseChaosGame(seats=seats).new_initial_state()
    fast_players = [bots.BOTS[level](seed * 10 + s) for s in range(seats)]
    pure_bots = importlib.import_module(pure.__name__ + ".bots")
    assert pure_bots.__file__ == str(FOLDER / "bots.py")
    slow_players = [pure_bots.BOTS[level](seed * 10 + s) for s in range(seats)]
    rnd = random.Random(seed).random
    decisions = 0
    while (actor := fast.current_player()) != TERMINAL:
        if actor == CHANCE:
            outcomes = fast.chance_outcomes()
            index = [a for a, _ in outcomes].index(sample_outcome(outcomes, rnd()))
            fast = fast.apply(outcomes[index][0])
            slow = slow.apply(slow.chance_outcomes()[index][0])
            continue
        choice = fast_players[actor].choose(fast)
        pure_choice = slow_players[actor].choose(slow)
        assert choice.to_text() == pure_choice.to_text(), (level, seats, seed, decisions)
        fast, slow = fast.apply(choice), slow.apply(pure_choice)
        decisions += 1
    assert fast.winners() == slow.winners()
    return decisions


@needs_compiled
@pytest.mark.parametrize(("level", "seats"), [("normal", 3), ("hard", 2), ("hard", 4)])
def test_the_computer_players_choose_the_same_on_the_compiled_and_the_pure_build(
    level: str, seats: int
) -> None:
    """Hard and normal read their observation (codec), deal the unseen colours (belief) and
    weigh moves (worth, nests) in the compiled modules: a whole game of them, decision by
    decision, on both builds."""
    assert players_lock_step(level, seats, seed=seats) > 50
