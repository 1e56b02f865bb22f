"""Browser tests run in a pytest process of their own (sync Playwright and asyncio tests do
not mix in one process): `make test` runs them with MOUSEHOLE_BROWSER_TESTS=1 over tests/browser
and each game's tests/games/<name>/browser, and only that process loads their fixtures."""

import gc
import os
from collections.abc import Iterator

import pytest

from tests.pg import postgres_cluster, postgres_url  # noqa: F401 (fixtures for every test)

BROWSER = bool(os.environ.get("MOUSEHOLE_BROWSER_TESTS"))

pytest_plugins = ["tests.browser.fixtures"] if BROWSER else []
collect_ignore_glob = [] if BROWSER else ["browser/*", "games/*/browser/*"]


@pytest.fixture(autouse=True, scope="module")
def _collect_what_the_module_left() -> Iterator[None]:
    """Collect garbage after each test module, so that whatever it left open (an asyncio
    transport, a socket) is reported, as a ResourceWarning turned error, against the module's
    last test instead of a later module's test or the end of the session."""
    yield
    gc.collect()
