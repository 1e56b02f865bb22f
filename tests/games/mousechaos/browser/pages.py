"""How the Mouse Chaos match page reaches a player's turns, for the phone check of every game
(tests/browser/test_phone.py): the turn's choices are lit on the kitchen floor, and each is a
board target (`data-choice`)."""

from __future__ import annotations

import sys
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.phone import (
    PaceDriver,
    TurnPage,
    page_state,
    solo_page,
    version,
    wait_for_turn,
)

GAME = "mousechaos"
MINE = "(!window.mousechaosPage.blocked && (window.mousechaosPage.snapshot.legal || []).length > 0)"


def _start(page: Page, server: str, seats: int | None = None) -> None:
    solo_page(page, server, GAME, seats)
    wait_for_turn(page, GAME, MINE)


def _play(page: Page) -> None:
    """Play the whole turn by keys (N: the next choice, Enter; K leaves the chairs), then wait
    until the others have played and this seat is to pick again."""
    while True:
        before = version(page, GAME)
        _move(page, before)
        wait_for_turn(page, GAME, MINE, before)
        phase = page.evaluate(f"() => window.{GAME}Page.snapshot.state.phase")
        seat = page.evaluate(f"() => window.{GAME}Page.snapshot.state.current")
        if (phase == "pick" and seat == 0) or phase == "over":
            return


def _move(page: Page, before: int) -> None:
    """Press the keys of one move (a piece, then its square) until the page has sent it: a
    key the page could not use (a refused or unsent action, as after a dropped socket) leaves
    the move to play, as a player would press again; a half-made choice is undone with Esc."""
    sent = (
        f"() => {{ const p = window.{GAME}Page; return p.busy || p.snapshot.version > {before}"
        ' || p.snapshot.state.phase === "over"; }'
    )
    for _ in range(4):
        page.get_by_test_id("kitchen").focus()
        legal = page.evaluate(f"() => window.{GAME}Page.snapshot.legal")
        if any(a["type"] == "skip" for a in legal):
            page.keyboard.press("k")
        else:
            for _ in range(3):  # a piece, then its square; extra keys wait for the server
                page.keyboard.press("n")
                page.keyboard.press("Enter")
        try:
            page.wait_for_function(sent, timeout=15_000)
            return
        except PlaywrightTimeout:
            # Captured with the test's output: a page that needs a key twice is worth a look.
            print(f"a move's keys were not used: {page_state(page, GAME)}", file=sys.stderr)
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
            wait_for_turn(page, GAME, MINE)
    raise AssertionError(f"four tries sent no move: {page_state(page, GAME)}")


TURN = TurnPage(
    start=_start,
    play=_play,
    action="#kitchen [data-choice]",
    targets="#kitchen [data-choice]",
)


def _pace_decide(page: Page) -> None:
    legal: list[dict[str, Any]] = page.evaluate("() => window.mousechaosPage.snapshot.legal")
    page.get_by_test_id("kitchen").focus()
    if any(a["type"] == "skip" for a in legal):
        page.keyboard.press("k")
        return
    page.keyboard.press("n")
    page.keyboard.press("Enter")


PACE = PaceDriver(
    ready="!p.blocked && (snap.legal || []).length > 0 && snap.to_act === 0", decide=_pace_decide
)
"""How benchmarks/pace.py plays this page as a phone player."""
