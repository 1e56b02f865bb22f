"""The Mouse Trap match page in a real browser: new match, turns, trap phase, computer seats,
same-device hand-over, autosave and restore, views, inspecting spaces, keyboard play.

Matches that must reach a given moment start from a saved record whose `initial` is a late
position (docs/api.md, "Records and replay"): the server resumes it, the page only shows it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

import mousehole
from tests.browser.fixtures import FAST, screenshot

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

    Return what was done. Pushing before finishing gets a rival onto the Wheel sooner.
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
    page.get_by_test_id("roll").click()
    return "roll"


def test_solo_endgame_against_three_computers_reaches_the_winner(page: Page, server: str) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "computer", "name": "Whiskers", "level": "normal"},
        {"kind": "computer", "name": "Nibbles", "level": "normal"},
        {"kind": "computer", "name": "Pip", "level": "easy"},
    ]
    # Late game: the machine is built, Nibbles and Pip are already caught; Ann duels Whiskers.
    record = _record(
        4,
        {
            "current": 0,
            "supply": 37,
            "components": 23,
            "mice": [
                {"position": 45, "cheese": 10},
                {"position": 49, "cheese": 5},
                {"position": 49, "cheese": 0, "captured": True},
                {"position": 49, "cheese": 0, "captured": True},
            ],
        },
    )
    _open_saved(page, server, seats, record)
    expect(page.get_by_test_id("components")).to_have_text("23 / 23")
    # Caught mice wait in the pen by the Cheese Wheel, behind bars, each its own colour and shape.
    pen = page.get_by_test_id("caught-pen")
    expect(pen).to_be_visible()
    expect(pen).to_contain_text("Caught")
    for seat in (2, 3):
        mouse = page.get_by_test_id(f"mouse-{seat}")
        expect(mouse).to_have_class("mouse captured")
        expect(mouse.locator(".mouse-bars")).to_be_visible()
        assert (mouse.locator("title").text_content() or "").endswith("(caught)")
        assert _inside(_rect(page, f"[data-testid=mouse-{seat}]"), _rect(page, ".pen-box"))
    bars = [_rect(page, f"[data-testid=mouse-{seat}] .mouse-bars") for seat in (2, 3)]
    assert not _overlap(*bars)
    fills = page.evaluate(
        """() => [2, 3].map((seat) => getComputedStyle(document.querySelector(
          `[data-testid=mouse-${seat}] .token > g`)).fill)"""
    )
    assert fills[0] != fills[1], fills
    expect(page.get_by_test_id("mouse-1")).not_to_have_class("mouse captured")
    screenshot(page, "play-board-overview")
    # The trap close-up frames the whole machine, cage included, and the pen below it.
    page.keyboard.press("2")
    board = _rect(page, "[data-testid=board]")
    assert _inside(_rect(page, "[data-testid=machine]"), board)
    assert _inside(_rect(page, CAGE), board)
    assert _inside(_rect(page, ".pen-box"), board)
    assert not _cage_covers_the_wheel_number(page)
    screenshot(page, "play-trap-close-up")
    page.keyboard.press("1")
    seen: set[str] = set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done = _play_human_turn(page)
        seen.add(done)
        if done == "winner":
            break
        page.wait_for_timeout(30)
    expect(page.get_by_test_id("winner")).to_be_visible()
    assert page.get_by_test_id("winner-title").inner_text().endswith("wins!")
    log = page.get_by_test_id("log").inner_text()
    assert "wins!" in log and "{" not in log
    screenshot(page, "play-winner")
    page.get_by_test_id("rematch").click()
    expect(page.get_by_test_id("components")).to_have_text("0 / 23")
    expect(page.get_by_test_id("seat-name-3")).to_have_text("Pip")


def test_a_new_match_by_keyboard_plays_its_first_turns(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("setup")).to_be_visible()
    screenshot(page, "play-new-match")
    expect(page.get_by_test_id("seat-count")).to_be_focused()
    page.keyboard.press("Tab")  # start-seat
    page.keyboard.press("Tab")  # seat 0 name
    expect(page.get_by_test_id("seat-0-name")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("Kit")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # past kind (level is disabled for a human)
    expect(page.get_by_test_id("seat-1-name")).to_be_focused()
    page.keyboard.press("Enter")  # submits the form: start the match
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("seat-name-0")).to_have_text("Kit")
    rolls = 0
    for _ in range(12):
        _settled(page)
        if not page.get_by_test_id("roll").is_enabled():
            _play_human_turn(page)
            continue
        before = page.get_by_test_id("log").locator("li").count()
        page.keyboard.press("r")
        rolls += 1
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-testid=log] li').length > {before}",
            timeout=10_000,
        )
        if rolls == 3:
            break
    _settled(page)
    assert page.get_by_test_id("die").get_attribute("data-value") in list("123456")
    assert "Kit rolls a" in page.get_by_test_id("log").inner_text()
    assert page.get_by_test_id("status").get_attribute("role") == "status"
    # announce() clears the region for one frame so a repeated sentence is read again: wait
    # for the text rather than sampling that frame.
    expect(page.get_by_test_id("status")).not_to_have_text("")


def test_same_device_split_decision_and_hand_over(page: Page, server: str) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Bo"},
        {"kind": "computer", "name": "Cy", "level": "normal"},
    ]
    record = _record(
        3,
        {
            "current": 0,
            "phase": "split",
            "pending": {"from": [1, 2], "amount": 2},
            "supply": 0,
            "components": 5,
            "mice": [
                {"position": 37, "cheese": 40},
                {"position": 20, "cheese": 6},
                {"position": 14, "cheese": 6},
            ],
        },
    )
    _open_saved(page, server, seats, record)
    expect(page.get_by_test_id("pass-to")).to_be_visible()
    expect(page.get_by_test_id("pass-to")).to_contain_text("Pass to Ann")
    page.get_by_test_id("pass-ready").click()
    options = page.get_by_test_id("split-option")
    expect(options.first).to_be_visible()
    labels = options.all_inner_texts()
    assert "2 from Bo" in labels and "1 from Bo and 1 from Cy" in labels, labels
    screenshot(page, "play-split-dialog")
    options.filter(has_text="1 from Bo and 1 from Cy").click()
    expect(page.get_by_test_id("cheese-0")).to_have_text("42")
    expect(page.get_by_test_id("cheese-1")).to_have_text("5")
    # Bo is the next human after Ann: the device is handed over first.
    expect(page.get_by_test_id("pass-to")).to_be_visible()
    expect(page.get_by_test_id("pass-to")).to_contain_text("Pass to Bo")
    page.get_by_test_id("pass-ready").click()
    expect(page.get_by_test_id("roll")).to_be_enabled()
    assert "Ann takes 1 from Bo and 1 from Cy" in page.get_by_test_id("log").inner_text()


def test_same_device_trap_phase_warns_then_cranks(page: Page, server: str) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    record = _record(
        2,
        {
            "current": 0,
            "phase": "trap",
            "supply": 40,
            "components": 23,
            "mice": [{"position": 46, "cheese": 4}, {"position": 49, "cheese": 8}],
        },
    )
    _open_saved(page, server, seats, record)
    page.get_by_test_id("pass-ready").click()
    expect(page.get_by_test_id("trap-panel")).to_be_visible()
    expect(page.get_by_test_id("crank")).to_be_enabled()
    screenshot(page, "play-trap-panel")
    page.get_by_test_id("spend-1").click()
    expect(page.get_by_test_id("confirm-text")).to_have_text(
        "Moving Bo may take them off the Wheel."
    )
    page.get_by_test_id("confirm-no").click()
    expect(page.get_by_test_id("cheese-0")).to_have_text("4")  # nothing was sent
    page.get_by_test_id("view-trap").click()
    page.get_by_test_id("crank").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=log]').innerText.match(/cage (falls|sticks)/)",
        timeout=20_000,
    )
    screenshot(page, "play-trap-close-up-after-crank")
    log = page.get_by_test_id("log").inner_text()
    if "cage falls" in log:
        expect(page.get_by_test_id("winner")).to_be_visible()
        expect(page.get_by_test_id("cheese-0")).to_have_text("12")
    else:
        expect(page.get_by_test_id("pass-to")).to_contain_text("Pass to Bo")
        page.get_by_test_id("pass-ready").click()
        expect(page.get_by_test_id("roll")).to_be_enabled()
        expect(page.get_by_test_id("replay-trap")).to_be_enabled()
        page.get_by_test_id("replay-trap").click()
        page.get_by_test_id("skip-animation").click()
        expect(page.get_by_test_id("cheese-1")).to_have_text("8")  # a replay changes nothing


def test_refresh_restores_the_match_and_a_lost_room_is_recreated(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("seat-count").select_option("3")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    # Before the first roll the die shows a neutral "not rolled yet" face.
    die = page.get_by_test_id("die")
    _settled(page)
    expect(die).to_have_attribute("data-value", "")
    expect(die).to_have_attribute("title", "Not rolled yet")
    assert die.evaluate("(d) => getComputedStyle(d, '::after').content") == '"?"'
    for _ in range(2):
        _settled(page)
        page.get_by_test_id("roll").click()
    page.reload()  # in the middle of the animation and the computers' turns
    expect(page.get_by_test_id("setup")).to_be_hidden()  # straight back to the match
    _settled(page)
    # Back from the refresh, the die shows the last committed roll, not the blank face.
    dice = [
        m["action"]["value"]
        for m in json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["record"]["moves"]
        if m["action"]["type"] == "die"
    ]
    expect(die).to_have_attribute("data-value", str(dice[-1]))
    assert die.evaluate("(d) => getComputedStyle(d, '::after').content") == "none"
    before = _panels(page)
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert saved["record"]["moves"] and saved["token"]
    page.reload()
    _settled(page)
    assert _panels(page) == before
    # The server forgot the room (a restart): the saved record re-creates it where it was.
    saved["room"] = "0000000000000000"
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(saved)])
    page.reload()
    expect(page.get_by_test_id("log")).to_contain_text("the match continues where it was")
    _settled(page)
    assert _panels(page) == before
    page.get_by_test_id("roll").click()
    _settled(page)


def test_without_storage_the_game_still_plays(page: Page, server: str) -> None:
    page.context.add_init_script(NO_STORAGE)
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("saving-off")).to_be_visible()
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    page.get_by_test_id("skip-animation").wait_for(state="attached")
    _settled(page)
    page.get_by_test_id("roll").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=log]').innerText.includes('Ann rolls a')"
    )
    expect(page.get_by_test_id("saving-off")).to_have_text("Saving is off in this browser")


def test_inspect_a_space_by_click_and_by_keyboard(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("seat-count").select_option("3")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    page.get_by_test_id("space-14").click()
    dialog = page.get_by_test_id("inspect-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("inspect-title")).to_have_text("Space 14: Build 2–3–4")
    expect(page.get_by_test_id("inspect-text")).to_contain_text("install the next component")
    page.get_by_test_id("inspect-close").click()
    expect(dialog).to_be_hidden()
    label = page.get_by_test_id("space-1").get_attribute("aria-label") or ""
    assert label.startswith("Space 1: Build 2: ")
    assert "Not eligible in this 3-mouse game" in label
    page.get_by_test_id("space-36").focus()
    # The first turn's tips (shown at once, or once the dialog has closed) never take the focus
    # from the space the player moved to.
    expect(page.get_by_test_id("coach")).to_be_visible()
    expect(page.get_by_test_id("space-36")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("space-37")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("inspect-text")).to_contain_text("richest rival")
    screenshot(page, "play-inspect")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_every_view_changes_the_board_viewbox(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    board = page.get_by_test_id("board")
    boxes = {}
    for view in ("trap", "path", "zoom", "overview"):
        page.get_by_test_id(f"view-{view}").click()
        expect(page.get_by_test_id(f"view-{view}")).to_have_attribute("aria-pressed", "true")
        boxes[view] = board.get_attribute("viewBox")
        screenshot(page, f"play-view-{view}")
    assert len(set(boxes.values())) == 4, boxes
    page.keyboard.press("2")
    assert board.get_attribute("viewBox") == boxes["trap"]
    page.keyboard.press("1")
    assert board.get_attribute("viewBox") == boxes["overview"]


def test_after_a_crank_the_machine_keeps_its_final_pose_until_the_next_turn(
    page: Page, server: str
) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Bo"},
        {"kind": "human", "name": "Cy"},
    ]
    record = _record(
        3,
        {
            "current": 0,
            "phase": "trap",
            "supply": 40,
            "components": 23,
            "mice": [
                {"position": 46, "cheese": 4},
                {"position": 49, "cheese": 5},
                {"position": 30, "cheese": 3},
            ],
        },
    )
    _open_saved(page, server, seats, record)
    page.get_by_test_id("pass-ready").click()
    expect(page.get_by_test_id("crank")).to_be_enabled()
    assert _cage_state(page) == "up"
    page.keyboard.press("2")  # the trap close-up
    page.get_by_test_id("crank").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=log]').innerText.match(/cage (falls|sticks)/)",
        timeout=20_000,
    )
    falls = "cage falls" in page.get_by_test_id("log").inner_text()
    # The crank ended Ann's turn; the next human is handed the device, and meanwhile the
    # machine shows how the crank ended: the cage down over the Wheel, or stuck halfway.
    expect(page.get_by_test_id("pass-to")).to_be_visible()
    expect(page.get_by_test_id("pass-to")).to_contain_text("Pass to Cy" if falls else "Pass to Bo")
    assert _cage_state(page) == ("down" if falls else "stuck")
    # The cage comes down over Cheese Wheel (49) and leaves its number readable.
    cage, tile = _rect(page, CAGE), _rect(page, WHEEL_TILE)
    assert not _cage_covers_the_wheel_number(page)
    assert tile["left"] <= (cage["left"] + cage["right"]) / 2 <= tile["right"]
    if falls:
        # resting on the tile's lower edge (the bottom hoop a little past it)
        tile_height = tile["bottom"] - tile["top"]
        assert tile["top"] + tile_height / 2 < cage["bottom"] <= tile["bottom"] + tile_height / 5
        expect(page.get_by_test_id("caught-pen")).to_be_visible()
        expect(page.get_by_test_id("mouse-1")).to_have_class("mouse captured")
    page.get_by_test_id("pass-ready").click()
    page.wait_for_timeout(300)
    assert _cage_state(page) == ("down" if falls else "stuck")  # still: nobody has acted yet
    assert not _cage_covers_the_wheel_number(page)
    screenshot(page, "play-cage-" + ("down" if falls else "stuck"))
    page.get_by_test_id("roll").click()
    # The next turn has begun: the machine stands built and ready again.
    page.wait_for_function(
        "() => document.querySelector('[data-testid=machine] .mousetrap-machine')"
        ".dataset.cage === 'up'",
        timeout=10_000,
    )
    expect(page.get_by_test_id("components")).to_have_text("23 / 23")


def test_the_list_of_mice_draws_only_its_cards(page: Page, server: str) -> None:
    """The list behind the mice's cards has no fill or frame of its own (the home page's
    pill once leaked into it as a yellow band between the cards)."""
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("start-match").click()
    _settled(page)
    seats = page.get_by_test_id("seats")
    style = seats.evaluate(
        "(e) => { const s = getComputedStyle(e);"
        " return [s.backgroundColor, s.borderTopStyle, s.borderBottomStyle]; }"
    )
    assert style == ["rgba(0, 0, 0, 0)", "none", "none"], style


def test_the_toolbar_is_one_steady_row_at_1280_and_wraps_on_narrow_screens(
    page: Page, server: str
) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    _settled(page)
    chips = page.locator(".toolbar button:visible")  # the Panel button is not on narrow screens
    assert chips.count() == 8

    def tops() -> set[int]:
        boxes = [chips.nth(i).bounding_box() for i in range(chips.count())]
        assert all(boxes), "a toolbar button is not laid out"
        return {round(box["y"]) for box in boxes if box}

    assert len(tops()) == 1, tops()  # one row at 1280 px
    for key, view in zip("1234", ("overview", "trap", "path", "zoom"), strict=True):
        expect(page.get_by_test_id(f"view-{view}")).to_be_visible()
        expect(page.get_by_test_id(f"view-{view}").locator("kbd")).to_have_text(key)
    toolbar = page.locator(".toolbar").bounding_box()
    board = page.get_by_test_id("board").bounding_box()
    page.get_by_test_id("roll").click()
    _settled(page)  # the computer's turn went by, the human's is back: nothing moved
    assert page.locator(".toolbar").bounding_box() == toolbar
    assert page.get_by_test_id("board").bounding_box() == board
    assert len(tops()) == 1
    for width, height in ((1440, 900), (1024, 768), (600, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, (width, overflow)
        boxes = [chips.nth(i).bounding_box() for i in range(chips.count())]
        right = page.locator(".toolbar").bounding_box()
        assert right is not None
        for box in boxes:
            assert box is not None and box["x"] + box["width"] <= right["x"] + right["width"] + 1
        if width >= 1024:
            assert len(tops()) <= 2, (width, tops())
            assert _inside(_rect(page, "[data-testid=action-bar]"), _rect(page, "main"))
        screenshot(page, f"play-{width}x{height}")


def test_faded_build_spaces_keep_readable_numbers_and_captions(page: Page, server: str) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("seat-count").select_option("4")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    faded = page.locator(".space.ineligible")
    assert faded.count() > 0
    expect(faded.first).to_have_class("space kind-build ineligible")
    found = page.evaluate(
        """() => {
          const hatch = document.querySelector("#mt-hatch");
          const backs = [hatch.querySelector("rect").getAttribute("fill"),
                         hatch.querySelector("path").getAttribute("stroke")];
          const space = document.querySelector(".space.ineligible");
          const opacity = (node) => {
            let o = 1;
            for (let n = node; n && n !== space.parentNode; n = n.parentNode) {
              o *= Number(getComputedStyle(n).opacity);
            }
            return o;
          };
          const text = [".num", ".cap"].map((s) => space.querySelector(s));
          return {backs, tile: getComputedStyle(space.querySelector(".tile")).strokeDasharray,
                  texts: text.map((t) => ({fill: getComputedStyle(t).fill, opacity: opacity(t)}))};
        }"""
    )
    assert found["tile"] not in ("", "none")  # still visibly faded: a dashed, hatched tile
    for text in found["texts"]:
        assert text["opacity"] == 1, found
        for back in found["backs"]:
            assert _contrast(text["fill"], back) >= 4.5, (text, back)


def test_the_record_downloads_and_replays(page: Page, server: str, tmp_path: Path) -> None:
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("download-record")).to_be_disabled()
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    for _ in range(2):
        _settled(page)
        page.get_by_test_id("roll").click()
    _settled(page)
    button = page.get_by_test_id("download-record")
    expect(button).to_be_enabled()
    with page.expect_download() as info:
        button.click()
    download = info.value
    assert download.suggested_filename == "mousetrap-record.json"
    path = tmp_path / "mousetrap-record.json"
    download.save_as(path)
    data = json.loads(path.read_text())
    shown = page.evaluate("window.mousetrapPage.record")  # the page's copy of the record
    assert {k: v for k, v in data.items() if k != "players"} == shown
    assert data["players"] == ["Ann", "Whiskers, normal computer"]
    result = mousehole.replay(data)
    assert result.error is None and result.error_index is None
    assert len(result.record.moves) == len(data["moves"]) >= 4
    run = subprocess.run(
        [sys.executable, "-m", "mousehole.cli", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "seat 0 (Ann): rolls the die" in run.stdout
