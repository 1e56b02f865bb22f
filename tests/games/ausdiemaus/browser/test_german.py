"""Aus die Maus! in German in a real browser (docs/translating.md): the match and rules pages at
1280 x 800 and 390 x 844 without a page wider than the screen, a whole solo match played by
keyboard to the ranking, and an online room where one player reads German and the other
English, each page wording the same events in its reader's language.

The browser's language is set as a player's would be: the context's locale sends
Accept-Language (de-DE or en-US), and the server renders the page in it."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.fixtures import LocalePages, fits, room_code, screenshot

PAGE = "window.ausdiemausPage"
ENGLISH_WORDS = ("Turn over", "New match", "What happened", "Players", "cards", "Pile")
SIZES = [(1280, 800), (390, 844)]
TABLE_SUMMARY = re.compile(r"^Haufen: \d+ Karten?.*Mauschips?\.$")
"""The table's summary for screen readers, in German."""


@pytest.fixture
def pages(locale_pages: LocalePages) -> LocalePages:
    """Pages in German unless told another language (tests/browser/fixtures.py)."""
    return locale_pages


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_match_and_rules_pages_in_german_fit_the_screen(
    pages: LocalePages, server: str, width: int, height: int
) -> None:
    page = pages.open(width, height)
    page.goto(f"{server}/play/ausdiemaus")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_test_id("setup")).to_be_visible()
    expect(page.locator("#setup-title")).to_have_text("Neue Partie")
    expect(page.get_by_test_id("start-match")).to_have_text("Partie starten")
    fits(page, f"setup {width}")
    screenshot(page, f"de-ausdiemaus-setup-{width}", full_page=False)
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("turn-over")).to_be_enabled(timeout=20_000)
    if page.get_by_test_id("coach").is_visible():
        page.get_by_test_id("coach-skip").click()
    expect(page.get_by_test_id("turn-over")).to_contain_text("Aufdecken")
    expect(page.get_by_test_id("prompt")).to_contain_text("deck deine oberste Karte auf")
    expect(page.get_by_test_id("seats")).to_contain_text("Karten")
    expect(page.get_by_test_id("table")).to_have_attribute("aria-label", TABLE_SUMMARY)
    fits(page, f"play {width}")
    screenshot(page, f"de-ausdiemaus-play-{width}")

    page.goto(f"{server}/rules/ausdiemaus")
    expect(page.locator("body[data-drawn=true]")).to_be_attached()
    expect(page.locator("h1")).to_have_text("So spielt man Aus die Maus!")
    expect(page.locator("figcaption").first).to_have_text("Der höchste Stapel am Ende gewinnt.")
    expect(page.get_by_test_id("pic-chase")).to_contain_text("Gefangen!")
    fits(page, f"rules {width}")
    screenshot(page, f"de-ausdiemaus-rules-{width}")


def test_a_whole_solo_match_in_german_played_by_keyboard(pages: LocalePages, server: str) -> None:
    page = pages.open()
    page.goto(f"{server}/play/ausdiemaus")
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.get_by_test_id("seat-count").focus()
    page.keyboard.press("2")  # a select takes a typed choice: "2 Personen"
    expect(page.get_by_test_id("seat-count")).to_have_value("2")
    page.get_by_test_id("start-match").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("setup")).to_be_hidden()
    turns = 0
    deadline = time.monotonic() + 240
    while not page.get_by_test_id("ranking").is_visible():
        assert time.monotonic() < deadline, f"no result after {turns} turns"
        if page.get_by_test_id("coach").is_visible():
            page.get_by_test_id("coach-skip").focus()  # the tips: "Tipps überspringen" by key
            page.keyboard.press("Enter")
            continue
        if page.get_by_test_id("turn-over").is_enabled():
            before = page.evaluate(f"{PAGE}.snapshot.version")
            page.keyboard.press("t")
            page.wait_for_function(
                f"() => {PAGE}?.snapshot?.version > {before} || "
                'document.querySelector("[data-testid=ranking]").open'
            )
            turns += 1
        else:
            time.sleep(0.05)
    assert turns >= 3
    title = page.get_by_test_id("ranking-title").inner_text()
    assert title == "Ein geteilter Sieg!" or title.endswith(" gewinnt!")
    expect(page.get_by_test_id("ranking-reason")).to_contain_text("So endete es: ")
    expect(page.get_by_test_id("ranking-list")).to_contain_text("Karten")
    expect(page.get_by_test_id("rematch")).to_have_text("Revanche")
    log = page.get_by_test_id("log").inner_text()
    assert "deckt" in log and "Spiel aus" in log, log[:400]
    for word in ENGLISH_WORDS:
        assert word not in log, word
    # The live region speaks the result a moment after the dialog opens (announce.js batches
    # sentences for 40 ms and sets them on the next frame).
    expect(page.get_by_test_id("status")).to_contain_text("So endete es")
    screenshot(page, "de-ausdiemaus-result-1280")


