"""The Aus die Maus! table in an online room (issue 15, item 8): your own stack is at the bottom,
nearest you, and the chips in the middle of the table are the chips left, not a number of chips
"to win". The room is made as tests/browser/test_online_view.py makes it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import NewPage, _serve, screenshot
from tests.browser.phone import version, wait_for_turn
from tests.browser.test_online_view import _online_match, _player
from tests.processes import post_json


def _lowest_seat(page: Page) -> int:
    """The seat whose group on the table is lowest on the screen (nearest the player)."""
    centres = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid^=table-seat-]')].map((g) => {
             const r = g.getBoundingClientRect();
             return [Number(g.dataset.testid.slice('table-seat-'.length)), r.top + r.height / 2];
           })"""
    )
    return int(max(centres, key=lambda pair: pair[1])[0])


@pytest.mark.parametrize("width", [1280, 390])
def test_online_each_player_sees_their_own_stack_at_the_bottom(
    new_page: NewPage, online_server: str, width: int
) -> None:
    host, friend = _online_match(new_page, online_server, "ausdiemaus", width)
    expect(friend.get_by_test_id("table-seat-1")).to_be_visible()
    assert _lowest_seat(host) == 0
    assert _lowest_seat(friend) == 1
    # The chips in the middle are the chips left; the biggest stack wins in the end.
    label = friend.locator("[data-testid=chip-supply] .supply-label")
    expect(label).to_have_text("5 mouse chips left")
    expect(friend.get_by_test_id("prompt-sub")).not_to_contain_text("to win")
    screenshot(friend, f"online-view-ausdiemaus-guest-{width}")


LOG_LINES = "() => [...document.querySelectorAll('#log li')].map((li) => li.textContent.trim())"


@pytest.fixture
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this test's own: a reconnect's log comes from the replay endpoint, whose
    per-address budget the process's other tests (replays among them) must not have spent."""
    yield from _serve(
        tmp_path_factory, {"MOUSEHOLE_ONLINE_GRACE": "1", "MOUSEHOLE_COMPUTER_DELAY": "0.1"}
    )


def test_a_reload_and_a_reconnect_keep_what_happened_in_an_online_room(
    own_server: str, new_page: NewPage
) -> None:
    # own_server comes first so that it is set up first and torn down last: the pages close
    # while it still serves, instead of trying to reconnect to a stopped server (a refused
    # connection is a console error, which fails the test at the pages' teardown).
    online_server = own_server
    # Ann plays online against a computer; her log is written again from the room's moves (as
    # her seat saw them) whenever her page connects, so a reload or a dropped connection keeps
    # every line of the moves so far.
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
