"""The Trap Playground in a real browser: build the machine, run its chain reaction, skip it.

The chain order checked here is the spec's ("The crank moves the gears and stop-sign mechanism.
The shoe tips the bucket; its ball descends the stairs and gutter and trips the helping hand. The
released second ball passes the upper assembly and bathtub, lands on the diving board, and launches
the diver into the washtub. That releases the cage over Cheese Wheel."), with each structural part
lit just before the moving parts it carries.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.fixtures import NewPage
from tests.browser.fixtures import screenshot as save_screenshot

URL = "/playground/mousetrap"
CHAIN_ORDER = [1, 2, 4, 3, 5, 6, 7, 8, 10, 9, 11, 12, 14, 17, 15, 13, 16, 18, 19, 21, 20, 22, 23]
RUN_TIMEOUT = 15_000  # ms; a faster run takes about five seconds

# Records each part the run lights, in order, from the list's aria-current changes.
RECORD_STEPS = """() => {
  window.__steps = [];
  new MutationObserver(() => {
    const active = document.querySelector('#pg-list [aria-current="step"]');
    const n = active ? Number(active.dataset.part) : null;
    if (n !== null && window.__steps.at(-1) !== n) window.__steps.push(n);
  }).observe(document.getElementById("pg-list"), { subtree: true, attributes: true });
}"""

# True while the list shows part `n` as the one acting now.
ACTIVE_IS = """(n) => document.querySelector(`[data-testid="pg-step-${n}"]`)
  ?.getAttribute("aria-current") === 'step'"""


def screenshot(page: Page, name: str) -> None:
    """Save a full-page screenshot from the top (the machine sticks beside the long list)."""
    page.evaluate("window.scrollTo(0, 0)")
    save_screenshot(page, name)


def _open(page: Page, server: str) -> None:
    page.goto(server + URL)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def _machine(page: Page) -> Locator:
    return page.get_by_test_id("pg-machine")


def _install_all(page: Page) -> None:
    page.get_by_test_id("pg-add-all").click()
    expect(page.get_by_test_id("pg-installed-count")).to_have_text("23 / 23")


@pytest.fixture
def reduced_page(browser: Browser) -> Iterator[Page]:
    """A page whose browser asks for reduced motion; fails on any console or page error."""
    context = browser.new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, "; ".join(errors)


def test_the_playground_loads_with_nothing_installed_and_run_disabled(
    page: Page, server: str
) -> None:
    _open(page, server)
    expect(page.get_by_test_id("pg-installed-count")).to_have_text("0 / 23")
    expect(page.get_by_test_id("pg-run")).to_be_disabled()
    expect(page.get_by_test_id("pg-run-hint")).to_contain_text("23 to go")
    expect(page.locator('a[href="/"]').first).to_be_visible()
    expect(page.locator('a[href="/play/mousetrap"]')).to_be_visible()
    expect(page.locator("[data-testid^=pg-step-]")).to_have_count(23)
    expect(page.locator("g[data-component]").first).to_be_hidden()
    screenshot(page, "playground-0-installed")


def test_add_next_installs_component_one_and_announces_it(page: Page, server: str) -> None:
    _open(page, server)
    page.get_by_test_id("pg-add-next").click()
    expect(page.get_by_test_id("pg-installed-count")).to_have_text("1 / 23")
    expect(page.locator('[data-component="1"]')).to_be_visible()
    expect(page.locator('[data-component="2"]')).to_be_hidden()
    expect(page.get_by_test_id("pg-status")).to_have_text("Installed 1 of 23: Base A.")
    expect(page.get_by_test_id("pg-run")).to_be_disabled()


def test_add_all_installs_all_23_and_enables_run(page: Page, server: str) -> None:
    _open(page, server)
    _install_all(page)
    expect(page.locator("g[data-component]:visible")).to_have_count(23)
    expect(page.get_by_test_id("pg-run")).to_be_enabled()
    expect(page.get_by_test_id("pg-status")).to_contain_text("ready to run")
    page.wait_for_timeout(500)  # let the parts finish popping in
    screenshot(page, "playground-23-installed")
    page.get_by_test_id("pg-reset").click()
    expect(page.get_by_test_id("pg-installed-count")).to_have_text("0 / 23")
    expect(page.get_by_test_id("pg-run")).to_be_disabled()


def test_a_faster_run_lights_every_step_in_order_and_drops_the_cage(
    page: Page, server: str
) -> None:
    _open(page, server)
    _install_all(page)
    page.get_by_test_id("pg-speed-fast").click()
    page.evaluate(RECORD_STEPS)
    page.get_by_test_id("pg-run").click()
    expect(_machine(page)).to_have_attribute("data-running", "true")
    page.wait_for_function(ACTIVE_IS, arg=16, polling="raf")  # each step lasts well under 1 s
    screenshot(page, "playground-mid-run")
    expect(_machine(page)).to_have_attribute("data-cage", "down", timeout=RUN_TIMEOUT)
    expect(page.get_by_test_id("pg-status")).to_contain_text("caught!")
    assert page.evaluate("window.__steps") == CHAIN_ORDER
    expect(page.locator(".pg-step.is-done")).to_have_count(23)
    expect(page.get_by_test_id("pg-run")).to_be_enabled()
    screenshot(page, "playground-end")


def test_the_cage_sticks_outcome_ends_with_the_cage_stuck(page: Page, server: str) -> None:
    _open(page, server)
    _install_all(page)
    page.get_by_test_id("pg-outcome-stuck").click()
    expect(page.get_by_test_id("pg-outcome-stuck")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("pg-outcome-capture")).to_have_attribute("aria-pressed", "false")
    page.get_by_test_id("pg-reduced").click()  # the toggle: steps light up without moving
    expect(page.get_by_test_id("pg-reduced")).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("pg-speed-fast").click()
    page.get_by_test_id("pg-run").click()
    expect(_machine(page)).to_have_attribute("data-cage", "stuck", timeout=RUN_TIMEOUT)
    expect(page.get_by_test_id("pg-status")).to_contain_text("nobody is caught")
    screenshot(page, "playground-cage-stuck")


def test_skip_finishes_the_run_at_once(page: Page, server: str) -> None:
    _open(page, server)
    _install_all(page)
    page.get_by_test_id("pg-run").click()
    page.wait_for_function(ACTIVE_IS, arg=3, polling="raf")
    page.get_by_test_id("pg-skip").click()
    expect(_machine(page)).to_have_attribute("data-cage", "down", timeout=500)
    expect(_machine(page)).to_have_attribute("data-running", "false")
    expect(page.get_by_test_id("pg-status")).to_contain_text("caught!")
    expect(page.get_by_test_id("pg-skip")).to_be_disabled()


def test_reduced_motion_is_on_by_default_and_still_runs_every_step(
    reduced_page: Page, server: str
) -> None:
    page = reduced_page
    _open(page, server)
    expect(page.get_by_test_id("pg-reduced")).to_have_attribute("aria-pressed", "true")
    _install_all(page)
    page.get_by_test_id("pg-speed-fast").click()
    page.evaluate(RECORD_STEPS)
    page.get_by_test_id("pg-run").click()
    expect(_machine(page)).to_have_attribute("data-cage", "down", timeout=RUN_TIMEOUT)
    assert page.evaluate("window.__steps") == CHAIN_ORDER


def test_the_trap_can_be_built_and_run_from_the_keyboard_alone(page: Page, server: str) -> None:
    _open(page, server)

    def tab_to(testid: str) -> None:
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement?.dataset.testid") == testid:
                return
        pytest.fail(f"Tab never reached {testid}")

    tab_to("pg-add-all")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the focused button shows no focus ring"
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("pg-installed-count")).to_have_text("23 / 23")
    tab_to("pg-run")
    page.keyboard.press("Enter")
    expect(_machine(page)).to_have_attribute("data-running", "true")
    tab_to("pg-skip")
    page.keyboard.press("Enter")
    expect(_machine(page)).to_have_attribute("data-cage", "down")
    assert page.evaluate("document.activeElement?.dataset.testid") == "pg-run"


def test_build_and_run_are_above_the_fold_on_a_1280_x_800_laptop(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=1280, height=800)
    page.goto(server + URL)
    expect(page.get_by_test_id("pg-add-next")).to_be_visible()
    for testid in ("pg-add-next", "pg-add-all", "pg-reset", "pg-run", "pg-skip", "pg-run-hint"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 800, f"{testid} at {box}"
    machine = page.locator("#pg-svg").bounding_box()
    assert machine and machine["height"] > 300, f"the machine is still large: {machine}"
