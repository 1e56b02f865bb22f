"""The compiled build of Mouse Trap's rules (state.py and cheese.py, compiled by mypyc where
`make venv` can; docs/testing.md, "The compiled build") against the pure one: seeded random
games played in lock step on both, comparing at every step the acting seat, every legal list,
chance outcome, sampled step, event, position, observation and the refusal of an illegal
action.

tests/compiled.py loads the pure modules side by side under another package name,
`mousehole.games._mousetrap_pure`, from the same .py files, so one process plays the same
game on both. The tests skip, saying why, only when this checkout has no compiled build.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mousehole
from mousehole.engine import State
from mousehole.engine.formats import FormattedState
from mousehole.games import mousetrap
from mousehole.games.mousetrap import cheese
from mousehole.games.mousetrap import state as compiled_state
from tests import compiled
from tests.samples import sample

FOLDER = Path(mousetrap.__file__).parent
GAMES = sample(5, 400)
"""Games in lock step per seat count: five under `make test` (about a second for the fifteen),
400 under `make soak` (1,200 games, about a minute and a half)."""

WRONG = [
    "roll", "end", "crank", "die:1", "die:6", "spend:0", "spend:1", "spend:3", "crank:ok",
    "crank:fail", "start:0", "start:3", "split:1=1,2=1", "split:0=2",
]  # fmt: skip
"""Actions tried where they are not legal: both builds must refuse them with the same error."""

needs_compiled = compiled.needs_compiled(compiled_state)


def pure_package() -> ModuleType:
    """Return Mouse Trap's package with every module loaded from its .py file."""
    return compiled.pure_package(mousetrap)


def lock_step(seats: int, seed: int) -> int:
    """Play the random game of `random.Random(seed)` on the compiled and the pure build at
    once (tests/compiled.py, `lock_step`); return its steps."""
    fast = mousehole.load_game("mousetrap", seats=seats).new_initial_state()
    slow = pure_package().MouseTrapGame(seats=seats).new_initial_state()
    return compiled.lock_step(fast, slow, seed, WRONG)


def test_the_pure_package_runs_the_py_files() -> None:
    pure = pure_package()
    assert pure.state.__file__ == str(FOLDER / "state.py")
    assert pure.cheese.__file__ == str(FOLDER / "cheese.py")
    assert not pure.state.COMPILED
    assert pure.MouseTrapState is not mousetrap.MouseTrapState


@pytest.mark.parametrize("build", ["installed", "pure"])
def test_the_state_is_a_formatted_state_of_its_game(build: str) -> None:
    """Either build's state is the engine's FormattedState and answers as one (the compiled
    class derives from it too: that class declares no slots)."""
    package = mousetrap if build == "installed" else pure_package()
    game = package.MouseTrapGame(seats=3, start_seat=1)
    state = game.new_initial_state()

    assert isinstance(state, FormattedState) and isinstance(state, State)
    assert state.game is game
    assert state == game.state_from_json(state.to_json())
    assert hash(state) == hash(game.state_from_json(state.to_json()))
    assert state != state.apply(state.legal_actions()[0])
    assert repr(state) == f"<MouseTrapState {state.to_json()!r}>"


@needs_compiled
@pytest.mark.parametrize("module", [compiled_state, cheese], ids=lambda module: module.__name__)
def test_the_compiled_build_is_imported_and_not_older_than_its_source(module: Any) -> None:
    compiled.assert_compiled_and_fresh(module)


@needs_compiled
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_many_games_play_the_same_on_the_compiled_and_the_pure_build(seats: int) -> None:
    steps = [lock_step(seats, seed) for seed in range(GAMES)]
    assert min(steps) > 50, steps
