"""Mouse Trap invariants over random valid positions and random continuations (hypothesis).

Each example loads a random valid position with `state_from_json` and plays a few steps, each
chosen by hypothesis among the legal actions or chance outcomes. The invariants are the ones
docs/games/mousetrap.md lists "for tests": cheese is conserved at 52, components only increase
and never exceed 23; plus the engine contract (habit 7): decision nodes have legal actions,
chance outcomes sum to 1, JSON round trips give an equal state.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import mousehole
from mousehole import CHANCE, TERMINAL, Action, State

GAMES = {n: mousehole.load_game("mousetrap", seats=n, start_seat=0) for n in (2, 3, 4)}
PHASES = {"start", "roll", "move", "split", "trap", "push", "crank", "over"}
EXAMPLES = settings(max_examples=200, deadline=None)

# Spaces worth landing near: the loop, Take 3 (37), Lose 3 (39) and a few redirects.
_SPACES = st.one_of(
    st.integers(0, 49), st.integers(43, 49), st.sampled_from([4, 9, 25, 28, 34, 36, 38])
)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """Return the JSON of a valid position: at least two free mice, 52 cheese in all.

    Some positions tie every rival on a small pile with an almost empty supply (to reach split
    decisions) or start a trap phase with rivals on Cheese Wheel (to reach cranks and captures).
    """
    seats = draw(st.integers(2, 4))
    captured = draw(st.sets(st.integers(0, seats - 1), max_size=seats - 2))
    free = [s for s in range(seats) if s not in captured]
    current = draw(st.sampled_from(free))
    rivals = [s for s in free if s != current]
    at = draw(st.lists(_SPACES, min_size=seats, max_size=seats))
    if draw(st.booleans()):  # one roll away from Take 2, Take 1, Take 3 or Cheese Wheel
        at[current] = draw(st.sampled_from([0, 1, 4, 5, 6, 31, 32, 33, 34, 35, 36, 43, 46, 47]))
    components = draw(st.one_of(st.integers(0, 23), st.sampled_from([21, 22, 23])))
    cheese = [0] * seats
    if len(rivals) >= 2 and draw(st.booleans()):  # tied rivals, little or no supply
        pile = draw(st.integers(0, 5))
        supply = draw(st.integers(0, 3))
        for seat in rivals:
            cheese[seat] = pile
        cheese[current] = 52 - supply - pile * len(rivals)
    else:  # cut the cheese between the supply and the free mice at random
        supply = draw(st.one_of(st.integers(0, 52), st.integers(0, 3)))
        cuts = sorted(
            draw(st.lists(st.integers(0, 52 - supply), min_size=len(free), max_size=len(free)))
        )[1:]
        piles = [b - a for a, b in zip([0, *cuts], [*cuts, 52 - supply], strict=True)]
        for seat, n in zip(free, piles, strict=True):
            cheese[seat] = n
    top = max(cheese[s] for s in rivals)
    tied = [s for s in rivals if cheese[s] == top] if top else []
    if len(tied) >= 2 and draw(st.booleans()):
        phase = "split"
    else:
        phase = draw(st.sampled_from(["roll", "move", "trap", "crank"]))
    pending: dict[str, Any] | None = None
    if phase == "split":  # a collection waiting for the split among the tied rivals
        amount = draw(st.integers(1, min(3, cheese[tied[0]])))
        pending = {"from": tied, "amount": amount}
    if phase in ("trap", "crank"):  # the machine complete and current on Turn Crank
        at[current] = 46
        components = 23
        for seat in rivals:
            if draw(st.booleans()):
                at[seat] = 49
        if phase == "crank":  # a crank needs an opponent on Cheese Wheel
            at[rivals[0]] = 49
    return {
        "seat_count": seats,
        "current": current,
        "phase": phase,
        "pending": pending,
        "supply": supply,
        "components": components,
        "mice": [
            {"seat": s, "position": at[s], "cheese": cheese[s], "captured": s in captured}
            for s in range(seats)
        ],
    }


def walk(data: st.DataObject) -> list[State]:
    """Return a random valid position followed by up to 12 states of random play from it."""
    position = data.draw(positions(), label="position")
    state: State = GAMES[position["seat_count"]].state_from_json(position)
    states = [state]
    for _ in range(data.draw(st.integers(1, 12), label="steps")):
        if state.is_terminal():
            break
        options: list[Action] = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else list(state.legal_actions())
        )
        action = data.draw(st.sampled_from(options), label="action")
        state = state.apply(action)
        states.append(state)
    return states


def mice(state: State) -> list[dict[str, Any]]:
    return list(state.to_json()["mice"])


@EXAMPLES
@given(st.data())
def test_cheese_is_conserved_at_52(data: st.DataObject) -> None:
    """docs: "Cheese is conserved: supply plus all mice's cheese is always 52.\""""
    for state in walk(data):
        position = state.to_json()
        assert position["supply"] + sum(m["cheese"] for m in position["mice"]) == 52
        assert position["supply"] >= 0
        assert all(m["cheese"] >= 0 for m in position["mice"])


