"""Replays in a real browser (issue 15, item 10; docs/replays.md): a finished match opened from
the result dialog's "Watch the replay" (and from the home page), stepped, jumped and played
through the game's own view; a record file opened or dropped; and whose view to watch.

What the page shows at a step is compared with the server's view of that step (the page's
snapshot is the step's view: the controller's peek data), so a step that drew the wrong
position, or a view the browser may not see, fails the test.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from mousehole.engine import Match
from mousehole.games import MANIFESTS, load_game, make_bot
from tests.processes import post_json

from .conftest import FAST, screenshot, watch_errors

PAGES = [m for m in MANIFESTS if m.page is not None]
ROOM_GAME = PAGES[0]
"""The game whose finished room is replayed (the first with a page)."""
FILE_GAME = PAGES[1] if len(PAGES) > 1 else PAGES[0]
"""The game whose record file is replayed (another one, where there is another)."""
NAMES = ["Ann", "Whiskers", "Nibbles"]
REPLAY = "window.replayPage"


def _seats(game: str) -> list[dict[str, Any]]:
    """Ann and two computers (the game's first level)."""
    level = next(m for m in MANIFESTS if m.name == game).levels[0]
    return [{"kind": "human", "name": NAMES[0]}] + [
        {"kind": "computer", "name": name, "level": level} for name in NAMES[1:]
    ]


def _played(game: str, seed: int) -> Match:
    """A match of three seats played to its end by the game's first computer level."""
    rules = load_game(game, seats=3)
    match = Match(rules, seed=seed)
    level = _seats(game)[1]["level"]
    match.play_out({s: make_bot(game, level, s) for s in range(3)})
    return match


def _finished_room(server: str, game: str, seed: int) -> dict[str, Any]:
    """Set a match played to its end on the server as a local room (resumed from its record)."""
    match = _played(game, seed)
    body = {
        "game": game,
        "options": match.game.options(),
        "seats": _seats(game),
        "record": match.record.to_json(),
    }
    room: dict[str, Any] = post_json(f"{server}/api/rooms", body)
    assert room["snapshot"]["winners"], "the match is over"
    return room


def _save_as_this_browsers(page: Page, server: str, game: str, room: dict[str, Any]) -> None:
    """Save the finished room as this browser's last match (what the page saves at the end)."""
    seats = _seats(game)
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": seats, "startSeat": 0},
        "log": [],
        "lastHuman": 0,
        "finished": True,
        "winners": [NAMES[w] for w in room["snapshot"]["winners"]],
    }
    page.goto(server)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [f"mousehole.{game}.match", json.dumps(saved)]
    )


def _shown(page: Page, game: str, what: str) -> Any:
    """What the game's page shows now (its controller's peek: the step's snapshot)."""
    return page.evaluate(f"window.{game}Page.{what}")


def _loaded(page: Page, steps: int | None = None) -> None:
    page.wait_for_function(f"() => {REPLAY} && {REPLAY}.steps > 0 && {REPLAY}.idle", timeout=20_000)
    if steps is not None:
        assert page.evaluate(f"{REPLAY}.steps") == steps


def _at(page: Page, step: int) -> None:
    page.wait_for_function(f"() => {REPLAY}.step === {step} && {REPLAY}.idle", timeout=20_000)


def _server_view(server: str, room: dict[str, Any], view: int | None) -> dict[str, Any]:
    body = {"token": room["token"], "view": view}
    answer: dict[str, Any] = post_json(f"{server}/api/replay/{room['room']}", body)
    return answer


