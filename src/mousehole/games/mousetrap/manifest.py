"""Mouse Trap as the platform sees it: the one place that registers the game (habit 13)."""

from __future__ import annotations

from ...engine import State
from ..manifest import Conformance, GameManifest, Page
from . import bare, encoding, sampler
from .bots import BOTS
from .rules import MouseTrapGame

CHEESE = 52
"""Cheese in play: the supply plus every mouse's (docs/games/mousetrap.md, Goal and setup)."""


def invariants(before: State | None, state: State) -> list[str]:
    """Return what breaks Mouse Trap's invariants: cheese conserved at 52, components only
    grow, captured mice hold nothing and never act, a capture is for good
    (docs/games/mousetrap.md, Goal and setup; The trap phase)."""
    problems = []
    data = state.to_json()
    mice = data["mice"]
    total = data["supply"] + sum(m["cheese"] for m in mice)
    if total != CHEESE:
        problems.append(f"{total} cheese in play, not {CHEESE}")
    if not 0 <= data["components"] <= 23:
        problems.append(f"{data['components']} components built, not 0..23")
    for seat, mouse in enumerate(mice):
        if not 0 <= mouse["position"] <= 49:
            problems.append(f"mouse {seat} is on space {mouse['position']}, not 0..49")
        if mouse["captured"] and mouse["cheese"]:
            problems.append(f"captured mouse {seat} holds {mouse['cheese']} cheese")
    if data["winner"] is None and mice[data["current"]]["captured"]:
        problems.append(f"captured mouse {data['current']} is to act")
    if before is not None:
        old = before.to_json()
        if data["components"] < old["components"]:
            problems.append(f"components fell from {old['components']} to {data['components']}")
        for seat, (was, now) in enumerate(zip(old["mice"], mice, strict=True)):
            if was["captured"] and not now["captured"]:
                problems.append(f"mouse {seat} was freed after its capture")
    return problems


MANIFEST = GameManifest(
    game=MouseTrapGame,
    blurb=(
        "Race round the board, build the 23-part machine together, then crank the cage "
        "onto rivals sitting on the Cheese Wheel. The last free mouse wins."
    ),
    bots=BOTS,
    conformance=Conformance(invariants),  # ruling: Mouse Trap has no secrets
    page=Page("mousetrap", extras=(("playground", "Trap Playground"),)),
    encoding=encoding.ENCODING,
    expert=sampler.EXPERT,
    bare_loop=bare.play,
)