def test_an_online_room_where_each_player_reads_their_own_language(
    pages: LocalePages, online_server: str
) -> None:
    server = online_server
    host = pages.open()
    host.goto(f"{server}/play/ausdiemaus?online=new")
    expect(host.get_by_test_id("mode-online")).to_be_checked()
    expect(host.get_by_test_id("start-match")).to_have_text("Raum erstellen")
    host.get_by_test_id("seat-count").select_option("2")
    host.get_by_test_id("seat-0-name").fill("Anna")
    host.get_by_test_id("start-match").click()
    expect(host.get_by_test_id("waiting-room")).to_contain_text("Warteraum")
    code = room_code(host)

    guest = pages.open(390, 844, locale="en-US")
    guest.goto(f"{server}/join/{code}")
    expect(guest.locator("html")).to_have_attribute("lang", "en")
    expect(guest.get_by_test_id("join-status")).to_contain_text("Aus die Maus! · 2 seats")
    guest.get_by_test_id("join-name").fill("Bob")
    guest.get_by_test_id("join-submit").click()
    guest.wait_for_url(f"**/play/ausdiemaus?room={code}")
    expect(guest.get_by_test_id("waiting-room")).to_contain_text("Waiting room")
    expect(host.get_by_test_id("log")).to_contain_text("Bob hat Platz 2 genommen.")
    host.get_by_test_id("start-online").click()
    expect(guest.get_by_test_id("log")).to_contain_text("Anna started the match.")
    for page in (host, guest):
        expect(page.get_by_test_id("room-panel")).to_be_visible()

    pages_in_room = [host, guest]
    for _ in range(6):
        deadline = time.monotonic() + 30
        while not (
            ready := [p for p in pages_in_room if p.get_by_test_id("turn-over").is_enabled()]
        ):
            assert time.monotonic() < deadline, "nobody could turn over"
            time.sleep(0.05)
        before = ready[0].evaluate(f"{PAGE}.snapshot.version")
        ready[0].keyboard.press("t")
        for page in pages_in_room:
            page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before} && {PAGE}?.idle")

    german, english = (
        host.get_by_test_id("log").inner_text(),
        guest.get_by_test_id("log").inner_text(),
    )
    assert "deckt" in german and "turns over" not in german, german[:300]
    assert "turns over" in english and "deckt" not in english, english[:300]
    assert host.evaluate(f"{PAGE}.snapshot.version") == guest.evaluate(f"{PAGE}.snapshot.version")
    expect(host.get_by_test_id("mode-badge")).to_have_text("Online · Gastgeber")
    expect(guest.get_by_test_id("mode-badge")).to_have_text("Online")
    screenshot(host, "de-ausdiemaus-online-host-1280")
    screenshot(guest, "en-ausdiemaus-online-guest-390", full_page=False)

    # The English player switches to German: the page comes back to the same room, in German.
    guest.get_by_test_id("lang-de").click()
    guest.wait_for_url(f"**/play/ausdiemaus?room={code}")
    expect(guest.locator("html")).to_have_attribute("lang", "de")
    expect(guest.get_by_test_id("room-panel")).to_be_visible()
    expect(guest.get_by_test_id("new-match")).to_have_text("Neue Partie")
