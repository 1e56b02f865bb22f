"""The Mouse Chaos page in a real browser: a solo match against computers played by keyboard to
the result, a same-device match whose two humans never see each other's card or peeks (in the
page or in any frame), an online match in two browser contexts with a spectator who sees no
colour, the hand-over and the result, and the layout at 1280x800 and 390x844.

Every message the page receives is checked against what its seat may know: a colour card only
its holder's (or once shown), a mouse's colour only where that seat peeked (the public `peek`
events say who peeked at which mouse) or once turned over.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, WebSocket, expect

from tests.browser.fixtures import NewPage, room_code, screenshot
from tests.games.mousechaos.scenes import moving

SETTINGS = (
    'try { localStorage.setItem("mousehole.settings",'
    ' JSON.stringify({speed: "fast", reducedMotion: "on", sound: false}));'
    ' localStorage.setItem("mousehole.mousechaos.coach", "done"); } catch (e) {}'
)
"""Fast, quiet playback, and the first-match tips already seen (test_rules_page.py has them)."""
WIDE = ViewportSize(width=1280, height=800)
PHONE = ViewportSize(width=390, height=844)
PAGE = "window.mousechaosPage"
SAVE_KEY = "mousehole.mousechaos.match"
SECRET_KEYS = ("colours", "cards", "peeks")


def _open(page: Page, server: str, viewport: ViewportSize, query: str = "") -> None:
    page.set_viewport_size(viewport)
    page.context.add_init_script(SETTINGS)
    page.goto(f"{server}/play/mousechaos{query}")
    expect(page.get_by_test_id("setup")).to_be_visible()


def _start(page: Page, kinds: list[str], level: str = "normal") -> None:
    page.get_by_test_id("seat-count").select_option(str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-{i}-kind").select_option(kind)
        if kind == "computer":
            page.get_by_test_id(f"seat-{i}-level").select_option(level)
    page.get_by_test_id("start-seat").select_option("0")
    page.get_by_test_id("start-match").click()
    expect(page.get_by_test_id("setup")).to_be_hidden()


def _frames(page: Page) -> list[dict[str, Any]]:
    """Every JSON frame the page's sockets receive, in order."""
    frames: list[dict[str, Any]] = []

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def _snapshots(frame: dict[str, Any]) -> list[dict[str, Any]]:
    if frame.get("type") == "snapshot":
        return [frame]
    if frame.get("type") == "update":
        return [frame["snapshot"]]
    return []


def _check_frame(frame: dict[str, Any], seat: int | None, peeked: set[int]) -> None:
    """`frame` holds only what `seat` (None: a spectator) may know."""
    text = json.dumps(frame)
    for key in SECRET_KEYS:
        assert f'"{key}":' not in text, f"the secret key {key!r} reached the page"
    for move in frame.get("moves", []):
        action = move.get("action") or {}
        if action.get("type") == "colour":
            assert action.get("colour") is None, "a mouse's colour came with the deal"
    for snap in _snapshots(frame):
        state = snap["state"]
        if state["phase"] == "over":
            continue
        for k, hand in enumerate(state["hands"]):
            if hand["colour"] is not None:
                assert hand["owner"] == seat or state["shown"][k], f"card {k} reached seat {seat}"
        for m, mouse in enumerate(state["mice"]):
            if mouse["colour"] is not None and not mouse["revealed"]:
                assert seat is not None and m in peeked, f"mouse {m}'s colour reached seat {seat}"


def _peeks(frames: list[dict[str, Any]]) -> dict[int, set[int]]:
    """Who peeked at which mouse, from the public `peek` events."""
    seen: dict[int, set[int]] = {}
    for frame in frames:
        for move in frame.get("moves", []):
            for event in move.get("events", []):
                if event["type"] == "peek":
                    seen.setdefault(event["seat"], set()).add(event["mouse"])
    return seen


def _ready_or_over(page: Page, timeout: float = 60_000) -> bool:
    """Wait until this page's seat is to choose (True) or the result is up (False)."""
    page.wait_for_function(
        f"""() => document.querySelector('[data-testid=winner]').open
            || document.querySelector('[data-testid=pass-to]').open
            || ({PAGE}?.idle && !{PAGE}?.blocked && ({PAGE}?.snapshot?.legal || []).length > 0)""",
        timeout=timeout,
    )
    return not bool(page.evaluate("document.querySelector('[data-testid=winner]').open"))


