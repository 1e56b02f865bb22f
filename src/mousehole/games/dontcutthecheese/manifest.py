"""Don't Cut the Cheese as the platform sees it: the one place that registers the game (habit
13)."""

from __future__ import annotations

from typing import Any

from ...engine import State
from ..manifest import Conformance, GameManifest, Page
from . import encoding, sampler
from .actions import COLOURS
from .bots import BOTS
from .game import CheeseGame

ON_THE_TRAP = ("spin", "spinner", "bite")
"""Phases with a paper whose threshold is drawn and still secret."""


def invariants(before: State | None, state: State) -> list[str]:
    """Return what breaks Don't Cut the Cheese's invariants: 30 tokens conserved
    (docs/games/dontcutthecheese.md), a paper on the trap at least as strong as its threshold, a
    paper's strength never growing, tokens never lost, rounds and turns never going back, and every
    viewer seeing the same public facts with the threshold left out."""
    problems = []
    data = state.to_json()
    for colour in COLOURS:
        total = data["bag"][colour] + sum(t[colour] for t in data["tokens"])
        if total != 10:
            problems.append(f"{total} {colour} tokens in play, not 10")
    if data["phase"] in ON_THE_TRAP and data["strength"] < data["threshold"]:
        problems.append(f"strength {data['strength']} below threshold {data['threshold']}")
    if (data["phase"] == "over") != (data["winner"] is not None):
        problems.append(f"phase {data['phase']!r} with winner {data['winner']!r}")
    if not 0 <= data["bites_left"] <= 3:
        problems.append(f"{data['bites_left']} bites left")
    view = state.observation(None)
    if "threshold" in view or any(
        {**state.observation(s), "viewer": None} != view for s in range(data["seat_count"])
    ):
        problems.append("a view holds the threshold, or seats see different things")
    if before is not None:
        old = before.to_json()
        if data["round"] < old["round"] or data["turns"] < old["turns"]:
            problems.append("the round or the turn count went back")
        if data["round"] == old["round"] and data["strength"] > old["strength"]:
            problems.append(f"the paper's strength grew from {old['strength']}")
        for seat, (now, was) in enumerate(zip(data["tokens"], old["tokens"], strict=True)):
            if any(now[c] < was[c] for c in COLOURS):
                problems.append(f"seat {seat} lost a token")
    return problems


def secrets(state: State) -> list[Any]:
    """The secret of a paper on the trap: its threshold's chance outcome as the record holds it
    (`{"type": "threshold", "value": T}`: a record view must show it without the value). The
    field `threshold` itself is a secret key; a small number alone is not listed, since the
    same number stands for seats and counts everywhere in a view."""
    data = state.to_json()
    if data["phase"] not in ON_THE_TRAP:
        return []
    return [{"type": "threshold", "value": data["threshold"]}]


MANIFEST = GameManifest(
    game=CheeseGame,
    blurb=(
        "Spin, then bite the cheese paper stretched across the trap, and keep it holding: "
        "whoever snaps it draws no token. The first to collect all three colours wins."
    ),
    bots=BOTS,
    # ruling 3: the tear threshold is server-side only until its paper snaps
    conformance=Conformance(invariants, secrets, frozenset({"threshold"})),
    page=Page("dontcutthecheese"),
    encoding=encoding.ENCODING,
    expert=sampler.EXPERT,
)
