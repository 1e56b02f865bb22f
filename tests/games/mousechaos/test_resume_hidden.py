"""A record whose hidden outcome some seat knows cannot be set again (docs/local-play.md).

The server draws a hidden chance outcome again (`redraw_hidden`) only where every seat sees it
the same way; Mouse Chaos deals each seat a colour card it sees, so a record with another
seat's card hidden is refused, naming the move.
"""

from __future__ import annotations

import random

import pytest

from mousehole.engine import InvalidRecordError, Match, redraw_hidden
from mousehole.games import load_game


def test_an_outcome_a_seat_knows_is_not_drawn_again() -> None:
    # With the colour card hidden (another seat's view of the record), the record cannot be
    # set again, and the error names the move.
    game = load_game("mousechaos", seats=2)
    state = game.new_initial_state()
    moves = []
    while state.is_chance_node():
        action = state.chance_outcomes()[0][0]
        moves.append({"seat": "chance", "action": state.action_view(action, 1)})
        state = state.apply(action)
    record = Match(game, seed=1).record.to_json() | {"seed": None, "moves": moves}
    with pytest.raises(InvalidRecordError, match="cannot be drawn again"):
        redraw_hidden(game, record, random.Random(1))
