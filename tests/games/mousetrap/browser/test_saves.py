"""A finished Mouse Trap match in a real browser (issue 15, item 5): offered as a rematch or
its result (on the game page and on the home page), never as a match in progress. Moved from
tests/browser/test_saves.py, which reloads a match in progress on every game page.

A finished match is made from a record that ends with the winning move (a crank whose cage
falls, docs/api.md "Records and replay"): the server replays it, the page only shows it.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from mousehole.games import MANIFESTS
from tests.browser.fixtures import FAST, screenshot
from tests.processes import post_json

OTHER_PAGE_GAMES = [m.name for m in MANIFESTS if m.page is not None and m.name != "mousetrap"]
"""The other games with a page: none of their home cards offers anything."""

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "name": "Bo", "level": "easy"}]
# Ann is in the trap phase with Bo on the Cheese Wheel; she cranks and the cage falls.
FINISHED = {
    "game": "mousetrap",
    "options": {"seats": 2, "start_seat": 0},
    "initial": {
        "seat_count": 2,
        "current": 0,
        "phase": "trap",
        "supply": 40,
        "components": 23,
        "mice": [{"position": 46, "cheese": 4}, {"position": 49, "cheese": 8}],
    },
    "moves": [
        {"seat": 0, "action": {"type": "crank"}},
        {"seat": "chance", "action": {"type": "crank_result", "success": True}},
    ],
}


def _idle(page: Page, game: str) -> None:
    page.wait_for_function(
        f"() => window.{game}Page && window.{game}Page?.snapshot && window.{game}Page?.idle",
        timeout=20_000,
    )


def _save_finished_match(page: Page, server: str) -> None:
    """Make the finished match on the server and save it as this browser's match, the way
    the page itself saved it before it knew finished matches (no `finished` field)."""
    room: dict[str, Any] = post_json(
        f"{server}/api/rooms",
        {"game": "mousetrap", "options": FINISHED["options"], "seats": SEATS, "record": FINISHED},
    )
    assert room["snapshot"]["winners"] == [0]
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": SEATS, "startSeat": 0},
        "log": [],
        "lastHuman": 0,
    }
    page.goto(server)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        ["mousehole.mousetrap.match", json.dumps(saved)],
    )


def test_a_finished_match_is_offered_as_a_rematch_or_its_result_never_as_in_progress(
    page: Page, server: str
) -> None:
    page.context.add_init_script(FAST)
    _save_finished_match(page, server)
    # The game page opens the saved match: it is over, so the winner screen says so.
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("winner")).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("setup")).to_be_hidden()
    assert json.loads(page.evaluate("localStorage.getItem('mousehole.mousetrap.match')"))[
        "finished"
    ]

    # Back later: the page offers the finished match's result and a rematch, not "Continue".
    page.reload()
    expect(page.get_by_test_id("setup")).to_be_visible()
    expect(page.get_by_test_id("resume")).to_be_hidden()
    expect(page.get_by_test_id("continue")).to_be_hidden()
    finished = page.get_by_test_id("finished")
    expect(finished).to_be_visible()
    expect(finished).to_contain_text("Your last match is over: Ann won.")
    expect(page.get_by_test_id("setup")).not_to_contain_text("in progress")
    expect(page.get_by_test_id("rematch-last")).to_be_focused()
    screenshot(page, "saves-finished-setup")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "saves-finished-setup-390")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_test_id("see-result").click()
    expect(page.get_by_test_id("winner")).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("components")).to_have_text("23 / 23")

    # The home page offers the same two, and no "Continue your match".
    page.goto(server)
    expect(page.get_by_test_id("continue-mousetrap")).to_be_hidden()
    expect(page.get_by_test_id("result-mousetrap")).to_be_visible()
    expect(page.get_by_test_id("rematch-mousetrap")).to_be_visible()
    for other in OTHER_PAGE_GAMES:
        expect(page.get_by_test_id(f"continue-{other}")).to_be_hidden()
        expect(page.get_by_test_id(f"rematch-{other}")).to_be_hidden()
    screenshot(page, "saves-home-finished")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "saves-home-finished-390")

    # Rematch: the same seats, a new match, straight onto the board.
    page.get_by_test_id("rematch-mousetrap").click()
    expect(page).to_have_url(f"{server}/play/mousetrap", timeout=20_000)
    expect(page.get_by_test_id("components")).to_have_text("0 / 23", timeout=20_000)
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("seat-name-0")).to_have_text("Ann")
    expect(page.get_by_test_id("seat-name-1")).to_have_text("Bo")
    # That match is in progress: the home page offers to continue it.
    _idle(page, "mousetrap")
    page.goto(server)
    expect(page.get_by_test_id("continue-mousetrap")).to_be_visible()
    expect(page.get_by_test_id("rematch-mousetrap")).to_be_hidden()
