"""What each player of an online room sees (issue 15, item 8): on every game's page the reconnect
banner covers nothing (not the view buttons, not the "Room" heading, no control). A game's own
view of an online room is tested in its folder (tests/games/<name>/browser/test_online_view.py).

The room is made and joined through the HTTP API (docs/online.md); each browser context holds
its own seat token, as the join page would have saved it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from mousehole.games import MANIFESTS
from tests.browser.phone import version, wait_for_turn
from tests.processes import post_json

from .fixtures import NewPage, screenshot, two_seat_room

PAGE_GAMES = [m.name for m in MANIFESTS if m.page is not None]

SETTINGS = (
    'try { localStorage.setItem("mousehole.settings",'
    ' JSON.stringify({speed: "fast", reducedMotion: "on", sound: false})); } catch (e) {}'
)
# Everything a player may need to see or press; the banner must overlap none of it.
COVERABLE = (
    "header a, header button, main button, main a, main h2, main select, main input,"
    " [data-testid=table], [data-testid=board], [data-testid=prompt]"
)
COVERED = """(selector) => {
  const banner = document.querySelector('[data-testid=reconnect-banner]').getBoundingClientRect();
  const hits = [];
  for (const node of document.querySelectorAll(selector)) {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || node.closest('[data-testid=reconnect-banner]')) continue;
    const w = Math.min(r.right, banner.right) - Math.max(r.left, banner.left);
    const h = Math.min(r.bottom, banner.bottom) - Math.max(r.top, banner.top);
    const name = node.dataset.testid || node.id || node.textContent.trim().slice(0, 30);
    if (w > 0.5 && h > 0.5) hits.push(name);
  }
  return hits;
}"""


def _player(new_page: NewPage, server: str, code: str, seat: dict[str, Any], width: int) -> Page:
    page = new_page(width, 844 if width < 500 else 800)
    page.context.add_init_script(SETTINGS)
    page.goto(server)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"mousehole.online.{code}", json.dumps(seat)],
    )
    return page


def _online_match(
    new_page: NewPage, server: str, game: str, friend_width: int
) -> tuple[Page, Page]:
    """Ann hosts a two-seat room of `game` at 1280 px, Bo joins at `friend_width`; started."""
    made, joined = two_seat_room(server, game)
    code = made["code"]
    host = _player(new_page, server, code, {**made, "name": "Ann", "game": game}, 1280)
    friend = _player(new_page, server, code, {**joined, "name": "Bo", "game": game}, friend_width)
    for page in (host, friend):
        page.goto(f"{server}/play/{game}?room={code}")
        expect(page.get_by_test_id("waiting-room")).to_be_visible()
    host.get_by_test_id("start-online").click()
    for page in (host, friend):
        expect(page.get_by_test_id("room-panel")).to_be_visible()
        expect(page.get_by_test_id("waiting-room")).to_be_hidden()
    return host, friend


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("game", PAGE_GAMES)
def test_the_reconnect_banner_covers_no_control_and_no_heading(
    new_page: NewPage, online_server: str, game: str, width: int
) -> None:
    _, friend = _online_match(new_page, online_server, game, width)
    friend.context.set_offline(True)
    banner = friend.get_by_test_id("reconnect-banner")
    expect(banner).to_be_visible()
    expect(friend.get_by_test_id("reconnect-text")).to_contain_text("Connection lost")
    assert friend.evaluate(COVERED, COVERABLE) == []
    # Scrolled down to the log: still nothing under the banner.
    friend.get_by_test_id("log").scroll_into_view_if_needed()
    assert friend.evaluate(COVERED, COVERABLE) == []
    friend.evaluate("window.scrollTo(0, 0)")
    screenshot(friend, f"online-view-banner-{game}-{width}")
    friend.context.set_offline(False)
    expect(banner).to_be_hidden()


LOG_LINES = "() => [...document.querySelectorAll('#log li')].map((li) => li.textContent.trim())"


def test_a_reload_and_a_reconnect_keep_what_happened_in_an_online_room(
    new_page: NewPage, online_server: str
) -> None:
    # Ann plays Aus die Maus! online against a computer; her log is written again from the
    # room's moves (as her seat saw them) whenever her page connects, so a reload or a dropped
    # connection keeps every line of the moves so far.
    game = "ausdiemaus"
    body = {
        "game": game,
        "options": {"seats": 2, "start_seat": 0},
        "seats": [{"kind": "open"}, {"kind": "computer", "name": "Pip", "level": "auto"}],
        "host_name": "Ann",
    }
    made: dict[str, Any] = post_json(f"{online_server}/api/online", body)
    code = made["code"]
    page = _player(new_page, online_server, code, {**made, "name": "Ann", "game": game}, 1280)
    page.goto(f"{online_server}/play/{game}?room={code}")
    page.get_by_test_id("start-online").click()
    turn = '!document.querySelector("[data-testid=turn-over]").disabled'
    wait_for_turn(page, game, turn)
    for _ in range(4):
        before = version(page, game)
        page.get_by_test_id("turn-over").click()
        wait_for_turn(page, game, turn, before)
    lines = page.evaluate(LOG_LINES)
    told = [line for line in lines if "turns over" in line or "Pip" in line]
    assert len(told) >= 4, lines
    page.reload()
    wait_for_turn(page, game, turn)
    after = page.evaluate(LOG_LINES)
    assert [line for line in after if line in told] == told, (lines, after)
    assert any(line.startswith("Welcome back") for line in after), after
    screenshot(page, "online-log-after-reload")
    # A dropped connection: the same lines again once it is back, each once.
    page.context.set_offline(True)
    expect(page.get_by_test_id("reconnect-banner")).to_be_visible()
    page.context.set_offline(False)
    expect(page.get_by_test_id("reconnect-banner")).to_be_hidden()
    wait_for_turn(page, game, turn)
    # the log is written again: the line about the lost connection goes with the old one
    page.wait_for_function(
        f"""() => {{
          const lines = ({LOG_LINES})();
          return lines.some((l) => l.startsWith("Welcome back"))
            && !lines.some((l) => l.startsWith("Connection lost"));
        }}"""
    )
    again = page.evaluate(LOG_LINES)
    assert [line for line in again if line in told] == told, (told, again)
