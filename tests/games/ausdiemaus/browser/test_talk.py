"""Talk at the Aus die Maus! table (docs/online.md, Talk): the table has the same talk as every
room (tests/browser/test_talk.py), and a line typed key by key by the player to act never plays
the game's keys (T turns over, F goes faster)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.fixtures import NewPage, screenshot
from tests.browser.test_talk import _open_room


def test_the_aus_die_maus_table_has_the_same_talk(new_page: NewPage, online_server: str) -> None:
    host, friend, _ = _open_room(new_page, online_server, "ausdiemaus")
    host.get_by_test_id("start-online").click()
    for page in (host, friend):
        expect(page.get_by_test_id("room-panel").get_by_test_id("talk")).to_be_visible()
    friend.get_by_test_id("react-your_turn").click()
    expect(host.get_by_test_id("talk-bubble-1")).to_have_text("Your turn!")
    expect(host.get_by_test_id("talk-line-0")).to_have_text("Bo: Your turn!")
    host.get_by_role("button", name="Laugh").click()
    expect(friend.get_by_test_id("talk-bubble-0")).to_have_attribute("data-reaction", "laugh")
    expect(friend.get_by_test_id("status")).to_have_text("Ann reacts: Laugh")
    # Typed key by key by the player to act: T (turn over) and F (faster) are only letters of
    # the line while the input has the focus.
    seat = friend.evaluate("() => window.ausdiemausPage.snapshot.to_act")
    typist, reader, name = (host, friend, "Ann") if seat == 0 else (friend, host, "Bo")
    version = typist.evaluate("() => window.ausdiemausPage.snapshot.version")
    expect(typist.get_by_test_id("turn-over")).to_be_enabled()
    typist.get_by_test_id("talk-input").press_sequentially("Turn over fast, then!")
    typist.keyboard.press("Enter")
    expect(reader.get_by_test_id("talk-line-2")).to_have_text(f"{name}: Turn over fast, then!")
    assert typist.evaluate("() => window.ausdiemausPage.snapshot.version") == version
    expect(typist.get_by_test_id("turn-over")).to_be_enabled()
    screenshot(host, "talk-ausdiemaus-host")
    screenshot(friend, "talk-ausdiemaus-phone")
