"""An online Aus die Maus! room in real browsers: started by the host and paced by the server,
created from the setup dialog, and played by two browsers with auto-flip while an absent
player's cards are turned over for them (helpers in table_page.py).
"""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import Page, expect

from tests.browser.fixtures import NewPage, room_code, screenshot

from .table_page import (
    PAGE,
    SETTINGS,
    WIDE,
    _ann_plays_until,
    _assert_no_stack_contents,
    _my_turn_or_over,
    _online_page,
    _open,
    _same_version,
    _turn,
    _turn_whoever_may,
    _version,
    _watch_frames,
)


def test_an_online_room_is_started_by_the_host_and_paced_by_the_server(
    page: Page, server: str
) -> None:
    body = {
        "game": "ausdiemaus",
        "options": {"seats": 3, "start_seat": 0},
        "seats": [
            {"kind": "open"},
            {"kind": "computer", "name": "Whiskers", "level": "auto"},
            {"kind": "computer", "name": "Cy", "level": "auto"},
        ],
        "host_name": "Ann",
    }
    request = urllib.request.Request(
        f"{server}/api/online",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        room = json.loads(response.read())
    code = room["code"]
    seat = {"token": room["token"], "seat": 0, "name": "Ann", "game": "ausdiemaus"}
    page.context.add_init_script(SETTINGS % "on")
    page.goto(server)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"mousehole.online.{code}", json.dumps(seat)],
    )
    page.goto(f"{server}/play/ausdiemaus?room={code}")
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    expect(page.get_by_test_id("room-code")).to_have_text(code)
    expect(page.get_by_test_id("prompt")).to_have_text("Waiting for the match to start…")
    expect(page.get_by_test_id("fast-forward")).to_be_disabled()
    screenshot(page, "ausdiemaus-online-waiting-1280")
    page.get_by_test_id("start-online").click()
    expect(page.get_by_test_id("waiting-room")).to_be_hidden()
    expect(page.get_by_test_id("room-panel")).to_be_visible()
    _my_turn_or_over(page)
    _turn(page)
    _my_turn_or_over(page)  # the server turned the computers' cards: the page sent no advance
    assert page.evaluate(f"{PAGE}.received.length") > 2
    assert _version(page) >= 5

    watcher = page.context.new_page()
    watcher.goto(f"{server}/play/ausdiemaus?room={code}&watch=1")
    expect(watcher.get_by_test_id("prompt")).to_contain_text("Waiting for Ann")
    expect(watcher.get_by_test_id("turn-over")).to_be_disabled()
    watcher.close()


def test_the_setup_dialog_creates_an_online_room(page: Page, server: str) -> None:
    _open(page, server, WIDE, reduced="on")
    page.get_by_test_id("mode-online").check()
    expect(page.get_by_test_id("start-match")).to_have_text("Create room")
    page.get_by_test_id("seat-count").select_option("3")
    page.get_by_test_id("seat-0-name").fill("Ann")
    page.get_by_test_id("seat-2-kind").select_option("computer")
    page.get_by_test_id("start-match").click()
    page.wait_for_url("**/play/ausdiemaus?room=*")
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    expect(page.get_by_test_id("room-seat-1")).to_contain_text("Open")
    expect(page.get_by_test_id("start-online")).to_be_disabled()
    expect(page.get_by_test_id("table-wrap")).to_be_hidden()


def test_two_browsers_play_online_with_auto_flip_and_an_absent_player_turned_for(
    new_page: NewPage, online_server: str
) -> None:
    server = online_server
    # Ann creates a room for two on the table's page; Bo joins by the link on a phone.
    host = _online_page(new_page)
    host.goto(f"{server}/play/ausdiemaus?online=new")
    expect(host.get_by_test_id("mode-online")).to_be_checked()
    host.get_by_test_id("seat-count").select_option("2")
    host.get_by_test_id("seat-0-name").fill("Ann")
    expect(host.get_by_test_id("seat-1-kind")).to_have_value("open")
    host.get_by_test_id("start-match").click()
    expect(host.get_by_test_id("waiting-room")).to_be_visible()
    code = room_code(host)
    expect(host.get_by_test_id("start-online")).to_be_disabled()

    friend = _online_page(new_page, 390, 844)
    frames = _watch_frames(friend)
    friend.goto(f"{server}/join/{code}")
    expect(friend.get_by_test_id("join-status")).to_contain_text("Aus die Maus!")
    friend.get_by_test_id("join-name").fill("Bo")
    friend.get_by_test_id("join-submit").click()
    friend.wait_for_url(f"**/play/ausdiemaus?room={code}")
    expect(friend.get_by_test_id("waiting-room")).to_be_visible()
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    host.get_by_test_id("start-online").click()
    for page in (host, friend):
        expect(page.get_by_test_id("waiting-room")).to_be_hidden()
        expect(page.get_by_test_id("room-panel")).to_be_visible()

    # They turn over in turn, each on their own page; both tables agree.
    pages = [host, friend]
    _turn_whoever_may(pages, 6)
    version = _same_version(pages)
    assert version >= 6
    sizes = host.evaluate(f"{PAGE}.snapshot.state.stacks")
    assert friend.evaluate(f"{PAGE}.snapshot.state.stacks") == sizes
    expect(friend.get_by_test_id("auto-flip-1")).to_be_visible()
    expect(friend.get_by_test_id("auto-flip-0")).to_have_count(0)  # only your own seat
    screenshot(friend, "ausdiemaus-online-guest-390")

    # Bo switches auto-flip on: his cards turn over by themselves, Ann goes on by hand.
    friend.get_by_test_id("auto-flip-1").check()
    turned_by_bo = (
        f"{PAGE}.record.moves.filter((m) => m.seat === 1 && m.action.type === 'turn').length"
    )
    bo_before = friend.evaluate(turned_by_bo)
    _ann_plays_until(
        host, lambda: friend.evaluate(turned_by_bo) > bo_before + 1, 30, "Bo's auto-flip idles"
    )
    expect(friend.get_by_test_id("auto-flip-1")).to_be_checked()

    # Bo loses the connection with auto-flip off: the server turns his cards over for him
    # after a short timeout (the game's absent autoplay), and Ann plays on.
    friend.get_by_test_id("auto-flip-1").uncheck()
    _same_version(pages)
    friend.context.set_offline(True)
    expect(friend.get_by_test_id("reconnect-banner")).to_be_visible()
    expect(friend.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "reconnecting")
    screenshot(friend, "ausdiemaus-online-reconnecting")
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "absent")
    turned_for_bo = host.evaluate(turned_by_bo)
    _ann_plays_until(
        host, lambda: host.evaluate(turned_by_bo) > turned_for_bo, 40, "nobody turned for Bo"
    )
    screenshot(host, "ausdiemaus-online-host-bo-away")

    # Back online, Bo's page catches up with the table; no message held a stack's contents.
    friend.context.set_offline(False)
    expect(friend.get_by_test_id("reconnect-banner")).to_be_hidden()
    expect(friend.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    expect(host.get_by_test_id("room-seat-1")).to_have_attribute("data-state", "connected")
    _same_version(pages)
    assert friend.evaluate(f"{PAGE}.snapshot.state.stacks") == host.evaluate(
        f"{PAGE}.snapshot.state.stacks"
    )
    assert len(frames) > 10
    _assert_no_stack_contents([json.loads(frame) for frame in frames])
