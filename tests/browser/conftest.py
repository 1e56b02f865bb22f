"""The browser tests' helpers, for the modules here that import them from `.conftest`: the
fixtures and helpers live in tests/browser/fixtures.py, which tests/conftest.py loads as a
plugin in the browser tests' own pytest process (so a game's tests/games/<name>/browser/ has
them too)."""

from tests.browser.fixtures import (
    CHROMIUM,
    FAST,
    ROOT,
    SCREENSHOTS,
    NewPage,
    _serve,
    accessibility_violations,
    screenshot,
    watch_errors,
)

__all__ = [
    "CHROMIUM",
    "FAST",
    "ROOT",
    "SCREENSHOTS",
    "NewPage",
    "_serve",
    "accessibility_violations",
    "screenshot",
    "watch_errors",
]
