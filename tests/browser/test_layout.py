"""What every match page shares, measured in a real browser: the setup dialog's menus show their
whole choices (local and online, 1280, 1024 and 390 px wide, in English and German) on every
game's page, and every page of test_accessibility.py keeps to a 390 px phone with controls and
links of at least 24 x 24 px.
Each game's own layout is measured in its folder (tests/games/<name>/browser/test_layout.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from mousehole.games import MANIFESTS

from .conftest import FAST, NewPage, screenshot
from .fixtures import LocalePages
from .test_accessibility import PAGES

PAGE_GAMES = [m.name for m in MANIFESTS if m.page is not None]

SELECTS_CUT = """() => {  // menus and empty fields' hints
  const canvas = document.createElement("canvas").getContext("2d");
  const cut = [];
  for (const select of document.querySelectorAll("select")) {
    const r = select.getBoundingClientRect();
    if (!r.width || !select.checkVisibility()) continue;
    const s = getComputedStyle(select);
    canvas.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    // Chromium's drop-down arrow takes 20 px of the box (a menu sized to its widest choice
    // has exactly that much beside the text)
    const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
    for (const option of select.options) {
      const need = canvas.measureText(option.text).width;
      if (need > room + 0.5) {
        cut.push(`${select.id}: "${option.text}" needs ${Math.round(need)} of ${Math.round(room)}`);
      }
    }
  }
  for (const input of document.querySelectorAll("input[placeholder]")) {
    if (input.value || !input.checkVisibility()) continue;
    const s = getComputedStyle(input);
    canvas.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    const need = canvas.measureText(input.placeholder).width;
    if (need > room + 0.5) cut.push(`${input.id}: "${input.placeholder}" is cut`);
  }
  return cut;
}"""


@pytest.mark.parametrize("game", PAGE_GAMES)
@pytest.mark.parametrize("mode", ["local", "online"])
@pytest.mark.parametrize("width", [1280, 1024, 390])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_setup_menus_show_their_whole_choices(
    locale_pages: LocalePages, server: str, game: str, mode: str, width: int, locale: str
) -> None:
    page = locale_pages.open(width=width, height=844, locale=locale)
    page.goto(f"{server}/play/{game}")
    expect(page.get_by_test_id("start-match")).to_be_visible()
    page.get_by_test_id(f"mode-{mode}").check()
    cut = page.evaluate(SELECTS_CUT)
    assert not cut, cut
    if width != 1024:
        screenshot(page, f"layout-setup-{game}-{mode}-{width}-{locale[:2]}")


ONE_HAND = """() => {
  const problems = [];
  const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  if (overflow > 0) problems.push(`the page is ${overflow} px wider than the screen`);
  const controls = document.querySelectorAll(
    "button, select, input, [role=button], summary, a[href]"
  );
  for (const c of controls) {
    if (!c.checkVisibility() || c.closest("[inert]") || c.closest("svg")) continue;
    if (c.classList.contains("skip-link") && c !== document.activeElement) continue; // off screen
    if (c.closest("dialog") && !c.closest("dialog").open) continue;
    const r = c.getBoundingClientRect();
    if (!r.width) continue;
    const name = c.dataset.testid || c.id || c.textContent.trim().slice(0, 20);
    if (r.left < -0.5 || r.right > innerWidth + 0.5) problems.push(`${name} leaves the screen`);
    const small = c.type === "checkbox" || c.type === "radio" ? 16 : 24;
    if (r.width < small - 0.5 || r.height < small - 0.5) {
      problems.push(`${name} is ${Math.round(r.width)}x${Math.round(r.height)} px`);
    }
  }
  return problems;
}"""


@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_keeps_to_a_phone_and_its_controls_are_finger_sized(
    new_page: NewPage, server: str, name: str
) -> None:
    page = new_page(width=390, height=844)
    page.context.add_init_script(FAST)
    PAGES[name](page, server)
    problems = page.evaluate(ONE_HAND) + page.evaluate(SELECTS_CUT)
    assert not problems, f"{name} at 390 x 844: {problems}"
