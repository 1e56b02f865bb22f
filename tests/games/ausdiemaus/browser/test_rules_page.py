"""The Aus die Maus! How to play page and the coach marks of its first solo match, in a real
browser (moved unchanged from tests/browser/test_rules_pages.py, which checks every game's rules
page and its links): the pictures drawn with cards.js, the tips read to the end by keyboard
never coming back, and same-device play getting none."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import (
    FAST,
    NewPage,
    back_to_the_match,
    first_solo_turn,
    open_rules,
    screenshot,
)
from tests.browser.test_phone import DEVICES

GAMES = {"ausdiemaus": "Aus die Maus!"}
WIDTHS = [(1280, 800), (390, 844)]

# What the game's modules draw, per picture: a selector that only their markup matches.
DRAWN = {
    "ausdiemaus": {
        "[data-pic=goal] .card-back": 21,
        "[data-pic=goal] .token": 3,
        "[data-card-pic=cheese] .card-face.card-cheese": 1,
        "[data-card-pic=cat] .card-face.card-cat": 1,
        "[data-card-pic=mouse1] .card-face.card-mouse .paw": 1,
        "[data-card-pic=mouse3] .card-face.card-mouse .paw": 3,
        "[data-card-pic=back] .card-back": 1,
        "[data-chip-pic] .chip-token": 1,
        "[data-pic=turn] .card-face": 3,
        "[data-pic=chase] .card-face.card-cat": 1,
        "[data-pic=chase] .card-face.card-mouse": 4,
        "[data-pic=chase] .chip-token": 1,
        "[data-pic=pile] .card-back": 9,
        "[data-pic=end] .chip-token": 5,
    },
}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_the_rules_pages_pictures_are_drawn_with_the_games_own_pieces(
    new_page: NewPage, server: str, game: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    page.context.add_init_script(FAST)
    open_rules(page, server, game)

    # The heading, the labelled and legible pictures, the width and the accessibility audit
    # are checked for every game's rules page in tests/browser/test_rules_pages.py.
    for selector, count in DRAWN[game].items():
        assert page.locator(selector).count() == count, selector


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_the_aus_die_maus_tips_read_to_the_end_by_keyboard_never_come_back(
    new_page: NewPage, server: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/ausdiemaus")
    first_solo_turn(page, "turn-over")
    expect(page.get_by_test_id("coach-title")).to_have_text("This is your stack")
    screenshot(page, f"coach-ausdiemaus-{width}")

    titles = []
    for _ in range(3):
        page.keyboard.press("Enter")
        titles.append(page.get_by_test_id("coach-title").inner_text())
    assert titles == ["Catch mice, win chips", "Your turn: turn over!", "The rules, any time"]
    expect(page.get_by_test_id("coach-next")).to_have_text("Got it")
    page.keyboard.press("Enter")

    expect(page.get_by_test_id("coach")).to_have_count(0)
    expect(page.get_by_test_id("turn-over")).to_be_focused()
    back_to_the_match(page, "turn-over")
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("coach")).to_have_count(0)


def test_same_device_play_gets_no_tips(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/ausdiemaus")
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("seat-1-kind").select_option("human")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("turn-over")).to_be_enabled(timeout=20_000)
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("coach")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('mousehole.ausdiemaus.coach')") is None


def test_aus_die_maus_chase_picture_names_its_cards_on_a_phone(
    new_page: NewPage, server: str
) -> None:
    width, height, touch = DEVICES["phone"]
    page = new_page(width=width, height=height, touch=touch)
    page.goto(f"{server}/rules/ausdiemaus")
    page.wait_for_selector("body[data-drawn=true]", state="attached")
    words = page.evaluate(
        """() => [...document.querySelectorAll('[data-pic=chase] text')].map((t) => {
          const m = t.getScreenCTM();
          const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
          return [t.textContent.trim(), Math.round(px * 10) / 10,
            t.classList.contains('illegible')];
        })"""
    )
    names = [w for w in words if w[0] in ("MOUSE", "CHEESE", "CAT")]
    assert len(names) == 8, words  # three chases: 3, 2 and 3 cards
    hidden = [w for w in words if w[2] or w[1] < 11]
    assert not hidden, f"words of the chase picture hidden or under 11 px: {hidden}"
