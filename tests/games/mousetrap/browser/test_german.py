"""Mouse Trap (Mausefalle) in German in a real browser (docs/translating.md): the match page,
the rules page and the Trap Playground at 1280 x 800 and on a 390 x 844 touch screen without a
page wider than the screen and without an English word showing, and the trap phase in German
to the cage's fall (or its sticking) and the winner.

The browser's language is set as a player's would be: the context's locale sends
Accept-Language (de-DE), and the server renders the page in it."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import LocalePages, fits, screenshot
from tests.processes import post_json

PAGE = "window.mousetrapPage"
SHOWN = """() => [
  document.body.innerText,
  ...[...document.querySelectorAll("svg text")].filter((n) => n.checkVisibility())
    .map((n) => n.textContent),
  ...[...document.querySelectorAll("[aria-label], [title]")]
    .map((n) => `${n.getAttribute("aria-label") || ""} ${n.getAttribute("title") || ""}`),
].join("\\n")"""
"""Every word the page shows or reads out: its visible text, the SVG's words, and every label
and tooltip."""
ENGLISH = re.compile(
    r"\b(?:Mouse Trap|Roll|Turn the crank|Finish turn|Mice|Supply|Machine|Overview|Path|"
    r"Follow mouse|Next|cheese|Space|Build|Take|Lose|Safe|Cheese Wheel|Dog Bone|Crank|Wheel|"
    r"Winner|wins|turn|Caught|Captured|Human|Computer mouse|Trap Playground|Add next|"
    r"Installed|Run the trap|The loop|What happened|Rematch|New match)\b"
)
"""English words of the game that must not show on its German pages ("Start" is German too)."""
SIZES = [(1280, 800, False), (390, 844, True)]
# Ann (human) is in the trap phase on Turn Crank with Bo on the Cheese Wheel.
TRAP = {
    "game": "mousetrap",
    "options": {"seats": 2, "start_seat": 0},
    "initial": {
        "seat_count": 2,
        "current": 0,
        "phase": "trap",
        "supply": 40,
        "components": 23,
        "mice": [{"position": 46, "cheese": 4}, {"position": 49, "cheese": 8}],
    },
    "moves": [],
}
SEATS = [
    {"kind": "human", "name": "Ann"},
    {"kind": "computer", "name": "Bo", "level": "easy"},
]


@pytest.fixture
def pages(locale_pages: LocalePages) -> LocalePages:
    """Pages in German unless told another language (tests/browser/fixtures.py)."""
    return locale_pages


def no_english(page: Page, name: str) -> None:
    shown = str(page.evaluate(SHOWN))
    found = sorted({match.group(0) for match in ENGLISH.finditer(shown)})
    assert not found, f"{name}: English words {found} in {shown[:600]!r}"


def version(page: Page) -> int:
    return int(page.evaluate(f"{PAGE}.snapshot.version"))


@pytest.mark.parametrize(("width", "height", "touch"), SIZES)
def test_the_match_rules_and_playground_pages_in_german_fit_the_screen(
    pages: LocalePages, server: str, width: int, height: int, touch: bool
) -> None:
    page = pages.open(width, height, touch=touch)
    page.goto(f"{server}/play/mousetrap")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_test_id("setup")).to_be_visible()
    expect(page.get_by_test_id("seat-count")).to_contain_text("4 Mäuse")
    expect(page.locator("label[for=start-seat]")).to_have_text("Wer zuerst würfelt")
    fits(page, f"setup {width}")
    screenshot(page, f"de-mousetrap-setup-{width}", full_page=False)
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("roll")).to_be_enabled(timeout=20_000)
    expect(page.get_by_test_id("coach-title")).to_have_text("Das ist deine Maus")
    fits(page, f"tips {width}")
    page.get_by_test_id("coach-skip").click()
    expect(page.get_by_test_id("roll")).to_contain_text("Würfeln")
    expect(page.get_by_test_id("prompt")).to_contain_text(", du bist dran.")
    expect(page.get_by_test_id("prompt-sub")).to_have_text(
        "Würfle: Tipp auf „Würfeln“." if touch else "Würfle: Drück R oder die Leertaste."
    )
    expect(page.get_by_test_id("next-part")).to_have_text("Als Nächstes: #1 Grundplatte A")
    no_english(page, f"roll {width}")
    before = version(page)
    page.get_by_test_id("roll").click()
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before} && {PAGE}?.idle")
    expect(page.get_by_test_id("log")).to_contain_text("würfelt eine")
    no_english(page, f"rolled {width}")
    fits(page, f"play {width}")
    screenshot(page, f"de-mousetrap-play-{width}", full_page=not touch)

    page.goto(f"{server}/rules/mousetrap")
    expect(page.locator("body[data-drawn=true]")).to_be_attached()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("So spielt man Mausefalle")
    expect(page.get_by_test_id("space-legend")).to_contain_text("Käserad")
    expect(page.get_by_test_id("pic-winning")).to_contain_text("Frei!")
    no_english(page, f"rules {width}")
    fits(page, f"rules {width}")
    screenshot(page, f"de-mousetrap-rules-{width}", full_page=not touch)

    page.goto(f"{server}/playground/mousetrap")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("Fallen-Spielplatz")
    page.get_by_test_id("pg-add-next").click()
    expect(page.get_by_test_id("pg-caption")).to_have_text("Neuestes Teil: 1. Grundplatte A.")
    expect(page.get_by_test_id("pg-step-1")).to_contain_text("Grundplatte A")
    expect(page.get_by_test_id("pg-run-hint")).to_have_text(
        "Bau alle 23 Teile ein, um die Falle auszulösen: noch 22."
    )
    no_english(page, f"playground {width}")
    fits(page, f"playground {width}")
    screenshot(page, f"de-mousetrap-playground-{width}", full_page=not touch)


def test_the_trap_phase_in_german_to_the_cage(pages: LocalePages, server: str) -> None:
    room: dict[str, Any] = post_json(
        f"{server}/api/rooms",
        {"game": "mousetrap", "options": TRAP["options"], "seats": SEATS, "record": TRAP},
    )
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": SEATS, "startSeat": 0},
        "log": [],
        "lastHuman": 0,
    }
    page = pages.open()
    page.goto(server)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        ["mousehole.mousetrap.match", json.dumps(saved)],
    )
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("crank")).to_be_enabled(timeout=20_000)
    expect(page.get_by_test_id("prompt")).to_have_text("Ann: Fallenphase!")
    expect(page.get_by_test_id("crank-reason")).to_have_text(
        "Bo steht auf dem Käserad: Lass den Käfig fallen!"
    )
    expect(page.get_by_test_id("trap-panel")).to_contain_text("1 Käse zahlen und weiterschieben:")
    expect(page.get_by_test_id("crank")).to_contain_text("Kurbel drehen")
    expect(page.get_by_test_id("end-turn")).to_contain_text("Zug beenden")
    expect(page.get_by_test_id("next-part")).to_have_text("Fertig: Lande auf „Kurbel drehen“!")
    no_english(page, "trap phase")
    fits(page, "trap phase")
    screenshot(page, "de-mousetrap-trap-1280")
    before = version(page)
    page.keyboard.press("c")
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before} && {PAGE}?.idle")
    deadline = time.monotonic() + 60
    log = page.get_by_test_id("log")
    while "Der Käfig" not in log.inner_text():
        assert time.monotonic() < deadline, log.inner_text()[:400]
        time.sleep(0.05)
    text = log.inner_text()
    assert "Ann dreht die Kurbel!" in text, text[:400]
    if "Der Käfig fällt auf Bo!" in text:  # four times in five: Bo is caught, Ann wins
        expect(page.get_by_test_id("winner")).to_be_visible()
        expect(page.get_by_test_id("winner-title")).to_have_text("Ann gewinnt!")
        expect(page.locator("#winner-text")).to_have_text(
            "Die letzte freie Maus: Bo wurde gefangen."
        )
        expect(page.get_by_test_id("rematch")).to_have_text("Revanche")
        assert "Ann ist die letzte freie Maus und gewinnt!" in log.inner_text()
        screenshot(page, "de-mousetrap-winner-1280")
    else:  # one time in five the cage sticks, and Bo plays on
        assert "Der Käfig klemmt! Niemand wird gefangen." in text, text[:400]
    no_english(page, "after the crank")