def _phase(page: Page) -> str:
    return str(page.evaluate(f"{PAGE}.snapshot.state.phase"))


def _move_by_keys(page: Page, *, chair: bool = False) -> str:
    """Play one decision with the keyboard only (N: the next choice, Enter: choose, K: leave
    the chairs, R: turn the chair); return the phase it was made in."""
    phase = _phase(page)
    before = int(page.evaluate(f"{PAGE}.snapshot.version"))
    page.locator("#kitchen").focus()
    if phase == "chair" and not chair:
        page.keyboard.press("k")
    elif phase in ("piece", "chair"):
        page.keyboard.press("n")
        page.keyboard.press("Enter")  # the piece (or the chair)
        expect(page.locator("#choices .mc-reach").first).to_be_visible()
        page.keyboard.press("n")
        page.keyboard.press("Enter")  # its destination
        if phase == "chair":
            expect(page.get_by_test_id("poses")).to_be_visible()
            page.keyboard.press("r")
            page.keyboard.press("Enter")
    else:
        page.keyboard.press("n")
        page.keyboard.press("Enter")
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before}", timeout=10_000)
    return phase


def _no_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= (page.viewport_size or WIDE)["width"], width
    for testid in ("kitchen", "prompt"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box is not None and box["x"] >= 0
        assert box["x"] + box["width"] <= (page.viewport_size or WIDE)["width"] + 1


def test_a_solo_match_against_computers_is_played_by_keyboard_to_the_result(
    page: Page, server: str
) -> None:
    frames = _frames(page)
    _open(page, server, WIDE)
    _start(page, ["human", "computer", "computer", "computer"])
    expect(page.get_by_test_id("kitchen")).to_be_visible()
    _no_overflow(page)
    expect(page.get_by_test_id("action-bar")).to_be_in_viewport(ratio=1)  # no scrolling to play
    phases: list[str] = []
    shots: set[str] = set()
    deadline = time.monotonic() + 240
    while _ready_or_over(page):
        assert time.monotonic() < deadline, "the match did not end"
        phase = _phase(page)
        if phase == "piece" and "reach" not in shots:
            page.locator("#kitchen").focus()
            page.keyboard.press("n")
            page.keyboard.press("Enter")
            expect(page.locator("#choices .mc-reach").first).to_be_visible()
            expect(page.get_by_test_id("prompt")).to_contain_text("Where does the")
            screenshot(page, "mousechaos-reachable-1280")
            shots.add("reach")
            page.keyboard.press("Escape")
        if phase == "reveal" and "reveal" not in shots:
            screenshot(page, "mousechaos-reveal-1280")
            shots.add("reveal")
        phases.append(_move_by_keys(page, chair=len(phases) % 4 == 3))
    expect(page.get_by_test_id("winner")).to_be_visible()
    screenshot(page, "mousechaos-result-1280")
    assert {"pick", "holder", "piece"} <= set(phases), phases  # chairs: a free chair is rare
    # The result shows every card; before it, the page never held a computer's secret.
    expect(page.locator("#mc-result-cards li")).to_have_count(4)
    peeks = _peeks(frames).get(0, set())
    for frame in frames:
        _check_frame(frame, 0, peeks)
    assert any(f.get("type") == "update" for f in frames)


def _memory_holds_no_secret(page: Page) -> None:
    """Behind the hand-over screen the page's memory (its view, snapshot, record and kept
    messages, `window.mousechaosPage`) holds no seat's card and no mouse it peeked at."""
    memory = page.evaluate(
        f"""() => ({{view: {PAGE}.view, snapshot: {PAGE}.snapshot, record: {PAGE}.record,
                    received: {PAGE}.received}})"""
    )
    for state in (memory["view"], memory["snapshot"]["state"]):
        if state is None:
            continue
        assert state["you"] is None, state["you"]
        for k, hand in enumerate(state["hands"]):
            assert hand["colour"] is None or state["shown"][k], (k, hand)
        for mouse in state["mice"]:
            assert mouse["peeked"] is None, mouse
            assert mouse["colour"] is None or mouse["revealed"], mouse
    assert memory["snapshot"]["legal"] == []
    cards = [m["action"] for m in memory["record"]["moves"] if m["action"]["type"] == "card"]
    assert all(c["colour"] is None for c in cards), cards
    assert memory["received"] == []


def test_two_humans_on_one_device_never_see_each_others_knowledge(page: Page, server: str) -> None:
    frames = _frames(page)
    _open(page, server, WIDE)
    _start(page, ["human", "human"])
    handovers = 0
    deadline = time.monotonic() + 120
    while handovers < 6 and time.monotonic() < deadline:
        if page.get_by_test_id("pass-to").is_visible():
            # Behind the hand-over screen nothing secret is drawn: no card, no peeked colour.
            expect(page.locator("[data-testid^=card-]")).to_have_count(0)
            revealed = page.evaluate(f"{PAGE}.view.mice.filter((m) => m.revealed).length")
            expect(page.locator("#pieces .mc-colour")).to_have_count(revealed)
            expect(page.locator("#pieces .mc-peek-mark")).to_have_count(0)
            for region in ("#status", "#cursor-label"):
                assert "peeked" not in page.locator(region).inner_text()
            _memory_holds_no_secret(page)
            if handovers == 1:
                screenshot(page, "mousechaos-handover-1280")
            page.get_by_test_id("pass-ready").click()
            handovers += 1
            page.wait_for_function(f"() => {PAGE} && !{PAGE}.blocked")
            seat = int(page.evaluate(f"{PAGE}.snapshot.to_act"))
            assert page.evaluate(f"{PAGE}.snapshot.you.screen") == seat
            # The page now shows this seat's own card, and the other's face down.
            expect(page.get_by_test_id(f"card-{seat}")).to_have_count(2)  # two colours each
            expect(page.get_by_test_id(f"card-{1 - seat}")).to_have_count(0)
            page.wait_for_function(f"{PAGE}?.idle")
            mine = page.evaluate(
                f"{PAGE}.snapshot.state.mice.filter((m) => m.peeked !== null && !m.revealed).length"
            )
            expect(page.locator("#pieces .mc-peek-mark")).to_have_count(mine)
            continue
        if not _ready_or_over(page, timeout=20_000):
            break
        if page.get_by_test_id("pass-to").is_visible():
            continue
        _move_by_keys(page)
    assert handovers >= 3, handovers
    # Every frame after a hand-over is the view of the seat at the screen, and holds only its
    # own card and the mice it peeked at.
    peeks = _peeks(frames)
    screens = {snap["you"].get("screen") for f in frames for snap in _snapshots(f)}
    assert {0, 1} <= screens, screens
    for frame in frames:
        for snap in _snapshots(frame):
            viewer = snap["you"].get("screen")
            _check_frame(frame, viewer, peeks.get(viewer, set()) if viewer is not None else set())
    # The autosave keeps no colour card of either seat.
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))
    cards = [m["action"] for m in saved["record"]["moves"] if m["action"]["type"] == "card"]
    assert cards and all(c["colour"] is None for c in cards)
    assert "peeked" not in json.dumps(saved["log"])
    # A reload continues the match; the page names the screen again and shows only that
    # seat's own card.
    page.reload()
    page.wait_for_function(
        f"""() => document.querySelector('[data-testid=pass-to]').open
            || ({PAGE}?.idle && !{PAGE}?.blocked && ({PAGE}?.snapshot?.legal || []).length > 0)"""
    )
    if page.get_by_test_id("pass-to").is_visible():
        page.get_by_test_id("pass-ready").click()
        page.wait_for_function(f"() => !{PAGE}?.blocked && {PAGE}?.snapshot?.legal?.length > 0")
    seat = int(page.evaluate(f"{PAGE}.snapshot.to_act"))
    assert page.evaluate(f"{PAGE}.snapshot.you.screen") == seat
    expect(page.get_by_test_id(f"card-{seat}")).to_have_count(2)
    expect(page.get_by_test_id(f"card-{1 - seat}")).to_have_count(0)


