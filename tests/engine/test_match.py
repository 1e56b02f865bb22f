"""The match runner: it alone samples chance, with a seeded RNG, and it writes the record.

Played on test games (tests/engine/dice_game.py, coin_game.py), never a real game's rules."""

from __future__ import annotations

import pytest

import mousehole
from mousehole.engine import CHANCE, Match, NotYourTurnError, record_view
from mousehole.games import REGISTRY

from .coin_game import CoinAction, CoinGame
from .dice_game import DICE, HOLD, ROLL, DiceGame


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the dice game (its one manifest), for `mousehole.replay` to find it."""
    monkeypatch.setitem(REGISTRY, DICE.name, DICE)


def test_a_match_samples_chance_with_its_seed_and_records_every_step() -> None:
    game = DiceGame(seats=2, start_seat=0)
    runs = []
    for _ in range(2):
        match = Match(game, seed=2024)
        match.apply(ROLL, seat=0)
        die = match.sample_chance()
        runs.append((die, match.state, [m.seat for m in match.record.moves]))
    assert runs[0][0] == runs[1][0] and runs[0][1] == runs[1][1]
    assert runs[0][2] == [0, None], "a player's move records its seat, chance records None"


def test_a_random_starting_seat_is_a_chance_outcome_in_the_record() -> None:
    game = DiceGame(seats=3)
    match = Match(game, seed=1)
    assert match.state.current_player() == CHANCE
    [start] = match.resolve_chance()
    assert start.to_json()["type"] == "start_seat"
    assert match.state.current_player() == start.to_json()["seat"]
    assert match.record.to_json()["moves"][0] == {"seat": "chance", "action": start.to_json()}


def test_an_action_for_a_seat_whose_turn_it_is_not_is_refused_and_changes_nothing() -> None:
    game = DiceGame(seats=4, start_seat=2)
    match = Match(game, seed=5)
    before = match.state
    with pytest.raises(NotYourTurnError, match="seat 1 cannot roll: it is seat 2's turn"):
        match.apply(ROLL, seat=1)
    assert match.state is before and match.record.moves == []


def test_a_player_action_while_chance_is_due_is_refused() -> None:
    game = DiceGame(seats=2, start_seat=0)
    match = Match(game, seed=5)
    match.apply(ROLL)
    with pytest.raises(NotYourTurnError, match="a chance outcome is due"):
        match.apply(ROLL)
    assert len(match.record.moves) == 1


def test_an_illegal_action_leaves_the_match_and_its_record_unchanged() -> None:
    game = DiceGame(seats=2, start_seat=0)
    match = Match(game, seed=5)
    with pytest.raises(mousehole.IllegalActionError, match="seat 0 cannot hold"):
        match.apply(HOLD, seat=0)
    assert match.record.moves == [] and match.state == game.new_initial_state()


def test_sampling_chance_where_a_seat_must_decide_is_refused() -> None:
    game = DiceGame(seats=2, start_seat=0)
    with pytest.raises(mousehole.IllegalActionError, match="no chance outcome is due"):
        Match(game, seed=1).sample_chance()


def test_a_match_started_from_a_position_records_that_position(registered: None) -> None:
    game = DiceGame(seats=2)
    start = game.state_from_json(
        {"seat_count": 2, "current": 1, "phase": "roll", "scores": [97, 40], "turn": 0}
    )
    match = Match(game, seed=3, state=start)
    match.apply(ROLL)
    match.sample_chance()
    data = match.record.to_json()
    assert data["initial"] == start.to_json()
    assert mousehole.replay(data).state == match.state


def test_a_secret_chance_outcome_is_shown_only_to_the_seat_it_belongs_to() -> None:
    game = CoinGame()
    match = Match(game, seed=8)
    [deal] = match.resolve_chance()
    assert isinstance(deal, CoinAction)
    owner = record_view(game, match.record, 1)
    other = record_view(game, match.record, 0)
    spectator = record_view(game, match.record, None)
    assert owner["moves"][0]["action"] == deal.to_json()
    assert other["moves"][0]["action"] == {"type": "deal", "side": None}
    assert spectator["moves"][0]["action"] == {"type": "deal", "side": None}
    assert deal.side not in str(match.state.observation(0)["coin"])
    assert other["seed"] is None and spectator["seed"] is None, "the seed would reveal the deal"


def test_the_seed_and_the_secret_are_revealed_once_the_game_is_over() -> None:
    game = CoinGame()
    match = Match(game, seed=8)
    match.resolve_chance()
    match.apply(CoinAction("guess", "heads"), seat=0)
    view = record_view(game, match.record, 0)
    assert view["seed"] == 8
    assert match.state.observation(0)["coin"] in ("heads", "tails")


def test_play_out_stops_a_match_that_never_ends() -> None:
    game = DiceGame(seats=2, start_seat=0)

    class Ender:
        def choose(self, state: mousehole.State) -> mousehole.Action:
            return state.legal_actions()[-1]

    with pytest.raises(RuntimeError, match="did not end within 10 moves"):
        Match(game, seed=1).play_out({0: Ender(), 1: Ender()}, max_moves=10)
