"""Imports inside every game package go one way (issue 26, item 3; issue 14, item 4).

A game package has the same named parts (src/mousehole/games/README.md): `game.py` the Game
class the platform loads, `state.py` the position and the rules that change it, `observer.py`
what a seat sees, `codec.py` positions and events as JSON, `words.py` the same in words,
`bots.py`, `actions.py`. The Game imports the others; the observer, codec and words import the
states; the states import neither them nor the Game, not even for types (a state reaches its
formats through its game, typed as engine/formats.py's FormattedGame). No module imports
inside a function or below its code, where a cycle could hide again. Read with `ast`, for
every package under mousehole.games, `if TYPE_CHECKING:` imports included.
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

PARTS = ("game", "state", "observer", "codec", "words", "bots", "actions")
FORMATS = ("observer", "codec", "words")


def modules(package: str) -> dict[str, ast.Module]:
    """Return the parsed modules of a game package by name."""
    return {
        path.stem: ast.parse(path.read_text(encoding="utf-8"), str(path))
        for path in sorted((ROOT / package).glob("*.py"))
    }


def names(package: str) -> set[str]:
    """Return the names of a game package's modules (the keys of `modules`, unparsed)."""
    return {path.stem for path in (ROOT / package).glob("*.py")}


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
    return found & names(package)


def test_there_are_game_packages_to_check() -> None:
    registered = {Path(inspect.getfile(m.game)).resolve().parent.name for m in MANIFESTS}
    assert len(registered) >= 2 and registered <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_has_the_named_parts(package: str) -> None:
    missing = set(PARTS) - set(modules(package))
    assert not missing, f"{package}: no {', '.join(sorted(f'{m}.py' for m in missing))}"
    assert not {"rules", "view"} & set(modules(package)), f"{package}: rules.py or view.py left"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_games_states_import_neither_its_formats_nor_its_game(package: str) -> None:
    """The rules that change a state need no codec: state.py reaches its codec, observer and
    words through its game, and imports none of them nor game.py, not even for types."""
    imported = siblings(modules(package)["state"], package, types=True)
    assert not imported & {"game", *FORMATS}, f"{package}/state.py imports {sorted(imported)}"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_games_formats_import_its_states_and_never_its_game(package: str) -> None:
    for name in FORMATS:
        imported = siblings(modules(package)[name], package, types=True)
        if name != "words":  # words read actions and events, which need no state
            assert "state" in imported, f"{package}/{name}.py does not read the states"
        assert "game" not in imported, f"{package}/{name}.py imports game.py"


@pytest.mark.parametrize("package", PACKAGES)
def test_only_the_game_module_names_the_observer_and_the_words(package: str) -> None:
    """The codec may use the observer (the full position is the observation and more); the
    Game names all three; nothing else in the package imports them."""
    for part, allowed in (("observer", {"game", "codec"}), ("words", {"game"})):
        importers = {
            name
            for name, tree in modules(package).items()
            if part in siblings(tree, package, types=True)
        }
        assert importers <= allowed, f"{package}: {sorted(importers)} import {part}.py"


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """Return one import cycle of `graph` as the modules around it, first one repeated at the
    end, or None when there is none."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        for other in sorted(graph[name]):
            cycle = visit(other, [*path, name])
            if cycle is not None:
                return cycle
        done.add(name)
        return None

    for name in sorted(graph):
        cycle = visit(name, [])
        if cycle is not None:
            return cycle
    return None


def tangles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Return the groups of modules that import each other round a cycle (the strongly
    connected components of `graph` with more than one module)."""
    reach = {name: _reachable(graph, name) for name in graph}
    groups: list[set[str]] = []
    for name in sorted(graph):
        group = {name} | {other for other in reach[name] if name in reach[other]}
        if len(group) > 1 and group not in groups:
            groups.append(group)
    return groups


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for other in graph[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle_in_a_game_counting_type_checking_imports(package: str) -> None:
    graph = {
        name: siblings(tree, package, types=True) - {name}
        for name, tree in modules(package).items()
    }
    for group in tangles(graph):
        cycle = find_cycle({name: graph[name] & group for name in group})
        assert cycle is None, f"{package}: import cycle {' -> '.join(cycle)}"


def test_the_cycle_finder_names_every_module_around_a_cycle() -> None:
    graph = {"game": {"state"}, "state": {"codec"}, "codec": {"state"}, "words": set()}
    assert find_cycle(graph) == ["codec", "state", "codec"]  # from the first name in order
    assert find_cycle({"game": {"state"}, "state": set()}) is None
    assert tangles(graph) == [{"state", "codec"}]


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
