"""The Aus die Maus! card table in a real browser: a solo match turned over by button and by
keyboard, a call and a chase, fast-forward to the ranking, two humans with auto-flip, the
chase bubble, Continue after a refresh (and a room the server no longer accepts), and that no
message the page receives holds a stack's contents (only sizes). Online rooms are
test_online.py's; the helpers are table_page.py's.

A chase that must be on screen starts from a saved record whose `initial` is a position in the
middle of a chase (docs/api.md, "Records and replay"): the server resumes it, the page shows it.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.fixtures import screenshot

from .table_page import (
    PAGE,
    PHONE,
    SAVE_KEY,
    WIDE,
    _assert_no_stack_contents,
    _events,
    _my_turn_or_over,
    _open,
    _open_chase,
    _ranking_is_explained,
    _setup,
    _start,
    _turn,
    _version,
    _watch_frames,
)


def test_solo_match_by_button_and_keyboard_a_chase_then_fast_forward_to_the_ranking(
    page: Page, server: str
) -> None:
    frames = _watch_frames(page)
    _open(page, server, WIDE)
    _setup(page, ["human", "computer", "computer"])
    screenshot(page, "ausdiemaus-setup-1280")
    _start(page)
    _my_turn_or_over(page)
    # 45 cards dealt from Ann on: one starts the pile.
    assert page.evaluate(f"{PAGE}.snapshot.state.stacks") == [15, 15, 14]

    _turn(page)  # by button
    _turn(page, "t")  # by keyboard
    page.evaluate("document.activeElement.blur()")
    _turn(page, "Space")

    # Keep turning over until a mouse was called and its chase was settled.
    for _ in range(40):
        _my_turn_or_over(page)
        events = _events(page)
        if "call" in events and {"caught", "escaped"} & set(events[events.index("call") :]):
            break
        if page.get_by_test_id("ranking").is_visible():
            break
        _turn(page, "Enter")
    events = _events(page)
    assert "call" in events
    assert {"caught", "escaped"} & set(events[events.index("call") :])
    log = page.get_by_test_id("log").inner_text()
    assert "Mouse, watch out, the cat is coming!" in log
    assert "Caught!" in log or "Only cheese" in log
    for _ in range(12):  # a pile worth looking at for the screenshot
        if page.get_by_test_id("ranking").is_visible():
            break
        if len(page.evaluate(f"{PAGE}.snapshot.state.pile")) >= 3:
            break
        _turn(page)
    if not page.get_by_test_id("ranking").is_visible():
        assert page.get_by_test_id("turn-over").is_enabled()
        screenshot(page, "ausdiemaus-table-1280")
        page.get_by_test_id("fast-forward").click()
    expect(page.get_by_test_id("ranking")).to_be_visible(timeout=60_000)
    _ranking_is_explained(page)
    assert page.get_by_test_id("prompt").inner_text() == "Game over."
    screenshot(page, "ausdiemaus-ranking-1280")

    # Nothing the page received holds a stack's contents: sizes only.
    received = page.evaluate(f"{PAGE}.received")
    assert len(received) > 5
    _assert_no_stack_contents(received)
    _assert_no_stack_contents([json.loads(frame) for frame in frames])
    sizes = page.evaluate(f"{PAGE}.snapshot.state.stacks")
    assert sum(sizes) + len(page.evaluate(f"{PAGE}.snapshot.state.pile")) == 45

    # Rematch: a new room with the same seats.
    room = page.evaluate(f"{PAGE}.snapshot.room")
    page.get_by_test_id("rematch").click()
    page.wait_for_function(f"() => {PAGE}?.snapshot && {PAGE}.snapshot.room !== {json.dumps(room)}")
    _my_turn_or_over(page)
    assert page.evaluate(f"{PAGE}.snapshot.state.chips") == [0, 0, 0]


def test_phone_layout_plays_and_fast_forwards(page: Page, server: str) -> None:
    frames = _watch_frames(page)
    _open(page, server, PHONE)
    _setup(page, ["human", "computer", "computer", "computer", "computer", "computer"])
    screenshot(page, "ausdiemaus-setup-390")
    _start(page)
    for _ in range(3):
        _my_turn_or_over(page)
        if page.get_by_test_id("ranking").is_visible():
            break
        page.get_by_test_id("turn-over").click()
    _my_turn_or_over(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px)"
    screenshot(page, "ausdiemaus-table-390")
    if not page.get_by_test_id("ranking").is_visible():
        page.get_by_test_id("fast-forward").click()
    expect(page.get_by_test_id("ranking")).to_be_visible(timeout=60_000)
    _ranking_is_explained(page)
    screenshot(page, "ausdiemaus-ranking-390")
    refused = [frame for frame in frames if '"type": "error"' in frame or '"type":"error"' in frame]
    assert not refused, f"fast-forward stays within the message limit: {refused[:2]}"


def test_two_humans_on_one_device_with_auto_flip(page: Page, server: str) -> None:
    _open(page, server, WIDE)
    _setup(page, ["human", "human"], auto=(1,))
    _start(page)
    _my_turn_or_over(page)
    assert page.evaluate(f"{PAGE}.snapshot.to_act") == 0
    page.get_by_test_id("turn-over").click()
    # Bo is set to auto-flip: Bo's cards turn over by themselves, then it is Ann's turn again
    # (or Ann must chase Bo's mouse). No hand-over screen: nobody sees any stack.
    page.wait_for_function(
        f"""() => {PAGE}?.record.moves.some((m) => m.seat === 1 && m.action.type === "turn")""",
        timeout=20_000,
    )
    _my_turn_or_over(page)
    expect(page.get_by_test_id("auto-flip-1")).to_be_checked()
    expect(page.get_by_test_id("auto-flip-0")).not_to_be_checked()
    # Ann switches auto-flip on too: the match plays itself.
    version = _version(page)
    page.get_by_test_id("auto-flip-0").check()
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {version + 4}", timeout=20_000)
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))
    assert [s.get("autoFlip") for s in saved["setup"]["seats"]] == [True, True]
    page.get_by_test_id("fast-forward").click()
    expect(page.get_by_test_id("ranking")).to_be_visible(timeout=60_000)
    _ranking_is_explained(page)


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
def test_a_chase_shows_the_call_bubble_and_the_tries_left(
    page: Page, server: str, viewport: ViewportSize
) -> None:
    _open_chase(page, server, viewport)
    _my_turn_or_over(page)
    bubble = page.get_by_test_id("call-bubble")
    expect(bubble).to_be_visible()
    assert bubble.get_attribute("data-seat") == "2"
    assert "Mouse, watch out," in (bubble.text_content() or "")
    expect(page.get_by_test_id("chase-info")).to_have_text(
        "Ann has 2 of 2 tries left to turn up a cat."
    )
    expect(page.get_by_test_id("prompt")).to_contain_text("Ann chases Cy's mouse!")
    expect(page.get_by_test_id("seat-badge-0")).to_have_text("Chasing")
    assert page.get_by_test_id("pile").get_attribute("data-top") == "mouse2"
    box = page.get_by_test_id("table-wrap").bounding_box()
    shown = bubble.bounding_box()
    assert box and shown
    assert shown["x"] >= box["x"] and shown["x"] + shown["width"] <= box["x"] + box["width"] + 1
    screenshot(page, f"ausdiemaus-chase-{viewport['width']}")
    # The sounds of the table exist (and make no console error).
    page.evaluate(
        "import('/static/shared/sound.js').then((m) => { m.play('flip'); m.play('call'); })"
    )

    page.keyboard.press("t")
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > 0 && {PAGE}.idle", timeout=20_000)
    events = _events(page)
    assert events[0] == "flip"
    _my_turn_or_over(page)
    state = page.evaluate(f"{PAGE}.snapshot.state")
    if state["phase"] == "chase":
        # Cheese (one try left), or a chase that went round the table: the text follows it.
        chase = state["chase"]
        chaser = ["Ann", "Whiskers", "Cy"][chase["chaser"]]
        tries = "try" if chase["paws"] == 1 else "tries"
        left = chase["attempts_left"]
        expect(page.get_by_test_id("chase-info")).to_have_text(
            f"{chaser} has {left} of {chase['paws']} {tries} left to turn up a cat."
        )
        used = page.get_by_test_id(f"table-seat-{chase['chaser']}").locator(".paw-used")
        expect(used).to_have_count(chase["paws"] - left)


def test_continue_after_a_refresh_and_a_refused_room_is_set_again(page: Page, server: str) -> None:
    _open(page, server, WIDE, reduced="on")
    _setup(page, ["human", "computer", "computer"])
    _start(page)
    _my_turn_or_over(page)
    page.get_by_test_id("turn-over").click()
    _my_turn_or_over(page)
    stacks = page.evaluate(f"{PAGE}.snapshot.state.stacks")
    version = _version(page)

    page.reload()
    expect(page.get_by_test_id("setup")).to_be_hidden()  # straight back to the match
    _my_turn_or_over(page)
    assert page.evaluate(f"{PAGE}.snapshot.state.stacks") == stacks
    assert _version(page) == version

    # The server no longer accepts the saved token (as after a restart with another database):
    # the page sets the table again from the saved record and play goes on.
    room = page.evaluate(f"{PAGE}.snapshot.room")
    page.evaluate(
        """(key) => { const s = JSON.parse(localStorage.getItem(key));
                      s.token = "not-the-token"; localStorage.setItem(key, JSON.stringify(s)); }""",
        SAVE_KEY,
    )
    page.reload()
    page.wait_for_function(f"() => {PAGE}?.snapshot && {PAGE}.snapshot.room !== {json.dumps(room)}")
    _my_turn_or_over(page)
    assert page.evaluate(f"{PAGE}.snapshot.state.stacks") == stacks
    expect(page.get_by_test_id("log")).to_contain_text("The table was set again")
    page.get_by_test_id("turn-over").click()
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {version}")


def test_the_home_page_links_the_table(page: Page, server: str) -> None:
    page.goto(server)
    page.get_by_test_id("play-ausdiemaus").click()
    page.wait_for_url("**/play/ausdiemaus")
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.goto(server)
    page.get_by_test_id("play-online-ausdiemaus").click()
    page.wait_for_url("**/play/ausdiemaus?online=new")
    expect(page.get_by_test_id("mode-online")).to_be_checked()
    expect(page.get_by_test_id("start-match")).to_have_text("Create room")


def test_the_ranking_explains_the_tie_breaks(page: Page, server: str) -> None:
    page.goto(f"{server}/play/ausdiemaus")
    explain = """([stacks, chips, winners]) => import("/static/ausdiemaus/log.js").then((m) => {
        const r = m.ranking(stacks, chips, winners, (s) => ["Ann", "Bo", "Cy"][s]);
        return [r.text, r.rows.map((row) => [row.seat, row.place, row.winner])];
    })"""
    text, rows = page.evaluate(explain, [[31, 31, 12], [3, 2, 4], [0]])
    assert text == "Ann and Bo both have 31 cards; Ann wins with 3 chips to 2."
    assert rows == [[0, 1, True], [1, 2, False], [2, 3, False]]

    text, rows = page.evaluate(explain, [[31, 31, 12], [2, 2, 4], [0, 1]])
    assert text == "Ann and Bo both have 31 cards and 2 chips: a shared win."
    assert rows == [[0, 1, True], [1, 1, True], [2, 3, False]]

    text, _ = page.evaluate(explain, [[10, 40, 4], [0, 0, 5], [1]])
    assert text == "Bo wins with 40 cards (next: Ann with 10)."


def test_a_typed_name_comes_back_after_the_seat_was_open(page: Page, server: str) -> None:
    # The new-match dialog is shared/setup.js, the same on every game page.
    _open(page, server, WIDE, reduced="on")
    page.get_by_test_id("seat-2-name").fill("Zed")
    page.get_by_test_id("mode-online").check()
    expect(page.get_by_test_id("seat-2-kind")).to_have_value("open")
    expect(page.get_by_test_id("seat-2-name")).to_have_value("")
    expect(page.get_by_test_id("seat-2-name")).to_be_disabled()
    page.get_by_test_id("seat-2-kind").select_option("computer")
    expect(page.get_by_test_id("seat-2-name")).to_have_value("Zed")
    page.get_by_test_id("mode-local").check()
    expect(page.get_by_test_id("seat-2-name")).to_have_value("Zed")
    expect(page.get_by_test_id("start-seat").locator("option[value='2']")).to_have_text("Zed")
