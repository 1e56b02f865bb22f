"""Aus die Maus! events: public JSON with a readable log line each, and the simulator's tally."""

from __future__ import annotations

from mousehole.engine import Match
from mousehole.games import make_bot

from .scenes import game_for, play, position


def test_every_event_of_a_game_has_a_log_line_and_the_tally_counts_one_ending() -> None:
    game = game_for(4)
    match = Match(game, seed=21)
    bot = make_bot("ausdiemaus", "auto")
    counters: dict[str, int] = {}
    seen: set[str] = set()
    state = match.state
    while not state.is_terminal():
        if state.is_chance_node():
            match.sample_chance()
        else:
            match.apply(bot.choose(state))
        state = match.state
        for event in state.events:
            seen.add(event["type"])
            line = game.describe_event(event)
            assert line and "{" not in line, event
        game.tally(state.events, counters)
    assert {"start", "pile_start", "flip", "end"} <= seen
    assert sum(n for label, n in counters.items() if label.startswith("end: ")) == 1


def test_log_lines_say_what_happened() -> None:
    game = game_for(3)
    state = play(position(3), "turn", "card:mouse2")
    assert [game.describe_event(e) for e in state.events] == [
        "Seat 0 turns over a mouse with 2 paws",
        "Seat 0: “Mouse, watch out, the cat is coming!” Seat 1 has 2 tries to catch it",
    ]
    state = play(state, "turn", "card:cheese", "turn", "card:cheese")
    assert [game.describe_event(e) for e in state.events] == [
        "Seat 1 turns over a cheese",
        "Only cheese: Seat 0's mouse escapes seat 1, and Seat 0 takes the 4 cards (no chip)",
        "Seat 0 starts a new pile",
    ]
    over = play(position(3, unseen=[1, 0, None]), "turn", "card:cat")
    assert game.describe_event(over.events[-1]) == (
        "Game over, Seat 1 has no card to turn (the pile belongs to nobody). Most cards: seat 2"
    )
