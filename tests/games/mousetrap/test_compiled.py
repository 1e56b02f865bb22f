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

import random
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mousehole
from mousehole.engine import CHANCE, TERMINAL, IllegalActionError, State
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

needs_compiled = pytest.mark.skipif(
    not compiled_state.COMPILED,
    reason="no compiled build of mousetrap/state.py here (make venv builds it where a C "
    "compiler and Python.h are; its output says why it did not)",
)


def pure_package() -> ModuleType:
    """Return Mouse Trap's package with every module loaded from its .py file."""
    return compiled.pure_package(mousetrap)


def _texts(actions: Sequence[Any]) -> list[str]:
    return [action.to_text() for action in actions]


def _seen(state: State, seats: int) -> list[Any]:
    """Return what a record, a simulator and every seat see of `state`: its events (JSON and
    compact), its position as JSON, every seat's and the spectator's observation, and what
    `is_terminal`, `winners` and `legal_json` say."""
    views = [state.observation(viewer) for viewer in [None, *range(seats)]]
    raw = [list(event) for event in state.raw_events]  # type: ignore[attr-defined]
    return [
        list(state.events), raw, state.to_json(), views, state.is_terminal(),
        state.winners(), state.legal_json(),
    ]  # fmt: skip


def _refusal(state: State, text: str) -> str | None:
    """Return the error `state` gives for the action `text`, or None if it is legal there."""
    action = state.game.action_from_text(text)
    try:
        state.apply(action)
    except IllegalActionError as error:
        return f"{error} (seat {error.seat}, action {error.action})"
    return None


def lock_step(seats: int, seed: int) -> int:
    """Play the random game of `random.Random(seed)` on the compiled and the pure build at
    once, asserting at every step that both offer the same choices, sample the same step,
    refuse the same wrong action and show the same; return its steps."""
    fast = mousehole.load_game("mousetrap", seats=seats).new_initial_state()
    slow = pure_package().MouseTrapGame(seats=seats).new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while (actor := fast.current_player()) != TERMINAL:
        assert slow.current_player() == actor, steps
        assert fast.key() == slow.key(), steps
        u = rng.random()
        assert fast.sample_action(u).to_text() == slow.sample_action(u).to_text(), steps
        wrong = rng.choice(WRONG)
        assert _refusal(fast, wrong) == _refusal(slow, wrong), (steps, wrong)
        if actor == CHANCE:
            outcomes, pure_outcomes = fast.chance_outcomes(), slow.chance_outcomes()
            assert [(a.to_text(), p) for a, p in outcomes] == [
                (a.to_text(), p) for a, p in pure_outcomes
            ], steps
            assert fast.legal_actions() == slow.legal_actions() == (), steps
        else:
            outcomes, pure_outcomes = fast.legal_actions(), slow.legal_actions()
            assert _texts(outcomes) == _texts(pure_outcomes), steps
            assert fast.chance_outcomes() == slow.chance_outcomes() == (), steps
        fast, slow = fast.apply(fast.sample_action(u)), slow.apply(slow.sample_action(u))
        assert _seen(fast, seats) == _seen(slow, seats), steps
        steps += 1
    assert slow.current_player() == TERMINAL
    assert fast.winners() == slow.winners()
    return steps


def test_the_pure_package_runs_the_py_files() -> None:
    pure = pure_package()
    assert pure.state.__file__ == str(FOLDER / "state.py")
    assert pure.cheese.__file__ == str(FOLDER / "cheese.py")
    assert not pure.state.COMPILED
    assert pure.MouseTrapState is not mousetrap.MouseTrapState


@pytest.mark.parametrize("build", ["installed", "pure"])
def test_the_state_is_a_formatted_state_of_its_game(build: str) -> None:
    """Either build's state answers as the engine's FormattedState does (it is registered as
    one: a compiled class may not inherit that class's slots)."""
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
