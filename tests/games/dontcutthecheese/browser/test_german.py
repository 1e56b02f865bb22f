"""Don't Cut the Cheese in German in a real browser (docs/translating.md): the match and rules
pages at 1280 x 800 and on a 390 x 844 touch screen without a page wider than the screen and
without an English word showing, a refused bite told in German, a whole solo match played
by keyboard to the winner in German, and an online room where the host reads German and the
guest English.

The browser's language is set as a player's would be: the context's locale sends
Accept-Language (de-DE), and the server renders the page in it."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import LocalePages, fits, room_code, screenshot

PAGE = "window.dontcutthecheesePage"
SHOWN = """() => [
  document.body.innerText,
  ...[...document.querySelectorAll("svg text")].filter((n) => n.checkVisibility())
    .map((n) => n.textContent),
  ...[...document.querySelectorAll("[aria-label], [title]")]
    .map((n) => `${n.getAttribute("aria-label") || ""} ${n.getAttribute("title") || ""}`),
].join("\\n")"""
"""Every word the page shows or reads out: its visible text, the table's SVG words, and every
label and tooltip."""
ENGLISH = re.compile(
    r"\b(?:Spin|Bite here|Players|What happened|Strength|the spinner|the bag|the trap|Turn|"
    r"Winner|wins|bites|tokens?|cells?|paper|Skip|Reverse|New match|Rematch|Row|column)\b"
)
"""English words of the game that must not show on its German page (its brand and game's name
aside, which no pattern here matches)."""
SIZES = [(1280, 800, False), (390, 844, True)]
TABLE_SUMMARY = re.compile(r"^Papier 1: Stärke 5 von 5, 0 von 60 Feldern gefressen\..*im Beutel\.$")
"""The table's summary for screen readers, in German."""


@pytest.fixture
def pages(locale_pages: LocalePages) -> LocalePages:
    """Pages in German unless told another language (tests/browser/fixtures.py)."""
    return locale_pages


def no_english(page: Page, name: str) -> None:
    shown = str(page.evaluate(SHOWN)).replace("Don't Cut the Cheese", "")
    found = sorted({match.group(0) for match in ENGLISH.finditer(shown)})
    assert not found, f"{name}: English words {found} in {shown[:600]!r}"


def ready(page: Page) -> str | None:
    """What the page may do now: "spin", "bite", "over", "coach", or None (wait)."""
    result: str | None = page.evaluate(
        """() => {
          const q = (id) => document.querySelector(`[data-testid="${id}"]`);
          if (q("winner").open) return "over";
          if (q("coach")) return "coach";
          if (!q("spin").disabled && !q("spin").hidden) return "spin";
          if (!q("bite").disabled && !q("bite").hidden) return "bite";
          return null;
        }"""
    )
    return result


def version(page: Page) -> int:
    return int(page.evaluate(f"{PAGE}.snapshot.version"))


def wait_after(page: Page, before: int) -> None:
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before} && {PAGE}?.idle")


def start_solo(page: Page, server: str) -> None:
    page.goto(f"{server}/play/dontcutthecheese")
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()


def until_bite(page: Page, seconds: float = 60) -> None:
    """Skip the tips and spin (by the Space key) until it is this page's bite."""
    deadline = time.monotonic() + seconds
    while (now := ready(page)) != "bite":
        assert time.monotonic() < deadline, f"no bite of this page after {seconds} s"
        assert now != "over", "the match ended before this page could bite"
        if now == "coach":
            page.get_by_test_id("coach-skip").click()
        elif now == "spin":
            before = version(page)
            page.get_by_test_id("spin").focus()
            page.keyboard.press("Space")
            wait_after(page, before)
        else:
            time.sleep(0.05)


@pytest.mark.parametrize(("width", "height", "touch"), SIZES)
def test_the_match_and_rules_pages_in_german_fit_the_screen(
    pages: LocalePages, server: str, width: int, height: int, touch: bool
) -> None:
    page = pages.open(width, height, touch=touch)
    page.goto(f"{server}/play/dontcutthecheese")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_test_id("setup")).to_be_visible()
    expect(page.get_by_test_id("seat-count")).to_contain_text("3 Personen")
    expect(page.locator("label[for=start-seat]")).to_have_text("Wer zuerst dreht")
    fits(page, f"setup {width}")
    screenshot(page, f"de-dontcutthecheese-setup-{width}", full_page=False)
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("spin")).to_be_enabled(timeout=20_000)
    expect(page.get_by_test_id("coach-title")).to_have_text("Bloß nicht zerreißen!")
    fits(page, f"tips {width}")
    page.get_by_test_id("coach-skip").click()
    expect(page.get_by_test_id("spin")).to_contain_text("Drehen")
    expect(page.get_by_test_id("prompt")).to_contain_text("dreh die Drehscheibe!")
    expect(page.get_by_test_id("prompt-sub")).to_have_text(
        "Tipp auf „Drehen“." if touch else "Drück „Drehen“ (oder die Leertaste)."
    )
    expect(page.get_by_test_id("strength")).to_have_text("Stärke 5 von 5")
    expect(page.get_by_test_id("table")).to_have_attribute("aria-label", TABLE_SUMMARY)
    expect(page.get_by_test_id("seats")).to_contain_text("Mensch")
    no_english(page, f"spin {width}")
    fits(page, f"spin {width}")
    until_bite(page)
    expect(page.get_by_test_id("prompt")).to_contain_text("beiß ins Papier: noch ")
    expect(page.get_by_test_id("prompt-sub")).to_contain_text("Reihe ")
    expect(page.get_by_test_id("prompt-sub")).to_contain_text("Stärke ")
    no_english(page, f"bite {width}")
    fits(page, f"bite {width}")
    screenshot(page, f"de-dontcutthecheese-play-{width}", full_page=not touch)

    page.goto(f"{server}/rules/dontcutthecheese")
    expect(page.locator("body[data-drawn=true]")).to_be_attached()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("So spielt man Don't Cut the Cheese")
    expect(page.locator("figcaption").first).to_have_text("Einer von jeder Farbe gewinnt.")
    expect(page.get_by_test_id("pic-snap")).to_contain_text("verdeckt")
    expect(page.get_by_test_id("pic-bite")).to_contain_text("Stärke")
    no_english(page, f"rules {width}")
    fits(page, f"rules {width}")
    screenshot(page, f"de-dontcutthecheese-rules-{width}", full_page=not touch)


