"""Browser tests run in a pytest process of their own (sync Playwright and asyncio tests do
not mix in one process): `make test` runs them with MOUSEHOLE_BROWSER_TESTS=1."""

import os

from tests.pg import postgres_cluster, postgres_url  # noqa: F401 (fixtures for every test)

collect_ignore_glob = [] if os.environ.get("MOUSEHOLE_BROWSER_TESTS") else ["browser/*"]
