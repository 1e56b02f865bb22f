"""Tests mirror modules (architecture habit 17): the tests of `src/mousehole/<path>/<module>.py`
are in `tests/<path>/test_<module>.py`, so a module's tests are found by its name, the way
Starlette keeps tests/test_routing.py for starlette/routing.py.

A package's `__init__.py` (it re-exports, or holds a registry tested through its modules) and
`cli/__main__.py` (`python -m mousehole.cli`, which only calls cli's main, tested in
tests/cli) need no file of their own. Files that test a scenario across modules (a cluster
under faults, a browser playing a match) live beside these, named after what they play out.
"""

from __future__ import annotations

from pathlib import Path

import mousehole

SRC = Path(mousehole.__file__).resolve().parent
TESTS = Path(__file__).resolve().parent

NO_FILE_OF_THEIR_OWN = {"__init__.py", "__main__.py"}


def mirrored_path(module: Path) -> Path:
    """Return where the tests of `module` (a file under src/mousehole) belong."""
    relative = module.relative_to(SRC)
    return TESTS / relative.parent / f"test_{relative.stem}.py"


def test_the_mirrored_path_of_a_module_is_its_package_path_under_tests() -> None:
    assert mirrored_path(SRC / "server" / "rooms" / "room.py") == (
        TESTS / "server" / "rooms" / "test_room.py"
    )
    assert mirrored_path(SRC / "simulation.py") == TESTS / "test_simulation.py"


def test_every_module_has_a_test_file_at_its_mirrored_path() -> None:
    modules = sorted(path for path in SRC.rglob("*.py") if path.name not in NO_FILE_OF_THEIR_OWN)
    assert len(modules) > 100  # the scan found the package
    repo = TESTS.parent
    missing = [
        f"{module.relative_to(repo)} -> {mirrored_path(module).relative_to(repo)}"
        for module in modules
        if not mirrored_path(module).is_file()
    ]
    assert not missing, "modules without tests at the mirrored path:\n" + "\n".join(missing)
