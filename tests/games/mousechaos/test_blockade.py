"""The computer players clear a blockade (issue 25): a rival that only keeps a player's nest
entries shut with chairs, cats and holders. Moving the cat off a chair and then that chair in
the same turn is legal (rulebook: only a chair without a cat moves, and the chair step comes
after the cat's); normal and hard do it. `tests/games/mousechaos/blockade.py` measures hard
against a scripted blockader over whole games."""

from __future__ import annotations

import pytest

from mousehole.games.mousechaos import MouseChaosState
from mousehole.games.mousechaos.bots import BOTS, open_entries

from .scenes import at, moving


def sealed(steps: int) -> MouseChaosState:
    """Two seats, seat 0 (nests 0 and 2) in its piece step with `steps` to move. Every entry
    of its nests is shut: nest 0 by chair 0 (upright on (1,2), its cross support facing the
    nest) and holders 1, 3 and 5; nest 2 by chairs 2 and 3 facing it and holders 2 and 4. A
    cat sits on every chair, so only a cat moved off a chair, then that chair, opens one."""
    return moving(
        2,
        steps=steps,
        chairs={
            0: ((1, 2), "W"),
            1: ((7, 2), "W"),
            2: ((7, 8), "S"),
            3: ((8, 7), "E"),
        },
        cats={0: (1, 2), 1: (7, 8), 2: (8, 7), 3: (7, 2)},
        holders={1: (0, 2), 2: (9, 7), 3: (2, 1), 4: (7, 9), 5: (2, 0)},
    )


def shut(state: MouseChaosState, nest: int) -> bool:
    return open_entries(nest, state.holders, state.cats, state.chairs) == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("steps", [1, 2, 3])
def test_a_level_moves_the_cat_off_a_sealing_chair_then_the_chair(level: str, steps: int) -> None:
    state = sealed(steps)
    assert shut(state, 0) and shut(state, 2)
    player = BOTS[level](steps)
    cat_move = player.choose(state)
    kind, cat, _ = cat_move.to_text().split(":", 2)
    sealing = {0: at(1, 2), 2: at(7, 8), 3: at(8, 7)}  # chair: its square, where a cat sits
    chair = next((c for c, sq in sealing.items() if state.cats[int(cat)] == sq), None)
    assert kind == "cat" and chair is not None, cat_move.to_text()
    state = state.apply(cat_move)
    assert isinstance(state, MouseChaosState) and state.phase == "chair"
    assert state.chair_free(chair)
    chair_move = player.choose(state)
    assert chair_move.to_text().startswith(f"chair:{chair}:"), chair_move.to_text()
    state = state.apply(chair_move)
    assert isinstance(state, MouseChaosState)
    assert not (shut(state, 0) and shut(state, 2)), "the turn opened an entry of a nest"
