"""The replay's move list in the reader's language (docs/replays.md, docs/translating.md): a
finished match of each game replayed in German has its move list and its "now" line worded by
the game's own log words (its page's `words.move` hook) in German, chance named from the shared
catalogue, with no English word in them; in English the same lines read in English, each
"<who>: <what happened>". And the German move list, opened, fits the screen at 1280 x 800 and
at 390 x 844 on a touch screen.

The browser's language is set as a player's would be: the context's locale sends
Accept-Language, and the server renders the page in it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import screenshot
from .fixtures import OVERFLOW, LocalePages
from .replays import (
    NAMES,
    PAGES,
    _at,
    _finished_room,
    _loaded,
    _save_as_this_browsers,
    _server_view,
)

ENGLISH = re.compile(
    r"\b(the|and|turns|over|rolls|moves|picks|peeks|bites|spins|draws|takes|wins|goes|first|"
    r"nothing|cheese|mouse|cat|seat|chance|turn|round|from|with|to)\b",
    re.IGNORECASE,
)
"""English words that no German line of the move list holds (the seats' names aside)."""
GERMAN = re.compile(
    r"\b(der|die|das|den|dem|ein|eine|einen|und|auf|zu|von|vom|nach|mit|nichts|ist|zeigt|"
    r"zuerst|würfelt|dreht|beißt|zieht|baut|bekommt|deckt|gewinnt|nimmt|setzt|legt|fällt|"
    r"reißt|Bisse?|Felder?|Papier|Käse|Maus|Mäuse|Katze|Stuhl|Nest|Falle|Runde|Chips?)\b",
    re.IGNORECASE,
)
"""Words of German sentences, the games' log verbs and nouns among them: a German line of a
game's log holds at least one."""
NOT_ENGLISH = re.compile(r"\b(der|das|dem|und|nichts|eine|einen|Zufall)\b")
"""German words that no English line holds ("die" is an English word too)."""
LINE = re.compile(r"^(\d+) (.+?): (.+)$")
"""A move's entry in the list: its number, who moved, what happened."""
OWN_LINE = re.compile(r"^(\d+) ((\S+) .+)$")
"""An entry whose words start with who moved ("12 Ann würfelt."): no "Ann: " before them."""
LOCALES = Path(__file__).resolve().parents[2] / "src" / "mousehole" / "locales" / "en"
NOT_CONVERTED = {
    m.name
    for m in PAGES
    if not re.search(r'^msgid "(?!games\.|")', (LOCALES / f"{m.name}.po").read_text(), re.M)
}
"""Games whose catalogue holds only their name and summary (docs/translating.md, "What is
converted"): their log words are English still, and so is their German move list."""
SIZES = [(1280, 800, False), (390, 844, True)]


@pytest.fixture
def pages(locale_pages: LocalePages) -> LocalePages:
    """Pages in German unless told another language (tests/browser/fixtures.py)."""
    return locale_pages


def _replay(page: Page, server: str, game: str, room: dict[str, Any]) -> list[str]:
    """Open the finished `room`'s replay as its owner and answer the move list's entries."""
    _save_as_this_browsers(page, server, game, room)
    page.goto(f"{server}/replay/{game}?room={room['room']}")
    _loaded(page)
    # the list is folded away (its details closed): its entries' text, not their rendering
    entries: list[str] = (
        page.get_by_test_id("replay-moves")
        .locator("button")
        .evaluate_all("(buttons) => buttons.map((b) => b.textContent)")
    )
    return [" ".join(entry.split()) for entry in entries]


def _moves(entries: list[str], chance: str, total: int) -> list[tuple[str, str]]:
    """The (who, what) of every move's entry, checking its shape: numbered 1 to `total` after
    the start's entry, who a seat's name or `chance`, and something said; who is named once,
    before a colon or as the first word of what happened."""
    assert len(entries) == total + 1, (len(entries), total)
    moves = []
    for number, entry in enumerate(entries[1:], start=1):
        found = LINE.match(entry)
        if found and found.group(2) in [*NAMES, chance]:
            assert int(found.group(1)) == number, entry
            assert not found.group(3).startswith(f"{found.group(2)} "), f"said twice: {entry}"
            moves.append((found.group(2), found.group(3)))
            continue
        own = OWN_LINE.match(entry)
        assert own and own.group(3) in [*NAMES, chance], entry
        assert int(own.group(1)) == number, entry
        moves.append((own.group(3), own.group(2)))
    return moves


def _german(game: str) -> Any:
    marks = []
    if game in NOT_CONVERTED:
        marks = [pytest.mark.xfail(reason="its log words are English still", strict=True)]
    return pytest.param(game, marks=marks)


@pytest.mark.parametrize("game", [_german(m.name) for m in PAGES])
def test_the_move_list_and_the_now_line_of_a_german_replay_are_german(
    pages: LocalePages, server: str, game: str
) -> None:
    room = _finished_room(server, game, 4)
    total = len(_server_view(server, room, 0)["moves"])
    page = pages.open()
    entries = _replay(page, server, game, room)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    moves = _moves(entries, "Zufall", total)
    assert any(who == "Zufall" for who, _ in moves), "chance is named in German"
    # a seat's decision says what it did, even when its result is chance's next move
    quiet = [who for who, what in moves if who != "Zufall" and what == "noch nichts zu sehen"]
    assert not quiet, entries[:12]
    english = [entry for entry in entries if ENGLISH.search(entry)]
    assert not english, english[:5]
    said = [what for _, what in moves if what != "noch nichts zu sehen"]
    assert said and all(GERMAN.search(what) for what in said), [
        what for what in said if not GERMAN.search(what)
    ][:5]

    # The "now" line is the entry of the move shown; the end adds who won, in German.
    now = page.get_by_test_id("replay-now")
    for step in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        _at(page, step)
        expect(now).to_have_text(entries[step].split(" ", 1)[1])
    page.keyboard.press("End")
    _at(page, total)
    expect(now).to_contain_text(entries[total].split(" ", 1)[1])
    expect(now).to_contain_text("Das Ende:")
    assert not ENGLISH.search(now.inner_text()), now.inner_text()


@pytest.mark.parametrize("game", [m.name for m in PAGES])
def test_the_move_list_of_an_english_replay_reads_in_english(
    pages: LocalePages, server: str, game: str
) -> None:
    room = _finished_room(server, game, 4)
    expected = _server_view(server, room, 0)
    total = len(expected["moves"])
    page = pages.open(locale="en-GB")
    entries = _replay(page, server, game, room)
    moves = _moves(entries, "Chance", total)
    quiet = [who for who, what in moves if who != "Chance" and what == "nothing to see yet"]
    assert not quiet, entries[:12]
    # Who moved is the server's move's seat, as the server's own line names it.
    for (who, _), move in zip(moves, expected["moves"], strict=True):
        assert move["text"].startswith(f"{who}: "), (who, move["text"])
    said = [what for _, what in moves if what != "nothing to see yet"]
    assert said and all(ENGLISH.search(what) for what in said), [
        what for what in said if not ENGLISH.search(what)
    ][:5]
    assert not any(NOT_ENGLISH.search(entry) for entry in entries), entries[:5]
    page.keyboard.press("ArrowRight")
    _at(page, 1)
    expect(page.get_by_test_id("replay-now")).to_have_text(entries[1].split(" ", 1)[1])


@pytest.mark.parametrize(("width", "height", "touch"), SIZES)
def test_a_german_replay_s_move_list_fits_the_screen(
    pages: LocalePages, server: str, width: int, height: int, touch: bool
) -> None:
    game = next(m.name for m in PAGES if m.name not in NOT_CONVERTED)
    room = _finished_room(server, game, 4)
    page = pages.open(width, height, touch=touch)
    _replay(page, server, game, room)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    _at(page, 3)
    page.get_by_test_id("replay-moves-box").locator("summary").click()
    listed = page.get_by_test_id("replay-moves")
    expect(listed).to_be_visible()
    box = listed.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    for entry in listed.locator("button").all()[:12]:
        inner = entry.evaluate("(b) => [b.scrollWidth, b.clientWidth]")
        assert inner[0] <= inner[1], f"a move's entry is {inner[0] - inner[1]} px too wide"
    found = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["client"] and not found["wide"], found
    screenshot(page, f"replay-moves-de-{width}", full_page=not touch)
