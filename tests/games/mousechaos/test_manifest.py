"""Mouse Chaos's manifest (manifest.py): the conformance hooks it declares see a broken
position, a forgotten peek and the secrets, and the phantom's win is nobody's; its levels end
with the expert. Its page wiring: test_page.py."""

from __future__ import annotations

from mousehole.games import REGISTRY
from mousehole.games.mousechaos.manifest import (
    MANIFEST,
    SECRET_KEYS,
    invariants,
    phantom_won,
    secrets,
)

from .scenes import midgame, moving, play, scene


def test_the_registry_holds_this_manifest_with_the_expert_last() -> None:
    assert REGISTRY["mousechaos"] is MANIFEST
    assert MANIFEST.levels[-1] == "expert"
    assert MANIFEST.encoding is not None and MANIFEST.seat_views


def test_a_sound_position_breaks_no_invariant_and_a_forgotten_peek_does() -> None:
    state = scene(4, peeks=[[], [[9, 1]], [], []])
    assert invariants(None, state) == []
    forgot = scene(4)
    assert invariants(state, forgot) == ["seat 1 forgot a peek"]


def test_the_secrets_are_the_colours_and_the_cards_until_the_end() -> None:
    state = midgame(3)
    data = state.to_json()
    assert secrets(state) == [data["colours"], data["cards"]]
    assert set(data) >= SECRET_KEYS
    assert not SECRET_KEYS & set(state.observation(0))


def test_only_the_phantoms_win_is_won_by_nobody() -> None:
    state = scene(3)
    assert not phantom_won(state)
    # Three seats: slot 3 (yellow) is the phantom's; seat 1 moves a fourth yellow mouse into
    # its nest, and the mover turns them over for the phantom.
    mice = {13: (9, 1), 14: (8, 0), 15: (7, 0)}
    won = play(moving(3, steps=1, mice=mice, current=1), "mouse:15:8,1")
    won = play(won, "turn:3", "turn:13", "turn:14", "turn:15")
    assert won.is_terminal() and phantom_won(won) and won.winners() == []
