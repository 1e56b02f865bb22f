"""Online rooms in real browsers: a host and a friend in two browser contexts create, join, wait,
start and play a Mouse Trap match against each other; a refresh recovers a seat; a spectator
watches; a lost connection shows the reconnect banner, also when the server itself is killed
and started again. The join page and the host's countdown are in test_join_page.py.

The server runs with a 1 s grace period (MOUSEHOLE_ONLINE_GRACE) so that host controls for
absent players can be exercised without waiting a minute.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from tests.browser.fixtures import FAST, NewPage, room_code, screenshot, watch_errors
from tests.processes import ServerProcess, post_json

# Records every "available in N s" the room panel shows and whether the host's buttons were
# disabled meanwhile (a 1 s countdown is too brief to poll for from the test).
WATCH_COUNTDOWN = """() => {
  window.countdownSeen = [];
  const note = () => {
    for (const wait of document.querySelectorAll("[data-testid^=host-wait-]")) {
      const seat = wait.dataset.testid.slice("host-wait-".length);
      const buttons = [`replace-${seat}`, `reopen-${seat}`]
        .map((id) => document.querySelector(`[data-testid=${id}]`));
      window.countdownSeen.push({seat: Number(seat), text: wait.textContent,
                                 disabled: buttons.every((b) => b && b.disabled)});
    }
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true});
}"""


def _fast(page: Page) -> Page:
    page.context.add_init_script(FAST)
    return page


def _version(page: Page) -> int:
    return int(page.evaluate("() => window.mousetrapPage.snapshot?.version ?? -1"))


def _my_move(page: Page) -> bool:
    """Make one move if this page may act now (roll, a split, or finish the trap phase)."""
    if page.get_by_test_id("split-dialog").is_visible():
        page.get_by_test_id("split-option").first.click()
        return True
    if page.get_by_test_id("roll").is_visible() and page.get_by_test_id("roll").is_enabled():
        page.keyboard.press("r")  # keyboard play: R rolls
        return True
    if page.get_by_test_id("trap-panel").is_visible():
        if page.get_by_test_id("crank").is_enabled():
            page.get_by_test_id("crank").click()
            return True
        if page.get_by_test_id("end-turn").is_enabled():
            page.get_by_test_id("end-turn").click()
            return True
    return False


def _play(players: list[Page], moves: int, shot: str | None = None) -> None:
    """Let the players act in turn through the page until `moves` more moves are committed."""
    target = _version(players[0]) + moves
    shot_taken = shot is None
    while _version(players[0]) < target:
        before = _version(players[0])
        acted = False
        for page in players:
            if _my_move(page):
                acted = True
                break
        if acted:
            players[0].wait_for_function(
                f"() => (window.mousetrapPage?.snapshot?.version ?? 0) > {before}", timeout=10_000
            )
        else:
            if not shot_taken:
                for page in players:
                    if page.get_by_test_id("prompt").inner_text().startswith("Waiting for"):
                        screenshot(page, shot or "online")
                        shot_taken = True
                        break
            players[0].wait_for_timeout(60)
        if players[0].get_by_test_id("winner").is_visible():
            return


def _in_step(a: Page, b: Page) -> None:
    """Both pages show the same committed version, with their animations done and drawn.

    The page's own `idle` flag, not the Skip button: the button is redrawn on the next animation
    frame, so just after an update arrives it still says "idle" from the previous frame.
    """
    idle = (
        "() => { const p = window.mousetrapPage, s = p.snapshot;"
        " return s && s.version === %d && p.idle; }"
    )
    version = _version(a)
    a.wait_for_function(idle % version, timeout=10_000)
    b.wait_for_function(idle % version, timeout=10_000)


def _panels(page: Page) -> list[str]:
    return [
        page.get_by_test_id(f"position-{i}").inner_text()
        + " | "
        + page.get_by_test_id(f"cheese-{i}").inner_text()
        for i in range(2)
    ]


def test_two_browsers_play_an_online_match(new_page: NewPage, online_server: str) -> None:
    server = online_server
    # The host sets up an online room for two from the game's page.
    host = _fast(new_page())
    host.goto(f"{server}/play/mousetrap?online=new")
    expect(host.get_by_test_id("setup")).to_be_visible()
    expect(host.get_by_test_id("mode-online")).to_be_checked()
    host.get_by_test_id("seat-count").select_option("2")
    host.get_by_test_id("seat-0-name").fill("Ann")
    expect(host.get_by_test_id("seat-1-kind")).to_have_value("open")
    expect(host.get_by_test_id("start-match")).to_have_text("Create room")
    screenshot(host, "online-setup")
    host.get_by_test_id("start-match").click()

    # The waiting room: a big code, copy buttons, the seats, Start disabled while a seat is open.
    expect(host.get_by_test_id("waiting-room")).to_be_visible()
    code = room_code(host)
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", code), code
    assert re.search(rf"/play/mousetrap\?room={code}$", host.url)
    expect(host.get_by_test_id("room-link")).to_contain_text(f"/join/{code}")
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "open")
    expect(host.get_by_test_id("seat-panel-1")).to_contain_text("Open seat")
    expect(host.get_by_test_id("room-host-0")).to_be_visible()
    expect(host.get_by_test_id("start-online")).to_be_disabled()
    expect(host.get_by_test_id("start-reason")).to_contain_text("still open")
    host.get_by_test_id("copy-code").click()
    expect(host.get_by_test_id("copy-feedback")).not_to_be_empty()
    stored = host.evaluate(f"() => JSON.parse(localStorage.getItem('mousehole.online.{code}'))")
    assert stored["seat"] == 0 and stored["name"] == "Ann" and stored["token"]

    # A friend on a phone opens the link, picks the open seat and joins. The join page reads
    # the room's public summary (GET /api/online/<CODE>): it opens no socket.
    friend = _fast(new_page(390, 844))
    sockets: list[str] = []
    friend.on("websocket", lambda socket: sockets.append(socket.url))
    friend.goto(f"{server}/join/{code}")
    expect(friend.get_by_test_id("join-seat-1")).to_be_checked()
    expect(friend.get_by_test_id("join-status")).to_have_text(
        "Mouse Trap · 2 seats · host Ann · not started yet"
    )
    expect(friend.get_by_test_id("join-seat-0")).to_contain_text("Ann")
    expect(friend.get_by_test_id("join-seat-0")).to_contain_text("host")
    assert sockets == []
    friend.get_by_test_id("join-name").fill("Bo")
    screenshot(friend, "online-join-page")
    friend.get_by_test_id("join-submit").click()
    friend.wait_for_url(f"**/play/mousetrap?room={code}")
    expect(friend.get_by_test_id("waiting-room")).to_be_visible()
    expect(friend.get_by_test_id("waiting-host")).to_contain_text("Waiting for Ann to start")
    expect(friend.get_by_test_id("start-online")).to_be_hidden()

    # The host sees Bo arrive; Start is enabled.
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    expect(host.get_by_test_id("room-seat-1")).to_contain_text("Bo")
    expect(host.get_by_test_id("seat-panel-1")).to_contain_text("Human")
    expect(host.get_by_test_id("start-online")).to_be_enabled()
    screenshot(host, "online-waiting-host")
    screenshot(friend, "online-waiting-guest")
    host.get_by_test_id("start-online").click()
    for page in (host, friend):
        expect(page.get_by_test_id("waiting-room")).to_be_hidden()
        expect(page.get_by_test_id("board")).to_be_visible()
        expect(page.get_by_test_id("room-panel")).to_be_visible()

    # They play alternately through the page; each sees the other's moves.
    _play([host, friend], 16)
    _in_step(host, friend)
    assert _panels(host) == _panels(friend)
    assert host.get_by_test_id("log").inner_text().count("Bo") >= 1
    assert friend.get_by_test_id("log").inner_text().count("Ann") >= 1

    # Only the seat to act has controls: the other page says whom it waits for.
    to_act = host.evaluate("() => window.mousetrapPage.snapshot.to_act")
    if to_act is not None and not host.get_by_test_id("winner").is_visible():
        waiting, name = (friend, "Ann") if to_act == 0 else (host, "Bo")
        expect(waiting.get_by_test_id("prompt")).to_have_text(f"Waiting for {name}…")
        expect(waiting.get_by_test_id("roll")).to_be_disabled()
        screenshot(waiting, "online-waiting-for")

    # A refresh recovers Bo's seat from the token kept in localStorage.
    friend.reload()
    expect(friend.get_by_test_id("mode-badge")).to_have_text("Online")
    expect(friend.get_by_test_id("board")).to_be_visible()
    friend.wait_for_function("() => window.mousetrapPage?.snapshot?.you?.seat === 1")
    _play([host, friend], 6)
    _in_step(host, friend)
    assert _panels(host) == _panels(friend)

    # A spectator sees the board and the log, no controls, and a Watching badge.
    watcher = _fast(new_page())
    watcher.goto(f"{server}/play/mousetrap?room={code}&watch=1")
    expect(watcher.get_by_test_id("mode-badge")).to_have_text("Watching")
    expect(watcher.get_by_test_id("board")).to_be_visible()
    watcher.wait_for_function(f"() => window.mousetrapPage?.snapshot?.version >= {_version(host)}")
    expect(watcher.get_by_test_id("roll")).to_be_disabled()
    expect(watcher.get_by_test_id("trap-panel")).to_be_hidden()
    expect(watcher.get_by_test_id("room-seat-0")).to_have_attribute("data-state", "connected")
    screenshot(watcher, "online-spectator")
    _play([host, friend], 4)
    _in_step(host, watcher)
    assert _panels(watcher) == _panels(host)

    # The friend loses the connection: a banner, the host sees Bo away and may step in once
    # the grace period (1 s here) is over: until then the buttons wait, with a countdown.
    host.evaluate(WATCH_COUNTDOWN)
    bar = friend.get_by_test_id("action-bar").bounding_box()
    friend.context.set_offline(True)
    expect(friend.get_by_test_id("reconnect-banner")).to_be_visible()
    # On the phone the long prompt wraps between words in the bar, which keeps its size (the
    # banner, in the page's flow above the board, moves the bar down by its own height).
    expect(friend.get_by_test_id("prompt")).to_have_text("Reconnecting to the table…")
    now = friend.get_by_test_id("action-bar").bounding_box()
    assert bar and now and (now["width"], now["height"]) == (bar["width"], bar["height"])
    assert now["x"] == bar["x"]
    assert friend.evaluate(
        "() => [...document.querySelectorAll('#prompt, #prompt-sub')]"
        ".every((p) => p.scrollWidth <= p.clientWidth)"
    )
    expect(friend.get_by_test_id("reconnect-text")).to_contain_text("Connection lost")
    expect(friend.get_by_test_id("reconnect-now")).to_be_visible()
    screenshot(friend, "online-reconnect-banner")
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "absent")
    expect(host.get_by_test_id("room-seat-state-1")).to_contain_text("Away")
    expect(host.get_by_test_id("replace-1")).to_be_enabled()
    expect(host.get_by_test_id("reopen-1")).to_be_enabled()
    expect(host.get_by_test_id("host-wait-1")).to_have_count(0)
    seen = host.evaluate("() => window.countdownSeen")
    assert {"seat": 1, "text": "available in 1 s", "disabled": True} in seen, seen
    host.get_by_test_id("replace-level-1").select_option("easy")
    host.get_by_test_id("replace-1").click()
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "assisted")
    screenshot(host, "online-host-controls")

    # Back online: the banner clears and Bo takes the seat back from the computer.
    friend.context.set_offline(False)
    expect(friend.get_by_test_id("reconnect-banner")).to_be_hidden()
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    _play([host, friend], 4)
    _in_step(host, friend)
    assert _panels(host) == _panels(friend)


@pytest.fixture
def killable(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of this test's own, which it kills and starts again on the same file."""
    env = {"MOUSEHOLE_COMPUTER_DELAY": "0.1"}
    server = ServerProcess(tmp_path / "mousehole.sqlite3", tmp_path / "server.log", env)
    yield server.start()
    server.kill()


