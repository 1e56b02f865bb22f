"""Saved local matches in a real browser (issue 15, item 5): a reload in the middle of a match
goes straight back to it, on every game page. How a finished match is offered (as a rematch or
its result, never as in progress) is tested on a real finished record in the game's folder
(tests/games/<name>/browser/test_saves.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from mousehole.games import MANIFESTS

from .conftest import FAST, screenshot

PAGE_GAMES = [m.name for m in MANIFESTS if m.page is not None]


def _idle(page: Page, game: str) -> None:
    page.wait_for_function(
        f"() => window.{game}Page && window.{game}Page?.snapshot && window.{game}Page?.idle",
        timeout=20_000,
    )


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_a_reload_in_the_middle_of_a_match_goes_straight_back_to_it(
    page: Page, server: str, game: str
) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/{game}")
    # A computer in seat 0 moves first, whatever the game's actions: the match is under way
    # when the human in seat 1 is to play.
    page.get_by_test_id("seat-0-kind").select_option("computer")
    page.get_by_test_id("seat-1-kind").select_option("human")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    page.wait_for_function(f"() => window.{game}Page?.snapshot?.version > 0", timeout=20_000)
    _idle(page, game)
    version = page.evaluate(f"window.{game}Page.snapshot.version")
    assert version > 0

    page.reload()
    # No "New match" dialog in the way: the match is back, at least where it was.
    _idle(page, game)
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("continue")).to_be_hidden()
    assert page.evaluate(f"window.{game}Page.snapshot.version") >= version
    expect(page.get_by_test_id("log")).to_contain_text("Welcome back")
    screenshot(page, f"saves-{game}-reloaded")
