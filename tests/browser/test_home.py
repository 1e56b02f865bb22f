"""The home page in a real browser."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page

from mousehole.games import MANIFESTS, GameManifest
from tests.processes import post_json

from .conftest import screenshot, watch_errors

PAGE_GAMES = [m for m in MANIFESTS if m.page is not None]


def _first_prompt(entry: GameManifest) -> str:
    """Return the prompt a game's match page shows before its match is set (its play.html)."""
    assert entry.page is not None
    html = (entry.page.directory / "play.html").read_text(encoding="utf-8")
    found = re.search(r'<p[^>]*\bid="prompt"[^>]*>([^<]*)</p>', html)
    assert found, f"{entry.page.folder}/play.html has no prompt"
    return found.group(1)


def test_the_home_page_lists_every_game_without_console_errors(page: Page, server: str) -> None:
    page.goto(server)
    for entry in MANIFESTS:
        assert page.get_by_role("heading", name=entry.title).is_visible()
        assert f"{entry.min_seats}–{entry.max_seats} players" in page.content()
    screenshot(page, "home")


def _save_a_running_match(page: Page, server: str, entry: GameManifest) -> dict[str, object]:
    """Start a real local room and save it in the browser as the match page saves one."""
    computer = {"kind": "computer", "name": "Cy", "level": entry.levels[0]}
    seats = [{"kind": "human", "name": "Ann"}, computer]
    setup = {"game": entry.name, "options": {"seats": 2, "start_seat": 0}, "seats": seats}
    room = post_json(f"{server}/api/rooms", setup)
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": setup,
        "finished": False,
        "winners": [],
    }
    page.evaluate(
        f"saved => localStorage.setItem('mousehole.{entry.name}.match', JSON.stringify(saved))",
        saved,
    )
    return saved


@pytest.mark.parametrize("entry", PAGE_GAMES, ids=lambda m: m.name)
def test_play_starts_a_new_match_while_one_is_in_progress_and_continue_resumes_it(
    page: Page, server: str, entry: GameManifest
) -> None:
    name = entry.name
    key = f"mousehole.{name}.match"
    page.goto(server)
    saved = _save_a_running_match(page, server, entry)
    page.reload()
    # "Play" opens the new-match form, which names the match in progress and offers it.
    page.get_by_test_id(f"play-{name}").click()
    page.wait_for_url(f"**/play/{name}")
    running = page.get_by_test_id("running")
    assert running.is_visible()
    assert "match in progress with Ann and Cy" in running.inner_text()
    assert "takes the place of the match in progress" in running.inner_text()
    assert page.evaluate("() => document.activeElement?.dataset.testid") == "continue-running"
    if entry is PAGE_GAMES[0]:
        screenshot(page, "home-play-while-running")
    # Continue: the saved room again, no new one.
    page.get_by_test_id("continue-running").click()
    assert not page.get_by_test_id("setup").is_visible()
    page.wait_for_function(f"() => window.{name}Page?.snapshot !== null")
    assert page.evaluate(f"() => JSON.parse(localStorage.getItem('{key}')).room") == saved["room"]
    # Play again, and this time start: a new room takes the saved one's place.
    page.goto(server)
    page.get_by_test_id(f"play-{name}").click()
    page.get_by_test_id("start-match").click()
    page.wait_for_function(
        f"""() => {{
          const now = JSON.parse(localStorage.getItem('{key}') || "null");
          return now && now.room !== {json.dumps(saved["room"])};
        }}"""
    )
    assert not page.get_by_test_id("setup").is_visible()


@pytest.mark.parametrize("entry", PAGE_GAMES, ids=lambda m: m.name)
def test_the_home_page_offers_to_continue_a_saved_local_match(
    page: Page, server: str, entry: GameManifest
) -> None:
    name = entry.name
    page.goto(server)
    assert not page.get_by_test_id(f"continue-{name}").is_visible()
    # a real room, saved as the match page saves one: the play page then resumes it without
    # a refused request (a made-up room made the page try to set it again, and fail)
    computer = {"kind": "computer", "name": "Cy", "level": entry.levels[0]}
    seats = [{"kind": "human", "name": "Ann"}, computer]
    setup = {"game": name, "options": {"seats": 2, "start_seat": 0}, "seats": seats}
    room = post_json(f"{server}/api/rooms", setup)
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": setup,
        "finished": False,
        "winners": [],
    }
    page.evaluate(
        f"saved => localStorage.setItem('mousehole.{name}.match', JSON.stringify(saved))", saved
    )
    page.reload()
    assert page.get_by_test_id(f"continue-{name}").is_visible()
    page.get_by_test_id(f"continue-{name}").click()
    page.wait_for_url(f"**/play/{name}")
    first = json.dumps(_first_prompt(entry))
    page.wait_for_function(  # the saved room resumed: its prompt replaced the setting-up one
        f"() => document.getElementById('prompt').textContent !== {first}"
    )


def test_the_content_security_policy_refuses_an_injected_script_and_style(
    browser: Browser, server: str
) -> None:
    """The policy is in force: a script written into the page does not run, and a style
    attribute does not apply (and the browser says so)."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    watch_errors(page, errors, expected=lambda message: "Content Security Policy" in message.text)
    page.goto(server)

    def refused(script: str) -> None:
        """Run `script` and wait for the browser's report that the policy refused it."""
        with page.expect_console_message(
            timeout=5_000,
            predicate=lambda m: m.type == "error" and "Content Security Policy" in m.text,
        ):
            page.evaluate(script)

    refused(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.injected = true'; document.body.append(s); }"
    )
    assert page.evaluate("() => window.injected === undefined")
    refused(
        "() => document.body.insertAdjacentHTML('beforeend',"
        ' \'<p id="injected" style="color: rgb(255, 0, 0)">x</p>\')'
    )
    color = page.evaluate("() => getComputedStyle(document.getElementById('injected')).color")
    assert color != "rgb(255, 0, 0)", "a style attribute in markup must not apply"
    context.close()
    assert not errors, errors
