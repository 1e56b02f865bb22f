"""A game's package loaded from its .py files beside the compiled build Python imports.

`make venv` compiles some rules modules with mypyc where it can, and Python then imports the
extension modules instead of the .py files. `pure_package(package)` loads the same package a
second time, under the name `mousehole.games._<game>_pure`, with every module read from its
.py source (a finder that serves that name's modules from their source, never from an
extension module), so one process can play the same game on both builds in lock step
(tests/games/*/test_compiled.py; docs/testing.md, "The compiled build").
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType


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
