"""The spinner's dial as drawn in a real browser (web/pieces.js): on a phone's tall table, on a
laptop's wide one and on the rules page, in English and in German, each face's words are
measured by their ink (the font's own glyph extents, not the line box) and must lie inside
their segment, clear of its edges, of the rim and of the face's icon, and no part of the
pointer (the mouse's body, ears, nose and tail, as drawn) may cover them wherever it rests
(on that face, or with its tail across the dial); the icon must lie inside its segment too.
Words that cross an edge read as one phrase with the next face's ("Skip 3 Bites"), and words
under the pointer or over their icon are hard to read on a phone."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tests.browser.fixtures import LocalePages

from .pages import measured_page

MARGIN = 2.0
"""The least room, in dial units, between a face's ink and an edge, the rim or its icon."""

MEASURE = """() => {
  const dials = [...document.querySelectorAll("g, svg")]
    .filter((g) => g.querySelectorAll(":scope > .dial-face").length === 6);
  const canvas = document.createElement("canvas").getContext("2d");
  return dials.map((dial) => {
    const r = parseFloat(dial.querySelector(":scope > .dial-rim").getAttribute("r")) - 10;
    const inverse = dial.getCTM().inverse();
    const corners = (el, box) => {
      const m = inverse.multiply(el.getCTM());
      return [[box.x1, box.y1], [box.x2, box.y1], [box.x1, box.y2], [box.x2, box.y2]]
        .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m)).map((p) => [p.x, p.y]);
    };
    const mouse = dial.parentNode.querySelector(".nose-mouse");
    const pointer = mouse.parentNode;
    const turned = pointer.getAttribute("transform");
    const faces = [...dial.querySelectorAll(":scope > .dial-face")].map((face, index) => {
      const text = face.querySelector("text");
      const style = getComputedStyle(text);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      let offset = 0;
      const boxes = [...text.querySelectorAll("tspan")].map((tspan) => {
        const words = tspan.textContent;
        const start = text.getStartPositionOfChar(offset);
        offset += words.length;
        const m = canvas.measureText(words);
        return {
          x1: start.x - m.actualBoundingBoxLeft, x2: start.x + m.actualBoundingBoxRight,
          y1: start.y - m.actualBoundingBoxAscent, y2: start.y + m.actualBoundingBoxDescent,
        };
      });
      // The pointer resting on each face in turn (as table.js turns it): the points of
      // these words' ink that any of its shapes covers, in its fill or its line (its body
      // over the face it rests on, its tail over the face across the dial).
      const shapes = [...mouse.querySelectorAll("path, circle")];
      const covered = [0, 1, 2, 3, 4, 5].map((rest) => {
        pointer.setAttribute("transform", `rotate(${rest * 60 + 30})`);
        const toMouse = mouse.getCTM().inverse().multiply(text.getCTM());
        let count = 0;
        for (const b of boxes) {
          for (let x = b.x1; x <= b.x2; x += 1) {
            for (let y = b.y1; y <= b.y2; y += 1) {
              const p = new DOMPoint(x, y).matrixTransform(toMouse);
              if (shapes.some((s) => s.isPointInFill(p) || s.isPointInStroke(p))) count += 1;
            }
          }
        }
        return count;
      });
      const icon = face.querySelector(".dial-icon");
      const b = icon.getBBox();
      const stroke = 1.5;
      return {
        face: face.dataset.face, index, words: text.textContent, covered,
        ink: boxes.map((box) => corners(text, box)),
        icon: corners(icon, {
          x1: b.x - stroke, y1: b.y - stroke,
          x2: b.x + b.width + stroke, y2: b.y + b.height + stroke,
        }),
      };
    });
    if (turned === null) pointer.removeAttribute("transform");
    else pointer.setAttribute("transform", turned);
    return { r, faces };
  });
}"""


def _box(corners: list[list[float]]) -> tuple[float, float, float, float]:
    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _room_in_segment(index: int, r: float, corners: list[list[float]]) -> float:
    """The least room between the corners and the edges of segment `index` (its two sides and
    the rim), in dial units; negative where a corner is outside it. Segment i spans i * 60 to
    i * 60 + 60 degrees clockwise from straight up."""
    a0 = math.radians(index * 60 - 90)
    a1 = math.radians(index * 60 + 60 - 90)
    room = math.inf
    for x, y in corners:
        room = min(
            room,
            -math.sin(a0) * x + math.cos(a0) * y,  # clockwise of the first side
            math.sin(a1) * x - math.cos(a1) * y,  # anticlockwise of the second
            r - math.hypot(x, y),
        )
    return room


def _problems(dials: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []
    for dial in dials:
        r = dial["r"]
        for face in dial["faces"]:
            name = f"{face['face']} ({face['words']!r})"
            icon = _box(face["icon"])
            for rest, count in enumerate(face["covered"]):
                if count:
                    on = dial["faces"][rest]["face"]
                    found.append(f"{name}: the pointer resting on {on} covers {count} points")
            if (room := _room_in_segment(face["index"], r, face["icon"])) < MARGIN:
                found.append(f"{name}: its icon has {room:.1f} units of room in its segment")
            for line in face["ink"]:
                if (room := _room_in_segment(face["index"], r, line)) < MARGIN:
                    found.append(f"{name}: its words have {room:.1f} units of room in its segment")
                x1, y1, x2, y2 = _box(line)
                gap = max(icon[0] - x2, x1 - icon[2], icon[1] - y2, y1 - icon[3])
                if gap < MARGIN:
                    found.append(f"{name}: its words come {gap:.1f} units from its icon")
    return found


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
@pytest.mark.parametrize(
    ("width", "height", "touch", "path"),
    [
        (390, 844, True, "/play/dontcutthecheese"),
        (1280, 800, False, "/play/dontcutthecheese"),
        (1280, 800, False, "/rules/dontcutthecheese"),
    ],
)
def test_each_face_s_words_keep_inside_their_segment_clear_of_the_icon_and_the_pointer(
    locale_pages: LocalePages,
    server: str,
    locale: str,
    width: int,
    height: int,
    touch: bool,
    path: str,
) -> None:
    ready = "document.querySelectorAll('.dial-face').length >= 6"
    page = measured_page(locale_pages, f"{server}{path}", ready, width, height, touch, locale)
    dials = page.evaluate(MEASURE)
    assert dials, f"no spinner dial on {path}"
    words = {face["face"]: face["words"] for face in dials[0]["faces"]}
    assert words["skip"] == ("Aus-setzen" if locale == "de-DE" else "Skip"), words
    assert not (found := _problems(dials)), f"{width} x {height} {path} {locale}: {found}"
