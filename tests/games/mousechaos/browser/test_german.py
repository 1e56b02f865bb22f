"""Mouse Chaos in German in a real browser (docs/translating.md): the match page mid-game (the
first-match tips, a piece chosen and its squares lit, the hand-over screen) and the rules page
at 1280 x 800 and at 390 x 844 on a touch screen, with no page wider than the screen and no
English word in what a player reads; the ranking at the round cap worded in German; and a whole
solo match played by keyboard to the result; and an online room where one player reads German
and the other English, each page wording the same events in its reader's language.

The browser's language is set as a player's would be: the context's locale sends
Accept-Language (de-DE), and the server renders the page in it."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import FAST, LocalePages, fits, room_code, screenshot
from tests.games.mousechaos.browser.test_play import (
    SAVE_KEY,
    _move_by_keys,
    _phase,
    _post_room,
    _ready_or_over,
)
from tests.games.mousechaos.scenes import moving

PAGE = "window.mousechaosPage"
NO_TIPS = 'try { localStorage.setItem("mousehole.mousechaos.coach", "done"); } catch (e) {}'
READ = """(selector) => {
  const texts = [];
  for (const root of document.querySelectorAll(selector)) {
    if (!root.checkVisibility()) continue;
    texts.push(root.innerText);
    for (const node of root.querySelectorAll("[aria-label], [title]")) {
      texts.push(node.getAttribute("aria-label") || "", node.getAttribute("title") || "");
    }
  }
  return texts.join("\\n");
}"""
"""What a player reads (or hears) in the elements `selector` finds: their text, and the labels
and titles inside them."""
WHAT_A_PLAYER_READS = "main, dialog[open], [role=dialog], #status, #cursor-label"
ENGLISH = re.compile(
    r"\b(the|and|your|you|moves|picks|peeks|holder|mouse|mice|cat|chair|chairs|table|turn|"
    r"round|square|squares|players|Players|Where|Leave|Back|Skip|Faster|happened|wins|over)\b"
)
"""English words that no German sentence of the page holds."""
SIZES = [(1280, 800, False), (390, 844, True)]


@pytest.fixture
def pages(locale_pages: LocalePages) -> LocalePages:
    """Pages in German unless told another language (tests/browser/fixtures.py), with the
    first-turn tips already seen unless a test asks for them (`script=FAST`)."""
    locale_pages.script = FAST + NO_TIPS
    return locale_pages


def _in_step(pages: list[Page], timeout: float = 60.0) -> None:
    """Wait until every page shows the same snapshot version, nothing being drawn."""
    shown = f"() => {PAGE}?.idle && {PAGE}.snapshot ? {PAGE}.snapshot.version : -1"
    deadline = time.monotonic() + timeout
    while True:
        versions = {int(page.evaluate(shown)) for page in pages}
        if len(versions) == 1 and -1 not in versions:
            return
        assert time.monotonic() < deadline, f"the pages never agreed: versions {versions}"
        time.sleep(0.1)


def no_english(page: Page, name: str, selector: str = WHAT_A_PLAYER_READS) -> None:
    text = page.evaluate(READ, selector)
    assert text.strip(), name
    found = sorted(set(ENGLISH.findall(text)))
    assert not found, f"{name}: English words {found} in:\n{text[:1500]}"


def test_the_english_check_finds_an_english_word(pages: LocalePages, server: str) -> None:
    """The check above can fail: the English page is told."""
    page = pages.open()
    page.context.clear_cookies()
    page.goto(f"{server}/language/en?back=/rules/mousechaos")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    with pytest.raises(AssertionError, match="English words"):
        no_english(page, "english rules", "main")


def _start_solo(page: Page, seats: int = 4) -> None:
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.get_by_test_id("seat-count").select_option(str(seats))
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()


@pytest.mark.parametrize(("width", "height", "touch"), SIZES)
def test_the_match_and_rules_pages_in_german_fit_the_screen(
    pages: LocalePages, server: str, width: int, height: int, touch: bool
) -> None:
    page = pages.open(width, height, touch=touch, script=FAST)
    page.goto(f"{server}/play/mousechaos")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_test_id("setup")).to_be_visible()
    expect(page.get_by_test_id("seat-count")).to_contain_text("4 Spieler")
    fits(page, f"setup {width}")
    screenshot(page, f"de-mousechaos-setup-{width}", full_page=False)
    _start_solo(page)

    # The first solo turn's tips: a dialog over the kitchen, in German.
    expect(page.get_by_test_id("coach")).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("coach-title")).to_have_text("Nimm einen Käsehalter")
    expect(page.get_by_test_id("prompt")).to_contain_text("Du bist dran, Ann: nimm einen")
    fits(page, f"tips {width}")
    no_english(page, f"tips {width}")
    screenshot(page, f"de-mousechaos-tips-{width}", full_page=False)
    page.get_by_test_id("coach-skip").click()
    expect(page.get_by_test_id("coach")).to_be_hidden()

    # Play by keys to this seat's piece step, then choose a piece: its squares light up.
    deadline = time.monotonic() + 60
    while _phase(page) != "piece" or page.evaluate(f"{PAGE}.snapshot.to_act") != 0:
        assert time.monotonic() < deadline, "no piece step for seat 0"
        assert _ready_or_over(page)
        if _phase(page) == "piece" and page.evaluate(f"{PAGE}.snapshot.to_act") == 0:
            break
        _move_by_keys(page)
        assert _ready_or_over(page)
    page.locator("#kitchen").focus()
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    expect(page.locator("#choices .mc-reach").first).to_be_visible()
    expect(page.get_by_test_id("prompt")).to_contain_text(re.compile(r"^Wohin zieht die "))
    expect(page.get_by_test_id("back")).to_contain_text("Zurück")
    expect(page.get_by_test_id("seats")).to_contain_text("Nest 1: ")
    expect(page.get_by_test_id("log")).to_contain_text("Ann nimmt einen Käsehalter")
    page.keyboard.press("n")  # the cursor on a lit square: the cursor's words, in German
    expect(page.get_by_test_id("cursor-label")).to_contain_text("sie ")
    fits(page, f"play {width}")
    no_english(page, f"play {width}")
    screenshot(page, f"de-mousechaos-play-{width}", full_page=not touch)

    page.goto(f"{server}/rules/mousechaos")
    expect(page.locator("body[data-drawn=true]")).to_be_attached()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("h1")).to_have_text("So spielt man Mouse Chaos")
    expect(page.locator("figcaption").first).to_have_text(
        "Vier rote Mäuse im Nest des roten Spielers: ein Sieg."
    )
    expect(page.get_by_test_id("lang-de")).to_have_attribute("aria-current", "true")
    fits(page, f"rules {width}")
    no_english(page, f"rules {width}", "main, header")
    screenshot(page, f"de-mousechaos-rules-{width}")


@pytest.mark.parametrize(("width", "height", "touch"), SIZES)
def test_the_hand_over_screen_in_german(
    pages: LocalePages, server: str, width: int, height: int, touch: bool
) -> None:
    page = pages.open(width, height, touch=touch)
    page.goto(f"{server}/play/mousechaos")
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.get_by_test_id("seat-count").select_option("2")
    for seat in (0, 1):
        page.get_by_test_id(f"seat-{seat}-kind").select_option("human")
    expect(page.locator("#setup-note")).to_contain_text("Gleiches Gerät: 2 Menschen")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("pass-to")).to_be_visible(timeout=20_000)
    expect(page.locator("#mc-pass-title")).to_have_text(re.compile(r"^Weitergeben an "))
    expect(page.get_by_test_id("pass-ready")).to_have_text("Ich bin bereit")
    fits(page, f"hand-over {width}")
    no_english(page, f"hand-over {width}", "dialog[open]")
    screenshot(page, f"de-mousechaos-handover-{width}", full_page=False)


def test_the_ranking_at_the_round_cap_in_german(pages: LocalePages, server: str) -> None:
    # Two seats, the last turn of round 300: Ann (seat 1) to move a cat one square. Bo (seat 0,
    # red and green) has red baby 4 in his nest besides his two mothers: 3 mice home against 2.
    state = moving(2, steps=1, current=1, turn=600, mice={4: (0, 1)})
    seats = [
        {"kind": "computer", "name": "Bo", "level": "easy"},
        {"kind": "human", "name": "Ann"},
    ]
    options = {"seats": 2, "start_seat": 0}
    record = {"game": "mousechaos", "options": options, "initial": state.to_json(), "moves": []}
    room = _post_room(
        server, {"game": "mousechaos", "options": options, "seats": seats, "record": record}
    )
    page = pages.open()
    page.goto(f"{server}/play/mousechaos")
    expect(page.get_by_test_id("setup")).to_be_visible()
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": seats, "startSeat": 0},
        "log": [],
    }
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(saved)])
    page.reload()
    assert _ready_or_over(page)
    page.locator('[data-piece="cat:0"]').click()
    expect(page.get_by_test_id("prompt")).to_have_text("Wohin zieht die Katze? (1 Feld)")
    spot = page.locator('#choices .mc-reach[data-spot="2,1"]')
    expect(spot).to_be_visible()
    spot.click()
    assert _ready_or_over(page)
    expect(page.get_by_test_id("keep-chairs")).to_have_text(re.compile("Stühle stehen lassen"))
    page.get_by_test_id("keep-chairs").click()
    expect(page.get_by_test_id("winner")).to_be_visible()
    expect(page.get_by_test_id("winner-title")).to_have_text("Bo gewinnt nach 300 Runden!")
    text = page.get_by_test_id("result-text")
    expect(text).to_contain_text("Nach 300 Runden hatte niemand gewonnen")
    expect(text).to_contain_text(
        "Bo hat die meisten Mäuse der eigenen Farbe im eigenen Nest: 3, gegen 2 bei Ann."
    )
    expect(page.get_by_test_id("rank-0")).to_contain_text("3 zu Hause, 8 nicht unter dem Tisch")
    expect(page.get_by_test_id("log")).to_contain_text("Spiel aus nach 300 Runden.")
    expect(page.get_by_test_id("rematch")).to_have_text("Revanche")
    fits(page, "cap 1280")
    no_english(page, "cap 1280", "dialog[open]")
    screenshot(page, "de-mousechaos-cap-1280", full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    fits(page, "cap 390")
    screenshot(page, "de-mousechaos-cap-390", full_page=False)


def test_a_whole_solo_match_in_german_played_by_keyboard(pages: LocalePages, server: str) -> None:
    page = pages.open()
    page.goto(f"{server}/play/mousechaos")
    expect(page.get_by_test_id("setup")).to_be_visible()
    page.get_by_test_id("seat-count").focus()
    page.keyboard.press("4")  # a select takes a typed choice: "4 Spieler"
    expect(page.get_by_test_id("seat-count")).to_have_value("4")
    page.get_by_test_id("start-match").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("setup")).to_be_hidden()
    phases: list[str] = []
    deadline = time.monotonic() + 300
    while _ready_or_over(page):
        assert time.monotonic() < deadline, f"no result after {len(phases)} decisions"
        phases.append(_move_by_keys(page, chair=len(phases) % 4 == 3))
    assert {"pick", "holder", "piece"} <= set(phases), phases
    expect(page.get_by_test_id("winner")).to_be_visible()
    title = page.get_by_test_id("winner-title").inner_text()
    assert re.search(r"(gewinnt|gewinnen)!$|^Das Phantom|nach 300 Runden", title), title
    expect(page.get_by_test_id("rematch")).to_have_text("Revanche")
    expect(page.get_by_test_id("winner-new-match")).to_have_text("Neue Partie")
    expect(page.locator("#mc-result-cards li")).to_have_count(4)
    log = page.get_by_test_id("log").inner_text()
    assert "ist dran" in log and "Spiel aus" in log and "Käsehalter" in log, log[:400]
    no_english(page, "result", "dialog[open], #log")
    fits(page, "result 1280")
    screenshot(page, "de-mousechaos-result-1280", full_page=False)


def test_an_online_room_where_each_player_reads_their_own_language(
    pages: LocalePages, online_server: str
) -> None:
    server = online_server
    host = pages.open()
    host.goto(f"{server}/play/mousechaos?online=new")
    expect(host.get_by_test_id("start-match")).to_have_text("Raum erstellen")
    host.get_by_test_id("seat-count").select_option("2")
    host.get_by_test_id("seat-0-name").fill("Anna")
    host.get_by_test_id("start-match").click()
    expect(host.get_by_test_id("waiting-room")).to_contain_text("Warteraum")
    code = room_code(host)
    guest = pages.open(390, 844, touch=True, locale="en-US")
    guest.goto(f"{server}/join/{code}")
    expect(guest.locator("html")).to_have_attribute("lang", "en")
    guest.get_by_test_id("join-name").fill("Bob")
    guest.get_by_test_id("join-submit").click()
    guest.wait_for_url(f"**/play/mousechaos?room={code}")
    expect(host.get_by_test_id("start-online")).to_be_enabled()
    host.get_by_test_id("start-online").click()
    players = [host, guest]
    for _ in range(10):
        _in_step(players)  # whose turn it is, read once both pages show the last move
        mover = players[int(host.evaluate(f"{PAGE}.snapshot.to_act ?? 0"))]
        if not _ready_or_over(mover, timeout=20_000):
            break
        _move_by_keys(mover)
    for page in players:
        page.wait_for_function(f"() => {PAGE}?.idle")
    german = host.get_by_test_id("log").inner_text()
    english = guest.get_by_test_id("log").inner_text()
    assert "Käsehalter" in german and "cheese holder" not in german, german[:400]
    assert "cheese holder" in english and "Käsehalter" not in english, english[:400]
    expect(host.get_by_test_id("card-0")).to_have_count(2)
    expect(host.get_by_test_id("card-0").first).to_contain_text(re.compile("rot|blau|grün|gelb"))
    expect(guest.get_by_test_id("card-1").first).to_contain_text(
        re.compile("red|blue|green|yellow")
    )
    fits(host, "online host 1280")
    no_english(host, "online host 1280")
    screenshot(host, "de-mousechaos-online-host-1280", full_page=False)
    screenshot(guest, "en-mousechaos-online-guest-390", full_page=False)
