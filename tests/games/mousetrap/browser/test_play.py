"""The Mouse Trap match page in a real browser: new match, turns, trap phase, computer seats,
same-device hand-over, autosave and restore, playing without storage, the record downloaded.
The board's views and drawing are test_board.py's.

Matches that must reach a given moment start from a saved record whose `initial` is a late
position (docs/api.md, "Records and replay"): the server resumes it, the page only shows it
(match_page.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, expect

import mousehole
from tests.browser.fixtures import FAST, screenshot

from .match_page import (
    CAGE,
    NO_STORAGE,
    SAVE_KEY,
    _cage_covers_the_wheel_number,
    _inside,
    _open_saved,
    _overlap,
    _panels,
    _play_human_turn,
    _record,
    _rect,
    _settled,
)


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
