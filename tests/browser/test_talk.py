"""Talk in an online room, in real browsers (docs/online.md, Talk): Ann (the host, 1280 x 800)
and Bo (a phone, 390 x 844) react and chat in the waiting room and during play; each sees the
other's bubble beside their seat and their line in the log; a line of markup stays text; the
host switches chat off and Bo's input goes away; a spectator reads but cannot talk; a reload
shows the recent lines again. They talk on the registry's first game page; a game's own checks
(its table has the same talk, typing a line never plays its keys) are in its folder
(tests/games/<name>/browser/test_talk.py).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from mousehole.games import MANIFESTS

from .conftest import FAST, NewPage, screenshot
from .fixtures import room_code

GAME = next(m.name for m in MANIFESTS if m.page is not None)
"""The page the talk is tested on: talk is the room panel's, the same on every game page."""

MOTION_ON = (
    'try { localStorage.setItem("mousehole.settings",'
    ' JSON.stringify({speed: "fast", reducedMotion: "off", sound: false})); } catch (e) {}'
)
"""Bo's settings: fast playback and no sound, but full motion (the bubble pops in)."""

MARKUP = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script> & <b>bold</b>'


def _open_room(new_page: NewPage, server: str, game: str = GAME) -> tuple[Page, Page, str]:
    """Ann creates a room for two from the game's page; Bo joins it on a phone."""
    host = new_page()
    host.context.add_init_script(FAST)
    host.goto(f"{server}/play/{game}?online=new")
    host.get_by_test_id("seat-count").select_option("2")
    host.get_by_test_id("seat-0-name").fill("Ann")
    host.get_by_test_id("start-match").click()
    expect(host.get_by_test_id("waiting-room")).to_be_visible()
    code = room_code(host)
    friend = new_page(390, 844)
    friend.context.add_init_script(MOTION_ON)
    friend.goto(f"{server}/join/{code}")
    friend.get_by_test_id("join-name").fill("Bo")
    friend.get_by_test_id("join-submit").click()
    friend.wait_for_url(f"**/play/{game}?room={code}")
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    return host, friend, code


