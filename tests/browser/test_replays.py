"""Replays in a real browser (issue 15, item 10; docs/replays.md): a finished match opened from
the result dialog's "Watch the replay" (and from the home page), stepped, jumped and played
through the game's own view; a record file opened or dropped; and whose view to watch.

What the page shows at a step is compared with the server's view of that step (the page's
snapshot is the step's view: the controller's peek data), so a step that drew the wrong
position, or a view the browser may not see, fails the test.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Response, expect
from websockets.sync.client import ClientConnection, connect

from mousehole.engine import Match, State, replay
from mousehole.games import MANIFESTS, load_game, make_bot
from mousehole.server.store import SQLiteStore
from tests.processes import ServerProcess, post_json

from .conftest import FAST, NewPage, screenshot, watch_errors
from .fixtures import two_seat_room

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


def _played_room(server: str, game: str) -> dict[str, Any]:
    """A solo local room (Ann and two computers) played from its start to its end over its
    WebSocket, Ann taking her first legal action (the room's own seed decided every chance
    outcome, as in a browser's match), at most 18 messages a second after the first 30."""
    body = {"game": game, "options": {"seats": 3, "start_seat": 0}, "seats": _seats(game)}
    room: dict[str, Any] = post_json(f"{server}/api/rooms", body)
    path = server.replace("http", "ws", 1) + f"/ws/rooms/{room['room']}"
    with connect(path) as ws:
        ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        snap = _receive(ws)
        sent, last = 0, 0.0
        while not (snap["winners"] or snap["state"].get("phase") == "over"):
            if sent >= 30:
                time.sleep(max(0.0, last + 1 / 18 - time.monotonic()))
            if snap["legal"]:
                message = {"type": "act", "seat": snap["to_act"], "action": snap["legal"][0]}
                message |= {"id": f"a{sent}"}
            else:
                message = {"type": "advance"}
            ws.send(json.dumps(message | {"version": snap["version"]}))
            sent, last = sent + 1, time.monotonic()
            answer = _receive(ws)
            assert answer["type"] in ("update", "snapshot"), answer
            snap = answer["snapshot"] if answer["type"] == "update" else answer
    room["snapshot"] = snap
    return room


SHARED = sorted({FILE_GAME.name, *(m.name for m in PAGES if m.seat_views)})
"""A game whose seats all see the same, and the games whose seats know different things."""


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
    expect(box).to_be_visible()
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


# ---------------------------------------------------------------- the prompt, the log, the fit

LIVE_WORDS = ("thinking", "your turn", "waiting for", "is moving", "turning over", "rematch")
"""Words of a live match's prompt (a computer thinking, a turn to take): never in a replay's."""


def _open_room_replay(page: Page, server: str, game: str, seed: int) -> dict[str, Any]:
    """Open the replay of a finished room of `game` (Ann's, this browser's); return the server's
    replay of Ann's view."""
    page.context.add_init_script(FAST)
    room = _finished_room(server, game, seed)
    _save_as_this_browsers(page, server, game, room)
    page.goto(f"{server}/replay/{game}?room={room['room']}")
    _loaded(page)
    return _server_view(server, room, 0)


def _prompt_words(replay: dict[str, Any], step: int) -> str:
    """The prompt of `step`: where the replay is and who plays next, or how the match ended."""
    total = len(replay["moves"])
    names = [seat["name"] for seat in replay["seats"]]
    if step >= total:
        winners = [names[w] for w in replay["steps"][-1]["winners"]]
        verb = "win" if len(winners) > 1 else "wins"
        return f"Replay finished: {' and '.join(winners) or 'nobody'} {verb}."
    seat = replay["steps"][step]["to_act"]
    nxt = "chance moves next" if seat is None else f"{names[seat]}'s turn"
    return f"Move {step} of {total}: {nxt}."


def _prompt_is(page: Page, replay: dict[str, Any], step: int, view: str) -> None:
    expect(page.get_by_test_id("prompt")).to_have_text(_prompt_words(replay, step))
    expect(page.get_by_test_id("prompt-sub")).to_have_text(f"Replay · {view}")
    said = page.get_by_test_id("action-bar").inner_text().lower()
    assert not [w for w in LIVE_WORDS if w in said], said


@pytest.mark.parametrize("game", [m.name for m in PAGES])
def test_the_prompt_says_where_the_replay_is_and_never_a_live_turn(
    page: Page, server: str, game: str
) -> None:
    replay = _open_room_replay(page, server, game, 11)
    _prompt_is(page, replay, 0, "Ann's view")
    for step in (1, 2, 3, 4):
        page.keyboard.press("ArrowRight")
        _at(page, step)
        _prompt_is(page, replay, step, "Ann's view")
    page.keyboard.press("ArrowLeft")
    _at(page, 3)
    _prompt_is(page, replay, 3, "Ann's view")
    # Playing, then paused: the prompt follows.
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("Space")
    page.wait_for_function(f"() => {REPLAY}.playing && {REPLAY}.step >= 5", timeout=20_000)
    page.keyboard.press("Space")
    page.wait_for_function(f"() => !{REPLAY}.playing && {REPLAY}.idle", timeout=20_000)
    _prompt_is(page, replay, page.evaluate(f"{REPLAY}.step"), "Ann's view")
    total = len(replay["moves"])
    page.keyboard.press("End")
    _at(page, total)
    _prompt_is(page, replay, total, "Ann's view")
    page.get_by_test_id("replay-view").select_option(label="The public view")
    page.wait_for_function(f"() => {REPLAY}.viewer === null && {REPLAY}.idle", timeout=20_000)
    _prompt_is(page, replay, total, "The public view")


LOG = """() => [...document.querySelectorAll('[data-testid=log] li')].map((li) => li.textContent)"""
"""The log's lines as shown, newest first."""


def _log(page: Page) -> list[str]:
    page.wait_for_timeout(50)  # the log draws its new lines on the next frame
    lines: list[str] = page.evaluate(LOG)
    return lines


def _jump(page: Page, step: int) -> None:
    """Jump to `step` with the move list."""
    box = page.get_by_test_id("replay-moves-box")
    box.locator("summary").click()
    box.get_by_test_id("replay-moves").locator(f'button[data-step="{step}"]').click()
    _at(page, step)
    box.locator("summary").click()


@pytest.mark.parametrize("game", [m.name for m in PAGES])
def test_the_log_holds_the_moves_up_to_the_step_shown(page: Page, server: str, game: str) -> None:
    replay = _open_room_replay(page, server, game, 4)
    total = len(replay["moves"])
    first = [f"Replay of the match: {total} moves. Watching: Ann's view."]
    assert _log(page) == first
    # ten moves past the deal (the chance moves before anyone acts tell little)
    last = 10 + next(k for k, s in enumerate(replay["steps"]) if s["to_act"] is not None)
    _jump(page, last)
    jumped = _log(page)

    page.reload()
    _loaded(page)
    logs = {0: _log(page)}
    assert logs[0] == first
    for step in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        _at(page, step)
        logs[step] = _log(page)
        # a step adds its move's lines and keeps the earlier ones, the oldest (the replay's
        # first line) at the bottom
        assert not Counter(logs[step - 1]) - Counter(logs[step]), (logs[step - 1], logs[step])
        assert logs[step][-1] == first[0]
    assert len(logs[last]) > len(first) + 3, "the moves were told"
    # the jump had filled in the same lines, as if every move had been stepped through
    assert jumped == logs[last]

    # A step back takes its move's lines away; the start has only the first line.
    page.keyboard.press("ArrowLeft")
    _at(page, last - 1)
    assert _log(page) == logs[last - 1]
    page.keyboard.press("ArrowLeft")
    _at(page, last - 2)
    assert _log(page) == logs[last - 2]
    page.keyboard.press("Home")
    _at(page, 0)
    assert _log(page) == first
    page.keyboard.press("End")
    _at(page, total)
    end = _log(page)
    assert len(end) > len(logs[last])
    _jump(page, last - 3)
    assert _log(page) == logs[last - 3]
    page.keyboard.press("End")
    _at(page, total)
    assert _log(page) == end


FITS = """() => ({
  height: document.scrollingElement.scrollHeight, inner: innerHeight,
  width: document.scrollingElement.scrollWidth, innerWidth,
})"""


@pytest.mark.parametrize("game", [m.name for m in PAGES])
def test_the_replay_page_fits_the_screen_without_scrolling(
    page: Page, server: str, game: str
) -> None:
    replay = _open_room_replay(page, server, game, 4)
    total = len(replay["moves"])
    for width, height in ((1280, 800), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        for step in (0, total // 2, total):
            _jump(page, step) if step != total else page.keyboard.press("End")
            _at(page, step)
            page.wait_for_timeout(50)  # the bar's height reaches the layout on the next frame
            size = page.evaluate(FITS)
            assert size["height"] <= size["inner"], (width, height, step, size)
            assert size["width"] <= size["innerWidth"], (width, height, step, size)
        if width == 1280:
            screenshot(page, f"replay-{game}-{width}")
    # A phone scrolls the page, but nothing is wider than the screen and every control fits.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(50)
    size = page.evaluate(FITS)
    assert size["width"] <= 390, size
    for test_id in ("replay-controls", "prompt", "log", "replay-moves-box", "replay-view"):
        box = page.get_by_test_id(test_id).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, test_id
    screenshot(page, f"replay-{game}-390")


ACT = """() => [...document.querySelectorAll('[data-act]')].map((el) => ({
  id: el.id || el.className, display: getComputedStyle(el).display,
  keys: [el, ...el.querySelectorAll('[aria-keyshortcuts]')]
    .flatMap((k) => (k.getAttribute('aria-keyshortcuts') || '').split(' ')).filter(Boolean),
}))"""
"""The game's controls that act (its page marks them `data-act`), their display and their keys."""

SHOWN_BUTTONS = """() => [...document.querySelectorAll(
  '[data-testid=action-bar] button, [data-testid=action-bar] input')]
  .filter((el) => el.checkVisibility()).map((el) => el.textContent.trim() || el.id)"""

FOCUSED = """() => { const el = document.activeElement;
  return el && el !== document.body ? {
    act: Boolean(el.closest('[data-act], [data-testid=action-bar]')),
    name: el.id || el.dataset.testid || el.textContent.trim().slice(0, 30) } : null; }"""

REPLAY_KEYS = {"Space", "Enter", "ArrowLeft", "ArrowRight", "Home", "End", "S", "F", "Escape"}
"""Keys the replay page uses itself (docs/replays.md, Keys), or that leave a dialog."""


@pytest.mark.parametrize("game", [m.name for m in PAGES])
def test_a_replay_shows_none_of_the_controls_that_play_and_the_live_page_keeps_them(
    page: Page, server: str, game: str
) -> None:
    errors: list[str] = []
    watch_errors(page, errors)
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/{game}")
    live = page.evaluate(ACT)
    assert live, "the page marks its controls that act (data-act)"
    assert all(c["display"] != "none" for c in live), live

    replay = _open_room_replay(page, server, game, 4)
    for step in (0, 5, len(replay["moves"])):
        _jump(page, step) if step else None
        shown = page.evaluate(ACT)
        assert [c["display"] for c in shown] == ["none"] * len(live), (step, shown)
        assert page.evaluate(SHOWN_BUTTONS) == [], step
    # Nothing that plays takes the focus: Tab goes round the page without landing on one.
    page.get_by_test_id("replay-play").focus()
    visited = []
    for _ in range(60):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        assert focused is None or not focused["act"], focused
        visited.append(focused and focused["name"])
    assert "replay-play" in visited[1:], "Tab went round the whole page"
    # Their keys do nothing either: the step and the view stay as they are.
    keys = sorted({k for c in live for k in c["keys"]} - REPLAY_KEYS)
    at = page.evaluate(f"{REPLAY}.step")
    version = _shown(page, game, "snapshot.version")
    for key in keys:
        page.locator("body").click(position={"x": 5, "y": 5})
        page.keyboard.press(key)
    page.wait_for_timeout(100)
    assert page.evaluate(f"{REPLAY}.step") == at
    assert _shown(page, game, "snapshot.version") == version
    assert page.evaluate(SHOWN_BUTTONS) == []
    assert errors == []
    screenshot(page, f"replay-{game}-no-act")


PRESENCE = ("online", "absent", "away", "connected", "reconnecting", "open seat", "joining")
"""A live room's words for its seats: nobody is online or away in a finished match."""

LOG_LOOK = """() => { const log = document.querySelector('[data-testid=log]');
  const style = getComputedStyle(log);
  return { list: getComputedStyle(log.querySelector('li')).listStyleType,
           padding: parseFloat(style.paddingLeft), border: parseFloat(style.borderLeftWidth) }; }"""


@pytest.mark.parametrize("game", [m.name for m in PAGES])
def test_a_replays_seats_are_players_of_a_finished_match_and_its_log_is_not_numbered(
    page: Page, server: str, game: str
) -> None:
    replay = _open_room_replay(page, server, game, 4)
    page.keyboard.press("ArrowRight")
    _at(page, 1)
    seats = page.get_by_test_id("seats")
    text = seats.inner_text()
    assert not [w for w in PRESENCE if w in text.lower()], text
    for seat in replay["seats"]:
        card = seats.locator(f'[data-seat="{seat["seat"]}"]').first.inner_text()
        assert seat["name"] in card, (seat, card)
        # A card that says who played the seat says it as the result does.
        if seat["kind"] == "computer" and "computer" in card.lower():
            assert f"Computer · {seat['level']}" in card, (seat, card)
        if seat["kind"] == "human" and "human" in card.lower():
            assert "Human" in card, (seat, card)
    # "What happened" is the shared log list's lines in every game: no list numbers.
    look = page.evaluate(LOG_LOOK)
    assert look["list"] == "none" and look["padding"] < 16 and look["border"] >= 1, look
    assert _log(page)[-1].startswith("Replay of the match")


# ---------------------------------------------------------------- an online room's replay

SECRET_PAGE = next((m for m in PAGES if m.seat_views), PAGES[0])
"""The game whose online room is replayed: one whose seats know different things (its
manifest's `seat_views`), where there is one."""


@pytest.fixture(scope="module")
def stored_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server of this module's own, whose SQLite file the test reads (the whole record)."""
    folder = tmp_path_factory.mktemp("replay-server")
    server = ServerProcess(folder / "mousehole.sqlite3", folder / "server.log").start()
    yield server.url, folder / "mousehole.sqlite3"
    server.stop()


def _whole_state(store: SQLiteStore, code: str) -> State:
    """The room's position as the server holds it (secrets and all), from its stored record."""
    stored = store.load(code)
    assert stored is not None, code
    record = stored.record_json()
    return replay(load_game(stored.game, **stored.options), record).state


def _receive(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return message


def _play_online(url: str, db: Path, game: str, tokens: list[str]) -> None:
    """Play online room `game` of two seats to its end over its WebSocket, each seat choosing
    as the game's second computer level would in the server's position (a short match), at
    most 18 actions a second per seat after the first 30 (the room's rate limit)."""
    levels = next(m for m in MANIFESTS if m.name == game).levels
    level = levels[min(1, len(levels) - 1)]
    store = SQLiteStore(db)
    bots = [make_bot(game, level, seat) for seat in (0, 1)]
    path = url.replace("http", "ws", 1) + f"/ws/online/{tokens[2]}"
    with connect(path) as ann, connect(path) as bo:
        sockets = [ann, bo]
        for ws, token in zip(sockets, tokens[:2], strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
            _receive(ws)
        ann.send(json.dumps({"type": "start"}))
        latest: list[dict[str, Any]] = []
        for ws in sockets:
            while not _receive(ws).get("started"):
                pass
            ws.send(json.dumps({"type": "sync"}))
            latest.append(_receive(ws))
        sent = [0, 0]
        last = [0.0, 0.0]
        while (seat := latest[0]["to_act"]) is not None:
            action = bots[seat].choose(_whole_state(store, latest[0]["room"])).to_json()
            assert action in latest[seat]["legal"], action
            if sent[seat] >= 30:
                time.sleep(max(0.0, last[seat] + 1 / 18 - time.monotonic()))
            message = {"type": "act", "seat": seat, "action": action}
            sockets[seat].send(json.dumps(message | {"version": latest[seat]["version"]}))
            sent[seat] += 1
            last[seat] = time.monotonic()
            for i, ws in enumerate(sockets):
                update = _receive(ws)
                assert update["type"] == "update", update
                latest[i] = update["snapshot"]
    assert latest[0]["winners"] or latest[0]["state"], "played to its end"


def _watch_the_replay(page: Page, server: str, game: str, code: str) -> dict[str, Any]:
    """Open the finished room's page, then its result dialog's "Watch the replay"; return the
    replay the server sent this browser (the JSON answer, as it came)."""
    page.context.add_init_script(FAST)
    page.goto(f"{server}/play/{game}?room={code}")
    link = page.locator("dialog[open]").get_by_test_id("watch-replay")
    expect(link).to_be_visible(timeout=20_000)

    def asked(response: Response) -> bool:
        return response.url.endswith(f"/api/replay/{code}")

    with page.expect_response(asked) as answer:
        link.click()
    page.wait_for_url(f"**/replay/{game}?room={code}")
    _loaded(page)
    data: dict[str, Any] = answer.value.json()
    return data


def _engine_views(state: State, moves: list[Any], viewer: int | None) -> tuple[Any, Any]:
    """Each step's view and each move's view of the whole record, for `viewer`."""
    steps, seen = [state.observation(viewer)], []
    for move in moves:
        seen.append(state.action_view(move.action, viewer))
        state = state.apply(move.action)
        steps.append(state.observation(viewer))
    return json.loads(json.dumps(steps)), json.loads(json.dumps(seen))


def test_each_seat_of_an_online_room_replays_its_own_view_and_a_spectator_the_public_one(
    new_page: NewPage, stored_server: tuple[str, Path]
) -> None:
    server, db = stored_server
    game = SECRET_PAGE.name
    made, joined = two_seat_room(server, game)
    code = made["code"]
    _play_online(server, db, game, [made["token"], joined["token"], code])

    stored = SQLiteStore(db).load(code)
    assert stored is not None and stored.finished
    rules = load_game(game, **stored.options)
    whole = replay(rules, stored.record_json())
    start = rules.new_initial_state()

    sockets: list[str] = []
    answers: dict[int | None, dict[str, Any]] = {}
    pages: dict[int | None, Page] = {}
    for seat, held in ((0, made), (1, joined)):
        page = new_page(1280 if seat == 0 else 390, 800 if seat == 0 else 844)
        page.goto(server)
        kept = {"token": held["token"], "seat": seat, "name": ["Ann", "Bo"][seat], "game": game}
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"mousehole.online.{code}", json.dumps(kept)],
        )
        answers[seat] = _watch_the_replay(page, server, game, code)
        pages[seat] = page
    spectator = new_page(1280, 800)
    spectator.context.add_init_script(FAST)
    spectator.on("websocket", lambda ws: sockets.append(ws.url))
    with spectator.expect_response(lambda r: r.url.endswith(f"/api/replay/{code}")) as answer:
        spectator.goto(f"{server}/replay/{game}?room={code}")
    _loaded(spectator)
    answers[None] = answer.value.json()
    pages[None] = spectator

    for viewer, data in answers.items():
        # each browser was sent its own seat's view (and may ask for the public one), the
        # spectator the public view only: every step and move as the engine shows that viewer
        assert data["viewer"] == viewer and data["source"] == "room", viewer
        assert data["viewers"] == ([None] if viewer is None else [None, viewer])
        steps, moves = _engine_views(start, list(whole.record.moves), viewer)
        assert [s["state"] for s in data["steps"]] == steps, viewer
        assert [m["action"] for m in data["moves"]] == moves, viewer
        page = pages[viewer]
        page.keyboard.press("End")
        _at(page, len(moves))
        assert _shown(page, game, "snapshot.state") == steps[-1]
        whose = "The public view" if viewer is None else f"{['Ann', 'Bo'][viewer]}'s view"
        _prompt_is(page, data, len(moves), whose)
        # the spectator has one view, so nothing to choose; a seat chooses its own or the public
        choose = expect(page.get_by_test_id("replay-view"))
        choose.to_be_hidden() if viewer is None else choose.to_be_visible()
    # the seats knew different things, and the spectator less than either
    if SECRET_PAGE.seat_views:
        assert answers[0]["steps"] != answers[1]["steps"]
        assert answers[None]["steps"] not in (answers[0]["steps"], answers[1]["steps"])
    assert not sockets, f"the replay page opened a socket: {sockets}"
    screenshot(pages[1], f"replay-online-{game}-390")
