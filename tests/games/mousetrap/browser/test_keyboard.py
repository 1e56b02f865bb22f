"""The trap phase by keyboard: focus starts on the safest useful control (the crank, else a
rival to pay for, never "Finish turn"), every trap action has a key shown on its button (C crank,
5-7 pay to move a rival, E finish), Tab from "Finish turn" reaches the crank at once, and
finishing while the crank could turn asks once (docs/local-play.md, "Keys").
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.fixtures import NewPage, screenshot

from .test_layout import _open

ENDED = """() => window.mousetrapPage.record.moves.some(
  (m) => m.seat === 0 && m.action.type === "end")"""
"""Ann's "end" is in the page's copy of the record: the server committed it."""


def _version(page: Page) -> int:
    return int(page.evaluate("() => window.mousetrapPage.snapshot.version"))


def _focused(page: Page) -> str | None:
    found = page.evaluate("() => document.activeElement?.dataset?.testid ?? null")
    return None if found is None else str(found)


def test_the_trap_phase_starts_on_the_crank_and_every_action_shows_its_key(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=1280, height=800)
    _open(page, server, "trap", 4)
    expect(page.get_by_test_id("crank")).to_be_focused()
    keys = {"crank": "C", "end-turn": "E", "spend-1": "5", "spend-2": "6", "spend-3": "7"}
    for testid, key in keys.items():
        button = page.get_by_test_id(testid)
        expect(button.locator("kbd")).to_have_text(key)
        expect(button.locator("kbd")).to_be_visible()
        expect(button).to_have_attribute("aria-keyshortcuts", key)
    # Tab from "Finish turn" reaches the crank straight away.
    page.get_by_test_id("end-turn").focus()
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("crank")).to_be_focused()
    screenshot(page, "keyboard-trap-phase")


def test_finishing_with_the_crank_available_asks_once_and_no_keeps_the_trap(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=1280, height=800)
    _open(page, server, "trap", 3)
    version = _version(page)
    page.keyboard.press("e")
    dialog = page.get_by_test_id("confirm-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("confirm-text")).to_contain_text("without turning the crank")
    expect(page.get_by_test_id("confirm-no")).to_be_focused()  # Enter keeps the trap
    screenshot(page, "keyboard-trap-finish-asks")
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    assert _version(page) == version  # nothing was sent
    expect(page.get_by_test_id("trap-panel")).to_be_visible()
    # 6 pays to move Nibbles (off the Wheel's way: no question), one cheese from Ann.
    page.keyboard.press("6")
    expect(page.get_by_test_id("cheese-0")).to_have_text("5")
    page.wait_for_function("() => window.mousetrapPage?.idle")
    # Finishing, yes: one question, then the turn ends.
    page.keyboard.press("e")
    expect(dialog).to_be_visible()
    page.get_by_test_id("confirm-yes").click()
    page.wait_for_function(ENDED)
    expect(dialog).to_be_hidden()


def test_c_turns_the_crank(new_page: NewPage, server: str) -> None:
    page = new_page(width=1280, height=800)
    _open(page, server, "trap", 2)
    page.keyboard.press("c")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=log]').innerText.match(/cage (falls|sticks)/)",
        timeout=20_000,
    )


def test_without_the_crank_focus_starts_on_a_rival_and_finishing_does_not_ask(
    new_page: NewPage, server: str
) -> None:
    page = new_page(width=390, height=844)
    _open(page, server, "trap-no-wheel", 3)
    expect(page.get_by_test_id("crank")).to_be_disabled()
    expect(page.get_by_test_id("crank-reason")).to_have_text(
        "No rival on the Cheese Wheel: the crank waits."
    )
    expect(page.get_by_test_id("spend-1")).to_be_focused()
    assert _focused(page) != "end-turn"
    page.keyboard.press("e")
    page.wait_for_function(ENDED)
    expect(page.get_by_test_id("confirm-dialog")).to_be_hidden()
