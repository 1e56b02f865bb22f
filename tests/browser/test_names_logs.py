"""Names and the log in a real browser (issue 15, item 6): the names of a match are unique
(suggestions skip the names in use; two seats given one name are told, and cannot start), a
split is logged once, and in the newest-first log each turn reads top to bottom: its "X's
turn." heading above its actions.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.processes import post_json

from .conftest import FAST, screenshot


def _names(page: Page, seats: int) -> list[str]:
    return [page.get_by_test_id(f"seat-{i}-name").input_value() for i in range(seats)]


def _unique(names: list[str]) -> bool:
    return len({name.strip().lower() for name in names}) == len(names)


@pytest.mark.parametrize("game", ["mousetrap", "ausdiemaus"])
def test_switching_seats_between_human_and_computer_never_repeats_a_name(
    page: Page, server: str, game: str
) -> None:
    page.goto(f"{server}/play/{game}")
    page.get_by_test_id("seat-count").select_option("3")
    # The seat that went first becomes a computer: not another "Whiskers".
    steps = [(0, "computer"), (1, "human"), (2, "human"), (0, "human"), (1, "computer")]
    for seat, kind in steps:
        page.get_by_test_id(f"seat-{seat}-kind").select_option(kind)
        names = _names(page, 3)
        assert _unique(names), (seat, kind, names)
    page.get_by_test_id("seat-count").select_option("4")
    assert _unique(_names(page, 4)), _names(page, 4)
    expect(page.get_by_test_id("setup-error")).to_have_text("")


def test_two_seats_with_one_name_are_told_and_the_match_cannot_start(
    page: Page, server: str
) -> None:
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("seat-count").select_option("2")
    page.get_by_test_id("seat-1-kind").select_option("human")
    page.get_by_test_id("seat-1-name").fill(" ann ")
    error = page.get_by_test_id("setup-error")
    expect(error).to_have_text("Seats 1 and 2 are both called “Ann”: give each seat its own name.")
    for seat in (0, 1):
        expect(page.get_by_test_id(f"seat-{seat}-name")).to_have_attribute("aria-invalid", "true")
    screenshot(page, "names-clash")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "names-clash-390")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_visible()
    expect(page.get_by_test_id("seat-1-name")).to_be_focused()
    assert page.evaluate("window.mousetrapPage.snapshot") is None  # no room was made
    page.get_by_test_id("seat-1-name").fill("Bo")
    expect(error).to_have_text("")
    expect(page.get_by_test_id("seat-1-name")).not_to_have_attribute("aria-invalid", "true")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    expect(page.get_by_test_id("seat-name-1")).to_have_text("Bo")


# Ann must split 2 cheese between Bo and Cy (the supply is empty), then the computers play.
SPLIT = {
    "game": "mousetrap",
    "options": {"seats": 3, "start_seat": 0},
    "initial": {
        "seat_count": 3,
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
    "moves": [],
}
SEATS = [
    {"kind": "human", "name": "Ann"},
    {"kind": "computer", "name": "Bo", "level": "easy"},
    {"kind": "computer", "name": "Cy", "level": "easy"},
]


def test_a_split_is_logged_once_and_each_turn_reads_top_to_bottom(page: Page, server: str) -> None:
    room: dict[str, Any] = post_json(
        f"{server}/api/rooms",
        {"game": "mousetrap", "options": SPLIT["options"], "seats": SEATS, "record": SPLIT},
    )
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": SEATS, "startSeat": 0},
        "log": [],
        "lastHuman": 0,
    }
    page.context.add_init_script(FAST)
    page.goto(server)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        ["mousehole.mousetrap.match", json.dumps(saved)],
    )
    page.goto(f"{server}/play/mousetrap")
    page.get_by_test_id("split-option").filter(has_text="1 from Bo and 1 from Cy").click()
    # Bo and Cy play their turns; then it is Ann's again.
    expect(page.get_by_test_id("roll")).to_be_enabled(timeout=30_000)
    page.wait_for_function("() => window.mousetrapPage.idle")
    text = page.get_by_test_id("log").inner_text()
    assert text.count("Ann takes 1 from Bo and 1 from Cy.") == 1, text

    lines: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=log] li')].map((li) => ({
             text: li.textContent, seat: li.dataset.seat ?? null,
             heading: li.classList.contains('log-turn') }))"""
    )
    headings = [i for i, line in enumerate(lines) if line["heading"]]
    assert [lines[i]["text"] for i in headings[:3]] == ["Ann's turn.", "Cy's turn.", "Bo's turn."]
    # Ann's new turn has no action yet; every earlier turn's first line below its heading is
    # that turn's first action, by the seat whose turn it is.
    for i in headings[1:]:
        assert i + 1 < len(lines) and not lines[i + 1]["heading"], lines
        assert lines[i + 1]["seat"] == lines[i]["seat"], (lines[i], lines[i + 1])
    assert lines[headings[1] + 1]["text"].startswith("Cy rolls a")
    screenshot(page, "names-log-turns")
