"""engine/chance.py's compiled build (mypyc, where `make venv` can; docs/testing.md, "The
compiled build") against its source: the same outcome for every list and every `u`, scanned
or searched, and the same cumulative sums. The pure module is loaded from chance.py under
another name beside the compiled one the engine imports."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

from mousehole.engine import chance
from tests import compiled

needs_compiled = pytest.mark.skipif(
    not chance.COMPILED,
    reason="no compiled build of engine/chance.py here (make venv builds it where a C "
    "compiler and Python.h are; its output says why it did not)",
)


def pure_chance() -> ModuleType:
    """Return engine/chance.py loaded from its source."""
    assert chance.__file__ is not None
    source = Path(chance.__file__).parent / "chance.py"
    spec = importlib.util.spec_from_file_location("mousehole.engine._chance_pure", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pure_module_runs_the_py_file() -> None:
    pure = pure_chance()
    assert pure.__file__.endswith("chance.py") and not pure.COMPILED


@needs_compiled
def test_the_compiled_build_is_imported_and_not_older_than_its_source() -> None:
    compiled.assert_compiled_and_fresh(chance)


@needs_compiled
def test_both_builds_sample_the_same_outcome_from_every_list() -> None:
    """Lists of 1 to 20 outcomes (scanned up to `_SCAN_LIMIT`, searched in cached sums past
    it), an integer probability among them, each at random `u`s and at its own sums, where a
    search and a scan could part ways."""
    pure = pure_chance()
    rng = random.Random(11)
    for size in range(1, 21):
        for _ in range(100):
            weights = [rng.random() + 0.01 for _ in range(size)]
            total = sum(weights)
            outcomes = tuple((f"outcome{i}", w / total) for i, w in enumerate(weights))
            sums = pure.cumulative_probabilities(outcomes)
            assert chance.cumulative_probabilities(outcomes) == sums
            probes = [rng.random() for _ in range(10)] + sums[:-1] + [0.0, 0.9999999999]
            for u in probes:
                assert chance.sample_outcome(outcomes, u) == pure.sample_outcome(outcomes, u)
    certain = (("only", 1),)
    assert chance.sample_outcome(certain, 0.5) == pure.sample_outcome(certain, 0.5) == "only"
