"""The fixtures of the online room tests: a fake clock and the app's test client on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from .online_client import (
    FakeClock,
    _app,
)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(tmp_path: Path, clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(_app(tmp_path / "db.sqlite3", clock)) as client:
        yield client
