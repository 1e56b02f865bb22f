"""The Aus die Maus! table's layout in a real browser: the "Mouse, watch out!" bubble never
covers a seat's name, badge or stack count (the number on its top card, the words under it)
or the count of chips left, at 1280 x 800 and on a 390 x 844 phone.
(Every game's phone layout, its texts, targets and the turn's button in view, is measured in
tests/browser/test_phone.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.fixtures import NewPage, screenshot
from tests.browser.phone import match_over, press, solo_page, version, wait_for_turn

from .pages import TURN_OVER

COVERED = """() => {
  const bubble = document.querySelector("[data-testid=call-bubble]");
  if (!bubble) return null;
  const b = bubble.getBoundingClientRect();
  const parts = [...bubble.querySelectorAll(".bubble-body, .bubble-tail")]
    .map((p) => p.getBoundingClientRect());
  const covered = [];
  const spared = "#table .seat-name, #table .supply-label, #table .tbadge, "
    + "#table .stack-count-bg, #table .stack-label";
  for (const name of document.querySelectorAll(spared)) {
    const n = name.getBoundingClientRect();
    const what = name.textContent
      || `${name.closest("[data-testid]")?.dataset.testid} ${name.getAttribute("class")}`;
    for (const p of parts) {
      const w = Math.min(p.right, n.right) - Math.max(p.left, n.left);
      const h = Math.min(p.bottom, n.bottom) - Math.max(p.top, n.top);
      if (w > 0.5 && h > 0.5) {
        covered.push(`${what} (${Math.round(w)} x ${Math.round(h)} px)`);
      }
    }
  }
  return { covered, box: [b.left, b.top, b.width, b.height].map(Math.round) };
}"""


def _until_a_bubble(page: Page, server: str) -> dict[str, object]:
    """Turn cards over until a mouse is called out and the human is its chaser (the bubble
    stays up only while the human must act); return what its bubble covers. A match that
    ends first (the computers did all the chasing) is followed by a new one."""
    for _ in range(200):
        found = page.evaluate(COVERED)
        if found is not None:
            return dict(found)
        if match_over(page, "ausdiemaus"):
            solo_page(page, server, "ausdiemaus")
            wait_for_turn(page, "ausdiemaus", TURN_OVER)
            continue
        before = version(page, "ausdiemaus")
        press(page, "ausdiemaus", "turn-over")
        wait_for_turn(page, "ausdiemaus", TURN_OVER, before)
    raise AssertionError("no mouse was called out with the human chasing in 200 turns")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_call_bubble_never_covers_a_seat_s_name(
    new_page: NewPage, server: str, width: int, height: int
) -> None:
    page = new_page(width=width, height=height, touch=width < 600)
    solo_page(page, server, "ausdiemaus")
    wait_for_turn(page, "ausdiemaus", TURN_OVER)
    found = _until_a_bubble(page, server)
    assert not found["covered"], found
    screenshot(page, f"ausdiemaus-bubble-{width}", full_page=width > 600)


EVERY_TABLE = """async () => {
  const table = await import("/static/ausdiemaus/table.js");
  const covers = COVERED_SOURCE;
  const found = [];
  for (let seats = 2; seats <= 6; seats += 1) {
    const all = seats <= 3 ? 5 : 9;
    for (const left of [all, 1]) {
      for (let caller = 0; caller < seats; caller += 1) {
        const chaser = (caller + 1) % seats;
        const chips = Array(seats).fill(0);
        chips[caller] = all - left;
        table.drawTable({
          seats, stacks: Array(seats).fill(12), chips, chipsLeft: left,
          pile: ["cheese", "cat", "mouse"],
          chase: { mouse_owner: caller, chaser, paws: 2, attempts_left: 2 },
          bubble: { seat: caller }, current: chaser, phase: "chase", ending: null,
          winners: [], flash: null,
        }, Array.from({ length: seats }, (_, i) => `Player ${i + 1}`));
        const r = covers();
        if (r.covered.length) found.push({ seats, left, caller, covered: r.covered });
      }
    }
  }
  return found;
}"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_bubble_spares_the_names_and_the_chips_left_at_every_table(
    new_page: NewPage, server: str, width: int, height: int
) -> None:
    """Every seat count (2 to 6), a full and a nearly empty chip supply, every seat calling:
    the table drawn by the page's own table.js, the bubble measured against every seat's name,
    badge and stack count and the chips-left label."""
    page = new_page(width=width, height=height, touch=width < 600)
    solo_page(page, server, "ausdiemaus")
    wait_for_turn(page, "ausdiemaus", TURN_OVER)
    found = page.evaluate(EVERY_TABLE.replace("COVERED_SOURCE", COVERED))
    assert found == [], found