def test_an_online_match_in_two_browsers_with_a_spectator_who_sees_no_colours(
    new_page: NewPage, online_server: str
) -> None:
    server = online_server
    host = new_page()
    host_frames = _frames(host)
    _open(host, server, WIDE, "?online=new")
    host.get_by_test_id("seat-count").select_option("2")
    host.get_by_test_id("seat-0-name").fill("Ann")
    host.get_by_test_id("start-match").click()
    expect(host.get_by_test_id("waiting-room")).to_be_visible()
    code = room_code(host)
    friend = new_page(390, 844)
    friend.context.add_init_script(SETTINGS)
    friend_frames = _frames(friend)
    friend.goto(f"{server}/join/{code}")
    friend.get_by_test_id("join-name").fill("Bo")
    friend.get_by_test_id("join-submit").click()
    friend.wait_for_url(f"**/play/mousechaos?room={code}")
    watcher = new_page()
    watcher.context.add_init_script(SETTINGS)
    watcher_frames = _frames(watcher)
    watcher.goto(f"{server}/play/mousechaos?room={code}&watch=1")
    expect(host.get_by_test_id("start-online")).to_be_enabled()
    host.get_by_test_id("start-online").click()
    players = [host, friend]
    for _ in range(14):
        to_act = int(host.evaluate(f"{PAGE}.snapshot.to_act ?? 0"))
        mover = players[to_act]
        if not _ready_or_over(mover, timeout=20_000):
            break
        _move_by_keys(mover)
    screenshot(friend, "mousechaos-online-390")
    _no_overflow(friend)
    # Each browser got its own card only; the spectator no card and no unrevealed colour.
    for frames, seat in ((host_frames, 0), (friend_frames, 1), (watcher_frames, None)):
        peeks = _peeks(frames).get(seat, set()) if seat is not None else set()
        for frame in frames:
            _check_frame(frame, seat, peeks)
    expect(host.get_by_test_id("card-0")).to_have_count(2)
    expect(host.get_by_test_id("card-1")).to_have_count(0)
    expect(friend.get_by_test_id("card-1")).to_have_count(2)
    expect(watcher.locator("[data-testid^=card-]")).to_have_count(0)
    screenshot(watcher, "mousechaos-spectator-1280")


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280", "390"])
def test_the_page_fits_the_screen_and_a_chair_is_placed_by_keyboard(
    page: Page, server: str, viewport: ViewportSize
) -> None:
    width = viewport["width"]
    _open(page, server, viewport)
    screenshot(page, f"mousechaos-setup-{width}")
    _start(page, ["human", "computer"], level="easy")
    deadline = time.monotonic() + 120
    while _ready_or_over(page) and time.monotonic() < deadline:
        if _phase(page) == "chair" and page.evaluate(
            f"{PAGE}.snapshot.legal.some((a) => a.type === 'chair')"
        ):
            page.locator("#kitchen").focus()
            page.keyboard.press("n")
            page.keyboard.press("Enter")
            page.keyboard.press("n")
            page.keyboard.press("Enter")
            expect(page.get_by_test_id("poses")).to_be_visible()
            expect(page.get_by_test_id("prompt")).to_have_text(re.compile("^Turn the chair"))
            _no_overflow(page)
            expect(page.get_by_test_id("kitchen")).to_be_in_viewport(ratio=1)
            expect(page.get_by_test_id("place-chair")).to_be_in_viewport(ratio=1)
            screenshot(page, f"mousechaos-chair-{width}")
            before = int(page.evaluate(f"{PAGE}.snapshot.version"))
            page.keyboard.press("l")  # lying, where that is allowed; else the pose stays
            page.keyboard.press("Enter")
            page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before}")
            events = page.evaluate(
                f"""{PAGE}.received.filter((m) => m.type === 'update')
                    .flatMap((m) => m.moves.flatMap((mv) => mv.events.map((e) => e.type)))"""
            )
            assert "chair" in events
            return
        _move_by_keys(page)
    raise AssertionError("no chair could be moved")


