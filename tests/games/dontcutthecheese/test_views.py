"""What leaves the server: the threshold is in the full position only, never in an
observation, an event or a record view, until its paper snaps (rulings.md section 3: "Players
see the paper and its strength, never T; T is shown when the round ends")."""

from __future__ import annotations

import json

from mousehole.engine import Match, record_view

from .scenes import game, paper, play, position

CUT = """
    #..#########
    #..#########
    ############
    ############
    ############
    """


def test_the_observation_shows_the_paper_and_its_strength_but_not_the_threshold() -> None:
    state = position(phase="bite", bites_left=1, paper=paper(CUT), paper_bites=1, threshold=3)
    for viewer in (None, 0, 1, 2):
        seen = state.observation(viewer)
        assert "threshold" not in seen and seen["strength"] == 3 and seen["viewer"] == viewer
        assert seen["last_threshold"] is None
    assert state.to_json()["threshold"] == 3


def test_the_threshold_is_shown_once_its_paper_snaps() -> None:
    state = position(phase="bite", bites_left=1, paper=paper(CUT), paper_bites=1, threshold=3)
    state = play(state, "bite:1,2")
    assert state.observation(1)["last_threshold"] == 3
    snap = state.events[-1]
    assert snap == {
        "type": "snap", "seat": 0, "strength": 2, "last_threshold": 3, "paper_bites": 2,
    }  # fmt: skip
    assert "SNAP" in state.game.describe_event(snap)


def test_a_record_view_hides_every_threshold_outcome() -> None:
    g = game(3)
    match = Match(g, seed=4)
    match.resolve_chance()
    state = match.state
    assert state.to_json()["threshold"] in (1, 2, 3)
    for viewer in (None, 0, 1, 2):
        shown = record_view(g, match.record, viewer)
        assert shown["moves"][-1]["action"] == {"type": "threshold"}
    assert match.record.to_json()["moves"][-1]["action"]["value"] == state.to_json()["threshold"]


def test_the_event_of_a_new_paper_does_not_carry_its_threshold() -> None:
    state = play(game(2).new_initial_state(), "threshold:3")
    assert state.events == [{"type": "paper", "seat": 0, "round": 1}]
    assert "3" not in json.dumps(state.events)
