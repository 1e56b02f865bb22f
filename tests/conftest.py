"""Browser tests run in a pytest process of their own (sync Playwright and asyncio tests do
not mix in one process): `make test` runs them with MOUSEHOLE_BROWSER_TESTS=1."""

import os

collect_ignore_glob = [] if os.environ.get("MOUSEHOLE_BROWSER_TESTS") else ["browser/*"]
