"""The Mouse Trap match page's layout in a real browser, at the sizes players use: every control
of every phase fits the window (1280 x 800, 1024 x 768, a 390 x 844 phone) with 2 to 4 mice,
the board's labels are readable and never under a machine part, and phones get finger-sized
spaces. (What every page shares, its setup menus and a phone's width, is measured in
tests/browser/test_layout.py.)

"Fits" is measured, not eyeballed: the control's box lies inside the window at the page's first
scroll position, no ancestor that clips (overflow) cuts it, its own text is not cut off, and the
browser's hit test at its centre finds it (nothing lies on top of it).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import NewPage, screenshot

from .match_page import _open_saved, _record

SIZES = [(1280, 800), (1024, 768), (390, 844)]
NAMES = ["Ann", "Whiskers", "Nibbles", "Pip"]

FITS = """(el) => {
  const r = el.getBoundingClientRect();
  const px = (v) => Math.round(v);
  const where = `${px(r.left)},${px(r.top)} ${px(r.width)}x${px(r.height)}`;
  if (r.width < 1 || r.height < 1) return "it is not laid out";
  if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
    return `it lies outside the ${innerWidth}x${innerHeight} window at ${where}`;
  }
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX === "visible" && s.overflowY === "visible") continue;
    const q = p.getBoundingClientRect();
    if (r.left < q.left - 0.5 || r.top < q.top - 0.5
        || r.right > q.right + 0.5 || r.bottom > q.bottom + 0.5) {
      return `${p.id || p.className} cuts it off at ${where}`;
    }
  }
  // 3 px of slack: a font's own box (Kalam's is 1.57 em) may pass a line's by a pixel or two
  // with no ink cut; a clipped line or word is far more than that.
  if (el.scrollWidth > el.clientWidth + 3 || el.scrollHeight > el.clientHeight + 3) {
    const need = `${el.scrollWidth}x${el.scrollHeight}`;
    return `its text is cut off (${need} in ${el.clientWidth}x${el.clientHeight})`;
  }
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  if (!hit || !(hit === el || el.contains(hit))) {
    return `something lies on it: ${hit && hit.outerHTML.slice(0, 80)}`;
  }
  return null;
}"""


def _position(phase: str, count: int) -> dict[str, Any]:
    """A position of `count` mice where the human (seat 0) is to act in `phase`."""
    if phase.startswith("trap"):  # Ann's trap phase; Whiskers on the Wheel, all payable
        spots, cheese, extra = [46, 49, 42, 43], [6, 5, 5, 5], {"components": 23}
        if phase == "trap-no-wheel":  # nobody on the Wheel: the crank cannot turn
            spots[1] = 40
    elif phase == "split":  # Ann takes 2 cheese from Whiskers and Nibbles, tied richest
        spots, cheese = [37, 20, 14, 9], [0, 6, 6, 2]
        extra = {"pending": {"from": [1, 2], "amount": 2}, "components": 5}
    else:
        spots, cheese, extra = [12, 20, 3, 30], [3, 2, 4, 1], {"components": 7}
    mice = [{"position": p, "cheese": c} for p, c in zip(spots, cheese, strict=True)][:count]
    supply = 52 - sum(m["cheese"] for m in mice)
    if phase == "split":  # the supply is empty: Ann holds the rest
        mice[0]["cheese"], supply = supply, 0
    return {"current": 0, "phase": phase.split("-")[0], "mice": mice, "supply": supply, **extra}


def _open(page: Page, server: str, phase: str, count: int) -> None:
    seats = [{"kind": "human", "name": "Ann"}] + [
        {"kind": "computer", "name": name, "level": "easy"} for name in NAMES[1:count]
    ]
    _open_saved(page, server, seats, _record(count, _position(phase, count)))
    if phase == "split":
        expect(page.get_by_test_id("split-option").first).to_be_visible(timeout=15_000)
    elif phase.startswith("trap"):
        expect(page.get_by_test_id("trap-panel")).to_be_visible(timeout=15_000)
    else:
        expect(page.get_by_test_id("roll")).to_be_enabled(timeout=15_000)


CONTROLS = {
    "roll": ["roll", "prompt"],
    "trap": ["crank", "end-turn", "crank-reason", "prompt"],
    "split": ["split-text"],
}


@pytest.mark.parametrize("phase", ["roll", "trap", "split"])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_control_of_the_phase_fits_the_window_with_2_to_4_mice(
    new_page: NewPage, server: str, phase: str, width: int, height: int
) -> None:
    problems = {}
    for count in (2, 3, 4):
        if phase == "split" and count == 2:
            continue  # a split needs two tied rivals
        page = new_page(width=width, height=height)
        _open(page, server, phase, count)
        page.wait_for_function("() => window.mousetrapPage?.idle")
        controls = [page.get_by_test_id(testid) for testid in CONTROLS[phase]]
        if phase == "trap":
            spends = page.locator("[data-testid^=spend-]")
            assert spends.count() == count - 1
            controls += [spends.nth(i) for i in range(count - 1)]
        if phase == "split":
            options = page.get_by_test_id("split-option")
            controls += [options.nth(i) for i in range(options.count())]
        for control in controls:
            found = control.evaluate(FITS)
            if found:
                problems[f"{count} mice: {control.get_attribute('data-testid')}"] = found
        if count == 4:
            screenshot(page, f"layout-{phase}-{width}x{height}")
        page.context.close()
    assert not problems, f"{phase} at {width}x{height}: {problems}"


LABEL_SIZES = """() => [...document.querySelectorAll(".space .num, .space .cap")].map((t) => ({
  space: t.closest(".space").dataset.space,
  px: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a,
}))"""


def test_the_board_labels_are_at_least_11_px_in_the_overview_at_1280_x_800(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=1280, height=800)
    _open(page, server, "roll", 4)
    sizes = page.evaluate(LABEL_SIZES)
    assert len(sizes) == 100
    small = [s for s in sizes if s["px"] < 11]
    assert not small, f"labels under 11 px: {small[:6]}"
    # The board takes the room it has: its drawing fills the board's frame across.
    frame = page.locator("#board-wrap").bounding_box()
    tile = page.get_by_test_id("space-0").bounding_box()
    assert frame and tile and tile["x"] - frame["x"] < 0.05 * frame["width"], (frame, tile)


COVERED = """() => {
  const covered = [];
  const machine = document.querySelector("[data-testid=machine]");
  for (const label of document.querySelectorAll(".space .num, .space .cap")) {
    const space = label.closest(".space");
    const tile = space.querySelector(".tile");
    const box = label.getBoundingClientRect();
    for (let i = 0; i <= 6; i += 1) {
      for (let j = 0; j <= 4; j += 1) {
        const x = box.left + (box.width * i) / 6;
        const y = box.top + (box.height * j) / 4;
        const stack = document.elementsFromPoint(x, y);
        const part = stack.findIndex((e) => machine.contains(e));
        const under = stack.indexOf(tile);
        if (part >= 0 && under >= 0 && part < under) {
          const name = stack[part].closest("[data-component]")?.querySelector("title")?.textContent;
          covered.push(`space ${space.dataset.space} ${label.classList[0]} under ${name}`);
          i = 7;
          break;
        }
      }
    }
  }
  return [...new Set(covered)];
}"""


@pytest.mark.parametrize("view", ["overview", "trap"])
def test_no_part_of_the_built_machine_lies_over_a_space_label(
    new_page: NewPage, server: str, view: str
) -> None:
    page = new_page(width=1280, height=800)
    _open(page, server, "trap", 2)  # all 23 components installed, the cage up
    page.get_by_test_id(f"view-{view}").click()
    page.wait_for_timeout(50)
    covered = page.evaluate(COVERED)
    assert not covered, covered


def test_the_trap_close_up_shows_the_turn_crank_space_and_the_whole_machine(
    new_page: NewPage, server: str
) -> None:
    for width, height in SIZES:
        page = new_page(width=width, height=height)
        _open(page, server, "trap", 3)
        page.keyboard.press("2")
        frame = page.locator("#board-wrap").bounding_box()
        assert frame
        for testid in ("space-46", "space-49", "machine", "mouse-0"):
            box = page.get_by_test_id(testid).bounding_box()
            assert box, testid
            inside = (
                box["x"] >= frame["x"] - 0.5
                and box["y"] >= frame["y"] - 0.5
                and box["x"] + box["width"] <= frame["x"] + frame["width"] + 0.5
                and box["y"] + box["height"] <= frame["y"] + frame["height"] + 0.5
            )
            assert inside, f"{testid} at {width}x{height}: {box} outside {frame}"
        page.context.close()


TAP_TARGETS = """() => {
  const frame = document.querySelector("#board-wrap").getBoundingClientRect();
  const small = [];
  let shown = 0;
  for (const space of document.querySelectorAll(".space[data-space]")) {
    const tile = space.querySelector(".tile").getBoundingClientRect();
    const cx = (tile.left + tile.right) / 2;
    const cy = (tile.top + tile.bottom) / 2;
    if (cx - 14 < frame.left || cx + 14 > frame.right
        || cy - 14 < frame.top || cy + 14 > frame.bottom) continue;
    shown += 1;
    const misses = [[0, 0], [-12, 0], [12, 0], [0, -12], [0, 12]].filter(([dx, dy]) => {
      const hit = document.elementFromPoint(cx + dx, cy + dy);
      return !hit || hit.closest(".space") !== space;
    });
    if (misses.length) small.push(`space ${space.dataset.space} misses ${JSON.stringify(misses)}`);
  }
  return { shown, small };
}"""


@pytest.mark.parametrize("view", ["path", "zoom"])
def test_on_a_phone_every_space_in_the_path_view_is_a_24_px_tap_target(
    new_page: NewPage, server: str, view: str
) -> None:
    page = new_page(width=390, height=844)
    _open(page, server, "roll", 4)
    page.get_by_test_id(f"view-{view}").click()
    page.wait_for_timeout(50)
    found = page.evaluate(TAP_TARGETS)
    assert found["shown"] >= (40 if view == "path" else 5), found
    assert not found["small"], found["small"]


def _view_box(page: Page) -> list[float]:
    return [float(v) for v in page.get_by_test_id("board").get_attribute("viewBox").split()]


SHOWN_LABELS = """() => [...document.querySelectorAll("#board text")]
  .filter((t) => t.textContent.trim() && t.checkVisibility({ visibilityProperty: true }))
  .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


