"""Aus die Maus! test positions: build a scene with `position`, act with `play`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import mousehole
from mousehole.games.ausdiemaus import AusDieMausGame, AusDieMausState


def game_for(seats: int, start_seat: int | None = None) -> AusDieMausGame:
    """Return the game for `seats` (checked to be Aus die Maus!)."""
    game = mousehole.load_game("ausdiemaus", seats=seats, start_seat=start_seat)
    assert isinstance(game, AusDieMausGame)
    return game


def position(
    seats: int = 3,
    *,
    current: int | None = 0,
    phase: str = "turn",
    pile: Sequence[str] = ("cheese",),
    won: Mapping[int, Sequence[str]] | None = None,
    unseen: Sequence[int | None] | None = None,
    chips: Sequence[int] | None = None,
    chase: Mapping[str, int] | None = None,
    turns: int | None = None,
    game: AusDieMausGame | None = None,
    **extra: Any,
) -> AusDieMausState:
    """Return a position through `state_from_json`. One `unseen` entry may be None: that seat
    holds the rest of the deck (default: 10 unseen cards each, the last seat the rest).
    Without `turns`, the position has the fewest turns that put its cards on the table."""
    game = game or game_for(seats)
    won_lists = [list((won or {}).get(seat, ())) for seat in range(seats)]
    counts = list(unseen) if unseen is not None else [10] * (seats - 1) + [None]
    known = sum(c for c in counts if c is not None) + len(pile) + sum(map(len, won_lists))
    counts = [game.deck.size - known if c is None else c for c in counts]
    data: dict[str, Any] = {
        "seats": seats,
        "phase": phase,
        "current": current,
        "unseen": counts,
        "won": won_lists,
        "pile": list(pile),
        "chips": list(chips) if chips is not None else [0] * seats,
        "chase": dict(chase) if chase is not None else None,
        **({} if turns is None else {"turns": turns}),
        **extra,
    }
    state = game.state_from_json(data)
    assert isinstance(state, AusDieMausState)
    return state


def play(state: AusDieMausState, *texts: str) -> AusDieMausState:
    """Apply each action written in short text form ("turn", "card:cat", ...) in order."""
    for text in texts:
        after = state.apply(state.game.action_from_text(text))
        assert isinstance(after, AusDieMausState)
        state = after
    return state


def kinds(events: Sequence[Mapping[str, Any]]) -> list[str]:
    """Return the event types in order."""
    return [str(event["type"]) for event in events]
