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

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from mousehole.games import MANIFESTS
from tests.processes import post_json

from .conftest import FAST, NewPage, accessibility_violations, watch_errors

GAME = next(m for m in MANIFESTS if m.page is not None)
"""The game page the room pages are audited on (the invitation, a spectator's waiting room):
the registry's first with a page; those pages are the same for every game."""


def _online_room(server: str) -> dict[str, Any]:
    seats = [{"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": GAME.levels[0]}]
    body = {"game": GAME.name, "options": {"seats": 3}, "seats": seats, "host_name": "Ann"}
    room: dict[str, Any] = post_json(f"{server}/api/online", body)
    return room


def _home_settings_open(page: Page, server: str) -> None:
    page.goto(server)
    page.get_by_test_id("settings-toggle").first.click()


def _setup(name: str) -> Callable[[Page, str], None]:
    """Return the state "a game's match page with its New-match dialog open"."""

    def show(page: Page, server: str) -> None:
        page.goto(f"{server}/play/{name}")
        expect(page.get_by_test_id("start-match")).to_be_visible()

    return show


def _join_page(page: Page, server: str) -> None:
    room = _online_room(server)
    page.goto(server + room["link"])
    expect(page.get_by_test_id("join-seat-1")).to_be_visible()


def _watching_the_waiting_room(page: Page, server: str) -> None:
    room = _online_room(server)
    page.goto(f"{server}/play/{GAME.name}?room={room['code']}&watch=1")
    expect(page.get_by_test_id("waiting-room")).to_be_visible()


def _games_own_pages() -> dict[str, Callable[[Page, str], None]]:
    """Return the states each game's folder adds (its `browser/pages.py`: PAGES, such as its
    match in play or an extra page of its own), by name."""
    pages: dict[str, Callable[[Page, str], None]] = {}
    for m in MANIFESTS:
        module = f"tests.games.{m.name}.browser.pages"
        if importlib.util.find_spec(f"tests.games.{m.name}.browser") and importlib.util.find_spec(
            module
        ):
            pages |= getattr(importlib.import_module(module), "PAGES", {})
    return pages


PAGES: dict[str, Callable[[Page, str], None]] = {
    "home with settings open": _home_settings_open,
    **{f"{m.title} setup": _setup(m.name) for m in MANIFESTS if m.page is not None},
    **_games_own_pages(),
    "invitation page": _join_page,
    "watching a waiting room": _watching_the_waiting_room,
}
"""The states audited, by name: the platform's pages, every game page's setup, and the states
each game's folder adds (tests/games/<name>/browser/pages.py)."""


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
