"""One conformance suite for every registered game (architecture habit 7).

Random games to the end with invariants after every step; same seed, same record; replay
equals the live state; JSON round trips; legal actions non-empty until the end; no seat's view
or record shows another seat's secrets. OpenSpiel `games_sim_test.py` and PettingZoo
`api_test.py` / `seed_test.py` do the same for their games.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections.abc import Iterable
from typing import Any

import pytest

import mousehole
from mousehole.engine import (
    CHANCE,
    TERMINAL,
    Game,
    Match,
    Player,
    RecordViewWalk,
    State,
    new_secret,
    record_view,
    sample_outcome,
)
from mousehole.games import BOTS, GAMES, REGISTRY, load_game, make_bot
from mousehole.games.manifest import EXPERT_LEVEL
from tests.random_play import play_at_random


def _check_invariants(name: str, before: State | None, state: State) -> None:
    problems = REGISTRY[name].conformance.invariants(before, state)
    assert not problems, f"{name}: {'; '.join(problems)}"


_PLAIN = (str, int, float, bool, type(None))
"""The JSON scalars: none of them equals a list or a dict."""


def revealed(name: str, state: State, shown: Any) -> str | None:
    """Return what of `state`'s secrets the JSON value `shown` gives away, or None.

    A structural check: `shown` is walked part by part (itself, every list item and every
    dict value, nested to any depth), so no formatting of the JSON text (spaces, key order)
    can hide a secret from it. A part gives a secret away when it equals one of the game's
    secrets, a dict when it holds one of the game's secret keys. A scalar part is compared
    only with the secrets that are not lists or dicts (it cannot equal one that is), which
    keeps the walk of a whole record quick.
    """
    hooks = REGISTRY[name].conformance
    secret_keys = hooks.secret_keys
    secrets = hooks.secrets(state)
    plain_secrets = [s for s in secrets if not isinstance(s, (dict, list))]

    def leak(part: Any) -> str | None:
        for secret in plain_secrets if isinstance(part, _PLAIN) else secrets:
            if part == secret:
                return f"the secret {json.dumps(secret)[:60]}"
        return None

    if (found := leak(shown)) is not None:
        return found
    stack: list[Any] = [shown]
    while stack:
        item = stack.pop()
        parts: Iterable[Any]
        if isinstance(item, dict):
            for key in item:
                if key in secret_keys:
                    return f"the key {key!r}"
            parts = item.values()
        elif isinstance(item, list):
            parts = item
        else:
            continue
        for part in parts:
            if isinstance(part, _PLAIN):
                if plain_secrets and (found := leak(part)) is not None:
                    return found
            else:
                if (found := leak(part)) is not None:
                    return found
                stack.append(part)
    return None


CASES = [
    pytest.param(name, seats, id=f"{name}-{seats}")
    for name, cls in sorted(GAMES.items())
    for seats in range(cls.min_seats, cls.max_seats + 1)
]


def _random_match(game: Game, seed: int, check: bool = True) -> Match:
    rng = random.Random(seed)
    match = Match(game, seed=seed)
    before: State | None = None
    state = match.state
    _check_invariants(game.name, None, state)
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes, "a chance node lists its outcomes"
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert all(p > 0 for _, p in outcomes)
            assert not state.legal_actions()
            match.sample_chance()
        else:
            actions = state.legal_actions()
            assert actions, "legal actions are non-empty until the end"
            assert len(set(actions)) == len(actions), "no action is listed twice"
            match.apply(actions[rng.randrange(len(actions))], seat=actor)
        before, state = state, match.state
        if check:
            _check_invariants(game.name, before, state)
            assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state
    nobody = REGISTRY[game.name].conformance.nobody_won(state)
    assert bool(state.winners()) != nobody, (
        "every finished game names its winners (or its rules say nobody won)"
    )
    assert not state.legal_actions() and not state.chance_outcomes()
    return match


def test_every_game_has_invariants_secrets_and_bots() -> None:
    """A game joins the registry only through a manifest with its conformance hooks and
    computer players (the manifest cannot be built without them)."""
    assert set(REGISTRY) == set(GAMES) == set(BOTS)
    for name, manifest in REGISTRY.items():
        assert manifest.name == name and manifest.bots and callable(manifest.conformance.invariants)


def test_the_invariant_check_catches_a_broken_position() -> None:
    """The hooks can fail: each game's invariants name what is wrong with a position whose
    JSON was altered by hand (a state rebuilt without validation is not needed: the
    comparison with `before` catches a step backwards)."""
    for name in REGISTRY:
        game = load_game(name, seats=REGISTRY[name].min_seats)
        match = _random_match(game, 1, check=False)
        final = match.state
        start = game.new_initial_state()
        assert REGISTRY[name].conformance.invariants(None, final) == []
        problems = REGISTRY[name].conformance.invariants(final, start)
        assert problems, f"{name}: a finished game followed by its start passed the invariants"


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_random_games_reach_the_end_with_invariants_after_every_step(name: str, seats: int) -> None:
    game = load_game(name, seats=seats)
    for seed in range(12):
        _random_match(game, seed)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_the_same_seed_gives_the_same_record(name: str, seats: int) -> None:
    game = load_game(name, seats=seats)
    first = _random_match(game, 99, check=False).record.to_json()
    second = _random_match(game, 99, check=False).record.to_json()
    assert first == second
    assert first != _random_match(game, 100, check=False).record.to_json()


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_replaying_a_record_gives_the_live_state(name: str, seats: int) -> None:
    game = load_game(name, seats=seats)
    for seed in range(5):
        match = _random_match(game, seed, check=False)
        data = json.loads(json.dumps(match.record.to_json()))
        result = mousehole.replay(data)
        assert result.error is None and result.error_index is None
        assert result.state == match.state
        assert result.record.to_json() == match.record.to_json()


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_replay_stops_at_the_first_bad_move_and_keeps_the_valid_prefix(
    name: str, seats: int
) -> None:
    game = load_game(name, seats=seats)
    match = _random_match(game, 7, check=False)
    data = match.record.to_json()
    cut = len(data["moves"]) // 2
    data["moves"][cut]["seat"] = "chance" if data["moves"][cut]["seat"] != "chance" else 0
    result = mousehole.replay(data)
    assert result.error_index == cut
    assert isinstance(result.error, mousehole.MouseholeError)
    assert len(result.record.moves) == cut
    partial = Match(game, seed=7)
    for move in match.record.moves[:cut]:
        if move.seat is None:
            partial.sample_chance()
        else:
            partial.apply(move.action, seat=move.seat)
    assert result.state == partial.state


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_actions_round_trip_through_json_and_text(name: str, seats: int) -> None:
    game = load_game(name, seats=seats)
    match = _random_match(game, 3, check=False)
    for move in match.record.moves:
        action = move.action
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        assert game.action_from_text(action.to_text()) == action
        assert hash(game.action_from_text(action.to_text())) == hash(action)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_no_view_or_record_shown_to_a_seat_contains_another_seats_secrets(
    name: str, seats: int
) -> None:
    game = load_game(name, seats=seats)
    match = _random_match(game, 5, check=False)
    state = game.new_initial_state()
    viewers = [None, *range(seats)]
    views = {seat: record_view(game, match.record, seat) for seat in viewers}
    record = match.record
    # each viewer's record view of every prefix, walked once (`record_view` is this walk)
    walks = {viewer: RecordViewWalk(game, record, viewer) for viewer in viewers}
    for index, move in enumerate(record.moves):
        for viewer in viewers:
            observation = json.loads(json.dumps(state.observation(viewer)))
            assert revealed(name, state, observation) is None, (viewer, index)
            # every 5th move, mid-match, as a seat is shown its record after a reconnect
            if index % 5 == 0:
                shown = walks[viewer].view()
                assert revealed(name, state, shown) is None, (viewer, index)
            walks[viewer].add(move)
        state = state.apply(move.action)
    for view in views.values():
        assert len(view["moves"]) == len(match.record.moves)
        assert view["seed"] == match.seed, "the seed is revealed once the game is over"
        json.dumps(view)  # what a seat is shown is plain JSON


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_a_record_view_walk_gives_the_record_view_of_every_prefix(name: str, seats: int) -> None:
    """The walk the secrets check above takes (`RecordViewWalk`) shows each viewer, after
    each move, what `record_view` shows of the record cut there: the first moves of a
    committed match one by one (each a replay from the start) and the finished match."""
    game = load_game(name, seats=seats)
    match = Match(game, secret=new_secret())
    play_at_random(match, 11)
    record = match.record
    for viewer in [None, *range(seats)]:
        walk = RecordViewWalk(game, record, viewer)
        for index, move in enumerate(record.moves):
            if index <= 40:
                prefix = dataclasses.replace(record, moves=record.moves[:index])
                assert walk.view() == record_view(game, prefix, viewer), (viewer, index)
            walk.add(move)
        whole = walk.view()
        assert whole == record_view(game, record, viewer)
        assert whole["secret"] == record.secret and whole["seed"] is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_secret_check_catches_the_omniscient_position(name: str) -> None:
    """The check above can fail: the full position (never sent) holds every secret."""
    game = load_game(name, seats=4)
    match = _random_match(game, 5, check=False)
    state = game.new_initial_state()
    caught = 0
    for move in match.record.moves:
        hooks = REGISTRY[name].conformance
        if hooks.secrets(state) or hooks.secret_keys:
            assert revealed(name, state, state.to_json()) is not None
            caught += 1
        state = state.apply(move.action)
    assert caught > 0 or not REGISTRY[name].conformance.secret_keys, "a game with secrets"


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_the_seed_stays_hidden_from_every_viewer_until_the_end(name: str, seats: int) -> None:
    game = load_game(name, seats=seats)
    match = Match(game, seed=12345)
    match.resolve_chance()
    for viewer in [None, *range(seats)]:
        assert record_view(game, match.record, viewer)["seed"] is None


def _player(name: str, level: str, seed: int) -> Player:
    """Return the level's player; the expert with a search of 3 iterations a decision (its
    full budget would take minutes for a whole game: benchmarks/ measures it)."""
    expert = REGISTRY[name].expert
    if level == EXPERT_LEVEL and expert is not None:
        return dataclasses.replace(expert, iterations=3, seconds=None).player(seed)
    return make_bot(name, level, seed)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_every_level_of_computer_player_finishes_games_with_legal_choices(
    name: str, seats: int
) -> None:
    game = load_game(name, seats=seats)
    levels = list(BOTS[name])
    players = {seat: _player(name, levels[seat % len(levels)], seat) for seat in range(seats)}
    match = Match(game, seed=seats)
    state = match.play_out(players)  # Match.apply refuses any illegal choice
    nobody = REGISTRY[name].conformance.nobody_won(state)
    assert state.is_terminal() and bool(state.winners()) != nobody


EDGES = (0.0, 1 / 6, 0.5, 0.8, 0.999999, math.nextafter(1.0, 0.0))
"""Values of `u` on and next to the boundaries of uniform choices, dice and the 80% crank."""


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_sample_action_takes_the_step_of_the_uniform_driver_at_every_node(
    name: str, seats: int
) -> None:
    """`State.sample_action(u)` (a game may answer it its own faster way) returns what the
    contract's default computes from `chance_outcomes` or `legal_actions`, everywhere."""
    game = load_game(name, seats=seats)
    rng = random.Random(seats)
    for _ in range(2):
        state, steps = game.new_initial_state(), 0
        while state.current_player() != TERMINAL and steps < 3_000:
            for u in (*EDGES, rng.random(), rng.random()):
                if state.current_player() == CHANCE:
                    expected = sample_outcome(state.chance_outcomes(), u)
                else:
                    actions = state.legal_actions()
                    expected = actions[int(u * len(actions))]
                assert state.sample_action(u) == expected, (steps, u)
                assert State.sample_action(state, u) == expected, (steps, u)
            state = state.apply(state.sample_action(rng.random()))
            steps += 1
        if state.current_player() == TERMINAL:
            with pytest.raises(mousehole.IllegalActionError, match="the game is over"):
                state.sample_action(0.5)
    for bad in (-0.1, 1.0, 2.5, math.nan):
        with pytest.raises(ValueError, match=r"u: expected a number in \[0, 1\)"):
            game.new_initial_state().sample_action(bad)
