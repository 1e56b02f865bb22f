"""The home page in a real browser."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import screenshot


def test_the_home_page_lists_mouse_trap_without_console_errors(page: Page, server: str) -> None:
    page.goto(server)
    assert page.get_by_role("heading", name="Mouse Trap").is_visible()
    assert "2–4 players" in page.content()
    screenshot(page, "home")