def illegal_spot(page: Page) -> dict[str, int]:
    """A mouth placement on the paper the server does not list as a bite (a peg column's is
    never legal)."""
    legal: list[dict[str, Any]] = page.evaluate(f"{PAGE}.snapshot.legal")
    spots = {(a["row"], a["col"]) for a in legal}
    row, col = next((r, c) for r in range(4) for c in range(1, 10) if (r, c) not in spots)
    return {"row": row, "col": col}


def mouth_to(page: Page, target: dict[str, int]) -> None:
    mouth = page.evaluate(f"{PAGE}.mouth")
    dr, dc = target["row"] - mouth["row"], target["col"] - mouth["col"]
    for _ in range(abs(dr)):
        page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
    for _ in range(abs(dc)):
        page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")


def test_a_whole_solo_match_in_german_played_by_keyboard(pages: LocalePages, server: str) -> None:
    page = pages.open()
    start_solo(page, server)
    until_bite(page)
    # A bite the rules refuse: the table's reason, in German.
    before = version(page)
    mouth_to(page, illegal_spot(page))
    expect(page.get_by_test_id("prompt-sub")).to_contain_text("Hier kann Max nicht beißen.")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("prompt-sub")).to_contain_text("Dort kann Max nicht beißen: ")
    assert version(page) == before
    no_english(page, "refused")
    moves: list[str] = []
    deadline = time.monotonic() + 240
    while (now := ready(page)) != "over":
        assert time.monotonic() < deadline, f"no winner after {moves[-10:]}"
        if now is None:
            time.sleep(0.05)
            continue
        if now == "coach":
            page.get_by_test_id("coach-skip").click()
            continue
        moves.append(now)
        before = version(page)
        if now == "spin":
            page.get_by_test_id("spin").focus()
            page.keyboard.press("Space")
        else:
            # the weakest paper the server offers: short rounds, a quick match
            legal: list[dict[str, Any]] = page.evaluate(f"{PAGE}.snapshot.legal")
            mouth_to(page, min(legal, key=lambda a: (a["strength"], a["row"], a["col"])))
            page.get_by_test_id("table").focus()
            page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => ({PAGE}?.snapshot?.version > {before} && {PAGE}?.idle)"
            ' || document.querySelector("[data-testid=winner]").open'
        )
    assert "spin" in moves and "bite" in moves
    expect(page.get_by_test_id("winner-title")).to_have_text(re.compile(r" gewinnt!$"))
    text = page.get_by_test_id("winner-text").inner_text()
    assert re.search(r"alle drei Farben|Beutel ist leer|niedrigsten Wert", text), text
    expect(page.get_by_test_id("rematch")).to_have_text("Revanche")
    log = page.get_by_test_id("log").inner_text()
    assert "RATSCH!" in log and "zieht einen Chip aus dem Beutel" in log, log[:400]
    assert "beißt" in log and "dreht" in log, log[:400]
    no_english(page, "winner")
    screenshot(page, "de-dontcutthecheese-winner-1280")


def test_an_online_room_where_each_player_reads_their_own_language(
    pages: LocalePages, online_server: str
) -> None:
    """The room's events are data: the German host's page words them in German, the English
    guest's in English, for the same moves."""
    server = online_server
    host = pages.open()
    host.goto(f"{server}/play/dontcutthecheese?online=new")
    expect(host.get_by_test_id("start-match")).to_have_text("Raum erstellen")
    host.get_by_test_id("seat-count").select_option("2")
    host.get_by_test_id("seat-0-name").fill("Anna")
    host.get_by_test_id("start-match").click()
    expect(host.get_by_test_id("waiting-room")).to_contain_text("Warteraum")
    code = room_code(host)

    guest = pages.open(390, 844, locale="en-US")
    guest.goto(f"{server}/join/{code}")
    expect(guest.locator("html")).to_have_attribute("lang", "en")
    guest.get_by_test_id("join-name").fill("Bob")
    guest.get_by_test_id("join-submit").click()
    guest.wait_for_url(f"**/play/dontcutthecheese?room={code}")
    host.get_by_test_id("start-online").click()
    for page in (host, guest):
        expect(page.get_by_test_id("room-panel")).to_be_visible()

    in_room = [host, guest]
    for _ in range(6):
        deadline = time.monotonic() + 30
        while not (now := [(p, ready(p)) for p in in_room if ready(p) in ("spin", "bite")]):
            assert time.monotonic() < deadline, "nobody could spin or bite"
            time.sleep(0.05)
        page, action = now[0]
        before = version(page)
        page.get_by_test_id(action).click()
        for each in in_room:
            each.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before} && {PAGE}?.idle")
    german = host.get_by_test_id("log").inner_text()
    english = guest.get_by_test_id("log").inner_text()
    assert "dreht:" in german and " spins " not in german, german[:300]
    assert " spins " in english and "dreht:" not in english, english[:300]
    assert version(host) == version(guest)
    no_english(host, "online host")
    screenshot(guest, "en-dontcutthecheese-online-guest-390", full_page=False)
