"""The crank on the match page in a real browser (issue 15, item 7): at normal speed the chain
reaction is brisk (about 5 s, where it took 13.9 s), "Replay trap" still shows the full run,
and while the machine runs the prompt says what happens, never "Ann is moving…".

The durations are read from the machine's own `data-running` flag with the page's clock; the
bounds are wide (under 8 s; over 11 s for the full run), so a busy machine cannot fail them.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from tests.processes import post_json

from .conftest import screenshot

NORMAL = (
    'try { localStorage.setItem("mousehole.settings",'
    ' JSON.stringify({speed: "normal", reducedMotion: "off", sound: false})); } catch (e) {}'
)
# Ann (human) is in the trap phase with Bo on the Cheese Wheel; Cy is far from it.
TRAP = {
    "game": "mousetrap",
    "options": {"seats": 3, "start_seat": 0},
    "initial": {
        "seat_count": 3,
        "current": 0,
        "phase": "trap",
        "supply": 37,
        "components": 23,
        "mice": [
            {"position": 46, "cheese": 4},
            {"position": 49, "cheese": 8},
            {"position": 12, "cheese": 3},
        ],
    },
    "moves": [],
}
SEATS = [
    {"kind": "human", "name": "Ann"},
    {"kind": "computer", "name": "Bo", "level": "easy"},
    {"kind": "computer", "name": "Cy", "level": "easy"},
]
# Record each run of the machine (page clock, ms) and every prompt shown while it runs.
WATCH = """() => {
  const machine = document.querySelector('[data-testid=machine] .mousetrap-machine');
  const prompt = document.querySelector('[data-testid=prompt]');
  window.crankRuns = [];
  window.crankPrompts = [];
  new MutationObserver(() => {
    const now = performance.now();
    if (machine.dataset.running === 'true') window.crankRuns.push({start: now, end: null});
    else if (window.crankRuns.length) window.crankRuns.at(-1).end ??= now;
  }).observe(machine, {attributes: true, attributeFilter: ['data-running']});
  new MutationObserver(() => {
    if (machine.dataset.running === 'true') window.crankPrompts.push(prompt.textContent);
  }).observe(prompt, {childList: true, characterData: true, subtree: true});
}"""


def _runs(page: Page) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = page.evaluate("window.crankRuns")
    return runs


def test_the_crank_is_brisk_says_what_happens_and_replay_shows_the_full_run(
    page: Page, server: str
) -> None:
    room: dict[str, Any] = post_json(
        f"{server}/api/rooms",
        {"game": "mousetrap", "options": TRAP["options"], "seats": SEATS, "record": TRAP},
    )
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": SEATS, "startSeat": 0},
        "log": [],
        "lastHuman": 0,
    }
    page.context.add_init_script(NORMAL)
    page.goto(server)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        ["mousehole.mousetrap.match", json.dumps(saved)],
    )
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("crank")).to_be_enabled(timeout=20_000)
    page.evaluate(WATCH)
    page.keyboard.press("2")  # the trap close-up
    page.get_by_test_id("crank").click()
    page.wait_for_function(
        "() => window.crankRuns.length && window.crankRuns[0].end !== null", timeout=30_000
    )
    run = _runs(page)[0]
    assert run["end"] - run["start"] < 8_000, run
    prompts: list[str] = page.evaluate("window.crankPrompts")
    assert prompts and not any("is moving" in text for text in prompts), prompts
    assert "The machine is running…" in prompts, prompts
    assert "The cage is falling…" in prompts, prompts

    # Back to Ann (the computers have played): Replay trap runs the whole chain again.
    expect(page.get_by_test_id("roll")).to_be_enabled(timeout=60_000)
    before = len(_runs(page))  # (a computer may have cranked meanwhile)
    page.get_by_test_id("replay-trap").click()
    page.wait_for_timeout(1_500)
    expect(page.get_by_test_id("prompt")).to_have_text("The machine is running…")
    screenshot(page, "crank-replay-running")
    page.wait_for_function(
        f"() => window.crankRuns.length > {before} && window.crankRuns[{before}].end !== null",
        timeout=30_000,
    )
    replay = _runs(page)[before]
    assert replay["end"] - replay["start"] > 11_000, replay
    expect(page.get_by_test_id("prompt")).to_have_text("Ann, your turn.")
