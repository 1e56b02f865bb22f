"""The Aus die Maus! How to play page and the coach marks of its first solo match, in a real
browser (moved unchanged from tests/browser/test_rules_pages.py, which checks every game's rules
page and its links): the pictures drawn with cards.js, the tips read to the end by keyboard
never coming back, and same-device play getting none."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import FAST, NewPage, screenshot

GAMES = {"ausdiemaus": "Aus die Maus!"}
ACTION = {"ausdiemaus": "turn-over"}
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


def _open_rules(page: Page, server: str, game: str) -> None:
    page.goto(f"{server}/rules/{game}")
    expect(page.locator("body[data-drawn=true]")).to_be_attached()


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_a_rules_page_draws_every_picture_with_the_games_own_pieces(
    new_page: NewPage, server: str, game: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    page.context.add_init_script(FAST)
    _open_rules(page, server, game)

    expect(page.get_by_role("heading", level=1)).to_have_text(f"How to play {GAMES[game]}")
    for selector, count in DRAWN[game].items():
        assert page.locator(selector).count() == count, selector
    for picture in page.locator("svg[data-pic]").all():
        assert picture.get_attribute("role") == "img"
        assert picture.get_attribute("aria-label")
        box = picture.bounding_box()
        assert box and box["width"] > 150 and box["height"] > 60, "legible, not a thumbnail"
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways ({scroll}px)"
    screenshot(page, f"rules-{game}-{width}")


def _first_turn(page: Page, game: str) -> None:
    """Start a solo match (the dialog's default: one human, computers) and wait for the coach."""
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id(ACTION[game])).to_be_enabled(timeout=20_000)
    expect(page.get_by_test_id("coach")).to_be_visible()


def _back_to_the_match(page: Page, game: str) -> None:
    """Reload the match page and get back into the saved match, however the page offers it."""
    page.reload()
    action = page.get_by_test_id(ACTION[game])
    page.wait_for_function(
        """([action]) => {
          const q = (id) => document.querySelector(`[data-testid="${id}"]`);
          const resume = q("continue");
          return !q(action).disabled || (resume && resume.checkVisibility());
        }""",
        arg=[ACTION[game]],
        timeout=20_000,
    )
    if page.get_by_test_id("continue").is_visible():
        page.get_by_test_id("continue").click()
    expect(action).to_be_enabled(timeout=20_000)


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_the_aus_die_maus_tips_read_to_the_end_by_keyboard_never_come_back(
    new_page: NewPage, server: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/ausdiemaus")
    _first_turn(page, "ausdiemaus")
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
    _back_to_the_match(page, "ausdiemaus")
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
