"""Mouse Trap's log in a real browser (issue 15, item 6): a split is logged once, and in the
newest-first log each turn reads top to bottom: its "X's turn." heading above its actions."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.fixtures import FAST, screenshot
from tests.processes import post_json

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
    page.wait_for_function("() => window.mousetrapPage?.idle")
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


def test_a_six_on_the_loop_is_logged_as_once_round_and_not_as_from_a_space_to_itself(
    page: Page, server: str
) -> None:
    """The loop has six spaces (44 to 49): a 6 there ends where it began, which "moves from 46
    to 46" told as if the mouse had not moved. The event is the one the rules give for it
    (tests/games/mousetrap/test_words.py); only the words are the page's (log.js)."""
    page.goto(f"{server}/play/mousetrap")
    words: list[str] = page.evaluate(
        """async () => {
             const { describeEvent } = await import('/static/mousetrap/log.js');
             const name = (seat) => ['Ann', 'Bo'][seat];
             return [
               {type: 'moved', seat: 0, from: 46, to: 46, die: 6, paid: false},
               {type: 'moved', seat: 1, from: 45, to: 45, die: 6, paid: true},
               {type: 'moved', seat: 0, from: 44, to: 47, die: 3, paid: false},
             ].map((event) => describeEvent(event, name));
           }"""
    )
    assert words == [
        "Ann rolls a 6 and goes once round the loop back to 46 (Turn Crank).",
        "Bo is pushed 6 once round the loop back to 45 (Build 2–3–4).",
        "Ann rolls a 3 and moves from 44 to 47 (Build 2–3–4).",
    ]
