"""Names in a real browser (issue 15, item 6): the names of a match are unique (suggestions
skip the names in use; two seats given one name are told, and cannot start), on every game's
page. How a game's log reads is tested in its folder (tests/games/<name>/browser/test_log.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from mousehole.games import MANIFESTS

from .conftest import screenshot

PAGE_GAMES = [m.name for m in MANIFESTS if m.page is not None]


def _names(page: Page, seats: int) -> list[str]:
    return [page.get_by_test_id(f"seat-{i}-name").input_value() for i in range(seats)]


def _unique(names: list[str]) -> bool:
    return len({name.strip().lower() for name in names}) == len(names)


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_switching_seats_between_human_and_computer_never_repeats_a_name(
    page: Page, server: str, game: str
) -> None:
    page.goto(f"{server}/play/{game}")
    page.get_by_test_id("seat-count").select_option("3")
    # The seat that went first becomes a computer: not another "Whiskers".
    steps = [(0, "computer"), (1, "human"), (2, "human"), (0, "human"), (1, "computer")]
    for seat, kind in steps:
        page.get_by_test_id(f"seat-{seat}-kind").select_option(kind)
        names = _names(page, 3)
        assert _unique(names), (seat, kind, names)
    page.get_by_test_id("seat-count").select_option("4")
    assert _unique(_names(page, 4)), _names(page, 4)
    expect(page.get_by_test_id("setup-error")).to_have_text("")


def test_two_seats_with_one_name_are_told_and_the_match_cannot_start(
    page: Page, server: str
) -> None:
    game = PAGE_GAMES[0]  # the setup form is the same on every page: the registry's first
    page.goto(f"{server}/play/{game}")
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("seat-1-kind").select_option("human")
    page.get_by_test_id("seat-1-name").fill(" ann ")
    error = page.get_by_test_id("setup-error")
    expect(error).to_have_text("Seats 1 and 2 are both called “Ann”: give each seat its own name.")
    for seat in (0, 1):
        expect(page.get_by_test_id(f"seat-{seat}-name")).to_have_attribute("aria-invalid", "true")
    screenshot(page, "names-clash")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "names-clash-390")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_visible()
    expect(page.get_by_test_id("seat-1-name")).to_be_focused()
    assert page.evaluate(f"window.{game}Page.snapshot") is None  # no room was made
    page.get_by_test_id("seat-1-name").fill("Bo")
    expect(error).to_have_text("")
    expect(page.get_by_test_id("seat-1-name")).not_to_have_attribute("aria-invalid", "true")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("seat-name-1")).to_have_text("Bo")
