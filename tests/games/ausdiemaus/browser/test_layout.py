"""The Aus die Maus! table's layout in a real browser: the "Mouse, watch out!" bubble never
covers a seat's name, at 1280 x 800 and on a 390 x 844 phone. (Every game's phone layout, its
texts, targets and the turn's button in view, is measured in tests/browser/test_phone.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.fixtures import NewPage, screenshot
from tests.browser.phone import press, solo_page, version, wait_for_turn

from .pages import TURN_OVER

COVERED = """() => {
  const bubble = document.querySelector("[data-testid=call-bubble]");
  if (!bubble) return null;
  const b = bubble.getBoundingClientRect();
  const parts = [...bubble.querySelectorAll(".bubble-body, .bubble-tail")]
    .map((p) => p.getBoundingClientRect());
  const covered = [];
  for (const name of document.querySelectorAll("#table .seat-name")) {
    const n = name.getBoundingClientRect();
    for (const p of parts) {
      const w = Math.min(p.right, n.right) - Math.max(p.left, n.left);
      const h = Math.min(p.bottom, n.bottom) - Math.max(p.top, n.top);
      if (w > 0.5 && h > 0.5) {
        covered.push(`${name.textContent} (${Math.round(w)} x ${Math.round(h)} px)`);
      }
    }
  }
  return { covered, box: [b.left, b.top, b.width, b.height].map(Math.round) };
}"""


OVER = """() => {
  const snap = window.ausdiemausPage?.snapshot;
  return Boolean(snap && ((snap.winners || []).length || snap.state?.phase === "over"));
}"""


def _until_a_bubble(page: Page, server: str) -> dict[str, object]:
    """Turn cards over until a mouse is called out and the human is its chaser (the bubble
    stays up only while the human must act); return what its bubble covers. A match that
    ends first (the computers did all the chasing) is followed by a new one."""
    for _ in range(200):
        found = page.evaluate(COVERED)
        if found is not None:
            return dict(found)
        if page.evaluate(OVER):
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
