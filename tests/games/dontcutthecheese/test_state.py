"""CheeseState (state.py) as a value: who acts in each phase, the paper's strength, the
colours a seat holds, why a bite is refused, and `apply` leaving its state unchanged."""

from __future__ import annotations

from mousehole import CHANCE, TERMINAL
from mousehole.games.dontcutthecheese.paper import MAX_STRENGTH
from mousehole.games.dontcutthecheese.state import CheeseState

from .scenes import after_snap, held, play, position


def _state(**fields: object) -> CheeseState:
    state = position(3, **fields)
    assert isinstance(state, CheeseState)
    return state


def test_a_seat_acts_in_spin_and_bite_and_chance_in_the_spinner_and_the_draw() -> None:
    spin = _state()
    assert spin.current_player() == 0
    assert [a.to_text() for a in spin.legal_actions()] == ["spin"]
    spun = play(spin, "spin")
    assert spun.current_player() == CHANCE and spun.legal_actions() == ()
    biting = play(spun, "face:bite1")
    assert biting.current_player() == 0 and len(biting.legal_actions()) > 1
    assert after_snap(3, snapper=0).current_player() == CHANCE


def test_an_intact_paper_has_strength_five_and_a_bite_from_the_top_edge_leaves_three() -> None:
    """docs/games/dontcutthecheese.md: an intact paper has strength 5, one for each row; a
    bite from the top edge cuts two rows, leaving 3."""
    state = _state()
    assert state.strength == MAX_STRENGTH == 5
    bitten = play(state, "spin", "face:bite1", "bite:0,1")
    assert isinstance(bitten, CheeseState)
    assert bitten.strength == 3


def test_colours_counts_distinct_colours_not_tokens() -> None:
    state = _state(
        tokens=held((2, 0, 0), (1, 1, 0), (0, 0, 0)),
        round=3,
        snapper=2,
        last_threshold=2,
        turns=2,
    )
    assert [state.colours(seat) for seat in range(3)] == [1, 2, 0]


def test_bite_problem_says_why_a_bite_is_refused_and_nothing_for_a_legal_one() -> None:
    state = _state()
    assert state.bite_problem(0, 1) is None
    assert "peg column" in (state.bite_problem(0, 0) or "")
    assert "top or bottom edge or from a hole" in (state.bite_problem(1, 4) or "")


def test_apply_returns_a_new_state_and_leaves_the_old_one_as_it_was() -> None:
    state = _state()
    before = state.key()
    after = play(state, "spin", "face:skip")
    assert state.key() == before
    assert isinstance(after, CheeseState) and after.current == 1 and after.turn == 1


def test_winners_are_empty_until_the_game_is_over() -> None:
    state = _state()
    assert state.winners() == [] and state.current_player() != TERMINAL
