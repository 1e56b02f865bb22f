"""Mouse Chaos positions and events as JSON (codec.py): the omniscient position reads back to
the same state, its secrets are exactly what the public facts leave out, a bad field is named,
and compact events get named fields."""

from __future__ import annotations

import pytest

from mousehole.engine import InvalidStateError
from mousehole.games.mousechaos import MouseChaosState
from mousehole.games.mousechaos.codec import event_to_json, state_from_json, state_to_json
from mousehole.games.mousechaos.observer import public_json

from .scenes import midgame, scene


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_position_reads_back_to_the_same_state(seats: int) -> None:
    state = midgame(seats)
    assert isinstance(state, MouseChaosState)
    again = state_from_json(state.game, state_to_json(state))
    assert again.key() == state.key()
    assert state_to_json(again) == state_to_json(state)


def test_the_secrets_are_the_colours_the_cards_and_the_peeks() -> None:
    state = scene(4, peeks=[[], [[5, 1]], [], []])
    data = state_to_json(state)
    assert set(data) - set(public_json(state)) == {"colours", "cards", "peeks"}
    assert data["colours"][:4] == ["red", "blue", "green", "yellow"]
    assert data["peeks"] == [[], [[5, 1]], [], []]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"colours": ["pink"] + ["red"] * 15}, "colours[0]"),
        ({"cards": ["red", "blue"]}, "cards"),
        ({"seats": 5}, "seats"),
        ({"phase": "lunch"}, "phase"),
    ],
)
def test_a_bad_field_is_refused_by_name(change: dict[str, object], field: str) -> None:
    state = scene(4)
    with pytest.raises(InvalidStateError) as caught:
        state_from_json(state.game, {**state_to_json(state), **change})
    assert caught.value.field == field


def test_events_get_named_fields() -> None:
    assert event_to_json(("caught", 1, 5, 2)) == {
        "type": "caught",
        "seat": 1,
        "mouse": 5,
        "cat": 2,
    }
    assert event_to_json(("chair", 0, 3, 45, 4)) == {
        "type": "chair",
        "seat": 0,
        "chair": 3,
        "to": [4, 5],
        "pose": "L",
    }
    # The phantom (-1) is nobody: null.
    assert event_to_json(("complete", 2, 3, -1)) == {
        "type": "complete",
        "seat": 2,
        "nest": 3,
        "owner": None,
    }
    assert event_to_json(("end", -1, "phantom", ())) == {
        "type": "end",
        "seat": None,
        "reason": "phantom",
        "winners": [],
    }
