"""Don't Cut the Cheese's How to play page and first-match tips in a real browser
(docs/rules-pages.md): every picture drawn by the match page's own modules, legible at 1280 and
390 px, linked from the match page; and the tips of a first solo match, put away by Escape."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.fixtures import FAST, NewPage, open_rules, screenshot


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_rules_page_draws_its_pictures_with_the_pages_own_pieces(
    new_page: NewPage, server: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    page.context.add_init_script(FAST)
    open_rules(page, server, "dontcutthecheese")
    # The heading, the labelled and legible pictures, the width and the accessibility audit
    # are checked for every game's rules page in tests/browser/test_rules_pages.py.
    assert page.locator('[data-pic="goal"] .token').count() == 3
    assert page.locator('[data-pic="spinner"] .dial-face').count() == 6
    assert page.locator('[data-pic="bite"] [data-testid="mouth-box"]').count() == 1
    assert page.locator('[data-pic="bite"] .meter-step').count() == 6


def test_the_first_solo_turn_offers_tips_and_escape_puts_them_away(
    new_page: NewPage, server: str
) -> None:
    page = new_page()
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/dontcutthecheese")
    expect(page.get_by_test_id("rules-link")).to_have_attribute("href", "/rules/dontcutthecheese")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("spin")).to_be_enabled(timeout=20_000)
    expect(page.get_by_test_id("coach")).to_be_visible()
    expect(page.get_by_test_id("coach-title")).to_have_text("Don't cut the cheese")
    screenshot(page, "coach-dontcutthecheese-1280")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("coach")).to_have_count(0)
    expect(page.get_by_test_id("spin")).to_be_focused()
