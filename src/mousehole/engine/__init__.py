"""The game-agnostic engine: contract, explicit chance, match runner, records, fairness, errors."""

from .errors import (
    IllegalActionError,
    InvalidOptionError,
    InvalidRecordError,
    InvalidStateError,
    MalformedActionError,
    MouseholeError,
    NotYourTurnError,
    UnknownGameError,
)
from .fairness import (
    Verdict,
    VerifyResult,
    check_secret,
    commitment,
    new_secret,
    uniform,
    verify,
)
from .game import CHANCE, JSON, TERMINAL, Action, Game, SeatedGame, State, sample_outcome
from .match import Match, Player
from .record import (
    Move,
    Moves,
    Record,
    ReplayResult,
    record_header,
    record_view,
    redraw_hidden,
    replay,
)

__all__ = [
    "CHANCE",
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
    "Move",
    "Moves",
    "NotYourTurnError",
    "Player",
    "Record",
    "ReplayResult",
    "SeatedGame",
    "State",
    "UnknownGameError",
    "Verdict",
    "VerifyResult",
    "check_secret",
    "commitment",
    "new_secret",
    "record_header",
    "record_view",
    "redraw_hidden",
    "replay",
    "sample_outcome",
    "uniform",
    "verify",
]