def test_a_page_rides_out_a_killed_server_and_plays_on_after_its_restart(
    browser: Browser, killable: ServerProcess
) -> None:
    # Ann's room against a computer seat, made over the API; her token is in her storage.
    body = {
        "game": "mousetrap",
        "options": {"seats": 2, "start_seat": 0},
        "seats": [{"kind": "open"}, {"kind": "computer", "level": "easy"}],
        "host_name": "Ann",
    }
    room = post_json(f"{killable.url}/api/online", body)
    code = room["code"]
    seat = {"token": room["token"], "seat": 0, "name": "Ann", "game": "mousetrap"}
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.add_init_script(FAST)
    context.add_init_script(
        f"localStorage.setItem('mousehole.online.{code}', JSON.stringify({json.dumps(seat)}))"
    )
    page = context.new_page()
    errors: list[str] = []

    def refused(message: ConsoleMessage) -> bool:
        # While the server is down, Chromium logs each refused reconnection by itself.
        text = message.text
        return "WebSocket connection to" in text or text.startswith("Failed to load resource")

    watch_errors(page, errors, refused)
    try:
        page.goto(f"{killable.url}/play/mousetrap?room={code}")
        expect(page.get_by_test_id("start-online")).to_be_enabled()
        page.get_by_test_id("start-online").click()
        expect(page.get_by_test_id("board")).to_be_visible()
        _play([page], 6)
        page.wait_for_function("() => window.mousetrapPage?.idle")
        before = _version(page)
        panels = _panels(page)

        # The server dies without a word: the page says it is reconnecting and keeps trying.
        killable.kill()
        expect(page.get_by_test_id("reconnect-banner")).to_be_visible()
        expect(page.get_by_test_id("prompt")).to_have_text("Reconnecting to the table…")
        expect(page.get_by_test_id("room-seat-0")).to_have_attribute("data-state", "reconnecting")
        expect(page.get_by_test_id("room-seat-state-0")).to_have_text("Reconnecting…")
        screenshot(page, "online-server-down")

        # Started again on the same file: the page reconnects by itself, to the same match.
        killable.start()
        expect(page.get_by_test_id("reconnect-banner")).to_be_hidden(timeout=20_000)
        expect(page.get_by_test_id("room-seat-0")).to_have_attribute("data-state", "connected")
        assert _version(page) == before
        assert _panels(page) == panels
        _play([page], 4)
        assert _version(page) >= before + 4
    finally:
        context.close()
    assert not errors, "; ".join(errors)