@EXAMPLES
@given(st.data())
def test_components_never_decrease_and_never_exceed_23(data: st.DataObject) -> None:
    """docs: "Components installed only ever increase, in numbered order, from 0 to 23, and
    never exceed 23.\""""
    installed = [state.to_json()["components"] for state in walk(data)]

    assert installed == sorted(installed)
    assert all(0 <= n <= 23 for n in installed)
    assert all(b - a <= 2 for a, b in itertools.pairwise(installed))


@EXAMPLES
@given(st.data())
def test_captured_mice_hold_no_cheese_never_come_back_and_never_act(data: st.DataObject) -> None:
    """spec: "Captured mice cannot move or take further turns."; docs: "It holds no cheese
    (its cheese went to the capturing player).\""""
    states = walk(data)
    for before, after in itertools.pairwise(states):
        was = {m["seat"]: m for m in mice(before) if m["captured"]}
        for mouse in mice(after):
            if mouse["seat"] in was:
                assert mouse == was[mouse["seat"]]  # captured mice never move or come back
    for state in states:
        captured = {m["seat"] for m in mice(state) if m["captured"]}
        assert all(m["cheese"] == 0 for m in mice(state) if m["captured"])
        assert len(captured) < len(mice(state))
        player = state.current_player()
        if player not in (CHANCE, TERMINAL):
            assert player not in captured
            assert player == state.to_json()["current"]
        if not state.is_terminal():
            assert state.to_json()["current"] not in captured


@EXAMPLES
@given(st.data())
def test_positions_stay_on_the_board(data: st.DataObject) -> None:
    """spec: "The indexes below are internal space identifiers: Start is 0 and the repeating
    loop is 44–49"; a mouse in the loop never leaves it."""
    states = walk(data)
    for state in states:
        assert all(0 <= m["position"] <= 49 for m in mice(state))
    for before, after in itertools.pairwise(states):
        for old, new in zip(mice(before), mice(after), strict=True):
            if old["position"] >= 44:
                assert new["position"] >= 44


@EXAMPLES
@given(st.data())
def test_the_json_round_trip_gives_an_equal_state(data: st.DataObject) -> None:
    """habit 7: "JSON round trips"; a position reloads equal and with the same choices."""
    for state in walk(data):
        loaded = state.game.state_from_json(state.to_json())
        assert loaded == state
        assert loaded.to_json() == state.to_json()
        assert list(loaded.legal_actions()) == list(state.legal_actions())


@EXAMPLES
@given(st.data())
def test_every_node_offers_actions_or_outcomes_until_the_end(data: st.DataObject) -> None:
    """habit 7: "legal actions non-empty until the end"; habit 1: a chance node "lists its
    outcomes with probabilities" (they sum to 1)."""
    for state in walk(data):
        player = state.current_player()
        assert state.to_json()["phase"] in PHASES
        if player == TERMINAL:
            assert list(state.legal_actions()) == []
            assert list(state.chance_outcomes()) == []
            assert len(state.winners()) == 1
        elif player == CHANCE:
            outcomes = state.chance_outcomes()
            assert list(state.legal_actions()) == []
            assert outcomes
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert all(p > 0 for _, p in outcomes)
            assert len({a for a, _ in outcomes}) == len(outcomes)
        else:
            actions = list(state.legal_actions())
            assert actions
            assert list(state.chance_outcomes()) == []
            assert len(set(actions)) == len(actions)
            assert state.winners() == []


@EXAMPLES
@given(st.data())
def test_every_action_played_round_trips_through_json_and_text(data: st.DataObject) -> None:
    """habit 5: "Actions are small value objects with a round-trip notation (JSON and a short
    text form)"; every action a position offers reads back equal."""
    for state in walk(data):
        game = state.game
        offered = list(state.legal_actions()) + [a for a, _ in state.chance_outcomes()]
        for action in offered:
            assert game.action_from_json(action.to_json()) == action
            assert game.action_from_text(action.to_text()) == action
