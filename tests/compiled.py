"""A game's package loaded from its .py files beside the compiled build Python imports.

`make venv` compiles some rules modules with mypyc where it can, and Python then imports the
extension modules instead of the .py files. `pure_package(package)` loads the same package a
second time, under the name `mousehole.games._<game>_pure`, with every module read from its
.py source (a finder that serves that name's modules from their source, never from an
extension module), so one process can play the same game on both builds in lock step
(tests/games/*/test_compiled.py; docs/testing.md, "The compiled build"), and `lock_step` plays
one seeded random game on both, comparing everything either build shows at every step.
"""

from __future__ import annotations

import copy
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import pickle
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mousehole.engine import CHANCE, TERMINAL, Action, IllegalActionError, State
from mousehole.engine.formats import FormattedState


class _PureSource(importlib.abc.MetaPathFinder):
    """Finds `name` and its modules as the .py files in `folder`."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name, self.folder = name, folder

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name == self.name:
            return importlib.util.spec_from_file_location(
                name, self.folder / "__init__.py", submodule_search_locations=[str(self.folder)]
            )
        if name.startswith(self.name + "."):
            return importlib.util.spec_from_file_location(
                name, self.folder / f"{name.rpartition('.')[2]}.py"
            )
        return None


def pure_name(package: ModuleType) -> str:
    """Return the name the pure copy of `package` (mousehole.games.<game>) is loaded under."""
    parent, _, game = package.__name__.rpartition(".")
    return f"{parent}._{game}_pure"


def pure_package(package: ModuleType) -> ModuleType:
    """Return the game package `package` with every module loaded from its .py file."""
    name = pure_name(package)
    if name not in sys.modules:
        assert package.__file__ is not None
        sys.meta_path.insert(0, _PureSource(name, Path(package.__file__).parent))
    return importlib.import_module(name)


def assert_compiled_and_fresh(module: ModuleType) -> None:
    """Assert that `module` was imported from its compiled extension module, and that the
    extension is not older than the .py file beside it (an edit since `make venv` would
    leave the tests playing the old rules)."""
    assert module.__file__ is not None
    path = Path(module.__file__)
    source = path.parent / f"{module.__name__.rsplit('.', 1)[1]}.py"
    assert path.suffix == ".so", path
    assert path.stat().st_mtime >= source.stat().st_mtime, (
        f"{source.name} changed after its compiled build: run make venv"
    )


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


def lock_step(fast: State, slow: State, seed: int, wrong: Sequence[str]) -> int:
    """Play the random game of `random.Random(seed)` from `fast` (a state of the compiled
    build) and `slow` (the same position on the pure build) at once, asserting at every step
    that both have the same position, offer the same choices, sample the same step, refuse
    the same action of `wrong` (texts tried where they may not be legal) and show the same;
    return the game's steps."""
    seats = fast.game.seat_count
    rng = random.Random(seed)
    steps = 0
    while (actor := fast.current_player()) != TERMINAL:
        assert slow.current_player() == actor, steps
        assert fast.key() == slow.key(), steps  # type: ignore[attr-defined]
        u = rng.random()
        assert fast.sample_action(u).to_text() == slow.sample_action(u).to_text(), steps
        tried = rng.choice(wrong)
        assert _refusal(fast, tried) == _refusal(slow, tried), (steps, tried)
        if actor == CHANCE:
            outcomes, pure_outcomes = fast.chance_outcomes(), slow.chance_outcomes()
            assert [(a.to_text(), p) for a, p in outcomes] == [
                (a.to_text(), p) for a, p in pure_outcomes
            ], steps
            assert list(fast.legal_actions()) == list(slow.legal_actions()) == [], steps
        else:
            choices, pure_choices = fast.legal_actions(), slow.legal_actions()
            assert _texts(choices) == _texts(pure_choices), steps
            assert list(fast.chance_outcomes()) == list(slow.chance_outcomes()) == [], steps
        fast, slow = fast.apply(fast.sample_action(u)), slow.apply(slow.sample_action(u))
        assert _seen(fast, seats) == _seen(slow, seats), steps
        steps += 1
    assert slow.current_player() == TERMINAL
    assert fast.winners() == slow.winners()
    return steps


def needs_compiled(module: ModuleType) -> pytest.MarkDecorator:
    """Return a mark that skips a test, saying why, where `module` (a compiled module with a
    `COMPILED` flag) runs as its .py file: this checkout has no compiled build."""
    where = "/".join(module.__name__.split(".")[-2:])
    return pytest.mark.skipif(
        not module.COMPILED,
        reason=f"no compiled build of {where}.py here (make venv builds it where a C compiler "
        "and Python.h are; its output says why it did not)",
    )


def assert_a_formatted_state(state: State, after: Action, name: str) -> None:
    """Assert that `state` is the engine's FormattedState of its game and answers as one: it
    reads back from its JSON equal and with the same hash, differs from its child by `after`,
    and shows itself as `<name {position}>`."""
    game = state.game
    assert isinstance(state, FormattedState) and isinstance(state, State)
    assert state == game.state_from_json(state.to_json())  # type: ignore[attr-defined]
    assert hash(state) == hash(game.state_from_json(state.to_json()))  # type: ignore[attr-defined]
    assert state != state.apply(after)
    assert repr(state) == f"<{name} {state.to_json()!r}>"


def assert_copies_and_pickles_play_on(state: State) -> None:
    """Assert that a copy, a deep copy and a pickled copy of `state` play on as `state` does:
    the same position and events, the very phase object (the rules compare phases by
    identity), the game shared by the copies, and the same child after the same step."""
    restored = pickle.loads(pickle.dumps(state))
    for other in (copy.copy(state), copy.deepcopy(state), restored):
        assert type(other) is type(state)
        assert other.key() == state.key()  # type: ignore[attr-defined]
        assert other.raw_events == state.raw_events  # type: ignore[attr-defined]
        assert other.phase is state.phase  # type: ignore[attr-defined]
        assert other.game is state.game or other is restored
        assert other.current_player() == state.current_player()
        step = state.sample_action(0.4)
        assert other.apply(step).key() == state.apply(step).key()  # type: ignore[attr-defined]
