"""tests/sharing.py: the claims by which processes share one run's tests."""

from __future__ import annotations

from pathlib import Path

from tests.sharing import claim, unit_of


def test_a_test_is_claimed_by_exactly_one_process(tmp_path: Path) -> None:
    first = claim(tmp_path, "tests/test_web.py::test_home")
    second = claim(tmp_path, "tests/test_web.py::test_home")
    other = claim(tmp_path, "tests/test_web.py::test_rules")
    assert (first, second, other) == (True, False, True)


def test_a_file_is_the_unit_when_processes_share_by_module() -> None:
    node = "tests/server/test_online.py::test_join[2]"
    assert unit_of(node, "module") == "tests/server/test_online.py"
    assert unit_of(node, "test") == node
