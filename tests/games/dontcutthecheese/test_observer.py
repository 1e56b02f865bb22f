"""What a seat sees of Don't Cut the Cheese (observer.py).

What leaves the server: the threshold is in the full position only, never in an observation,
an event or a record view, until its paper snaps (docs/games/dontcutthecheese.md: players see
the paper and its strength, never the threshold; it is shown when the round ends).

What the biter's page is told about each legal bite (`State.legal_json`, a snapshot's
`legal`): the rules compute the strength the paper has after it, so that the page can show
Max's mouth with that strength and never works out the rules itself (docs/web.md)."""

from __future__ import annotations

import json
import random

from mousehole.engine import Match, record_view
from mousehole.games.dontcutthecheese.bots import BOTS

from .scenes import CheeseGame, game, paper, play, position

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


# -- each legal bite's preview ------------------------------------------------------------


def test_every_legal_bite_carries_what_it_eats_and_the_strength_after_it() -> None:
    state = position(phase="bite", bites_left=2, paper=paper(CUT), paper_bites=1, threshold=1)
    shown = state.legal_json()
    assert [{"type": a["type"], "row": a["row"], "col": a["col"]} for a in shown] == [
        a.to_json() for a in state.legal_actions()
    ]
    below = next(a for a in shown if (a["row"], a["col"]) == (2, 1))
    # the paper's columns 1 and 2 gone down to row 3: only row 4 still joins the pegs
    assert below == {"type": "bite", "row": 2, "col": 1, "cells": 4, "strength": 1, "falls": 0}
    beside = next(a for a in shown if (a["row"], a["col"]) == (0, 2))
    assert beside["cells"] == 2 and beside["strength"] == 3


def test_the_preview_counts_the_scrap_that_falls_away() -> None:
    hole = """
        ############
        ############
        ###..#######
        ##...#######
        ##..########
        """
    state = position(phase="bite", bites_left=1, paper=paper(hole), paper_bites=2, threshold=1)
    cut = next(a for a in state.legal_json() if (a["row"], a["col"]) == (3, 5))
    # the cell at row 4, column 4 is left joined to nothing: it falls with the bite
    assert (cut["cells"], cut["falls"], cut["strength"]) == (4, 1, 2)
    after = play(state, "bite:3,5")
    assert after.events[0]["strength"] == 2
    assert after.events[1] == {"type": "fell", "seat": 0, "cells": 1}


def test_the_preview_is_the_strength_the_bite_really_leaves_in_played_games() -> None:
    """Along games of the computer players, each legal bite's preview agrees with the paper
    the rules leave after it (its strength, and the cells that fell)."""
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        match = Match(CheeseGame(seats=3), seed=seed)
        players = {s: BOTS["easy"](seed * 10 + s) for s in range(3)}
        while not match.state.is_terminal() and checked < 400:
            state = match.state
            if state.current_player() >= 0 and state.legal_actions()[0].to_json()["type"] == "bite":
                shown = state.legal_json()
                for entry in rng.sample(shown, min(4, len(shown))):
                    child = play(state, f"bite:{entry['row']},{entry['col']}")
                    bite = child.events[0]
                    fell = [e["cells"] for e in child.events if e["type"] == "fell"]
                    assert bite["strength"] == entry["strength"]
                    assert bite["cells"] == entry["cells"]
                    assert (fell[0] if fell else 0) == entry["falls"]
                    checked += 1
            if state.is_chance_node():
                match.sample_chance()
            else:
                match.apply(players[state.current_player()].choose(state))
    assert checked >= 100


def test_outside_a_bite_the_legal_actions_are_sent_as_they_are() -> None:
    state = position()
    assert state.legal_json() == [{"type": "spin"}]
    assert play(state, "spin").legal_json() == []
