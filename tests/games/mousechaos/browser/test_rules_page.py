"""Mouse Chaos's first-match tips in a real browser (docs/rules-pages.md): offered on the first
turn of a first solo match, beside the kitchen, the player's own card, the peek marks and the
How to play link; put away by Escape with the focus back on the kitchen, and never offered
again. (Its How to play page is checked with every game's in tests/browser/test_rules_pages.py.)"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.fixtures import FAST, NewPage, screenshot

TITLES = [
    "Pick a cheese holder",
    "Your secret colour",
    "Peek under the holders",
    "The rules, any time",
]


def _first_turn(page_url: str, new_page: NewPage, width: int = 1280, height: int = 800) -> Page:
    page = new_page(width=width, height=height)
    page.context.add_init_script(FAST)
    page.goto(page_url)
    expect(page.get_by_test_id("rules-link")).to_have_attribute("href", "/rules/mousechaos")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("coach")).to_be_visible(timeout=20_000)
    return page


def test_the_first_solo_turn_offers_tips_and_escape_puts_them_away_for_good(
    new_page: NewPage, server: str
) -> None:
    page = _first_turn(f"{server}/play/mousechaos", new_page)
    expect(page.get_by_test_id("coach-title")).to_have_text(TITLES[0])
    expect(page.get_by_test_id("coach-next")).to_be_focused()
    screenshot(page, "coach-mousechaos-1280")
    for title in TITLES[1:]:
        page.get_by_test_id("coach-next").click()
        expect(page.get_by_test_id("coach-title")).to_have_text(title)
        expect(page.get_by_test_id("coach-ring")).to_be_visible()  # round its part of the page
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("coach")).to_have_count(0)
    expect(page.get_by_test_id("kitchen")).to_be_focused()
    assert page.evaluate("localStorage.getItem('mousehole.mousechaos.coach')") == "done"
    page.reload()
    page.wait_for_function("() => window.mousechaosPage && window.mousechaosPage?.snapshot")
    page.wait_for_timeout(600)  # a first turn's tips would show by now
    expect(page.get_by_test_id("coach")).to_have_count(0)


def test_on_a_phone_the_tips_stay_on_the_screen_and_playing_the_turn_puts_them_away(
    new_page: NewPage, server: str
) -> None:
    page = _first_turn(f"{server}/play/mousechaos", new_page, 390, 844)
    box = page.get_by_test_id("coach").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    screenshot(page, "coach-mousechaos-390")
    page.get_by_test_id("kitchen").focus()
    page.keyboard.press("Enter")  # the first holder: the turn is played, the tips have done
    expect(page.get_by_test_id("coach")).to_have_count(0, timeout=20_000)
