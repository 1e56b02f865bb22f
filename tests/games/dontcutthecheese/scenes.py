"""Helpers for the Don't Cut the Cheese scenario tests: build a position through the public API
(`Game.state_from_json`), play text actions on it, read papers written as pictures."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import mousehole
from mousehole import Game, State
from mousehole.engine import Match
from mousehole.games.dontcutthecheese import CheeseGame

__all__ = [
    "CheeseGame",
    "after_snap",
    "bag_for",
    "game",
    "held",
    "on_the_trap",
    "paper",
    "play",
    "position",
]

INTACT = ["#" * 12] * 5
COLOURS = ("orange", "white", "yellow")


@cache
def game(seats: int) -> Game:
    """Return the game for `seats` seats, seat 0 starting."""
    return CheeseGame(seats=seats, start_seat=0)


def paper(picture: str) -> list[str]:
    """Return the paper drawn in `picture`: five lines of twelve '#' or '.' (spaces ignored)."""
    rows = [line.replace(" ", "") for line in picture.strip().splitlines()]
    assert len(rows) == 5 and all(len(r) == 12 for r in rows), rows
    return rows


def held(*counts: tuple[int, int, int]) -> list[dict[str, int]]:
    """Return per-seat token objects from (orange, white, yellow) counts."""
    return [dict(zip(COLOURS, c, strict=True)) for c in counts]


def bag_for(tokens: list[dict[str, int]]) -> dict[str, int]:
    """Return the bag that holds the rest of the 10 tokens of each colour."""
    return {c: 10 - sum(t[c] for t in tokens) for c in COLOURS}


def position_json(seats: int = 3, **fields: Any) -> dict[str, Any]:
    """Return position JSON: seat 0 about to spin on a fresh paper with threshold 2, nobody
    holding tokens, unless `fields` says otherwise (the bag defaults to the rest)."""
    data: dict[str, Any] = {
        "seat_count": seats,
        "phase": "spin",
        "current": 0,
        "paper": INTACT,
        "tokens": held(*[(0, 0, 0)] * seats),
        "threshold": 2,
    }
    data.update(fields)
    if "bag" not in fields:
        data["bag"] = bag_for(data["tokens"])
    return data


def position(seats: int = 3, **fields: Any) -> State:
    """Return the state of `position_json(seats, **fields)`."""
    return game(seats).state_from_json(position_json(seats, **fields))


def play(state: State, *texts: str) -> State:
    """Apply the actions written as text (e.g. "face:bite2", "bite:0,1"), in order."""
    for text in texts:
        state = state.apply(state.game.action_from_text(text))
    return state


def after_snap(seats: int, snapper: int, direction: int = 1, **fields: Any) -> State:
    """Return the state just after `snapper` snapped the first paper (threshold 2) with one
    bite: everyone else about to draw."""
    cut = paper(
        """
        #...########
        #...########
        #...########
        #...########
        #...########
        """
    )
    data = position_json(
        seats,
        phase="draw",
        current=snapper,
        direction=direction,
        paper=cut,
        paper_bites=5,
        snapper=snapper,
        last_threshold=2,
        drawing=[(snapper + direction * i) % seats for i in range(1, seats)],
        turns=1,
    )
    data.update(fields)
    data["bag"] = bag_for(data["tokens"])
    return game(seats).state_from_json(data)


def on_the_trap(seats: int, strength_at_least: int) -> State:
    """Return a position with a paper on the trap at strength >= the given one."""
    match = Match(mousehole.load_game("dontcutthecheese", seats=seats), seed=4)
    rng = random.Random(4)
    while True:
        state = match.state
        data = state.to_json()
        if data["phase"] == "bite" and data["strength"] >= strength_at_least:
            return state
        if state.is_chance_node():
            match.sample_chance()
        else:
            actions = state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
