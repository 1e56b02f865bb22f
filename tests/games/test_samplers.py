"""Every game's sampler of hidden state (the expert level's determinizations), from the registry.

A sampler is given a seat's observation and nothing else; every state it deals must be one the
seat cannot tell from the truth (the same observation, a position the rules accept), and the
same observation and random numbers must give the same state whatever the truth behind it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from mousehole.engine import Match, State
from mousehole.games import MANIFESTS, GameManifest, load_game

EXPERTS = [m for m in MANIFESTS if m.expert is not None]


def decisions(manifest: GameManifest, seats: int, games: int, steps: int) -> Iterator[State]:
    """Yield the positions where a seat decides in random games (the first `steps` steps)."""
    game = load_game(manifest.name, seats=seats)
    for index in range(games):
        rng = random.Random(index)
        match = Match(game, seed=index)
        for _ in range(steps):
            state = match.state
            if state.is_terminal():
                break
            if state.is_chance_node():
                match.sample_chance()
                continue
            yield state
            actions = state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])


def seat_counts(manifest: GameManifest) -> list[int]:
    return sorted({manifest.min_seats, manifest.max_seats})


CASES = [(m, n) for m in EXPERTS for n in seat_counts(m)]


def test_every_game_with_decisions_has_an_expert() -> None:
    assert {m.name for m in EXPERTS} == {m.name for m in MANIFESTS if "expert" in m.levels}
    assert EXPERTS, "the registry offers the expert level somewhere"


@pytest.mark.parametrize(("manifest", "seats"), CASES, ids=lambda c: getattr(c, "name", c))
def test_every_sampled_state_shows_the_seat_exactly_its_observation(
    manifest: GameManifest, seats: int
) -> None:
    assert manifest.expert is not None
    sample = manifest.expert.sampler
    rng = random.Random(5)
    differed = 0
    for state in decisions(manifest, seats, games=3, steps=150):
        seat = state.current_player()
        observation = state.observation(seat)
        for _ in range(3):
            world = sample(state.game, observation, seat, rng)
            assert world.observation(seat) == observation
            assert world.current_player() == seat
            assert set(world.legal_actions()) == set(state.legal_actions())
            differed += world.to_json() != state.to_json()
    if manifest.conformance.secret_keys:  # a game with secrets deals some differently
        assert differed


@pytest.mark.parametrize(("manifest", "seats"), CASES, ids=lambda c: getattr(c, "name", c))
def test_a_sampler_deals_the_same_from_twins_that_differ_only_in_secrets(
    manifest: GameManifest, seats: int
) -> None:
    """A twin: a state the seat cannot tell from the truth (dealt by the sampler itself). The
    sampler is called with each one's observation and the same random numbers: what it deals
    cannot depend on which of the two is true."""
    assert manifest.expert is not None
    sample = manifest.expert.sampler
    for state in decisions(manifest, seats, games=2, steps=80):
        seat = state.current_player()
        twin = sample(state.game, state.observation(seat), seat, random.Random(1))
        first = sample(state.game, state.observation(seat), seat, random.Random(2))
        second = sample(twin.game, twin.observation(seat), seat, random.Random(2))
        assert first.to_json() == second.to_json()
