"""Mouse Trap's How to play page and the coach marks of its first solo match, in a real browser
(moved unchanged from tests/browser/test_rules_pages.py, which checks every game's rules page
and its links): the pictures drawn with board.js and machine.js, the trap firing when asked,
the tips put away by Escape for good, and a first turn played counting as seeing them."""

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

GAMES = {"mousetrap": "Mouse Trap"}
WIDTHS = [(1280, 800), (390, 844)]
MOTION = (
    'try { localStorage.setItem("mousehole.settings",'
    ' JSON.stringify({speed: "fast", reducedMotion: "off", sound: false})); } catch (e) {}'
)
"""Fast playback with motion on: the coach marks may slide in and pulse."""


# What the game's modules draw, per picture: a selector that only their markup matches.
DRAWN = {
    "mousetrap": {
        "[data-pic=goal] .space.kind-start .tile": 1,
        "[data-pic=goal] .token": 4,
        "[data-pic=turn] .space .tile": 5,
        "[data-pic=turn] .token": 2,
        "[data-space-pic] .space .tile": 10,
        "[data-space-pic='4'] .space.ineligible .strike": 1,
        "[data-pic=loop] .ring": 1,
        "[data-pic=loop] .space.loop": 6,
        "[data-pic=machine] .mousetrap-machine [data-component]": 23,
        "[data-pic=crank] .mousetrap-machine [data-component]": 23,
        "[data-pic=crank] .token": 2,
        "[data-pic=winning] .mouse.captured .mouse-bars": 3,
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


def test_the_trap_on_the_mouse_trap_rules_page_fires_when_asked(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    open_rules(page, server, "mousetrap")
    machine = page.locator("[data-pic=machine] .mousetrap-machine")
    expect(machine).to_have_attribute("data-installed", "23")
    expect(machine).to_have_attribute("data-cage", "up")

    page.get_by_test_id("run-trap").click()

    expect(machine).to_have_attribute("data-cage", "down", timeout=15_000)
    expect(page.get_by_test_id("trap-status")).to_have_text("Down comes the cage!")
    expect(page.get_by_test_id("run-trap")).to_have_text("Watch it again")


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_the_first_solo_turn_of_mouse_trap_offers_tips_and_escape_puts_them_away_for_good(
    new_page: NewPage, server: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height)
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    first_solo_turn(page, "roll")

    coach = page.get_by_test_id("coach")
    expect(coach).to_have_attribute("role", "dialog")
    expect(coach).to_have_accessible_name("This is your mouse")
    expect(coach).to_have_accessible_description(
        "You are the blue circle. Every mouse starts on Start, and the last one still free wins."
    )
    expect(page.get_by_test_id("coach-next")).to_be_focused()  # reachable by keyboard at once
    expect(page.get_by_test_id("coach-count")).to_have_text("Tip 1 of 4")
    assert coach.locator("[aria-live=polite]").count() == 1  # later tips are read out too
    ring = page.get_by_test_id("coach-ring").bounding_box()
    panel = page.get_by_test_id("seat-panel-0").bounding_box()
    assert ring and panel and ring["x"] <= panel["x"] and ring["y"] <= panel["y"]
    assert "coach-moving" not in (coach.get_attribute("class") or "")  # reduced motion
    screenshot(page, f"coach-mousetrap-{width}")

    page.keyboard.press("Enter")
    expect(page.get_by_test_id("coach-title")).to_have_text("Build the trap together")
    roll = page.get_by_test_id("roll").bounding_box()
    card = coach.bounding_box()
    assert roll and card
    apart_y = card["y"] >= roll["y"] + roll["height"] or card["y"] + card["height"] <= roll["y"]
    apart_x = card["x"] >= roll["x"] + roll["width"] or card["x"] + card["width"] <= roll["x"]
    assert apart_y or apart_x, "a tip never covers the turn's button"
    page.keyboard.press("Escape")

    expect(coach).to_have_count(0)
    expect(page.get_by_test_id("coach-ring")).to_have_count(0)
    expect(page.get_by_test_id("roll")).to_be_focused()
    assert page.evaluate("localStorage.getItem('mousehole.mousetrap.coach')") == "done"

    back_to_the_match(page, "roll")  # still the first turn: nothing rolled yet
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("coach")).to_have_count(0)


def test_playing_the_first_turn_counts_as_seeing_the_tips(page: Page, server: str) -> None:
    page.context.add_init_script(MOTION)
    page.goto(f"{server}/play/mousetrap")
    first_solo_turn(page, "roll")
    assert "coach-moving" in (page.get_by_test_id("coach").get_attribute("class") or "")

    page.keyboard.press("r")  # the page's keys still work with the tips open: roll

    expect(page.get_by_test_id("coach")).to_have_count(0)
    page.wait_for_function(
        "() => localStorage.getItem('mousehole.mousetrap.coach') === 'done'", timeout=60_000
    )
    page.get_by_test_id("new-match").click()
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("roll")).to_be_enabled(timeout=20_000)
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("coach")).to_have_count(0)  # a second solo match: no tips


NUMBERS = """() => [...document.querySelectorAll("[data-pic=machine] .mt-number text")]
  .filter((t) => t.checkVisibility({ visibilityProperty: true }))
  .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


@pytest.mark.parametrize(("width", "height"), WIDTHS)
def test_the_trap_picture_shows_all_23_part_numbers_readable_even_on_a_phone(
    new_page: NewPage, server: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height, touch=width < 600)
    open_rules(page, server, "mousetrap")
    sizes = page.evaluate(NUMBERS)
    assert len(sizes) == 23, f"{len(sizes)} of the 23 numbers are shown"
    assert min(sizes) >= 11, f"the smallest number is {min(sizes):.1f} px"