def test_two_players_react_and_chat_and_the_host_switches_chat_off(
    new_page: NewPage, online_server: str
) -> None:
    host, friend, code = _open_room(new_page, online_server)

    # In the waiting room: Ann reacts with a preset phrase, by keyboard.
    expect(host.get_by_test_id("talk")).to_be_visible()
    expect(host.get_by_test_id("talk-reactions").get_by_role("button")).to_have_count(9)
    expect(host.get_by_role("button", name="Cheese")).to_be_visible()
    host.get_by_test_id("react-nice_trap").focus()
    host.keyboard.press("Enter")
    bubble = friend.get_by_test_id("room-seat-0").get_by_test_id("talk-bubble-0")
    expect(bubble).to_have_text("Nice trap!")
    expect(friend.get_by_test_id("talk-line-0")).to_have_text("Ann: Nice trap!")
    expect(friend.get_by_test_id("status")).to_have_text("Ann: Nice trap!")
    assert bubble.evaluate("(b) => getComputedStyle(b).animationName") == "talk-pop"
    host_bubble = host.get_by_test_id("talk-bubble-0")
    expect(host_bubble).to_be_visible()
    assert host_bubble.evaluate("(b) => getComputedStyle(b).animationName") == "none", (
        "reduced motion: the bubble appears without moving"
    )
    screenshot(friend, "talk-waiting-bubble-phone")

    # Bo types a line of markup: everyone sees the characters, nothing runs or renders.
    friend.get_by_test_id("talk-input").fill(MARKUP)
    friend.get_by_test_id("talk-input").press("Enter")
    expect(host.get_by_test_id("talk-line-1")).to_have_text(f"Bo: {MARKUP}")
    expect(host.get_by_test_id("talk-bubble-1")).to_have_text(MARKUP)
    expect(host.get_by_test_id("status")).to_have_text(f"Bo: {MARKUP}")
    expect(friend.get_by_test_id("talk-input")).to_have_value("")
    for page in (host, friend):
        assert page.locator(".talk img, .talk script, .talk b, .room-seats img").count() == 0
        assert page.evaluate("() => window.pwned") is None
    friend.get_by_role("button", name="Clap").click()
    expect(host.get_by_test_id("talk-line-2")).to_contain_text("Bo")
    expect(host.get_by_test_id("talk-bubble-1")).to_have_attribute("data-reaction", "clap")
    expect(host.get_by_test_id("talk-bubble-1").locator("svg")).to_be_visible()
    expect(host.get_by_test_id("status")).to_have_text("Bo reacts: Clap")
    screenshot(host, "talk-waiting-host")

    # Too much at once: past a burst of five, a reaction is refused, said beside the chat
    # (not above the board as a refused move), and the page plays on. The six clicks go in
    # one go, as a player's rapid taps do: clicks a round trip apart on a loaded machine let
    # the bucket refill between them, and the last one's success then clears the refusal.
    friend.get_by_test_id("react-wow").evaluate(
        "(button) => { for (let i = 0; i < 6; i++) button.click(); }"
    )
    expect(friend.get_by_test_id("talk-message")).to_contain_text("Not so fast: wait")
    expect(friend.get_by_test_id("room-message")).to_be_hidden()
    said = friend.locator(".talk-log .talk-line")
    expect(host.locator(".talk-log .talk-line")).to_have_count(said.count())
    assert said.count() < 3 + 6

    # The match starts: the talk moves into the room panel with the seats.
    host.get_by_test_id("start-online").click()
    for page in (host, friend):
        expect(page.get_by_test_id("room-panel").get_by_test_id("talk")).to_be_visible()
        expect(page.get_by_test_id("talk-line-2")).to_be_visible()
    host.get_by_test_id("talk-input").fill("Good luck, Bo 🐭")
    host.get_by_test_id("talk-send").click()
    expect(friend.locator(".talk-log .talk-line").last).to_have_text("Ann: Good luck, Bo 🐭")
    for page in (host, friend):  # the log, moved into the room panel, follows its newest line
        page.wait_for_function(
            "() => { const log = document.querySelector('.talk-log');"
            " return log.scrollHeight > log.clientHeight"
            " && log.scrollTop + log.clientHeight >= log.scrollHeight - 4; }"
        )
    expect(friend.get_by_test_id("talk-bubble-0")).to_have_text("Good luck, Bo 🐭")
    screenshot(host, "talk-playing-host")
    screenshot(friend, "talk-playing-phone")

    # The host switches chat off: Bo's input goes away with a note; reactions stay.
    expect(friend.get_by_test_id("talk-switch")).to_be_hidden()
    host.get_by_test_id("talk-switch").uncheck()
    expect(friend.get_by_test_id("talk-input")).to_be_hidden()
    expect(friend.get_by_test_id("talk-off-note")).to_have_text(
        "The host switched chat off: reactions only."
    )
    expect(friend.get_by_test_id("status")).to_have_text("The host switched chat off.")
    expect(host.get_by_test_id("talk-input")).to_be_hidden()
    friend.wait_for_timeout(2100)  # Bo's talk limit gives him a line again
    friend.get_by_test_id("react-good_game").click()
    expect(host.locator(".talk-log .talk-line").last).to_have_text("Bo: Good game")
    screenshot(friend, "talk-chat-off-phone")

    # A reload (and a spectator) get the recent lines from the snapshot.
    friend.reload()
    expect(friend.locator(".talk-log .talk-line").last).to_have_text("Bo: Good game")
    expect(friend.get_by_test_id("talk-line-1")).to_have_text(f"Bo: {MARKUP}")
    expect(friend.get_by_test_id("talk-input")).to_be_hidden()
    watcher = new_page()
    watcher.context.add_init_script(FAST)
    watcher.goto(f"{online_server}/play/{GAME}?room={code}&watch=1")
    expect(watcher.locator(".talk-log .talk-line").last).to_have_text("Bo: Good game")
    expect(watcher.get_by_test_id("talk-reactions")).to_be_hidden()
    expect(watcher.get_by_test_id("talk-input")).to_be_hidden()
    expect(watcher.get_by_test_id("talk-off-note")).to_contain_text("You are watching")
    screenshot(watcher, "talk-spectator")

    # Chat on again: the input comes back for Bo.
    host.get_by_test_id("talk-switch").check()
    expect(friend.get_by_test_id("talk-input")).to_be_visible()
    expect(friend.get_by_test_id("talk-off-note")).to_be_hidden()
    expect(friend.get_by_test_id("status")).to_have_text("The host switched chat on.")
