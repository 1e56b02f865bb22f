"""The compiled build of Don't Cut the Cheese's rules (state.py, paper.py, phases.py and
bag.py, compiled by mypyc where `make venv` can; docs/testing.md, "The compiled build") against
the pure one: seeded random games played in lock step on both (tests/compiled.py, `lock_step`),
comparing at every step the acting seat, the legal list, every chance outcome and its
probability, the sampled step, the events, the position, every observation and the refusal of
an illegal action; and the state's copies.

tests/compiled.py loads the pure modules side by side under another package name,
`mousehole.games._dontcutthecheese_pure`, from the same .py files, so one process plays the same
game on both. The tests skip, saying why, only when this checkout has no compiled build.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

import mousehole
from mousehole.games import dontcutthecheese
from mousehole.games.dontcutthecheese import bag, paper, phases
from mousehole.games.dontcutthecheese import state as compiled_state
from tests import compiled
from tests.samples import sample

FOLDER = Path(dontcutthecheese.__file__).parent
GAMES = sample(5, 400)
"""Games in lock step per seat count: five under `make test`, 400 under `make soak`."""

WRONG = [
    "spin", "start:0", "start:5", "face:bite1", "face:skip", "face:bite_spin", "threshold:1",
    "threshold:3", "draw:orange", "draw:yellow", "bite:0,1", "bite:0,5", "bite:1,5", "bite:2,4",
    "bite:3,9", "bite:4,4", "bite:0,0", "bite:1,10",
]  # fmt: skip
"""Actions tried where they may not be legal: both builds must refuse them with the same error."""

needs_compiled = compiled.needs_compiled(compiled_state)


def pure_package() -> ModuleType:
    """Return Don't Cut the Cheese's package with every module loaded from its .py file."""
    return compiled.pure_package(dontcutthecheese)


def test_the_pure_package_runs_the_py_files() -> None:
    pure = pure_package()
    for name in ("state", "paper", "phases", "bag"):
        assert getattr(pure, name).__file__ == str(FOLDER / f"{name}.py")
    assert not pure.state.COMPILED
    assert pure.CheeseState is not dontcutthecheese.CheeseState


@pytest.mark.parametrize("build", ["installed", "pure"])
def test_the_state_and_its_copies_answer_as_the_installed_one(build: str) -> None:
    """Either build's state is a FormattedState of its game, and its copies, deep copies and
    pickles play on as it does (tests/compiled.py)."""
    package = dontcutthecheese if build == "installed" else pure_package()
    game = package.CheeseGame(seats=4)
    state = game.new_initial_state()
    for u in (0.3, 0.7, 0.1, 0.9, 0.5, 0.2):
        state = state.apply(state.sample_action(u))
    assert state.game is game
    compiled.assert_a_formatted_state(state, state.sample_action(0.5), "CheeseState")
    compiled.assert_copies_and_pickles_play_on(state)


@needs_compiled
@pytest.mark.parametrize("module", [compiled_state, paper, phases, bag], ids=lambda m: m.__name__)
def test_the_compiled_build_is_imported_and_not_older_than_its_source(module: ModuleType) -> None:
    compiled.assert_compiled_and_fresh(module)


@needs_compiled
def test_many_games_play_the_same_on_the_compiled_and_the_pure_build() -> None:
    for seats in range(2, 7):
        for seed in range(GAMES):
            fast = mousehole.load_game("dontcutthecheese", seats=seats).new_initial_state()
            slow = pure_package().CheeseGame(seats=seats).new_initial_state()
            assert compiled.lock_step(fast, slow, seed, WRONG) > 20, (seats, seed)