def test_moves_are_animated_along_their_paths_without_reduced_motion(
    page: Page, server: str
) -> None:
    page.set_viewport_size(WIDE)
    page.context.add_init_script(SETTINGS.replace('"on"', '"off"').replace('"fast"', '"normal"'))
    page.goto(f"{server}/play/mousechaos")
    _start(page, ["computer", "computer"], level="easy")
    # A piece runs as a sprite in the effects layer while it moves, and the holder flips.
    page.wait_for_selector("#fx .mc-sprite.mc-holder", state="attached", timeout=30_000)
    runner = "#fx .mc-sprite:is(.mc-mouse, .mc-cat)"
    page.wait_for_selector(runner, state="attached", timeout=30_000)
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > 40", timeout=60_000)
    expect(page.get_by_test_id("log")).to_contain_text("moves the holder")


def _post_room(server: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server}/api/rooms",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def test_a_mouse_clicked_into_the_nest_starts_a_reveal_one_mouse_at_a_time(
    page: Page, server: str
) -> None:
    # Ann (seat 0, red) has three mice in her nest and a fourth beside it; her holder shows 1.
    state = moving(4, steps=1, mice={4: (0, 1), 5: (1, 0), 6: (1, 2)})
    seats = [{"kind": "human", "name": "Ann"}] + [
        {"kind": "computer", "name": name, "level": "easy"} for name in ("Bo", "Cy", "Di")
    ]
    options = {"seats": 4, "start_seat": 0}
    record = {"game": "mousechaos", "options": options, "initial": state.to_json(), "moves": []}
    room = _post_room(
        server, {"game": "mousechaos", "options": options, "seats": seats, "record": record}
    )
    _open(page, server, WIDE)
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": seats, "startSeat": 0},
        "log": [],
    }
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(saved)])
    page.reload()
    assert _ready_or_over(page)
    # Click the mouse, then its lit square in the nest.
    page.locator('[data-piece="mouse:6"]').click()
    nest = page.locator('#choices .mc-reach[data-spot="1,1"]')
    expect(nest).to_be_visible()
    before = int(page.evaluate(f"{PAGE}.snapshot.version"))
    nest.click()
    # the page may look ready on its old snapshot until the server's update arrives
    page.wait_for_function(f"() => {PAGE}?.snapshot?.version > {before}", timeout=60_000)
    assert _ready_or_over(page)
    assert _phase(page) == "reveal"
    screenshot(page, "mousechaos-reveal-1280")
    for turned in range(1, 5):
        choice = page.evaluate(f"{PAGE}.snapshot.legal[0].mouse")
        page.locator(f'[data-piece="mouse:{choice}"]').click()
        page.wait_for_function(
            f"() => {PAGE}?.idle && {PAGE}?.snapshot?.state.mice.filter((m) => m.revealed).length"
            f" === {turned}"
        )
        # One at a time: the mouse just turned lies on its side with its colour (a heart).
        expect(page.locator(f'[data-piece="mouse:{choice}"] .mc-lying .mc-colour')).to_have_count(1)
        if turned < 4:
            assert _ready_or_over(page)
    expect(page.get_by_test_id("winner")).to_be_visible()
    expect(page.get_by_test_id("winner-title")).to_have_text("Ann wins!")
    expect(page.get_by_test_id("log")).to_contain_text("Nest 1 is full")


