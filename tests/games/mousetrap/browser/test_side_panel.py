"""The Mouse Trap page's side panel collapses so that the board takes its room (issue 15, item
3): a button with aria-expanded and its key shown (P), the choice remembered in the settings,
and a board that is drawn larger where the panel narrowed it (the board column's width limits
the board at 1024 x 768; at 1280 x 800 the window's height does, so it must not shrink there).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import NewPage, screenshot

from .match_page import SAVE_KEY, _post_room, _record
from .test_layout import NAMES, _open, _position

BOARD = "() => document.getElementById('board-static').getBoundingClientRect().width"


def _open_plain(page: Page, server: str) -> None:
    """Open a match of four mice at Ann's roll, with the player's own settings (the other
    tests' init script would write the settings again on every load)."""
    seats = [{"kind": "human", "name": "Ann"}] + [
        {"kind": "computer", "name": name, "level": "easy"} for name in NAMES[1:]
    ]
    record = _record(4, _position("roll", 4))
    body = {"game": "mousetrap", "options": record["options"], "seats": seats, "record": record}
    room = _post_room(server, body)
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": seats, "startSeat": 0},
        "log": [],
        "lastHuman": None,
    }
    page.goto(f"{server}/play/mousetrap")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(saved)])
    page.reload()
    expect(page.get_by_test_id("roll")).to_be_enabled(timeout=15_000)


def _board(page: Page) -> float:
    page.wait_for_function("() => window.mousetrapPage?.idle")
    page.wait_for_timeout(100)  # the frame's resize refits the view box on the next frame
    return float(page.evaluate(BOARD))


@pytest.mark.parametrize(("width", "height", "growth"), [(1024, 768, 1.15), (1280, 800, 1.0)])
def test_the_side_panel_collapses_and_the_board_takes_its_room(
    new_page: NewPage, server: str, width: int, height: int, growth: float
) -> None:
    page = new_page(width=width, height=height)
    _open_plain(page, server)
    toggle = page.get_by_test_id("side-toggle")
    panel = page.get_by_test_id("side-panel")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(toggle).to_have_attribute("aria-controls", "side-panel")
    expect(toggle.locator("kbd")).to_have_text("P")
    expect(panel).to_be_visible()
    before = _board(page)

    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(panel).to_be_hidden()
    collapsed = _board(page)
    assert collapsed >= before * growth, (before, collapsed)
    settings = json.loads(page.evaluate("localStorage.getItem('mousehole.settings')"))
    assert settings["sidePanel"] == "closed"
    screenshot(page, f"side-collapsed-{width}x{height}")

    # Remembered: a reload keeps the panel collapsed; P brings it back.
    page.reload()
    expect(page.get_by_test_id("side-toggle")).to_have_attribute("aria-expanded", "false")
    expect(panel).to_be_hidden()
    expect(page.get_by_test_id("roll")).to_be_enabled(timeout=15_000)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("p")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(panel).to_be_visible()
    assert abs(_board(page) - before) < 2


def test_the_phone_layout_has_no_panel_toggle(new_page: NewPage, server: str) -> None:
    """On a phone the panel lies under the board, which it does not narrow."""
    page = new_page(width=390, height=844)
    _open(page, server, "roll", 2)
    expect(page.get_by_test_id("side-toggle")).to_be_hidden()
    expect(page.get_by_test_id("side-panel")).to_be_visible()
