"""Imports inside every game package go one way (issue 14, item 4).

A game's states (`state.py`: the state types, their constants and the rules that change them)
sit at the bottom; its formats (`view.py`: the JSON codec, events and text) import them, never
the reverse; the Game class (`rules.py`, the factory the platform loads) imports both and is
what a state asks for its formats. No module imports inside a function or below its code,
where a cycle could hide again. Read with `ast`, for every package under mousehole.games.
"""

from __future__ import annotations

import ast
import inspect
import pkgutil
from pathlib import Path

import pytest

import mousehole.games
from mousehole.games import MANIFESTS

ROOT = Path(mousehole.games.__path__[0])
PACKAGES = sorted(info.name for info in pkgutil.iter_modules([str(ROOT)]) if info.ispkg)


def modules(package: str) -> dict[str, ast.Module]:
    """Return the parsed modules of a game package by name."""
    return {
        path.stem: ast.parse(path.read_text(encoding="utf-8"), str(path))
        for path in sorted((ROOT / package).glob("*.py"))
    }


def type_only(node: ast.stmt) -> list[ast.stmt] | None:
    """Return the body of an `if TYPE_CHECKING:` block (None for any other statement)."""
    if isinstance(node, ast.If) and ast.unparse(node.test) in (
        "TYPE_CHECKING",
        "typing.TYPE_CHECKING",
    ):
        return node.body
    return None


def siblings(tree: ast.Module, package: str, *, types: bool) -> set[str]:
    """Return the modules of `package` that `tree` imports at run time (and, with `types`,
    under `if TYPE_CHECKING:` too), wherever the import statement stands."""
    absolute = f"mousehole.games.{package}"
    hidden = {
        id(inner)
        for node in tree.body
        for stmt in type_only(node) or ()
        for inner in ast.walk(stmt)
    }
    found = set()
    for node in ast.walk(tree):
        if not types and id(node) in hidden:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module is None:
                found |= {alias.name for alias in node.names}
            elif node.level == 1 and node.module is not None:
                found.add(node.module.split(".")[0])
            elif node.level == 0 and (node.module or "").startswith(absolute + "."):
                found.add((node.module or "")[len(absolute) + 1 :].split(".")[0])
            elif node.level == 0 and node.module == absolute:
                found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(absolute + "."):
                    found.add(alias.name[len(absolute) + 1 :].split(".")[0])
    return found & set(modules(package))


def test_there_are_game_packages_to_check() -> None:
    registered = {Path(inspect.getfile(m.game)).resolve().parent.name for m in MANIFESTS}
    assert len(registered) >= 2 and registered <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_has_its_states_its_formats_and_its_game_module(package: str) -> None:
    assert {"state", "view", "rules"} <= set(modules(package)), (
        f"{package}: state.py (states), view.py (JSON, events, text), rules.py (the Game)"
    )


@pytest.mark.parametrize("package", PACKAGES)
def test_no_game_module_imports_inside_a_function_or_below_its_code(package: str) -> None:
    for name, tree in modules(package).items():
        top = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
        top += [stmt for node in tree.body for stmt in type_only(node) or ()]
        placed = {id(node) for node in top}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                assert id(node) in placed, f"{package}/{name}.py:{node.lineno}: import not at top"
        code = [
            i
            for i, node in enumerate(tree.body)
            if not isinstance(node, ast.Import | ast.ImportFrom)
            and type_only(node) is None
            and not (i == 0 and isinstance(node, ast.Expr))  # the docstring
        ]
        first = code[0] if code else len(tree.body)
        for node in tree.body[first:]:
            assert not isinstance(node, ast.Import | ast.ImportFrom) and type_only(node) is None, (
                f"{package}/{name}.py:{node.lineno}: import below the module's code"
            )


@pytest.mark.parametrize("package", PACKAGES)
def test_a_games_states_never_import_its_formats_or_its_game(package: str) -> None:
    """The rules that change a state need no codec: state.py imports neither view.py (not
    even for types) nor rules.py at run time (a state reaches both through its game)."""
    tree = modules(package)["state"]
    assert "view" not in siblings(tree, package, types=True)
    assert "rules" not in siblings(tree, package, types=False)


@pytest.mark.parametrize("package", PACKAGES)
def test_only_the_game_module_imports_a_games_formats(package: str) -> None:
    importers = {
        name
        for name, tree in modules(package).items()
        if "view" in siblings(tree, package, types=True)
    }
    assert importers <= {"rules"}, f"{package}: {sorted(importers)} import view.py"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_games_formats_import_its_states_and_never_its_game(package: str) -> None:
    imported = siblings(modules(package)["view"], package, types=False)
    assert "state" in imported and "rules" not in imported


@pytest.mark.parametrize("package", PACKAGES)
def test_the_modules_of_a_game_import_each_other_without_a_cycle(package: str) -> None:
    graph = {
        name: siblings(tree, package, types=False) - {name}
        for name, tree in modules(package).items()
    }
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"{package}: import cycle {' -> '.join((*path, name))}"
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, (*path, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())
