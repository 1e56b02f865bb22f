"""The server's folders are layers (src/mousehole/server/__init__.py): http above cluster above
rooms above store, and text.py beneath them all. A module may import its own layer and the
ones below, never one above: the storage knows nothing of rooms, a room nothing of HTTP."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mousehole.server

SERVER = Path(mousehole.server.__file__).resolve().parent
LAYERS = ["text", "store", "rooms", "cluster", "http"]
"""From the bottom up: each may import the ones before it."""


def layer_of(module: str) -> str | None:
    """Return the layer of a dotted module under mousehole.server (None: outside it)."""
    parts = module.split(".")
    if parts[:2] != ["mousehole", "server"] or len(parts) < 3:
        return None
    return parts[2] if parts[2] in LAYERS else None


def imported(path: Path) -> list[tuple[int, str]]:
    """Return the modules `path` imports (function-local and TYPE_CHECKING ones included), as
    absolute dotted names with their line numbers."""
    package = ["mousehole", *path.relative_to(SERVER.parent).with_suffix("").parts][:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, module))
            if not node.module:  # `from . import x`: x may be a module
                found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return found


MODULES = sorted(SERVER.rglob("*.py"))


def test_every_server_module_lies_in_a_layer() -> None:
    for path in MODULES:
        if path.parent == SERVER:
            assert path.stem in {"__init__", "text"}, f"{path.name}: put it in a layer's folder"
        else:
            assert path.relative_to(SERVER).parts[0] in LAYERS, path


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SERVER)))
def test_a_module_imports_only_its_layer_and_those_below(path: Path) -> None:
    if path == SERVER / "__init__.py":
        return  # the package's front door re-exports the app
    own = path.stem if path.parent == SERVER else path.relative_to(SERVER).parts[0]
    above = set(LAYERS[LAYERS.index(own) + 1 :])
    wrong = [f"line {n}: {m}" for n, m in imported(path) if layer_of(m) in above]
    assert not wrong, f"{path.relative_to(SERVER)} ({own}) imports a layer above it: {wrong}"


def test_the_scan_resolves_relative_and_function_local_imports() -> None:
    hub = {module for _, module in imported(SERVER / "rooms" / "hub.py")}
    assert {"mousehole.server.store", "mousehole.engine", "mousehole.server.rooms.wire"} <= hub
    app = {module for _, module in imported(SERVER / "http" / "app.py")}
    assert "mousehole.server.cluster" in app, "the cluster is imported inside a function"
    assert layer_of("mousehole.server.cluster") == "cluster"
    assert layer_of("mousehole.engine") is None
