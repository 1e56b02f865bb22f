"""The lock (requirements.lock, made by `make lock`) is what the venv holds, byte for byte.

`make` installs the venv from the lock alone, hash-checked (docs/testing.md, The lock). These
tests hold that promise: the running interpreter's distributions are exactly the lock's pins for
this machine (what `pip freeze --all` would list, the project itself aside), every pin carries
hashes, the lock still satisfies every requirement pyproject.toml states (a dependency added
without `make lock` fails here, by name), and the operators' subset has the very same pins.
`make test-latest` runs the suite without the lock (MOUSEHOLE_UNLOCKED=1): there only the
pin comparison is skipped.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"
SERVER_LOCK = ROOT / "requirements-server.lock"
PROJECT = "mousehole"


@dataclass
class Pin:
    name: str
    version: str
    marker: Marker | None
    hashes: list[str] = field(default_factory=list)

    def applies(self, extra: str = "") -> bool:
        return self.marker is None or self.marker.evaluate({"extra": extra})


def read_lock(path: Path) -> list[Pin]:
    """Return the pins of a uv / pip-tools requirements file with hashes, in file order."""
    pins: list[Pin] = []
    for raw in path.read_text().splitlines():
        line = raw.strip().rstrip("\\").strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("--hash="):
            assert pins, f"{path.name}: a hash before any pin: {raw!r}"
            pins[-1].hashes.append(line.removeprefix("--hash="))
            continue
        found = re.fullmatch(r"([A-Za-z0-9._-]+)==([^\s;]+)\s*(?:;\s*(.+))?", line)
        assert found is not None, f"{path.name}: not an exact pin: {raw!r}"
        name, version, marker = found.groups()
        pins.append(Pin(canonicalize_name(name), version, Marker(marker) if marker else None))
    return pins


def installed() -> dict[str, str]:
    """Return this interpreter's distributions by canonical name, the project excepted."""
    found = {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    found.pop(PROJECT, None)
    return found


def stated_requirements() -> list[Requirement]:
    """Return every requirement pyproject.toml states: runtime, each extra, the build backend."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    texts = list(project["project"]["dependencies"])
    for extra in project["project"]["optional-dependencies"].values():
        texts += [text for text in extra if not text.startswith(PROJECT)]
    texts += project["build-system"]["requires"]
    return [Requirement(text) for text in texts]


def test_every_pin_is_exact_and_carries_its_hashes() -> None:
    pins = read_lock(LOCK)
    assert len(pins) > 20, "the lock holds the whole tree, transitive dependencies included"
    for pin in pins:
        assert pin.hashes, f"{pin.name}=={pin.version} has no --hash"
        assert all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in pin.hashes), pin.name


def test_the_lock_satisfies_what_pyproject_asks_for() -> None:
    pins = {pin.name: pin for pin in read_lock(LOCK) if pin.applies()}
    for requirement in stated_requirements():
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement} is in pyproject.toml but not in the lock: make lock"
        assert requirement.specifier.contains(pins[name].version, prereleases=True), (
            f"the lock pins {name}=={pins[name].version}, outside pyproject.toml's "
            f"{requirement}: make lock"
        )


def test_the_operators_lock_is_a_subset_with_the_same_pins() -> None:
    everything = {(pin.name, pin.version): pin for pin in read_lock(LOCK)}
    server = read_lock(SERVER_LOCK)
    assert {"starlette", "uvicorn", "psycopg", "redis"} <= {pin.name for pin in server}
    assert "pytest" not in {pin.name for pin in server}, "the server lock has no test tools"
    for pin in server:
        twin = everything.get((pin.name, pin.version))
        assert twin is not None, f"{pin.name}=={pin.version} differs from requirements.lock"
        assert set(pin.hashes) <= set(twin.hashes), f"{pin.name}: hashes differ"


@pytest.mark.skipif(
    os.environ.get("MOUSEHOLE_UNLOCKED") == "1",
    reason="make test-latest: this venv holds the newest releases, not the lock",
)
def test_the_venv_holds_exactly_the_lock() -> None:
    locked = {pin.name: pin.version for pin in read_lock(LOCK) if pin.applies()}
    have = installed()
    missing = {name: v for name, v in locked.items() if have.get(name) != v}
    extra = {name: v for name, v in have.items() if name not in locked}
    assert not missing, f"pinned but not installed as pinned (have {have}): {missing}"
    assert not extra, f"installed but not in the lock: {extra}"


def test_a_pin_line_that_is_not_exact_is_refused(tmp_path: Path) -> None:
    loose = tmp_path / "loose.lock"
    loose.write_text("starlette>=0.40 \\\n    --hash=sha256:" + "0" * 64 + "\n")
    with pytest.raises(AssertionError, match="not an exact pin"):
        read_lock(loose)
