"""A replay's prompt, log and fit in a real browser (docs/replays.md): the prompt says what the
step shows and never a live match's words, the log holds the moves up to the step, the page
fits its window, and only the replay's own controls and keys act (helpers in replays.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import FAST, screenshot, watch_errors
from .replays import (
    PAGES,
    REPLAY,
    _at,
    _finished_room,
    _loaded,
    _prompt_is,
    _save_as_this_browsers,
    _server_view,
    _shown,
)


def _open_room_replay(page: Page, server: str, game: str, seed: int) -> dict[str, Any]:
    """Open the replay of a finished room of `game` (Ann's, this browser's); return the server's
    replay of Ann's view."""
    page.context.add_init_script(FAST)
    room = _finished_room(server, game, seed)
    _save_as_this_browsers(page, server, game, room)
    page.goto(f"{server}/replay/{game}?room={room['room']}")
    _loaded(page)
    return _server_view(server, room, 0)


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
    page.wait_for_function(f"() => {REPLAY}?.playing && {REPLAY}?.step >= 5", timeout=20_000)
    page.keyboard.press("Space")
    page.wait_for_function(f"() => !{REPLAY}?.playing && {REPLAY}?.idle", timeout=20_000)
    _prompt_is(page, replay, page.evaluate(f"{REPLAY}.step"), "Ann's view")
    total = len(replay["moves"])
    page.keyboard.press("End")
    _at(page, total)
    _prompt_is(page, replay, total, "Ann's view")
    page.get_by_test_id("replay-view").select_option(label="The public view")
    page.wait_for_function(f"() => {REPLAY}?.viewer === null && {REPLAY}?.idle", timeout=20_000)
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
