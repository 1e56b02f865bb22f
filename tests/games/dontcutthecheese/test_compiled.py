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

import copy
import pickle
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mousehole
from mousehole.engine import State
from mousehole.engine.formats import FormattedState
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

needs_compiled = pytest.mark.skipif(
    not compiled_state.COMPILED,
    reason="no compiled build of dontcutthecheese/state.py here (make venv builds it where a C "
    "compiler and Python.h are; its output says why it did not)",
)


def pure_package() -> ModuleType:
    """Return Don't Cut the Cheese's package with every module loaded from its .py file."""
    return compiled.pure_package(dontcutthecheese)


def test_the_pure_package_runs_the_py_files() -> None:
    pure = pure_package()
    assert pure.state.__file__ == str(FOLDER / "state.py")
    for name in ("paper", "phases", "bag"):
        assert getattr(pure, name).__file__ == str(FOLDER / f"{name}.py")
    assert not pure.state.COMPILED
    assert pure.CheeseState is not dontcutthecheese.CheeseState


@pytest.mark.parametrize("build", ["installed", "pure"])
def test_the_state_is_a_formatted_state_of_its_game(build: str) -> None:
    package = dontcutthecheese if build == "installed" else pure_package()
    game = package.CheeseGame(seats=3)
    state = game.new_initial_state()
    state = state.apply(state.chance_outcomes()[1][0])

    assert isinstance(state, FormattedState) and isinstance(state, State)
    assert state.game is game
    assert state == game.state_from_json(state.to_json())
    assert hash(state) == hash(game.state_from_json(state.to_json()))
    assert state != state.apply(state.chance_outcomes()[0][0])
    assert repr(state) == f"<CheeseState {state.to_json()!r}>"


@pytest.mark.parametrize("build", ["installed", "pure"])
def test_copies_and_pickles_keep_the_position_and_its_phase(build: str) -> None:
    """A copy, a deep copy and a pickled state play on as the original: the same position,
    the same events, and a phase the rules still recognise (they test phases by identity)."""
    package = dontcutthecheese if build == "installed" else pure_package()
    state = package.CheeseGame(seats=4).new_initial_state()
    for u in (0.3, 0.7, 0.1, 0.9, 0.5, 0.2):
        state = state.apply(state.sample_action(u))
    restored = pickle.loads(pickle.dumps(state))
    for other in (copy.copy(state), copy.deepcopy(state), restored):
        assert type(other) is type(state)
        assert other.key() == state.key() and other.raw_events == state.raw_events
        assert other.phase is state.phase
        assert other.game is state.game or other is restored
        assert other.current_player() == state.current_player()
        step = state.sample_action(0.4)
        assert other.apply(step).key() == state.apply(step).key()


@needs_compiled
def test_the_compiled_build_is_imported_and_not_older_than_its_source() -> None:
    for module in (compiled_state, paper, phases, bag):
        compiled.assert_compiled_and_fresh(module)


@needs_compiled
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_many_games_play_the_same_on_the_compiled_and_the_pure_build(seats: int) -> None:
    steps: list[Any] = []
    for seed in range(GAMES):
        fast = mousehole.load_game("dontcutthecheese", seats=seats).new_initial_state()
        slow = pure_package().CheeseGame(seats=seats).new_initial_state()
        steps.append(compiled.lock_step(fast, slow, seed, WRONG))
    assert min(steps) > 20, steps
