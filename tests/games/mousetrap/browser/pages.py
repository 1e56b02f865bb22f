"""Mouse Trap's pages in the states a player meets, for the accessibility audit and the phone
check of every page (tests/browser/test_accessibility.py, tests/browser/test_layout.py), and how
its match page reaches a player's turns (tests/browser/test_phone.py)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.browser.phone import PaceDriver, TurnPage, enabled, solo_page, version, wait_for_turn


def _match(page: Page, server: str) -> None:
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("start-match")).to_be_visible()
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("roll")).to_be_enabled(timeout=15_000)  # the human's turn


def _playground(page: Page, server: str) -> None:
    page.goto(f"{server}/playground/mousetrap")
    expect(page.locator("main")).to_be_visible()


PAGES: dict[str, Callable[[Page, str], None]] = {
    "Mouse Trap match": _match,
    "Trap Playground": _playground,
}

_Q = 'document.querySelector("[data-testid={}]")'
ROLL = f"(!{_Q.format('roll')}.disabled && !{_Q.format('roll')}.hidden)"
TRAP = f"!{_Q.format('trap-panel')}.hidden"
SPLIT = f"{_Q.format('split-dialog')}.open"


def _start(page: Page, server: str, seats: int | None = None) -> None:
    solo_page(page, server, "mousetrap", seats)
    wait_for_turn(page, "mousetrap", ROLL)


def _play(page: Page) -> None:
    """Roll; then choose a split or finish a trap phase if the roll brings one."""
    before = version(page, "mousetrap")
    page.get_by_test_id("roll").click()
    while True:
        wait_for_turn(page, "mousetrap", f"{ROLL} || {TRAP} || {SPLIT}", before)
        before = version(page, "mousetrap")
        if page.get_by_test_id("split-dialog").is_visible():
            page.get_by_test_id("split-option").first.click()
        elif page.get_by_test_id("trap-panel").is_visible():
            page.get_by_test_id("end-turn").click()
            if page.get_by_test_id("confirm-dialog").is_visible():
                page.get_by_test_id("confirm-yes").click()
        else:
            return


TURN = TurnPage(
    start=_start, play=_play, action="[data-testid=roll]", targets="#board .space[data-space]"
)


def _pace_decide(page: Page) -> None:
    if page.get_by_test_id("split-dialog").is_visible():
        page.get_by_test_id("split-option").first.click()
    elif page.get_by_test_id("roll").is_visible() and page.get_by_test_id("roll").is_enabled():
        page.get_by_test_id("roll").click()
    else:
        page.get_by_test_id("end-turn").click()
        if page.get_by_test_id("confirm-dialog").is_visible():
            page.get_by_test_id("confirm-yes").click()


PACE = PaceDriver(
    ready=f"{enabled('roll')} || {enabled('end-turn')} || {SPLIT}", decide=_pace_decide
)
"""How benchmarks/pace.py plays this page as a phone player."""
