"""The Mouse Chaos page's layout in a real browser: at 1280 x 800 the whole page fits the
screen, so taking the kitchen's focus never scrolls the header away; and the keyboard cursor
never looks like a lit square (thicker, solid, ink with a white rim, not only another colour).
Its phone layout (texts, the holders on the table as tap targets, the turn in view) is
measured with every game's in tests/browser/test_phone.py."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.fixtures import NewPage
from tests.browser.phone import solo_page, wait_for_turn
from tests.games.mousechaos.browser.pages import GAME, MINE, TURN


def _turn(page: Page, server: str) -> None:
    solo_page(page, server, GAME)
    wait_for_turn(page, GAME, MINE)


SEAT_HEIGHTS = """() => [...document.querySelectorAll("#seats .mc-seat")].map(
  (li) => [li.innerText.replace(/\\s+/g, " "), li.getBoundingClientRect().height])"""


def test_the_page_fits_a_1280_x_800_screen_and_the_kitchen_takes_the_focus_in_place(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=1280, height=800)
    _turn(page, server)
    # The player's own card is shown and the others' lie face down: a card shown later (a cat's
    # catch, a peek) must not make its seat taller, or the side outgrows the screen.
    seats = page.evaluate(SEAT_HEIGHTS)
    assert len({round(h, 1) for _, h in seats}) == 1, f"seats of unequal heights: {seats}"
    for _ in range(3):  # a few turns: the log fills to its full height
        TURN.play(page)
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height <= 800, f"the page is {height} px tall on an 800 px screen"
    page.get_by_test_id("kitchen").focus()
    expect(page.get_by_test_id("kitchen")).to_be_focused()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => scrollY") == 0
    expect(page.get_by_test_id("home")).to_be_in_viewport()


LOOK = """() => {
  const look = (el) => {
    const s = getComputedStyle(el);
    return { width: parseFloat(s.strokeWidth), dash: s.strokeDasharray, stroke: s.stroke };
  };
  const lit = document.querySelector("#kitchen .mc-reach");
  const cursor = document.querySelector("[data-testid=cursor]");
  return {
    lit: lit && look(lit),
    frame: cursor && look(cursor.querySelector(".mc-cursor-frame")),
    rim: cursor && look(cursor.querySelector(".mc-cursor-rim")),
  };
}"""


def test_the_keyboard_cursor_is_thick_solid_and_rimmed_unlike_a_lit_square(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=1280, height=800)
    _turn(page, server)
    page.get_by_test_id("kitchen").focus()
    page.keyboard.press("n")
    page.keyboard.press("Enter")  # a holder picked: its squares to go to are lit
    page.wait_for_function("() => document.querySelector('#kitchen .mc-reach') !== null")
    page.keyboard.press("ArrowUp")
    look = page.evaluate(LOOK)
    assert look["lit"] and look["frame"] and look["rim"], look
    lit, frame, rim = look["lit"], look["frame"], look["rim"]
    assert frame["width"] >= 2 * lit["width"], f"the cursor's line is as thin as a lit one: {look}"
    assert frame["dash"] == "none" and lit["dash"] != "none", "a solid cursor, dashed choices"
    assert frame["stroke"] != lit["stroke"] and rim["stroke"] == "rgb(255, 255, 255)", look


COORDS = """() => {
  const svg = document.querySelector("#kitchen");
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll(".mc-coord")].map((text) => {
    const r = text.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    return {
      word: text.textContent,
      px: parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a,
      // the box is the font's line box, a few px taller than the letters' ink
      inside: r.left >= box.left - 4 && r.right <= box.right + 4
        && r.top >= box.top - 4 && r.bottom <= box.bottom + 4,
      onTop: top === text,
      at: [r.left, r.top, r.right, r.bottom].map(Math.round),
      kitchen: [box.left, box.top, box.right, box.bottom].map(Math.round),
      hidden: getComputedStyle(text).visibility === "hidden"
        || text.classList.contains("illegible"),
    };
  });
}"""


def test_every_column_letter_and_row_number_the_words_use_is_drawn_and_uncovered(
    new_page: NewPage, server: str
) -> None:
    # The prompts and the log name squares "B1" and "J10" (kitchen.js's squareName): every
    # letter A to J and number 1 to 10 is drawn, inside the kitchen's picture, at 11 px or
    # more, with nothing (a nest's name plate, a piece) over it.
    page = new_page(width=1280, height=800)
    _turn(page, server)
    coords = page.evaluate(COORDS)
    words = sorted(c["word"] for c in coords)
    assert words == sorted([*"ABCDEFGHIJ", *map(str, range(1, 11))]), words
    for c in coords:
        assert c["inside"] and c["onTop"] and not c["hidden"], repr(c)
        assert c["px"] >= 11, c
