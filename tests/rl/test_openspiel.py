"""Every registered game as an OpenSpiel game (mousehole.rl.openspiel, the openspiel extra):
random games through pyspiel are the engine's own games, and OpenSpiel's own search bots (MCTS
where a seat sees everything, ISMCTS with the game's sampler where it does not) play them."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import mousehole
from mousehole.games import MANIFESTS, GameManifest
from mousehole.rl.openspiel import GAMES, MouseholeState, short_name

CASES = [(m, n) for m in MANIFESTS for n in sorted({m.min_seats, m.max_seats})]


def case_id(case: object) -> str:
    return getattr(case, "name", str(case))


def test_every_registered_game_is_an_openspiel_game() -> None:
    assert [short_name(m.name) for m in MANIFESTS] == GAMES
    assert set(GAMES) <= set(pyspiel.registered_names())
    game = pyspiel.load_game(f"{GAMES[0]}(seats={MANIFESTS[0].min_seats})")
    assert game.num_players() == MANIFESTS[0].min_seats


@pytest.mark.parametrize(("manifest", "seats"), CASES, ids=case_id)
def test_a_random_game_through_pyspiel_is_the_engines_own(
    manifest: GameManifest, seats: int
) -> None:
    game = pyspiel.load_game(short_name(manifest.name), {"seats": seats})
    state = game.new_initial_state()
    rng = random.Random(seats)
    moves = []
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            action = rng.choice(legal)
            tensor = np.asarray(state.observation_tensor(player))
            assert tensor.shape == (game.observation_tensor_size(),)
            assert mousehole_json(state, player) == state.observation_string(player)
        engine = state.state
        text = state.action_to_string(player, action)
        state.apply_action(action)
        seat = None if player == pyspiel.PlayerId.CHANCE else player
        chosen = engine.game.action_from_text(text)
        assert engine.apply(chosen) == state.state, "the same step as the engine's"
        moves.append({"seat": "chance" if seat is None else seat, "action": chosen.to_json()})
    record = {"game": manifest.name, "options": state.state.game.options(), "moves": moves}
    replayed = mousehole.replay(record)
    assert replayed.error is None and replayed.state == state.state
    winners = replayed.state.winners()
    assert state.returns() == [1 / len(winners) if s in winners else 0.0 for s in range(seats)]


def mousehole_json(state: MouseholeState, player: int) -> str:
    return json.dumps(state.state.observation(player), sort_keys=True)


@pytest.mark.parametrize("manifest", MANIFESTS, ids=case_id)
def test_openspiels_own_search_bot_plays_each_game_with_legal_moves(
    manifest: GameManifest,
) -> None:
    game = pyspiel.load_game(short_name(manifest.name), {"seats": manifest.min_seats})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=40)
    perfect = game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    if perfect:
        bot = mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=rng)
    else:
        bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 8, random_state=rng)
    state = game.new_initial_state()
    chosen = 0
    for _ in range(400):
        if state.is_terminal() or chosen >= 6:
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        chosen += 1
    assert chosen or state.is_terminal()


@pytest.mark.parametrize("manifest", [m for m in MANIFESTS if m.expert], ids=case_id)
def test_resampling_from_the_infostate_keeps_what_the_seat_sees(manifest: GameManifest) -> None:
    game = pyspiel.load_game(short_name(manifest.name), {"seats": manifest.max_seats})
    state = game.new_initial_state()
    rng = random.Random(9)
    checked = 0
    while not state.is_terminal() and checked < 20:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        player = state.current_player()
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked
