"""The Aus die Maus! table in the states a player meets, for the accessibility audit and the
phone check of every page (tests/browser/test_accessibility.py, tests/browser/test_layout.py)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect


def _match(page: Page, server: str) -> None:
    page.goto(f"{server}/play/ausdiemaus")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("seats")).to_be_visible()


PAGES: dict[str, Callable[[Page, str], None]] = {"Aus die Maus! match": _match}
