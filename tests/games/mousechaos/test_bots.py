"""Mouse Chaos computer players never peek (issue 17, item 3): each level, given two
positions that differ only in colours its seat has not seen, makes the same choice."""

from __future__ import annotations

import random

import pytest

from mousehole.engine import Match
from mousehole.games.mousechaos import MouseChaosState
from mousehole.games.mousechaos.belief import Belief
from mousehole.games.mousechaos.bots import BOTS

from .knowledge import chaos, random_match, twin_secrets, twin_state
from .scenes import game_for, moving, scene


def decisions(seats: int, seed: int, count: int) -> list[MouseChaosState]:
    """Return positions where a seat decides, spread over a random game."""
    match = random_match(seats, seed, 400)
    found: list[MouseChaosState] = []
    state = chaos(match.game.new_initial_state())
    for index, (seat, action) in enumerate(match.record.moves):
        if seat is not None and index % 7 == 0 and len(state.legal_actions()) > 1:
            found.append(state)
        state = chaos(state.apply(action))
    return found[:count]


@pytest.mark.parametrize("level", list(BOTS))
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_computer_player_chooses_the_same_whatever_it_has_not_seen(
    level: str, seats: int
) -> None:
    rng = random.Random(seats)
    differing = 0
    for state in decisions(seats, seats, 12 if level == "hard" else 30):
        seat = state.current_player()
        colours, cards = twin_secrets(state, seat, rng)
        twin = twin_state(state, colours, cards)
        differing += twin.to_json() != state.to_json()
        first = BOTS[level](7).choose(state)
        assert first in state.legal_actions()
        assert BOTS[level](7).choose(twin) == first, (level, state.phase)
    assert differing > 0, "the twins differ in what the seat has not seen"


def test_a_colour_the_seat_has_seen_does_change_its_choice() -> None:
    """The check above can fail: normal steers a mouse it saw is its own (seat 0: red) into
    its nest, and leaves it when it saw the mouse is blue."""
    peeks = [[[4, 1]], [], [], []]
    red = moving(steps=1, mice={4: (0, 2)}, peeks=peeks)
    colours = [0, 1, 2, 3, 1, 0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3]  # mice 4 and 7 swapped
    blue = moving(steps=1, mice={4: (0, 2)}, peeks=peeks, colours=colours)
    home = {"mouse:4:0,1", "mouse:4:1,0", "mouse:4:1,1"}
    assert BOTS["normal"](1).choose(red).to_text() in home
    assert BOTS["normal"](1).choose(blue).to_text() not in home


@pytest.mark.parametrize(("strong", "weak"), [("normal", "easy"), ("hard", "normal")])
def test_a_stronger_level_wins_more_four_seat_games(strong: str, weak: str) -> None:
    game = game_for(4)
    share = 0.0
    for index in range(6):
        levels = [strong, weak, strong, weak] if index % 2 == 0 else [weak, strong, weak, strong]
        players = {seat: BOTS[level](index * 4 + seat) for seat, level in enumerate(levels)}
        winners = Match(game, seed=index).play_out(players).winners()
        share += sum(levels[w] == strong for w in winners) / max(1, len(winners))
    assert share > 3, f"{strong} won {share} of 6 games against {weak}"


def test_a_sample_keeps_the_colour_a_mouse_sent_home_told() -> None:
    """Blue baby 7 lies face up in seat 1's nest (sent home at a reveal): every seat now knows
    seat 1's card is blue, and the samples the hard level searches keep it so."""
    state = scene(mice={7: (0, 8)}, revealed=[7])
    belief = Belief.from_observation(state.observation(2))
    assert belief.cards == [-1, -1, 2, -1]  # seat 2 holds green; seat 1's card is not shown
    rng = random.Random(3)
    samples = [belief.sample(rng) for _ in range(40)]
    assert all(cards[1] == 1 for _, cards in samples)
    assert {cards[0] for _, cards in samples} == {0, 3}  # the rest is still dealt at random
    for colours, cards in samples[:5]:  # and every sample is a position play can reach
        state.game.state_from_observation(state.observation(2), colours, cards)
