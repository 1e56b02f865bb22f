"""The compiled build of Aus die Maus!'s rules (state.py, compiled by mypyc where `make venv`
can; docs/testing.md, "The compiled build") against the pure one: seeded random games played in
lock step on both (tests/compiled.py, `lock_step`), comparing at every step the acting seat,
the legal list, every chance outcome and its probability, the sampled step, the events, the
position, every observation and the refusal of an illegal action; and the state's copies.

tests/compiled.py loads the pure modules side by side under another package name,
`mousehole.games._ausdiemaus_pure`, from the same .py files, so one process plays the same
game on both. The tests skip, saying why, only when this checkout has no compiled build.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

import mousehole
from mousehole.games import ausdiemaus
from mousehole.games.ausdiemaus import state as compiled_state
from tests import compiled
from tests.samples import sample

FOLDER = Path(ausdiemaus.__file__).parent
GAMES = sample(5, 400)
"""Games in lock step per seat count: five under `make test`, 400 under `make soak`."""

WRONG = [
    "turn", "start:0", "start:1", "start:5", "card:cheese", "card:cat", "card:mouse1",
    "card:mouse2", "card:mouse3",
]  # fmt: skip
"""Actions tried where they may not be legal: both builds must refuse them with the same error."""

needs_compiled = compiled.needs_compiled(compiled_state)


def pure_package() -> ModuleType:
    """Return Aus die Maus!'s package with every module loaded from its .py file."""
    return compiled.pure_package(ausdiemaus)


def test_the_pure_package_runs_the_py_files() -> None:
    pure = pure_package()
    assert pure.state.__file__ == str(FOLDER / "state.py")
    assert not pure.state.COMPILED
    assert pure.AusDieMausState is not ausdiemaus.AusDieMausState


@pytest.mark.parametrize("build", ["installed", "pure"])
def test_the_state_is_a_formatted_state_of_its_game(build: str) -> None:
    package = ausdiemaus if build == "installed" else pure_package()
    game = package.AusDieMausGame(seats=3)
    state = game.new_initial_state()
    state = state.apply(state.chance_outcomes()[1][0])
    assert state.game is game
    compiled.assert_a_formatted_state(state, state.chance_outcomes()[0][0], "AusDieMausState")


@pytest.mark.parametrize("build", ["installed", "pure"])
def test_copies_and_pickles_keep_the_position_and_its_phase(build: str) -> None:
    package = ausdiemaus if build == "installed" else pure_package()
    state = package.AusDieMausGame(seats=4).new_initial_state()
    for u in (0.3, 0.7, 0.1, 0.9, 0.5, 0.2):
        state = state.apply(state.sample_action(u))
    compiled.assert_copies_and_pickles_play_on(state)


@needs_compiled
def test_the_compiled_build_is_imported_and_not_older_than_its_source() -> None:
    compiled.assert_compiled_and_fresh(compiled_state)


@needs_compiled
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_many_games_play_the_same_on_the_compiled_and_the_pure_build(seats: int) -> None:
    steps = [
        compiled.lock_step(
            mousehole.load_game("ausdiemaus", seats=seats).new_initial_state(),
            pure_package().AusDieMausGame(seats=seats).new_initial_state(),
            seed,
            WRONG,
        )
        for seed in range(GAMES)
    ]
    assert min(steps) > 20, steps
