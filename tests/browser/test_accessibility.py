"""Every page, in the states a player meets, passes axe-core's automated accessibility rules.

axe-core (Deque's rules engine, the one browsers' developer tools use) runs inside the real page
and reports what it can check by machine: names of buttons, links and form fields, colour
contrast, landmarks and headings, ARIA roles and states, duplicate ids, focusable hidden
content. It is the floor under the hand-written checks of the other tests (keyboard play,
announcements, reduced motion), not a replacement for them. Every screenshot of the browser
tests runs the same audit (conftest.screenshot); this file covers the pages in their first
states, at both widths, whether or not another test photographs them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.processes import post_json

from .conftest import FAST, NewPage, accessibility_violations, watch_errors


def _online_room(server: str) -> dict[str, Any]:
    seats = [{"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}]
    body = {"game": "mousetrap", "options": {"seats": 3}, "seats": seats, "host_name": "Ann"}
    room: dict[str, Any] = post_json(f"{server}/api/online", body)
    return room


def _home_settings_open(page: Page, server: str) -> None:
    page.goto(server)
    page.get_by_test_id("settings-toggle").first.click()


def _mousetrap_setup(page: Page, server: str) -> None:
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("start-match")).to_be_visible()


def _mousetrap_match(page: Page, server: str) -> None:
    _mousetrap_setup(page, server)
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("roll")).to_be_enabled(timeout=15_000)  # the human's turn


def _ausdiemaus_match(page: Page, server: str) -> None:
    page.goto(f"{server}/play/ausdiemaus")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("seats")).to_be_visible()


def _playground(page: Page, server: str) -> None:
    page.goto(f"{server}/playground/mousetrap")
    expect(page.locator("main")).to_be_visible()


def _join_page(page: Page, server: str) -> None:
    room = _online_room(server)
    page.goto(server + room["link"])
    expect(page.get_by_test_id("join-seat-1")).to_be_visible()


def _watching_the_waiting_room(page: Page, server: str) -> None:
    room = _online_room(server)
    page.goto(f"{server}/play/mousetrap?room={room['code']}&watch=1")
    expect(page.get_by_test_id("waiting-room")).to_be_visible()


PAGES: dict[str, Callable[[Page, str], None]] = {
    "home with settings open": _home_settings_open,
    "Mouse Trap setup": _mousetrap_setup,
    "Mouse Trap match": _mousetrap_match,
    "Aus die Maus! match": _ausdiemaus_match,
    "Trap Playground": _playground,
    "invitation page": _join_page,
    "watching a waiting room": _watching_the_waiting_room,
}


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_has_no_automatically_detectable_accessibility_problems(
    new_page: NewPage, server: str, name: str, width: int
) -> None:
    page = new_page(width=width, height=860)
    page.context.add_init_script(FAST)
    PAGES[name](page, server)
    found = accessibility_violations(page)
    assert not found, f"{name} at {width} px:\n" + "\n".join(found)


def test_the_page_not_found_has_no_automatically_detectable_problems(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    watch_errors(page, errors, expected=lambda message: "status of 404" in message.text)
    response = page.goto(f"{server}/no-such-page")
    assert response is not None and response.status == 404
    found = accessibility_violations(page)
    context.close()
    assert not found, "\n".join(found)
    assert not errors, errors


def test_the_audit_finds_a_problem_when_there_is_one(new_page: NewPage, server: str) -> None:
    """The check can fail: a button without a name on an otherwise clean page is reported."""
    page = new_page()
    page.goto(server)
    assert not accessibility_violations(page)
    page.evaluate("document.querySelector('main').append(document.createElement('button'))")
    assert any(line.startswith("button-name") for line in accessibility_violations(page))
