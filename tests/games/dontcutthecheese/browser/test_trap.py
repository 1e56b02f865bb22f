"""The trap's label as drawn in a real browser (web/trap.js), on a phone's tall table and on a
laptop's wide one, in English and in German: its ink (the font's own glyph extents, not the
line box) must clear the lower bar's rod and lie on the wooden base. On a phone the label is
drawn at 27 units to read at 11 px, and a baseline placed for the laptop's 20 put its letters
on the rod."""

from __future__ import annotations

import pytest

from tests.browser.fixtures import LocalePages

from .pages import measured_page

MARGIN = 3.0
"""The least room, in the trap's units, between the label's ink and the rod."""

MEASURE = """() => {
  const label = document.querySelector(".trap-label");
  const rod = document.querySelector(".bar-bottom .bar-rod");
  const base = document.querySelector(".trap-base");
  const style = getComputedStyle(label);
  const canvas = document.createElement("canvas").getContext("2d");
  canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const ink = canvas.measureText(label.textContent);
  const x = parseFloat(label.getAttribute("x"));
  const y = parseFloat(label.getAttribute("y"));
  const box = {
    left: x - ink.actualBoundingBoxLeft, right: x + ink.actualBoundingBoxRight,
    top: y - ink.actualBoundingBoxAscent, bottom: y + ink.actualBoundingBoxDescent,
  };
  const rodBottom = parseFloat(rod.getAttribute("y")) + parseFloat(rod.getAttribute("height"));
  const corners = [[box.left, box.top], [box.right, box.top], [box.left, box.bottom],
    [box.right, box.bottom], [x, box.bottom]];
  const off = corners.filter(([px, py]) => !base.isPointInFill(new DOMPoint(px, py)));
  return {words: label.textContent, size: style.fontSize, box, rodBottom, off};
}"""


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize(("width", "height", "touch"), [(390, 844, True), (1280, 800, False)])
def test_the_trap_s_label_clears_the_rod_and_lies_on_the_base(
    locale_pages: LocalePages, server: str, locale: str, width: int, height: int, touch: bool
) -> None:
    url = f"{server}/play/dontcutthecheese"
    ready = "document.querySelector('.trap-label')"
    found = measured_page(locale_pages, url, ready, width, height, touch, locale).evaluate(MEASURE)
    where = f"{width} x {height} {locale}: {found['words']!r} at {found['size']}"
    assert found["words"] == ("die Falle" if locale == "de-DE" else "the trap"), where
    gap = found["box"]["top"] - found["rodBottom"]
    assert gap >= MARGIN, f"{where}: its ink comes {gap:.1f} units below the rod"
    assert not found["off"], f"{where}: ink off the base at {found['off']}"
