"""The Mouse Trap match page driven for its browser tests: rooms posted and saved matches opened
from a late position, the page settled, its panels and boxes measured, the cage and the wheel
read, a human turn played, colour contrast computed.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.fixtures import FAST

NO_STORAGE = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""


SAVE_KEY = "mousehole.mousetrap.match"


def _post_room(server: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server}/api/rooms",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def _record(seats: int, initial: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "mousetrap",
        "options": {"seats": seats, "start_seat": 0},
        "initial": {"seat_count": seats, **initial},
        "moves": [],
    }


def _open_saved(
    page: Page, server: str, seats: list[dict[str, Any]], record: dict[str, Any]
) -> None:
    """Create a room resuming `record`, save it as the browser's match, and reload into it."""
    room = _post_room(
        server,
        {"game": "mousetrap", "options": record["options"], "seats": seats, "record": record},
    )
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": seats, "startSeat": 0},
        "log": [],
        "lastHuman": None,
    }
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, json.dumps(saved)]
    )
    page.reload()  # a saved match in progress opens at once
    expect(page.get_by_test_id("mouse-0")).to_be_attached()


def _settled(page: Page) -> None:
    """Wait until a human can act (roll, trap, split, hand-over) or the game has ended."""
    page.wait_for_function(
        """() => {
          const q = (id) => document.querySelector(`[data-testid="${id}"]`);
          const open = (id) => q(id) && q(id).open;
          return !q("roll").disabled || !q("trap-panel").hidden || open("split-dialog")
            || open("pass-to") || open("winner");
        }""",
        timeout=20_000,
    )


def _panels(page: Page) -> list[str]:
    count = page.locator("[data-testid^=seat-panel-]").count()
    return [
        page.get_by_test_id(f"position-{i}").inner_text()
        + " | "
        + page.get_by_test_id(f"cheese-{i}").inner_text()
        for i in range(count)
    ]


def _rect(page: Page, selector: str) -> dict[str, float]:
    """The on-screen box of the first element matching `selector` (SVG transforms included)."""
    box: dict[str, float] = page.evaluate(
        """(selector) => {
          const r = document.querySelector(selector).getBoundingClientRect();
          return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
        }""",
        selector,
    )
    return box


def _inside(inner: dict[str, float], outer: dict[str, float], slack: float = 0.5) -> bool:
    return (
        inner["left"] >= outer["left"] - slack
        and inner["top"] >= outer["top"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


CAGE = "[data-testid=machine] [data-component='23'] > g > g"


WHEEL_NUMBER = "[data-testid=space-49] .num"


WHEEL_TILE = "[data-testid=space-49] .tile"


def _cage_covers_the_wheel_number(page: Page) -> bool:
    """Whether any painted part of the cage lies over the glyphs of space 49's number."""
    return bool(
        page.evaluate(
            """([numberSelector, cageSelector]) => {
              const box = document.querySelector(numberSelector).getBoundingClientRect();
              const svg = document.querySelector("[data-testid=board]");
              const shapes = [...document.querySelector(cageSelector)
                .querySelectorAll("path, ellipse, circle, rect")];
              for (let i = 0; i <= 6; i += 1) {
                for (let j = 0; j <= 4; j += 1) {
                  // the digits' ink: the box's width, from its top to the baseline (no descent)
                  const x = box.left + (box.width * i) / 6;
                  const y = box.top + 2 + ((box.height * 0.7 - 2) * j) / 4;
                  for (const shape of shapes) {
                    const screen = shape.getScreenCTM().inverse();
                    const local = new DOMPoint(x, y).matrixTransform(screen);
                    const point = svg.createSVGPoint();
                    point.x = local.x;
                    point.y = local.y;
                    const fill = shape.getAttribute("fill") !== "none";
                    if ((fill && shape.isPointInFill(point)) || shape.isPointInStroke(point)) {
                      return true;
                    }
                  }
                }
              }
              return false;
            }""",
            [WHEEL_NUMBER, CAGE],
        )
    )


def _cage_state(page: Page) -> str:
    return str(page.locator("[data-testid=machine] .mousetrap-machine").get_attribute("data-cage"))


def _luminance(colour: str) -> float:
    """Relative luminance (WCAG 2) of an "rgb(r, g, b)" or "#rrggbb" colour."""
    if colour.startswith("#"):
        channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    else:
        channels = [int(float(c)) for c in colour[colour.index("(") + 1 : -1].split(",")[:3]]
    srgb = [c / 255 for c in channels]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in srgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _play_human_turn(page: Page) -> str:
    """Do what a human would: hand over, split, crank, push a rival, finish, roll.

    Return what was done ("wait": nothing, the page changed between two looks). Pushing
    before finishing gets a rival onto the Wheel sooner.
    """
    _settled(page)
    if page.get_by_test_id("winner").is_visible():
        return "winner"
    if page.get_by_test_id("pass-to").is_visible():
        page.get_by_test_id("pass-ready").click()
        return "pass"
    if page.get_by_test_id("split-dialog").is_visible():
        page.get_by_test_id("split-option").first.click()
        return "split"
    if page.get_by_test_id("trap-panel").is_visible():
        if page.get_by_test_id("crank").is_enabled():
            page.get_by_test_id("crank").click()
            return "crank"
        spend = page.locator("[data-testid^=spend-]")
        if spend.count():
            spend.first.click()
            if page.get_by_test_id("confirm-yes").is_visible():
                page.get_by_test_id("confirm-yes").click()
            return "spend"
        page.get_by_test_id("end-turn").click()
        return "end"
    roll = page.get_by_test_id("roll")
    if not roll.is_enabled():  # the page moved on since `_settled` looked: look again
        return "wait"
    roll.click()
    return "roll"
