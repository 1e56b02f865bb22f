"""Mouse Trap's pages in the states a player meets, for the accessibility audit and the phone
check of every page (tests/browser/test_accessibility.py, tests/browser/test_layout.py)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect


def _match(page: Page, server: str) -> None:
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("start-match")).to_be_visible()
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("roll")).to_be_enabled(timeout=15_000)  # the human's turn


def _playground(page: Page, server: str) -> None:
    page.goto(f"{server}/playground/mousetrap")
    expect(page.locator("main")).to_be_visible()


PAGES: dict[str, Callable[[Page, str], None]] = {
    "Mouse Trap match": _match,
    "Trap Playground": _playground,
}