def test_the_result_at_the_round_cap_says_who_ranks_first_and_why(page: Page, server: str) -> None:
    # Two seats, the last turn of round 300: Ann (seat 1) to move a cat one square. Bo (seat 0,
    # red and green) has red baby 4 in his nest besides his two mothers: 3 mice home against 2.
    state = moving(2, steps=1, current=1, turn=600, mice={4: (0, 1)})
    seats = [
        {"kind": "computer", "name": "Bo", "level": "easy"},
        {"kind": "human", "name": "Ann"},
    ]
    options = {"seats": 2, "start_seat": 0}
    record = {"game": "mousechaos", "options": options, "initial": state.to_json(), "moves": []}
    room = _post_room(
        server, {"game": "mousechaos", "options": options, "seats": seats, "record": record}
    )
    _open(page, server, WIDE)
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": seats, "startSeat": 0},
        "log": [],
    }
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(saved)])
    page.reload()
    assert _ready_or_over(page)
    page.locator('[data-piece="cat:0"]').click()
    spot = page.locator('#choices .mc-reach[data-spot="2,1"]')
    expect(spot).to_be_visible()
    spot.click()
    assert _ready_or_over(page)
    page.get_by_test_id("keep-chairs").click()
    expect(page.get_by_test_id("winner")).to_be_visible()
    expect(page.get_by_test_id("winner-title")).to_have_text("Bo wins at the cap!")
    text = page.get_by_test_id("result-text")
    expect(text).to_contain_text("After 300 rounds nobody had won")
    expect(text).to_contain_text("Bo has the most mice of their own colour in their own nests: 3")
    expect(text).to_contain_text("against 2 for Ann")
    expect(page.get_by_test_id("rank-0")).to_contain_text("1.")
    expect(page.get_by_test_id("rank-0")).to_contain_text("3 at home, 8 not under the table")
    expect(page.get_by_test_id("rank-1")).to_contain_text("2.")
    expect(page.get_by_test_id("log")).to_contain_text("Game over after 300 rounds")
    assert page.evaluate(f"{PAGE}.snapshot.winners") == [0]
    screenshot(page, "mousechaos-cap-1280")
    page.set_viewport_size(PHONE)
    screenshot(page, "mousechaos-cap-390")
