"""What the biter's page is told about each legal bite (`State.legal_json`, a snapshot's
`legal`): the rules compute the strength the paper has after it, so that the page can show
Max's mouth with that strength and never works out the rules itself (docs/web.md)."""

from __future__ import annotations

import random

from mousehole.engine import Match
from mousehole.games.dontcutthecheese.bots import BOTS

from .scenes import CheeseGame, paper, play, position

CUT = """
    #..#########
    #..#########
    ############
    ############
    ############
    """


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
