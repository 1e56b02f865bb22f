"""Aus die Maus! as the platform sees it: the one place that registers the game (habit 13)."""

from __future__ import annotations

from typing import Any

from ...engine import State
from ..manifest import Conformance, GameManifest, Page
from . import encoding
from .bots import BOTS
from .game import AusDieMausGame


def invariants(before: State | None, state: State) -> list[str]:
    """Return what breaks Aus die Maus!'s invariants: every card is in a stack (unseen or
    won), on the pile or not yet dealt; chips are conserved and only ever given; every viewer
    sees the same public facts (docs/games/ausdiemaus.md, Assumptions the rulings make, 9:
    nobody sees any stack's order or contents, not even the owner)."""
    problems = []
    data = state.to_json()
    deck = 45 if data["seats"] <= 3 else 90
    chips = 5 if data["seats"] <= 3 else 9
    held = sum(data["unseen"]) + len(data["pile"]) + sum(len(w) for w in data["won"])
    if data["phase"] == "start":
        if held not in (0, deck - 1):  # before the deal, or dealt with the pile's card undealt
            problems.append(f"{held} cards held at the start, not 0 or {deck - 1}")
    elif held != deck:
        problems.append(f"{held} cards held, not the deck's {deck}")
    if sum(data["chips"]) + data["chips_left"] != chips:
        problems.append(f"chips given and left do not add up to {chips}")
    if (data["phase"] == "over") != (data["ending"] is not None):
        problems.append(f"phase {data['phase']!r} with ending {data['ending']!r}")
    if data["ending"] == "last_chip" and data["chips_left"]:
        problems.append("ended on the last chip with chips left")
    view = state.observation(None)
    if any(state.observation(seat) != view for seat in range(data["seats"])):
        problems.append("a seat sees more than the public view")
    if "won" in view or "unseen" in view:
        problems.append("the public view holds the stacks' contents")
    counts = [u + len(w) for u, w in zip(data["unseen"], data["won"], strict=True)]
    if view["stacks"] != counts:
        problems.append(f"the view's stack sizes {view['stacks']} are not {counts}")
    if before is not None:
        old = before.to_json()
        if any(now < was for now, was in zip(data["chips"], old["chips"], strict=True)):
            problems.append("a seat lost a chip")
        if data["turns"] < old["turns"]:
            problems.append("the turn count went back")
        if sum(data["unseen"]) > sum(old["unseen"]) and old["phase"] != "start":
            problems.append("unseen cards grew after the deal")
    return problems


def secrets(state: State) -> list[Any]:
    """The won cards under every stack, as the list of lists that only `to_json` holds (an
    observation has none, so it cannot be in one by accident). A won queue alone is not
    listed: the pile's list of cards may equal one. The fields `won` and `unseen` themselves
    are secret keys."""
    data = state.to_json()
    return [data["won"]] if any(data["won"]) else []


MANIFEST = GameManifest(
    game=AusDieMausGame,
    blurb=(
        "Turn over your top card: a mouse sends your neighbour chasing it, and a cat "
        "catches the whole pile and a mouse chip. When the chips are gone, the biggest stack wins."
    ),
    bots=BOTS,
    # ruling 2: nobody sees a stack's contents
    conformance=Conformance(invariants, secrets, frozenset({"won", "unseen"})),
    page=Page("ausdiemaus"),
    # ruling 2: nobody decides anything, so an online player who is gone has their card
    # turned over for them after 5 s rather than stalling the table
    absent_autoplay=5.0,
    encoding=encoding.ENCODING,
)
