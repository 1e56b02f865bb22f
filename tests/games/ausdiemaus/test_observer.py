"""What a seat may see: the same public facts for everyone, never a stack's contents."""

from __future__ import annotations

import json

import pytest

from mousehole.engine import Match, record_view
from mousehole.games import make_bot
from mousehole.games.ausdiemaus import AusDieMausState

from .scenes import game_for, position

PUBLIC_KEYS = {
    "game", "seats", "phase", "current", "stacks", "chips", "chips_left", "pile", "chase",
    "ending", "turns", "winners",
}  # fmt: skip


def test_the_observation_is_the_same_for_every_seat_and_spectator_and_has_only_public_keys() -> (
    None
):
    """ruling: "Nobody sees the order of any stack, owners included: the server never sends
    stack contents." """
    won = {0: ["cat", "mouse1", "cheese"], 2: ["mouse2", "cheese", "cheese"]}
    state = position(3, won=won, unseen=[10, 10, None])
    view = state.observation(None)
    assert set(view) == PUBLIC_KEYS
    assert all(state.observation(seat) == view for seat in range(3))
    assert view["stacks"] == [13, 10, 21]
    text = json.dumps(view)
    assert "mouse1" not in text and "mouse2" not in text and "unseen" not in text


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_no_observation_along_a_game_holds_a_won_queue(seats: int) -> None:
    game = game_for(seats)
    match = Match(game, seed=seats)
    state = match.state
    while not state.is_terminal():
        assert isinstance(state, AusDieMausState)
        view = state.observation(seats - 1)
        assert set(view) == PUBLIC_KEYS
        text = json.dumps(view)
        assert '"won"' not in text and "[[" not in text
        for queue in state.won:
            if len(queue) > 1 and list(view["pile"]) != list(queue):
                assert json.dumps(list(queue)) != json.dumps(view["pile"])
        if state.is_chance_node():
            match.sample_chance()
        else:
            match.apply(state.legal_actions()[0])
        state = match.state


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_every_seats_record_view_shows_only_public_moves(seats: int) -> None:
    """A record holds the start seat, each turn and each card as it was turned over: all of it
    was public at the table, so every viewer's view lists the same moves; the seed stays
    hidden until the end."""
    game = game_for(seats)
    match = Match(game, seed=11)
    bot = make_bot("ausdiemaus", "auto")
    for _ in range(40):
        if match.state.is_chance_node():
            match.sample_chance()
        else:
            match.apply(bot.choose(match.state))
    views = [record_view(game, match.record, viewer) for viewer in [None, *range(seats)]]
    for view in views:
        assert view["seed"] is None and view["initial"] is None
        assert view["moves"] == views[0]["moves"]
        for move in view["moves"]:
            assert move["action"]["type"] in ("start_seat", "card", "turn")
            assert set(move["action"]) <= {"type", "seat", "card"}
    state = game.new_initial_state()
    flips = []
    for move in match.record.moves:
        state = state.apply(move.action)
        flips += [e["card"] for e in state.events if e["type"] in ("flip", "pile_start")]
    shown = [m["action"]["card"] for m in views[0]["moves"] if m["action"]["type"] == "card"]
    # every card outcome in a view was turned face up at once (a queue card needs no outcome)
    assert len(shown) <= len(flips)
    assert all(card in flips for card in shown)


def test_a_started_position_in_a_record_is_shown_through_the_observation() -> None:
    game = game_for(3)
    state = position(3, won={1: ["mouse1", "cheese"]}, unseen=[10, 10, None])
    match = Match(game, seed=1, state=state)
    view = record_view(game, match.record, 0)
    assert view["initial"] == state.observation(0)
    assert "won" not in view["initial"]
