"""Mousehole: mouse-and-cheese board games with one Python rules authority.

Every game is registered in `mousehole.games` (its manifest); a match played out by computer
players is a record, and replaying the record gives back the same position:

>>> import mousehole
>>> from mousehole.games import MANIFESTS, make_bot
>>> first = MANIFESTS[0]
>>> game = mousehole.load_game(first.name, seats=2)
>>> players = {seat: make_bot(first.name, first.levels[0], seed=seat) for seat in (0, 1)}
>>> match = mousehole.Match(game, seed=7)
>>> match.play_out(players).is_terminal()
True
>>> replayed = mousehole.replay(match.record.to_json())
>>> replayed.error is None and replayed.state.to_json() == match.state.to_json()
True
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