def test_watch_the_replay_from_the_result_dialog_step_jump_and_play(
    page: Page, server: str
) -> None:
    game = ROOM_GAME.name
    page.context.add_init_script(FAST)
    room = _finished_room(server, game, 4)
    _save_as_this_browsers(page, server, game, room)
    expected = _server_view(server, room, 0)
    total = len(expected["moves"])

    page.goto(f"{server}/play/{game}?saved=result")
    result = page.locator("dialog[open]")
    expect(result).to_be_visible(timeout=20_000)
    link = result.get_by_test_id("watch-replay")
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url(f"**/replay/{game}?room={room['room']}")
    _loaded(page, total)
    assert page.evaluate(f"{REPLAY}.viewer") == 0 and page.evaluate(f"{REPLAY}.viewers") == [
        None,
        0,
    ]
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Move 0 of {total}")
    expect(page.get_by_test_id("replay-play")).to_be_focused()
    # the page shows the start's view, and nothing can be played
    assert _shown(page, game, "snapshot.state") == expected["steps"][0]["state"]
    assert _shown(page, game, "snapshot.legal") == []

    # Right steps forward (each move animated, then its step shown), Left steps back.
    for step in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        _at(page, step)
    assert _shown(page, game, "snapshot.state") == expected["steps"][3]["state"]
    assert _shown(page, game, "record.moves.length") == 3
    page.keyboard.press("ArrowLeft")
    _at(page, 2)
    expect(page.get_by_test_id("status")).to_contain_text("Move 2 of")
    expect(page.get_by_test_id("replay-now")).to_have_text(expected["moves"][1]["text"])

    # The move list jumps to any move; End and Home to the ends.
    middle = total // 2
    page.get_by_test_id("replay-moves-box").locator("summary").click()
    target = page.get_by_test_id("replay-moves").locator(f'button[data-step="{middle}"]')
    target.click()
    _at(page, middle)
    expect(target).to_have_attribute("aria-current", "step")
    assert _shown(page, game, "snapshot.state") == expected["steps"][middle]["state"]
    page.get_by_test_id("replay-moves-box").locator("summary").click()
    page.keyboard.press("End")
    _at(page, total)
    winners = room["snapshot"]["winners"]
    assert _shown(page, game, "snapshot.winners") == winners
    wins = " and ".join(NAMES[w] for w in winners) + (" win." if len(winners) > 1 else " wins.")
    expect(page.get_by_test_id("replay-now")).to_contain_text(f"The end: {wins}")
    expect(page.get_by_test_id("replay-forward")).to_be_disabled()
    screenshot(page, "replay-end-1280")
    page.keyboard.press("Home")
    _at(page, 0)
    expect(page.get_by_test_id("replay-back")).to_be_disabled()

    # Space plays (at double speed) until Space pauses it.
    page.get_by_test_id("replay-speed").select_option("2")
    page.locator("body").click(position={"x": 5, "y": 790})
    page.keyboard.press("Space")
    page.wait_for_function(f"() => {REPLAY}.playing && {REPLAY}.step >= 4", timeout=20_000)
    page.keyboard.press("Space")
    page.wait_for_function(f"() => !{REPLAY}.playing && {REPLAY}.idle", timeout=20_000)
    step = page.evaluate(f"{REPLAY}.step")
    assert step >= 4
    assert _shown(page, game, "snapshot.state") == expected["steps"][step]["state"]
    page.wait_for_timeout(300)
    assert page.evaluate(f"{REPLAY}.step") == step, "paused means no more moves"
    screenshot(page, "replay-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    controls = page.get_by_test_id("replay-controls").bounding_box()
    assert controls is not None and controls["x"] >= 0 and controls["x"] + controls["width"] <= 390
    screenshot(page, "replay-390")


def test_whose_view_the_owner_of_a_local_match_watches(page: Page, server: str) -> None:
    game = ROOM_GAME.name
    page.context.add_init_script(FAST)
    room = _finished_room(server, game, 9)
    _save_as_this_browsers(page, server, game, room)
    page.goto(f"{server}/replay/{game}?room={room['room']}")
    _loaded(page)
    page.keyboard.press("End")
    view = page.get_by_test_id("replay-view")
    expect(view.locator("option")).to_have_text(["The public view", "Ann's view"])
    view.select_option(label="The public view")
    page.wait_for_function(f"() => {REPLAY}.viewer === null", timeout=20_000)
    total = page.evaluate(f"{REPLAY}.steps")
    _at(page, total)  # the step stays where it was
    public = _server_view(server, room, None)
    assert _shown(page, game, "snapshot.state") == public["steps"][-1]["state"]


def test_the_home_page_offers_the_replay_of_the_last_match(page: Page, server: str) -> None:
    game = ROOM_GAME.name
    page.context.add_init_script(FAST)
    room = _finished_room(server, game, 5)
    _save_as_this_browsers(page, server, game, room)
    page.goto(server)
    link = page.get_by_test_id(f"replay-{game}")
    expect(link).to_be_visible()
    link.click()
    _loaded(page)
    assert page.evaluate(f"{REPLAY}.source") == "room"
    page.wait_for_url(f"**/replay/{game}?room={room['room']}")


def test_a_record_file_is_opened_or_dropped_and_a_bad_one_is_refused(
    browser: Browser, server: str, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    # the bad record's answer, 400, which the page says in words
    watch_errors(page, errors, expected=lambda message: "status of 400" in message.text)
    page.context.add_init_script(FAST)
    game = FILE_GAME.name
    match = _played(game, 8)
    record = match.record.to_json() | {"players": ["Ann", "Whiskers, computer", "Bo"]}
    good = tmp_path / f"{game}-record.json"
    good.write_text(json.dumps(record, indent=2))

    page.goto(f"{server}/replay/{game}")
    expect(page.get_by_test_id("replay-controls")).to_be_hidden()
    expect(page.get_by_test_id("setup")).to_be_hidden()
    screenshot(page, "replay-open-file-1280")
    page.get_by_test_id("replay-file").set_input_files(str(good))
    _loaded(page, len(record["moves"]))
    assert page.evaluate(f"{REPLAY}.source") == "file"
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    _at(page, 4)
    assert _shown(page, game, "snapshot.seats.map((s) => s.name)") == ["Ann", "Whiskers", "Bo"]
    page.keyboard.press("End")
    _at(page, len(record["moves"]))
    screenshot(page, "replay-file-1280")

    # A record with a move played out of turn, dropped on the page, is refused by name.
    bad = json.loads(json.dumps(record))
    bad["moves"][6]["seat"] = "chance" if bad["moves"][6]["seat"] != "chance" else 0
    page.evaluate(
        """(text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], "broken.json", { type: "application/json" }));
          document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true }));
        }""",
        json.dumps(bad),
    )
    message = page.get_by_test_id("replay-message")
    expect(message).to_contain_text("broken.json could not be replayed: moves[6]")
    # the replay shown before stays
    assert page.evaluate(f"{REPLAY}.steps") == len(record["moves"])

    page.evaluate(
        """() => {
          const data = new DataTransfer();
          data.items.add(new File(["not json"], "notes.txt", { type: "text/plain" }));
          document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true }));
        }"""
    )
    expect(message).to_contain_text("notes.txt is not a record file")
    context.close()
    assert not errors, errors


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_replay_bar_fits_and_names_its_controls(
    page: Page, server: str, width: int, height: int
) -> None:
    game = ROOM_GAME.name
    page.context.add_init_script(FAST)
    room = _finished_room(server, game, 6)
    _save_as_this_browsers(page, server, game, room)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server}/replay/{game}?room={room['room']}")
    _loaded(page)
    for test_id in ("replay-first", "replay-back", "replay-play", "replay-forward", "replay-last"):
        button = page.get_by_test_id(test_id)
        box = button.bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 24, test_id
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, test_id
        assert button.evaluate("(b) => b.textContent.trim() || b.getAttribute('aria-label')"), (
            test_id
        )
    bar = page.get_by_test_id("replay-bar").bounding_box()
    assert bar is not None and bar["height"] <= (130 if width > 800 else 240)
    screenshot(page, f"replay-bar-{width}")


def test_a_saved_match_the_server_no_longer_keeps_is_replayed_from_its_record(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    # the forgotten room's answer, 404, which the page handles
    watch_errors(page, errors, expected=lambda message: "status of 404" in message.text)
    page.context.add_init_script(FAST)
    game = ROOM_GAME.name
    room = _finished_room(server, game, 7)
    gone = dict(room, room="0123456789abcdef")  # a room id the server does not know
    _save_as_this_browsers(page, server, game, gone)
    page.goto(f"{server}/replay/{game}?saved=1")
    _loaded(page, len(room["snapshot"]["record"]["moves"]))
    assert page.evaluate(f"{REPLAY}.source") == "file"
    expect(page.get_by_test_id("replay-message")).to_contain_text(
        "The server no longer keeps that room"
    )
    page.keyboard.press("End")
    _at(page, page.evaluate(f"{REPLAY}.steps"))
    assert _shown(page, game, "snapshot.winners") == room["snapshot"]["winners"]
    context.close()
    assert not errors, errors
