"""Positions: every field read with validation, each bad one refused by name, and positions
that play cannot reach refused with InvalidStateError (docs/games/dontcutthecheese.md, "The
full position")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mousehole import InvalidStateError
from mousehole.engine import Match
from mousehole.games import MANIFESTS

from .scenes import INTACT, game, held, paper, position, position_json

CUT = paper(
    """
    #..#########
    #..#########
    ############
    ############
    ############
    """
)
THIN = paper(
    """
    #..#########
    #..#########
    ############
    #..#########
    #..#########
    """
)
"""Strength 1: a paper that snapped at threshold 2 or 3."""

ANOTHER_GAME = next(m.name for m in MANIFESTS if m.name != "dontcutthecheese")
"""A registered game other than this one (read from the registry, which names the games)."""

BAD: list[Any] = [
    pytest.param({"seat_count": 4}, "seat_count", id="another seat count"),
    pytest.param({"game": ANOTHER_GAME}, "game", id="another game"),
    pytest.param({"phase": "nap"}, "phase", id="unknown phase"),
    pytest.param({"current": 3}, "current", id="no such seat"),
    pytest.param({"direction": 0}, "direction", id="direction 0"),
    pytest.param({"paper": INTACT[:4]}, "paper", id="four rows"),
    pytest.param({"paper": [*INTACT[:4], "#" * 11]}, "paper[4]", id="a short row"),
    pytest.param({"paper": [*INTACT[:4], "#x" + "#" * 10]}, "paper[4]", id="a stray character"),
    pytest.param({"paper": ["." + "#" * 11, *INTACT[1:]]}, "paper", id="an eaten peg"),
    pytest.param({"paper": ["#" * 5 + "." + "#" * 6, *INTACT[1:]]}, "paper", id="a lone hole"),
    pytest.param({"strength": 4}, "strength", id="a wrong strength"),
    pytest.param({"tokens": held((0, 0, 0))}, "tokens", id="tokens for one seat"),
    pytest.param(
        {"tokens": [{"orange": 0}, {}, {}], "bag": {"orange": 10, "white": 10, "yellow": 10}},
        "tokens[0]",
        id="a colour missing",
    ),
    pytest.param(
        {"bag": {"orange": 9, "white": 10, "yellow": 10}}, "bag.orange", id="a lost token"
    ),
    pytest.param({"threshold": 4}, "threshold", id="threshold 4"),
    pytest.param({"threshold": None}, "threshold", id="no threshold on the trap"),
    pytest.param({"bites_left": 2}, "bites_left", id="bites left while spinning"),
    pytest.param({"phase": "bite"}, "bites_left", id="biting with no bite left"),
    pytest.param(
        {"phase": "bite", "bites_left": 2, "spin_again": True}, "spin_again", id="2+again"
    ),
    pytest.param({"spin_again": True}, "spin_again", id="spin again before the spin"),
    pytest.param({"winner": 1}, "winner", id="a winner mid-game"),
    pytest.param({"drawing": [1]}, "drawing", id="drawing while spinning"),
    pytest.param({"snapper": 1}, "snapper", id="a snapper before any snap"),
    pytest.param({"round": 2}, "snapper", id="a second paper without a snap"),
    pytest.param(
        {"paper": THIN, "paper_bites": 2, "threshold": 2, "phase": "bite", "bites_left": 1},
        "threshold",
        id="a paper weaker than its threshold still on the trap",
    ),
    pytest.param(
        {"tokens": held((1, 0, 0), (0, 0, 0), (0, 0, 0))},
        "tokens[0]",
        id="a token before any paper snapped",
    ),
    pytest.param({"paper": CUT, "paper_bites": 0}, "paper_bites", id="eaten without a bite"),
    pytest.param(
        {"phase": "paper", "paper": CUT, "paper_bites": 1, "threshold": None},
        "phase",
        id="a new paper already eaten",
    ),
    pytest.param(
        {"phase": "spin_off", "spin_off": {"reason": "complete", "contestants": [0]}},
        "spin_off.contestants",
        id="a spin-off of one",
    ),
]


@pytest.mark.parametrize(("change", "field"), BAD)
def test_a_bad_field_is_refused_by_name(change: dict[str, Any], field: str) -> None:
    data = position_json(3, **change)
    if "bag" in change:
        data["bag"] = change["bag"]
    with pytest.raises(InvalidStateError) as error:
        game(3).state_from_json(data)
    assert error.value.field == field, str(error.value)


def test_more_bites_than_the_eaten_cells_explain_are_refused() -> None:
    # One 2x2 hole: the first bite of a paper eats all four cells, so exactly one bite.
    assert game(3).state_from_json(position_json(3, paper=CUT, paper_bites=1)).paper_bites == 1
    for bites in (2, 999):
        with pytest.raises(InvalidStateError, match=r"paper_bites: .* eats 4 .* at most 1"):
            game(3).state_from_json(position_json(3, paper=CUT, paper_bites=bites))
    # THIN: 8 cells eaten: 4 for the first bite and at least 2 for each later one, so 3 at most
    assert (
        game(3)
        .state_from_json(position_json(3, paper=THIN, paper_bites=3, threshold=1))
        .paper_bites
        == 3
    )
    with pytest.raises(InvalidStateError, match="at most 3"):
        game(3).state_from_json(position_json(3, paper=THIN, paper_bites=4, threshold=1))


def test_a_position_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="state: expected a JSON object"):
        game(3).state_from_json([])  # type: ignore[arg-type]


def test_draws_out_of_turn_order_are_refused() -> None:
    data = position_json(
        4,
        phase="draw",
        paper=THIN,
        paper_bites=2,
        threshold=2,
        snapper=1,
        current=1,
        last_threshold=2,
        drawing=[3, 0],  # after seat 1 snapped, seat 2 draws before 3 and 0
        tokens=held((0, 0, 0), (0, 0, 0), (1, 0, 0), (0, 0, 0)),
        turns=1,
    )
    data["bag"]["orange"] = 9
    state = game(4).state_from_json(data)
    assert state.to_json()["drawing"] == [3, 0]
    data["drawing"] = [0, 3]
    with pytest.raises(InvalidStateError, match="drawing"):
        game(4).state_from_json(data)


def test_a_finished_game_with_a_winner_who_did_not_complete_is_refused() -> None:
    tokens = held((1, 1, 1), (1, 1, 0), (0, 1, 0))
    data = position_json(
        3, phase="over", winner=1, tokens=tokens, round=4, snapper=2, last_threshold=2,
        paper=THIN, paper_bites=2, threshold=2, turns=4,
    )  # fmt: skip
    with pytest.raises(InvalidStateError, match="winner"):
        game(3).state_from_json(data)
    data["winner"] = 0
    assert game(3).state_from_json(data).winners() == [0]


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_every_position_of_random_games_reads_back_equal(seats: int) -> None:
    rng = random.Random(seats)
    g = game(seats)
    match = Match(g, seed=seats)
    state = match.state
    while not state.is_terminal():
        if state.is_chance_node():
            match.sample_chance()
        else:
            actions = state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
        state = match.state
        assert g.state_from_json(json.loads(json.dumps(state.to_json()))) == state
        public = state.observation(None)
        if "threshold" not in public and state.to_json()["phase"] in ("start", "paper"):
            assert g.state_from_json(public) == state  # an observation has all but T


def test_a_default_position_loads() -> None:
    assert position().to_json()["strength"] == 5
