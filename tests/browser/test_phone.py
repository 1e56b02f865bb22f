"""Every game's match page at a player's turn, on a phone held in one hand (390 x 844, touch)
and on a laptop (1280 x 800): its texts readable, its targets finger-sized, the turn's main
action in view without scrolling, nothing scrolling sideways, and a touch screen never told to
press keys (tests/browser/phone.py says how each is measured). Checked when the human's first
turn starts and again a few turns later; each game's folder says how its page gets there
(`TURN` in tests/games/<name>/browser/pages.py). On a phone also: the tables of five and six
seats; each game's own phone checks are in its folder (tests/games/<name>/browser).
"""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from mousehole.games import MANIFESTS, REGISTRY

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


CROWDED = [(name, seats) for name in TURNS for seats in range(5, REGISTRY[name].max_seats + 1)]
"""The games whose tables seat more than four, at those seat counts: the seats share a phone's
width or its height."""


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
