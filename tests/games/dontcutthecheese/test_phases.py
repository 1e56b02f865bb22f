"""The phases of a turn (phases.py): which are chance's and which a seat's, the chances they
offer, the legal bites of a paper and the turn order (docs/games/dontcutthecheese.md)."""

from __future__ import annotations

import pytest

from mousehole.games.dontcutthecheese.paper import cell, legal_bites
from mousehole.games.dontcutthecheese.phases import (
    BITE,
    DECISIONS,
    FACE_OUTCOMES,
    PHASES,
    SPIN,
    SPIN_OFF,
    THRESHOLD_OUTCOMES,
    THRESHOLD_PRIOR,
    around,
    bite_actions,
    legal_bite_values,
    seat_outcomes,
)


def test_only_spinning_and_biting_are_a_seats_decisions() -> None:
    assert {SPIN, BITE, SPIN_OFF} == DECISIONS
    assert set(PHASES) > DECISIONS


def test_the_thresholds_prior_is_the_rulings_and_sums_to_one() -> None:
    """ruling: P(1) = 0.5, P(2) = 0.3, P(3) = 0.2."""
    assert THRESHOLD_PRIOR == {1: 0.5, 2: 0.3, 3: 0.2}
    assert [(a.to_text(), p) for a, p in THRESHOLD_OUTCOMES] == [
        ("threshold:1", 0.5),
        ("threshold:2", 0.3),
        ("threshold:3", 0.2),
    ]


def test_the_spinner_and_the_starting_seat_are_fair() -> None:
    assert len(FACE_OUTCOMES) == 6 and all(p == 1 / 6 for _, p in FACE_OUTCOMES)
    assert [a.to_text() for a, _ in seat_outcomes(3)] == ["start:0", "start:1", "start:2"]
    assert all(p == pytest.approx(1 / 5) for _, p in seat_outcomes(5))


@pytest.mark.parametrize("eaten", [0, cell(0, 1) | cell(0, 2) | cell(1, 1) | cell(1, 2)])
def test_the_bite_actions_are_the_papers_legal_bites(eaten: int) -> None:
    bites = legal_bites(eaten)
    assert [(a.row, a.col) for a in bite_actions(eaten)] == [(b.row, b.col) for b in bites]
    assert legal_bite_values(eaten) == {b.index for b in bites}


def test_around_lists_every_seat_from_the_first_in_play_order() -> None:
    assert around(2, 4, 1) == (2, 3, 0, 1)
    assert around(2, 4, -1) == (2, 1, 0, 3)
