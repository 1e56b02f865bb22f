"""The Aus die Maus! table in an online room (issue 15, item 8): your own stack is at the bottom,
nearest you, and the chips in the middle of the table are the chips left, not a number of chips
"to win". The room is made as tests/browser/test_online_view.py makes it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import NewPage, screenshot
from tests.browser.test_online_view import _online_match


def _lowest_seat(page: Page) -> int:
    """The seat whose group on the table is lowest on the screen (nearest the player)."""
    centres = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid^=table-seat-]')].map((g) => {
             const r = g.getBoundingClientRect();
             return [Number(g.dataset.testid.slice('table-seat-'.length)), r.top + r.height / 2];
           })"""
    )
    return int(max(centres, key=lambda pair: pair[1])[0])


@pytest.mark.parametrize("width", [1280, 390])
def test_online_each_player_sees_their_own_stack_at_the_bottom(
    new_page: NewPage, online_server: str, width: int
) -> None:
    host, friend = _online_match(new_page, online_server, "ausdiemaus", width)
    expect(friend.get_by_test_id("table-seat-1")).to_be_visible()
    assert _lowest_seat(host) == 0
    assert _lowest_seat(friend) == 1
    # The chips in the middle are the chips left; the biggest stack wins in the end.
    label = friend.locator("[data-testid=chip-supply] .supply-label")
    expect(label).to_have_text("5 mouse chips left")
    expect(friend.get_by_test_id("prompt-sub")).not_to_contain_text("to win")
    screenshot(friend, f"online-view-ausdiemaus-guest-{width}")
