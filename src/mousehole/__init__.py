"""Mousehole: mouse-and-cheese board games with one Python rules authority.

>>> import mousehole
>>> game = mousehole.load_game("mousetrap", seats=4, start_seat=0)
>>> state = game.new_initial_state()
>>> state.current_player(), [a.to_json() for a in state.legal_actions()]
(0, [{'type': 'roll'}])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .engine import (
    CHANCE,
    JSON,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    InvalidOptionError,
    InvalidRecordError,
    InvalidStateError,
    MalformedActionError,
    Match,
    MouseholeError,
    NotYourTurnError,
    Record,
    ReplayResult,
    State,
    UnknownGameError,
    record_header,
)
from .engine import replay as _replay
from .games import GAMES, load_game

__version__ = "0.1.0"


def replay(data: Mapping[str, Any]) -> ReplayResult:
    """Replay a record's JSON: return the last valid state, the valid prefix and the first error."""
    name, options = record_header(data)
    return _replay(load_game(name, **options), data)


__all__ = [
    "CHANCE",
    "GAMES",
    "JSON",
    "TERMINAL",
    "Action",
    "Game",
    "IllegalActionError",
    "InvalidOptionError",
    "InvalidRecordError",
    "InvalidStateError",
    "MalformedActionError",
    "Match",
    "MouseholeError",
    "NotYourTurnError",
    "Record",
    "ReplayResult",
    "State",
    "UnknownGameError",
    "load_game",
    "replay",
]