def test_a_phone_opens_on_the_mouse_to_move_and_a_laptop_on_the_whole_board(
    new_page: NewPage, server: str
) -> None:
    for width, height, view in ((390, 844, "zoom"), (1280, 800, "overview")):
        page = new_page(width=width, height=height, touch=width < 600)
        _open(page, server, "roll", 4)
        expect(page.get_by_test_id(f"view-{view}")).to_have_attribute("aria-pressed", "true")
        sizes = page.evaluate(SHOWN_LABELS)
        assert len(sizes) > 10 and min(sizes) >= 11, (width, sorted(sizes)[:5])
        page.context.close()


def test_a_tap_on_a_phone_s_whole_board_map_zooms_in_there_and_opens_no_space(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=390, height=844, touch=True)
    _open(page, server, "roll", 4)
    page.get_by_test_id("view-overview").click()
    page.wait_for_function("() => window.mousetrapPage?.idle")
    # The map draws no label it cannot draw at 11 px (its 50 spaces' labels are left out).
    assert page.evaluate(SHOWN_LABELS) == [] or min(page.evaluate(SHOWN_LABELS)) >= 11
    tile = page.get_by_test_id("space-27").bounding_box()
    assert tile
    page.touchscreen.tap(tile["x"] + tile["width"] / 2, tile["y"] + tile["height"] / 2)
    expect(page.get_by_test_id("view-zoom")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("inspect-dialog")).not_to_be_visible()
    page.wait_for_function(
        """() => { const [x, y, w, h] = document.querySelector("#board").getAttribute("viewBox")
          .split(" ").map(Number); return w < 600; }"""
    )
    page.wait_for_timeout(600)  # the zoom's last frame: the labels are drawn again
    x, y, w, h = _view_box(page)
    at = page.get_by_test_id("space-27").get_attribute("transform")
    sx, sy = (float(v) for v in at.removeprefix("translate(").removesuffix(")").split())
    assert x < sx < x + w and y < sy < y + h, f"space 27 at {sx, sy} is in the view {x, y, w, h}"
    sizes = page.evaluate(SHOWN_LABELS)
    assert len(sizes) > 10 and min(sizes) >= 11, sorted(sizes)[:5]
    # A tap on a space of the zoomed view opens it, as before.
    tile = page.get_by_test_id("space-27").bounding_box()
    assert tile
    page.touchscreen.tap(tile["x"] + tile["width"] / 2, tile["y"] + tile["height"] / 2)
    expect(page.get_by_test_id("inspect-title")).to_have_text("Space 27: Go to Dog Bone")


