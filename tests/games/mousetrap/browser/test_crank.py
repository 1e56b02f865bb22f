"""The crank on the match page in a real browser (issue 15, item 7): at normal speed the chain
reaction is brisk (about 5 s, where it took 13.9 s), "Replay trap" still shows the full run,
and while the machine runs the prompt says what happens, never "Ann is moving…".

Nothing here reads the wall clock. The page runs on Playwright's fake clock, paused, and the
test moves it on in fixed steps (`clock.run_for`): the machine's animation frames and timers
then happen at the same page times on any machine, however loaded, so a run's length in page
time is a property of the page's code. Each run is also counted step by step (the machine's
`data-step`): the brisk run and the replay both play every step of the chain, in order.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.fixtures import screenshot
from tests.processes import post_json

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
# Record each run of the machine (the page's fake clock, ms), the steps it shows, and every
# prompt shown while it runs.
WATCH = """() => {
  const machine = document.querySelector('[data-testid=machine] .mousetrap-machine');
  const prompt = document.querySelector('[data-testid=prompt]');
  window.crankRuns = [];
  window.crankPrompts = [];
  new MutationObserver((changes) => {
    const now = performance.now();
    for (const change of changes) {
      const run = window.crankRuns.at(-1);
      if (change.attributeName === 'data-step') {
        const step = machine.dataset.step;
        if (run && run.end === null && step && step !== run.steps.at(-1)) run.steps.push(step);
      } else if (machine.dataset.running === 'true') {
        window.crankRuns.push({start: now, end: null, steps: []});
      } else if (run) {
        run.end ??= now;
      }
    }
  }).observe(machine, {attributes: true, attributeFilter: ['data-running', 'data-step']});
  new MutationObserver(() => {
    if (machine.dataset.running === 'true') window.crankPrompts.push(prompt.textContent);
  }).observe(prompt, {childList: true, characterData: true, subtree: true});
}"""

STEP_MS = 50
"""How far the page's clock moves at a time (three animation frames)."""


def _runs(page: Page) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = page.evaluate("window.crankRuns")
    return runs


def _prompt(page: Page) -> str:
    text: str = page.evaluate("document.querySelector('[data-testid=prompt]').textContent")
    return text


def _advance_until(page: Page, condition: str, what: str, limit: int = 2_000) -> None:
    """Move the page's clock on in steps of STEP_MS until `condition` holds (the server's
    answers arrive meanwhile); fail naming `what` after `limit` steps."""
    for _ in range(limit):
        if page.evaluate(condition):
            return
        page.clock.run_for(STEP_MS)
    raise AssertionError(f"{what}: not after {limit * STEP_MS} ms of page time")


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
    page.clock.install()
    page.goto(server)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        ["mousehole.mousetrap.match", json.dumps(saved)],
    )
    page.goto(f"{server}/play/mousetrap")
    expect(page.get_by_test_id("crank")).to_be_enabled(timeout=20_000)
    page.clock.pause_at(page.evaluate("Date.now()") + 1_000)  # from here, time moves when told
    page.evaluate(WATCH)
    page.keyboard.press("2")  # the trap close-up
    page.get_by_test_id("crank").click()
    _advance_until(
        page, "window.crankRuns.length && window.crankRuns[0].end !== null", "the crank's run"
    )
    run = _runs(page)[0]
    brisk = run["end"] - run["start"]
    assert 4_000 <= brisk <= 6_500, f"the crank in a match is brisk, about 5 s: {brisk} ms"
    prompts: list[str] = page.evaluate("window.crankPrompts")
    assert prompts and not any("is moving" in text for text in prompts), prompts
    assert "The machine is running…" in prompts, prompts
    assert "The cage is falling…" in prompts, prompts

    # Back to Ann (the computers have played): Replay trap runs the whole chain again.
    _advance_until(
        page, "!document.querySelector('[data-testid=roll]').disabled", "Ann's turn again"
    )
    before = len(_runs(page))  # (a computer may have cranked meanwhile)
    page.get_by_test_id("replay-trap").click()
    _advance_until(page, f"window.crankRuns.length > {before}", "the replay's start")
    page.clock.run_for(1_500)
    # (with the clock paused, read the page directly: `expect` polls on the page's timers)
    assert _prompt(page) == "The machine is running…"
    _advance_until(
        page,
        f"window.crankRuns.length > {before} && window.crankRuns[{before}].end !== null",
        "the replay's run",
    )
    replay = _runs(page)[before]
    full = replay["end"] - replay["start"]
    assert full >= 2.5 * brisk, f"Replay trap shows the full run: {full} ms, brisk {brisk} ms"
    # Both runs show every step of the chain, in the same order, up to the cage.
    assert replay["steps"] == run["steps"], (run["steps"], replay["steps"])
    assert len(run["steps"]) >= 20 and run["steps"][-1] == "23", run["steps"]
    _advance_until(page, "window.mousetrapPage.idle", "the page at rest")
    assert _prompt(page) == "Ann, your turn."
    page.clock.resume()
    screenshot(page, "crank-after-replay")
