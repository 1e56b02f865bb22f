"""What a seat sees of a Don't Cut the Cheese position: everything but the paper's tear
threshold, the bites a biter may take with their previews, and the threshold's outcome shown
without its value. It imports the states (state.py), never the reverse: a state asks its game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import JSON, Action, State
from . import actions as A
from .paper import (
    after_bite,
    legal_bites,
    paper_cells,
    to_rows,
)
from .phases import BITE, PAPER, SPIN, SPINNER
from .state import CheeseState

NAME = "dontcutthecheese"


def _colours(counts: Sequence[int]) -> JSON:
    return dict(zip(A.COLOURS, counts, strict=True))


def observation(state: CheeseState, seat: int | None) -> JSON:
    """Return what every seat and spectator may know: all but the paper's threshold."""
    spin_off = None
    if state.contest:
        spin_off = {
            "reason": state.spin_off_reason,
            "contestants": list(state.contest),
            "values": list(state.scores),
        }
    return {
        "game": NAME,
        "seat_count": state.n,
        "phase": state.phase,
        "current": state.current,
        "direction": state.direction,
        "paper": to_rows(state.eaten),
        "strength": state.strength,
        "paper_bites": state.paper_bites,
        "bites_left": state.bites_left,
        "spin_again": state.spin_again,
        "tokens": [_colours(held) for held in state.tokens],
        "bag": _colours(state.bag),
        "round": state.round,
        "snapper": state.snapper,
        "last_threshold": state.last_threshold,
        "drawing": list(state.drawing),
        "spin_off": spin_off,
        "winner": state.winner,
        "turns": state.turns,
        "viewer": seat,
    }


def legal_json(state: CheeseState) -> list[JSON]:
    """Return the legal actions as the biter's page receives them: each bite with its preview,
    computed by the rules (`cells` of paper it eats, the `strength` the paper has after it and
    the loose cells that `fall` with it), so that the page shows Max's mouth with the strength
    after the bite and never works it out itself. Public: the paper is on the table."""
    if state.phase is not BITE:
        return [action.to_json() for action in state.legal_actions()]
    eaten = state.eaten
    bites = []
    for b in legal_bites(eaten):
        after, falls = after_bite(eaten, b)
        bites.append(
            {
                "type": A.BITE_KIND,
                "row": b.row,
                "col": b.col,
                "cells": paper_cells(eaten, b),
                "strength": after,
                "falls": falls,
            }
        )
    return bites


def action_view(state: CheeseState, action: Action, viewer: int | None) -> JSON | None:
    """Return what `viewer` may see of `action` applied at `state`: all of it, but for the
    paper's threshold, which shows only that a paper was hooked on."""
    # ruling: the threshold is secret; its outcome shows only that a paper was hooked on
    if isinstance(action, A.CheeseAction) and action.kind == A.THRESHOLD_KIND:
        return {"type": A.THRESHOLD_KIND}
    return action.to_json()


def hindsight_view(
    state: CheeseState, action: Action, before: State, viewer: int | None
) -> JSON | None:
    """Return what `viewer` may see at `state` of `action`, a threshold outcome made at
    `before`: all of it, marked `snapped`, once its paper has snapped; else None (the view
    made then stands)."""
    # ruling: a paper's threshold is shown when it snaps (the snap event says it): from
    # then on the record shows it too; the paper on the trap keeps its secret
    if not (isinstance(action, A.CheeseAction) and action.kind == A.THRESHOLD_KIND):
        return None
    if not isinstance(before, CheeseState):
        return None
    # (marked `snapped`, which reading the action ignores: a past paper's threshold never
    # reads as the secret of the paper on the trap, even when their values agree)
    snapped = state.round > before.round or state.phase not in (PAPER, SPIN, SPINNER, BITE)
    return action.to_json() | {"snapped": True} if snapped else None


__all__ = ["NAME", "action_view", "hindsight_view", "legal_json", "observation"]
