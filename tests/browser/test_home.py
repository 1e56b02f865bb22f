"""The home page in a real browser."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import screenshot


def test_the_home_page_lists_mouse_trap_without_console_errors(page: Page, server: str) -> None:
    page.goto(server)
    assert page.get_by_role("heading", name="Mouse Trap").is_visible()
    assert "2–4 players" in page.content()
    screenshot(page, "home")


def test_the_home_page_offers_to_continue_a_saved_local_match(page: Page, server: str) -> None:
    page.goto(server)
    assert not page.get_by_test_id("continue-mousetrap").is_visible()
    page.evaluate("localStorage.setItem('mousehole.mousetrap.match', '{}')")
    page.reload()
    assert page.get_by_test_id("continue-mousetrap").is_visible()
    page.get_by_test_id("play-mousetrap").click()
    page.wait_for_url("**/play/mousetrap")