def test_dragging_the_follow_view_moves_it_round_the_board_without_opening_a_space(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=1280, height=800)
    _open(page, server, "roll", 4)
    page.get_by_test_id("view-zoom").click()
    page.wait_for_timeout(700)
    before = _view_box(page)
    frame = page.locator("#board-wrap").bounding_box()
    assert frame
    x, y = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y - 120, steps=6)
    page.mouse.up()
    after = _view_box(page)
    assert after[0] > before[0] and after[1] > before[1], (before, after)
    assert after[2:] == before[2:], "a drag moves the view, it does not zoom"
    expect(page.get_by_test_id("inspect-dialog")).not_to_be_visible()


MACHINE_NUMBERS = """() => [...document.querySelectorAll("#machine-place .mt-number text")]
  .filter((t) => t.checkVisibility({ visibilityProperty: true }))
  .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


def test_the_trap_close_up_shows_the_built_parts_numbers_readable_and_the_overview_none(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=1280, height=800)
    _open(page, server, "trap", 2)  # all 23 parts built
    page.get_by_test_id("view-trap").click()
    page.wait_for_timeout(700)
    sizes = page.evaluate(MACHINE_NUMBERS)
    assert len(sizes) == 23 and min(sizes) >= 11, sorted(sizes)[:5]
    page.get_by_test_id("view-overview").click()
    page.wait_for_timeout(700)
    assert page.evaluate(MACHINE_NUMBERS) == [], "the overview draws no number too small to read"


def test_a_phones_trap_close_up_shows_its_spaces_numbers_and_captions(
    new_page: NewPage, server: str
) -> None:
    # The close-up draws the board smaller on a phone than the overview does on a laptop: its
    # spaces' words are drawn larger there, so none in the frame is hidden as illegible.
    from tests.browser.phone import measure, problems
    from tests.browser.test_phone import DEVICES

    from .pages import TURN

    width, height, touch = DEVICES["phone"]
    page = new_page(width=width, height=height, touch=touch)
    TURN.start(page, server)
    page.get_by_test_id("view-trap").tap()
    page.wait_for_function("() => window.mousetrapPage?.idle")
    page.wait_for_timeout(800)  # the view's move to the trap
    labels = page.evaluate(
        """() => {
          const board = document.querySelector('#board').getBoundingClientRect();
          const inside = (r) => r.width > 0 && r.left >= board.left && r.right <= board.right
            && r.top >= board.top && r.bottom <= board.bottom;
          const texts = [...document.querySelectorAll('#board .space text')]
            .filter((t) => t.textContent.trim() && inside(t.getBoundingClientRect()));
          const px = (t) => parseFloat(getComputedStyle(t).fontSize)
            * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b);
          return texts.map((t) => [t.textContent.trim(), Math.round(px(t) * 10) / 10,
            t.classList.contains('illegible')]);
        }"""
    )
    screenshot(page, "phone-mousetrap-trap-close-up", full_page=False)
    hidden = [label for label in labels if label[2] or label[1] < 11]
    assert not hidden, f"space words hidden or under 11 px in the trap close-up: {labels}"
    shown = {label[0] for label in labels}
    assert {"Crank", "Wheel", "46", "49"} <= shown, labels
    assert not problems(measure(page, TURN, touch))
