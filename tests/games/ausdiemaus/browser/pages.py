"""The Aus die Maus! table in the states a player meets, for the accessibility audit and the
phone check of every page (tests/browser/test_accessibility.py, tests/browser/test_layout.py),
and how its match page reaches a player's turns (tests/browser/test_phone.py)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.browser.phone import (
    PaceDriver,
    TurnPage,
    enabled,
    press,
    solo_page,
    version,
    wait_for_turn,
)


def _match(page: Page, server: str) -> None:
    page.goto(f"{server}/play/ausdiemaus")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("seats")).to_be_visible()


PAGES: dict[str, Callable[[Page, str], None]] = {"Aus die Maus! match": _match}

TURN_OVER = '!document.querySelector("[data-testid=turn-over]").disabled'


def _start(page: Page, server: str, seats: int | None = None) -> None:
    solo_page(page, server, "ausdiemaus", seats)
    wait_for_turn(page, "ausdiemaus", TURN_OVER)


def _play(page: Page) -> None:
    before = version(page, "ausdiemaus")
    press(page, "ausdiemaus", "turn-over")
    wait_for_turn(page, "ausdiemaus", TURN_OVER, before)


TURN = TurnPage(
    start=_start,
    play=_play,
    action="[data-testid=turn-over]",
    own="[data-testid=table-seat-0]",
)


def _pace_decide(page: Page) -> None:
    page.get_by_test_id("turn-over").click()


PACE = PaceDriver(ready=enabled("turn-over"), decide=_pace_decide)
"""How benchmarks/pace.py plays this page as a phone player."""
