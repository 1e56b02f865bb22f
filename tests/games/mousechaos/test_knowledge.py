"""What each seat may know (docs/games/mousechaos.md: hidden information is the point of
this game): its own colour card(s), the mice it peeked at (and when), the
public facts; a spectator the public facts only; everything once the game is over.

The proof is byte-level: for every observation of many random games, a twin position that
differs only in what the viewer may not know (every unknown mouse colour and card shuffled
again) gives the viewer exactly the same bytes, and so does the record shown to it. The
conformance suite's per-position `secrets` cannot say "seat 0 may see this, seat 1 may not";
these twins can. Games a seat count: 10 under `make test`, 100 under `make soak`, or
MOUSEHOLE_MOUSECHAOS_GAMES=1000 for more.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from mousehole.engine import record_view
from mousehole.games.mousechaos import MouseChaosState
from mousehole.games.mousechaos.board import COLOURS
from tests.samples import sample

from .knowledge import chaos, random_match, start, twin_record, twin_secrets, twin_state, unknown_to
from .scenes import moving, play, scene

GAMES = int(os.environ.get("MOUSEHOLE_MOUSECHAOS_GAMES", sample("10", "100")))
MOVES = 160
"""Each game is checked for its first MOVES steps (the deal, the draw and about 30 turns),
plus a few whole games below: a whole game is about a thousand steps."""


def _bytes(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def _colour_words(state: MouseChaosState, viewer: int | None) -> dict[str, int]:
    """Return how often each colour's name may appear in the viewer's observation: once per
    mouse and card it knows (the game over: all of them)."""
    mice, slots = unknown_to(state, viewer)
    counts = dict.fromkeys(COLOURS, 0)
    for m, c in enumerate(state.colours):
        if c >= 0 and m not in mice:
            counts[COLOURS[c]] += 1
    for k, c in enumerate(state.cards):
        if c >= 0 and k not in slots:
            counts[COLOURS[c]] += 1
    return counts


def _check_views(state: MouseChaosState, rng: random.Random) -> None:
    for viewer in [None, *range(state.n)]:
        shown = _bytes(state.observation(viewer))
        colours, cards = twin_secrets(state, viewer, rng)
        twin = twin_state(state, colours, cards)
        assert _bytes(twin.observation(viewer)) == shown, (viewer, state.turn)
        counts = _colour_words(state, viewer)
        for name, count in counts.items():
            assert shown.count(f'"{name}"') == count, (viewer, name, state.turn)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_observation_of_many_games_depends_on_what_its_viewer_may_not_know(seats: int) -> None:
    rng = random.Random(seats)
    for seed in range(GAMES):
        match = random_match(seats, seed, MOVES)
        state = start(match)
        for _, action in match.record.moves:
            _check_views(state, rng)
            state = chaos(state.apply(action))
        _check_views(state, rng)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_whole_games_show_no_viewer_a_colour_it_may_not_know(seats: int) -> None:
    rng = random.Random(seats)
    match = random_match(seats, 1000 + seats)
    state = start(match)
    for index, (_, action) in enumerate(match.record.moves):
        if index % 3 == 0:
            _check_views(state, rng)
        state = chaos(state.apply(action))
    assert state.is_terminal()
    _check_views(state, rng)  # over: everything may be shown, and is


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_record_a_seat_is_shown_hides_the_deal_and_the_other_seats_cards(seats: int) -> None:
    rng = random.Random(seats)
    for seed in range(max(4, GAMES // 10)):
        match = random_match(seats, seed, 400)
        state = chaos(match.state)
        if state.is_terminal():
            continue
        for viewer in [None, *range(seats)]:
            colours, cards = twin_secrets(state, viewer, rng)
            twin = twin_record(match.record, colours, cards)
            shown = record_view(match.game, match.record, viewer)
            assert _bytes(record_view(match.game, twin, viewer)) == _bytes(shown)
            deal = [m["action"] for m in shown["moves"] if m["seat"] == "chance"][:20]
            mine = [a for a in deal if a["type"] == "card" and a["colour"] is not None]
            own = [
                k for k in range(4) if viewer is not None and (k % 2 if seats == 2 else k) == viewer
            ]
            assert len(mine) == len(own)  # its own card(s), dealt face up to it alone
            assert all(a["colour"] is None for a in deal if a["type"] == "colour")


def test_the_twin_check_sees_a_leak() -> None:
    """The check can fail: seat 0's own view differs between twins made for a spectator
    (it knows its card and its peeks), and the omniscient position differs too."""
    state = play(
        scene(
            holders={0: (5, 2), **{h: (8, h + 2) for h in range(1, 6)}},
            numbers={0: 1},
            mice={4: (5, 2)},
        ),
        "pick:0",
    )
    rng = random.Random(0)
    differs = 0
    for _ in range(20):
        colours, cards = twin_secrets(state, None, rng)
        twin = twin_state(state, colours, cards)
        differs += _bytes(twin.observation(0)) != _bytes(state.observation(0))
        assert _bytes(twin.observation(None)) == _bytes(state.observation(None))
    assert differs > 0


def test_a_seat_sees_its_own_card_its_peeks_with_their_turn_and_the_public_facts() -> None:
    state = play(
        scene(
            holders={0: (5, 2), **{h: (8, h + 2) for h in range(1, 6)}},
            numbers={0: 1},
            mice={4: (5, 2)},
            turn=5,
        ),
        "pick:0",
    )
    mine = state.observation(0)
    assert mine["you"] == 0 and mine["hands"][0] == {"owner": 0, "colour": "red"}
    assert [h["colour"] for h in mine["hands"][1:]] == [None, None, None]
    assert mine["mice"][4]["colour"] == "red" and mine["mice"][4]["peeked"] == 5
    assert sum(m["colour"] is not None for m in mine["mice"]) == 1
    other = state.observation(1)
    assert (
        other["hands"][1] == {"owner": 1, "colour": "blue"} and other["mice"][4]["colour"] is None
    )
    public = state.observation(None)
    assert all(h["colour"] is None for h in public["hands"])
    assert all(m["colour"] is None and m["peeked"] is None for m in public["mice"])
    for key in ("colours", "cards", "peeks"):
        assert key not in mine and key not in public
    assert {"type": "peek", "seat": 0, "mouse": 4} in state.events  # who peeked: public


def test_events_are_the_same_whatever_the_hidden_colours() -> None:
    rng = random.Random(1)
    for seed in range(6):
        match = random_match(3, seed, 300)
        state = start(match)
        for seat, action in match.record.moves:
            nxt = chaos(state.apply(action))
            if seat is not None:
                colours, cards = twin_secrets(state, None, rng)
                twin = twin_state(state, colours, cards)
                assert _bytes(twin.apply(action).events) == _bytes(nxt.events)
            state = nxt


def test_a_spectator_sees_a_cats_capture_and_a_reveal_but_no_peek_colour() -> None:
    state = moving(steps=1, cats={0: (5, 1)}, mice={4: (5, 2)}, chairs={0: ((2, 2), "N")})
    caught = play(state, "cat:0:5,2")
    assert caught.observation(None)["mice"][4]["at"] == "table"
