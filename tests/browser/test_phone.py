"""Every game's match page at a player's turn, on a phone held in one hand (390 x 844, touch)
and on a laptop (1280 x 800): its texts readable, its targets finger-sized, the turn's main
action in view without scrolling, nothing scrolling sideways, and a touch screen never told to
press keys (tests/browser/phone.py says how each is measured). Checked when the human's first
turn starts and again a few turns later; each game's folder says how its page gets there
(`TURN` in tests/games/<name>/browser/pages.py). On a phone also: the tables of five and six
seats, Mouse Chaos's mice under the table as targets and the pictures of Aus die Maus!'s How
to play.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import urllib.request
from typing import Any

import pytest

from mousehole.games import MANIFESTS

from .conftest import NewPage, screenshot
from .phone import TurnPage, measure, problems

DEVICES = {"phone": (390, 844, True), "laptop": (1280, 800, False)}
LATER_TURNS = 3


def _turns() -> dict[str, TurnPage]:
    """Each game's `TURN` (its folder's browser/pages.py), by game name."""
    turns: dict[str, TurnPage] = {}
    for m in MANIFESTS:
        module = f"tests.games.{m.name}.browser.pages"
        if importlib.util.find_spec(f"tests.games.{m.name}.browser") and importlib.util.find_spec(
            module
        ):
            turn = getattr(importlib.import_module(module), "TURN", None)
            if turn is not None:
                turns[m.name] = turn
    return turns


TURNS = _turns()


def test_every_game_with_a_page_says_how_its_page_reaches_a_turn() -> None:
    assert set(TURNS) == {m.name for m in MANIFESTS if m.page is not None}


@pytest.mark.parametrize("device", list(DEVICES))
@pytest.mark.parametrize("game", list(TURNS))
def test_a_turn_is_readable_and_playable_with_a_thumb(
    new_page: NewPage, server: str, game: str, device: str
) -> None:
    width, height, touch = DEVICES[device]
    page = new_page(width=width, height=height, touch=touch)
    turn = TURNS[game]
    turn.start(page, server)
    found = {"first turn": problems(measure(page, turn, touch))}
    screenshot(page, f"phone-{game}-{device}-start", full_page=False)
    for _ in range(LATER_TURNS):
        turn.play(page)
    found[f"turn {LATER_TURNS + 1}"] = problems(measure(page, turn, touch))
    screenshot(page, f"phone-{game}-{device}-later", full_page=False)
    found = {when: lines for when, lines in found.items() if lines}
    assert not found, f"{game} on a {device} ({width} x {height}): {found}"


CROWDED = [("ausdiemaus", 5), ("ausdiemaus", 6), ("dontcutthecheese", 5), ("dontcutthecheese", 6)]
"""The games whose tables seat more than four, at those seat counts: the seats share a phone's
width (Don't Cut the Cheese's row) or its height (Aus die Maus!'s tall table)."""


@pytest.mark.parametrize(("game", "seats"), CROWDED)
def test_a_crowded_table_is_readable_and_playable_on_a_phone(
    new_page: NewPage, server: str, game: str, seats: int
) -> None:
    width, height, touch = DEVICES["phone"]
    page = new_page(width=width, height=height, touch=touch)
    turn = TURNS[game]
    turn.start(page, server, seats)
    assert page.evaluate(f"() => window.{game}Page.snapshot.seats.length") == seats
    found = {"first turn": problems(measure(page, turn, touch))}
    screenshot(page, f"phone-{game}-{seats}-seats", full_page=False)
    turn.play(page)
    found["turn 2"] = problems(measure(page, turn, touch))
    found = {when: lines for when, lines in found.items() if lines}
    assert not found, f"{game} with {seats} seats on a phone: {found}"


def _post(server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


def test_mouse_chaos_mice_under_the_table_are_thumb_sized_targets(
    new_page: NewPage, server: str
) -> None:
    # Ann (seat 0) is to move a cat or a mouse one square, with eight mice under the table.
    from tests.games.mousechaos.scenes import moving

    state = moving(4, steps=1, mice=dict.fromkeys(range(4, 12), "table"))
    seats = [{"kind": "human", "name": "Ann"}] + [
        {"kind": "computer", "name": name, "level": "easy"} for name in ("Bo", "Cy", "Di")
    ]
    options = {"seats": 4, "start_seat": 0}
    record = {"game": "mousechaos", "options": options, "initial": state.to_json(), "moves": []}
    room = _post(
        server,
        "/api/rooms",
        {"game": "mousechaos", "options": options, "seats": seats, "record": record},
    )
    width, height, touch = DEVICES["phone"]
    page = new_page(width=width, height=height, touch=touch)
    page.context.add_init_script(
        'try { localStorage.setItem("mousehole.settings", JSON.stringify({speed: "fast",'
        ' reducedMotion: "on", sound: false}));'
        ' localStorage.setItem("mousehole.mousechaos.coach", "done"); } catch (e) {}'
    )
    page.goto(f"{server}/play/mousechaos")
    saved = {
        "room": room["room"],
        "token": room["token"],
        "record": room["snapshot"]["record"],
        "setup": {"seats": seats, "startSeat": 0},
        "log": [],
    }
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", ["mousehole.mousechaos.match", json.dumps(saved)]
    )
    page.reload()
    page.wait_for_function(
        "() => window.mousechaosPage?.idle && !window.mousechaosPage.blocked"
        " && (window.mousechaosPage.snapshot?.legal || []).length > 0",
        timeout=30_000,
    )
    under = "#kitchen .mc-under[data-choice]"
    assert page.locator(under).count() == 8, "each mouse under the table is a choice"
    turn = TurnPage(start=lambda *a: None, play=lambda p: None, action=under, targets=under)
    found = measure(page, turn, touch)
    screenshot(page, "phone-mousechaos-under-the-table", full_page=False)
    assert found["board_targets"] == 8
    assert not problems(found), problems(found)
    # A tap on one picks that mouse: its squares light up.
    page.locator(under).first.tap()
    page.wait_for_function("() => window.mousechaosPage.snapshot && true")
    assert page.locator("#choices .mc-reach").count() > 0


def test_aus_die_maus_chase_picture_names_its_cards_on_a_phone(
    new_page: NewPage, server: str
) -> None:
    width, height, touch = DEVICES["phone"]
    page = new_page(width=width, height=height, touch=touch)
    page.goto(f"{server}/rules/ausdiemaus")
    page.wait_for_selector("body[data-drawn=true]", state="attached")
    words = page.evaluate(
        """() => [...document.querySelectorAll('[data-pic=chase] text')].map((t) => {
          const m = t.getScreenCTM();
          const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
          return [t.textContent.trim(), Math.round(px * 10) / 10,
            t.classList.contains('illegible')];
        })"""
    )
    names = [w for w in words if w[0] in ("MOUSE", "CHEESE", "CAT")]
    assert len(names) == 8, words  # three chases: 3, 2 and 3 cards
    hidden = [w for w in words if w[2] or w[1] < 11]
    assert not hidden, f"words of the chase picture hidden or under 11 px: {hidden}"
