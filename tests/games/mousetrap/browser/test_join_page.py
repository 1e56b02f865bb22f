"""The join page and the host's controls, in real browsers: a bad or unknown code explained on
the join page and in the code box; the join page listing a room's summary before any socket;
a friend joining by it; and, once the friend leaves, the host's controls for the seat waiting
out an 8 s grace period (a server of this module's own), counting down, then reopening it.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from tests.browser.fixtures import FAST, NewPage, _serve, room_code, screenshot, watch_errors
from tests.processes import post_json


def _fast(page: Page) -> Page:
    page.context.add_init_script(FAST)
    return page


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """conftest's `page`, except for the line Chromium logs by itself for a refused GET
    /api/online/<CODE> ("Failed to load resource: ... 404"): an unknown code is an answer
    the page reads and explains. Any other console or page error still fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []

    def unknown_code(message: ConsoleMessage) -> bool:
        return message.text.startswith("Failed to load resource") and bool(
            re.search(r"/api/online/[^/]+$", message.location.get("url", ""))
        )

    watch_errors(page, errors, unknown_code)
    yield page
    context.close()
    assert not errors, f"{request.node.name}: " + "; ".join(errors)


@pytest.fixture(scope="module")
def patient_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose online rooms give absent players an 8 s grace period."""
    yield from _serve(
        tmp_path_factory, {"MOUSEHOLE_ONLINE_GRACE": "8", "MOUSEHOLE_COMPUTER_DELAY": "0.1"}
    )


def _get(url: str) -> tuple[int, Any]:
    """GET `url`; return its status and JSON (errors included)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_join_page_and_the_code_box_explain_bad_codes(page: Page, online_server: str) -> None:
    server = online_server
    page.goto(f"{server}/join/hello!")
    expect(page.get_by_test_id("join-error")).to_contain_text("is not a room code")
    page.goto(f"{server}/join/zz-zz-zz")
    expect(page.get_by_test_id("join-code")).to_have_text("ZZZZZZ")
    expect(page.get_by_test_id("join-error")).to_contain_text("There is no room ZZZZZZ")
    screenshot(page, "online-join-unknown")

    # The home page's "Have a code?" box: upper case, spaces and dashes ignored.
    page.goto(server)
    box = page.get_by_test_id("code-input")
    box.fill("k7q 4!")
    page.get_by_test_id("code-submit").click()
    expect(page.get_by_test_id("code-error")).to_contain_text("is not a room code")
    box.fill("k7q-m4x")
    box.press("Enter")
    expect(page.get_by_test_id("code-error")).to_contain_text("There is no room K7QM4X")

    # A real room: the box opens its join page.
    page.goto(f"{server}/play/mousetrap?online=new")
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("room-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
    code = room_code(page)
    page.goto(server)
    page.get_by_test_id("code-input").fill(f" {code[:3].lower()}-{code[3:]} ")
    page.get_by_test_id("code-submit").click()
    page.wait_for_url(f"**/join/{code}")
    expect(page.get_by_test_id("join-continue")).to_be_visible()  # this browser holds seat 1
    page.get_by_test_id("join-continue").click()
    page.wait_for_url(f"**/play/mousetrap?room={code}")
    expect(page.get_by_test_id("waiting-room")).to_be_visible()


def test_the_join_page_lists_the_summary_and_host_controls_count_down(
    new_page: NewPage, patient_server: str
) -> None:
    server = patient_server
    # A room of three: Ann hosts, two seats are open for friends.
    made = post_json(
        f"{server}/api/online",
        {
            "game": "mousetrap",
            "options": {"seats": 3, "start_seat": 0},
            "seats": [{"kind": "open"}, {"kind": "open"}, {"kind": "open"}],
            "host_name": "Ann",
        },
    )
    code = made["code"]
    status, summary = _get(f"{server}/api/online/{code.lower()}")
    assert status == 200, summary
    assert summary["grace"] == 8 and summary["host"] == 0 and not summary["started"]
    assert [s["state"] for s in summary["seats"]] == ["absent", "open", "open"]
    assert "token" not in json.dumps(summary)
    assert _get(f"{server}/api/online/ZZZZZZ") == (
        404,
        {"error": {"code": "no_room", "message": "no room 'ZZZZZZ'"}},
    )

    host = _fast(new_page())
    host.goto(server)
    stored = {"token": made["token"], "seat": 0, "name": "Ann", "game": "mousetrap"}
    host.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"mousehole.online.{code}", json.dumps(stored)],
    )
    host.goto(f"{server}/play/mousetrap?room={code}")
    expect(host.get_by_test_id("mode-badge")).to_have_text("Online · host")
    expect(host.get_by_test_id("room-seat-0")).to_have_attribute("data-state", "connected")

    # The join page lists every seat from the summary, with no socket: the open seats are
    # choices (the first one chosen), the host's is not.
    friend = _fast(new_page(390, 844))
    sockets: list[str] = []
    friend.on("websocket", lambda socket: sockets.append(socket.url))
    friend.goto(f"{server}/join/{code}")
    expect(friend.get_by_test_id("join-status")).to_have_text(
        "Mouse Trap · 3 seats · host Ann · not started yet"
    )
    expect(friend.locator(".join-seat")).to_have_count(3)
    expect(friend.get_by_test_id("join-seat-0")).to_contain_text("Ann")
    expect(friend.get_by_test_id("join-seat-0")).to_contain_text("Playing")
    expect(friend.get_by_test_id("join-seat-1")).to_be_checked()
    expect(friend.get_by_test_id("join-seat-2")).not_to_be_checked()
    expect(friend.get_by_test_id("join-name")).to_be_focused()
    friend.get_by_text("Seat 3", exact=True).click()
    expect(friend.get_by_test_id("join-seat-2")).to_be_checked()
    friend.get_by_test_id("join-name").fill("Cy")
    screenshot(friend, "online-join-summary-390")
    friend.set_viewport_size({"width": 1280, "height": 800})
    screenshot(friend, "online-join-summary-1280")
    assert sockets == []
    friend.get_by_test_id("join-submit").click()
    friend.wait_for_url(f"**/play/mousetrap?room={code}")
    friend.wait_for_function("() => window.mousetrapPage?.snapshot?.you?.seat === 2")
    expect(host.get_by_test_id("room-seat-2")).to_have_attribute("data-state", "connected")
    expect(host.get_by_test_id("room-seat-2")).to_contain_text("Cy")

    # Cy leaves: the host's controls for the seat wait out the grace period, counting down.
    friend.close()
    expect(host.get_by_test_id("room-seat-2")).to_have_attribute("data-state", "absent")
    wait = host.get_by_test_id("host-wait-2")
    expect(wait).to_have_text(re.compile(r"^available in [1-8] s$"))
    left = int(re.findall(r"\d+", wait.inner_text())[0])
    expect(host.get_by_test_id("replace-2")).to_be_disabled()
    expect(host.get_by_test_id("reopen-2")).to_be_disabled()
    expect(host.get_by_test_id("replace-level-2")).to_be_enabled()  # a level may be chosen now
    assert host.get_by_test_id("replace-2").get_attribute("aria-describedby") == "host-wait-2"
    expect(host.get_by_test_id("host-wait-1")).to_have_count(0)  # open seats have no controls
    screenshot(host, "online-host-countdown-1280")
    if left > 1:  # counted down between snapshots: a smaller number follows
        lower = "|".join(str(n) for n in range(1, left))
        expect(wait).to_have_text(re.compile(rf"^available in ({lower}) s$"))
    host.set_viewport_size({"width": 390, "height": 844})
    screenshot(host, "online-host-countdown-390")
    expect(host.get_by_test_id("replace-2")).to_be_enabled(timeout=12_000)
    expect(host.get_by_test_id("reopen-2")).to_be_enabled()
    expect(wait).to_have_count(0)
    expect(host.get_by_test_id("room-seat-state-2")).to_contain_text("Away for")
    screenshot(host, "online-host-enabled-390")
    host.set_viewport_size({"width": 1280, "height": 800})
    screenshot(host, "online-host-enabled-1280")
    # The away time counts on without redrawing the row (a button replaced between a press
    # and its release would lose the click): Reopen stays the same node.
    reopen = "document.querySelector('[data-testid=reopen-2]')"
    host.evaluate(f"() => {{ window.kept = {reopen}; }}")
    away = host.get_by_test_id("room-seat-state-2").inner_text()
    expect(host.get_by_test_id("room-seat-state-2")).not_to_have_text(away)
    assert host.evaluate(f"() => window.kept === {reopen}")
    host.get_by_test_id("reopen-2").click()
    expect(host.get_by_test_id("room-seat-2")).to_have_attribute("data-state", "open")
    expect(host.get_by_test_id("room-message")).to_be_hidden()  # nothing was refused
    assert host.evaluate("() => window.mousetrapPage.snapshot.grace") == 8
