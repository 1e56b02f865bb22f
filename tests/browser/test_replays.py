"""Replays in a real browser (issue 15, item 10; docs/replays.md): a finished match opened from
the result dialog's "Watch the replay" (and from the home page), stepped, jumped and played
through the game's own view; a record file opened or dropped; and whose view to watch.

What the page shows at a step is compared with the server's view of that step (the page's
snapshot is the step's view: the controller's peek data), so a step that drew the wrong
position, or a view the browser may not see, fails the test (helpers in replays.py).
The prompt, the log and the fit are test_replay_prompt.py's; an online room's replay is
test_replay_online.py's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import FAST, screenshot, watch_errors
from .replays import (
    FILE_GAME,
    NAMES,
    PAGES,
    REPLAY,
    ROOM_GAME,
    SHARED,
    _at,
    _finished_room,
    _loaded,
    _played,
    _played_room,
    _save_as_this_browsers,
    _server_view,
    _shown,
)


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
    # The "now" line is move 2's entry in the move list (the game's words: test_replay_words.py).
    entry = page.get_by_test_id("replay-moves").locator('button[data-step="2"]').text_content()
    assert entry
    expect(page.get_by_test_id("replay-now")).to_have_text(entry.split(" ", 1)[1].strip())

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
    page.wait_for_function(f"() => {REPLAY}?.playing && {REPLAY}?.step >= 4", timeout=20_000)
    page.keyboard.press("Space")
    page.wait_for_function(f"() => !{REPLAY}?.playing && {REPLAY}?.idle", timeout=20_000)
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


@pytest.mark.parametrize("game", [m.name for m in PAGES])
def test_a_replay_page_without_a_match_says_so_and_how_to_get_one(
    page: Page, server: str, game: str
) -> None:
    page.goto(f"{server}/replay/{game}")
    expect(page.get_by_test_id("prompt")).to_have_text("No replay loaded yet.")
    expect(page.get_by_test_id("prompt-sub")).to_contain_text("Open a record file")
    expect(page.get_by_test_id("prompt-sub")).to_contain_text("Watch the replay")
    expect(page.get_by_test_id("replay-share")).to_be_hidden()
    if game == ROOM_GAME.name:
        screenshot(page, "replay-empty-1280")


@pytest.mark.parametrize("game", SHARED)
def test_a_solo_match_s_replay_is_shared_by_a_link_that_another_browser_opens(
    browser: Browser, page: Page, server: str, game: str
) -> None:
    # The owner's replay of a solo match is private (403 without its token in any other
    # browser); its share link carries the finished match's public record instead, which
    # another browser, holding nothing, replays as the public view (a game whose seats know
    # different things: only the public view).
    seat_views = next(m for m in PAGES if m.name == game).seat_views
    page.context.add_init_script(FAST)
    room = _played_room(server, game)
    _save_as_this_browsers(page, server, game, room)
    page.goto(f"{server}/replay/{game}?room={room['room']}")
    _loaded(page)
    total = page.evaluate(f"{REPLAY}.steps")
    page.get_by_test_id("replay-share").click()
    box = page.get_by_test_id("replay-share-link")
    # The link waits for the server to replay the whole match for its public record (a long
    # match of a thousand moves on a busy machine takes seconds).
    expect(box).to_be_visible(timeout=20_000)
    link = box.input_value()
    assert link.startswith(f"{server}/replay/{game}#record=")
    assert room["token"] not in link
    if game == FILE_GAME.name:
        screenshot(page, "replay-share-1280")
    public = _server_view(server, room, None)

    other = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        watcher = other.new_page()
        errors: list[str] = []
        watch_errors(watcher, errors)
        private = watcher.request.post(f"{server}/api/replay/{room['room']}", data={})
        assert private.status == 403
        watcher.goto(link)
        _loaded(watcher, total)
        assert watcher.evaluate(f"{REPLAY}.viewer") is None
        viewers = watcher.evaluate(f"{REPLAY}.viewers")
        assert viewers == [None] if seat_views else None in viewers, viewers
        assert watcher.evaluate(f"{REPLAY}.source") == "file"
        watcher.keyboard.press("End")
        _at(watcher, total)
        assert _shown(watcher, game, "snapshot.state") == public["steps"][-1]["state"]
        names = [s["name"] for s in watcher.evaluate(f"window.{game}Page.snapshot.seats")]
        assert names == NAMES
        if game == FILE_GAME.name:
            screenshot(watcher, "replay-shared-390")
        assert errors == []
        # a damaged link is said to be one (a page of its own: not a jump within this one)
        watcher.goto("about:blank")
        watcher.goto(f"{server}/replay/{game}#record=z.broken")
        expect(watcher.get_by_test_id("replay-message")).to_contain_text("damaged")
    finally:
        other.close()


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
    page.wait_for_function(f"() => {REPLAY}?.viewer === null", timeout=20_000)
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
