"""How the Don't Cut the Cheese match page reaches a player's turns, for the phone check of
every game (tests/browser/test_phone.py)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from tests.browser.fixtures import LocalePages
from tests.browser.phone import PaceDriver, TurnPage, enabled, solo_page, version, wait_for_turn

GAME = "dontcutthecheese"
_Q = 'document.querySelector("[data-testid={}]")'
SPIN = f"(!{_Q.format('spin')}.disabled && !{_Q.format('spin')}.hidden)"
BITE = f"(!{_Q.format('bite')}.disabled && !{_Q.format('bite')}.hidden)"
OTHERS = "window.dontcutthecheesePage.record.moves.filter((m) => m.seat > 0).length"


def _start(page: Page, server: str, seats: int | None = None) -> None:
    solo_page(page, server, GAME, seats)
    wait_for_turn(page, GAME, SPIN)


def _bite_point(page: Page) -> tuple[float, float]:
    """The screen point of the legal bite that leaves the strongest paper: the match goes on
    past the turns the phone check measures (the weakest bites could end it by the fourth
    turn, with the result dialog over the turn's controls)."""
    legal: list[dict[str, Any]] = page.evaluate(f"() => window.{GAME}Page.snapshot.legal")
    bite = max(legal, key=lambda a: (a["strength"], -a["row"], -a["col"]))
    point: list[float] = page.evaluate(
        """([row, col]) => {
          const paper = document.querySelector('[data-testid="paper"]');
          const p = new DOMPoint(54 + (col + 1) * 56, 74 + (row + 1) * 56)
            .matrixTransform(paper.getScreenCTM());
          return [p.x, p.y];
        }""",
        [bite["row"], bite["col"]],
    )
    return point[0], point[1]


def _play(page: Page) -> None:
    """Spin, take the bites, and wait until the others have played and it is a spin again."""
    others = int(page.evaluate(f"() => {OTHERS}"))
    while True:
        before = version(page, GAME)
        if page.get_by_test_id("spin").is_enabled() and page.get_by_test_id("spin").is_visible():
            page.get_by_test_id("spin").click()
        else:
            page.mouse.click(*_bite_point(page))
        wait_for_turn(page, GAME, f"{SPIN} || {BITE}", before)
        if page.evaluate(f"() => {OTHERS}") > others and page.evaluate(f"() => {SPIN}"):
            return
        if page.evaluate(f"() => (window.{GAME}Page.snapshot.winners || []).length"):
            return


TURN = TurnPage(
    start=_start, play=_play, action="[data-testid=spin]", own="[data-testid=table-seat-0]"
)


def _pace_decide(page: Page) -> None:
    spin = page.get_by_test_id("spin")
    if spin.is_visible() and spin.is_enabled():
        spin.click()
        return
    legal: list[dict[str, Any]] = page.evaluate("() => window.dontcutthecheesePage.snapshot.legal")
    bite = min(legal, key=lambda a: (a["strength"], a["row"], a["col"]))
    x, y = page.evaluate(
        """([row, col]) => {
          const paper = document.querySelector('[data-testid="paper"]');
          const p = new DOMPoint(54 + (col + 1) * 56, 74 + (row + 1) * 56)
            .matrixTransform(paper.getScreenCTM());
          return [p.x, p.y];
        }""",
        [bite["row"], bite["col"]],
    )
    page.mouse.click(x, y)


PACE = PaceDriver(ready=f"{enabled('spin')} || {enabled('bite')}", decide=_pace_decide)
"""How benchmarks/pace.py plays this page as a phone player."""


def measured_page(
    pages: LocalePages, url: str, ready: str, width: int, height: int, touch: bool, locale: str
) -> Page:
    """Open `url` at that size and locale, and return once the JavaScript condition `ready`
    holds and the page's fonts have loaded: ink is measured in Kalam, not a fallback."""
    page = pages.open(width, height, touch=touch, locale=locale)
    page.goto(url)
    page.wait_for_function(f"() => {ready}")
    page.evaluate("() => document.fonts.ready.then(() => true)")
    return page
