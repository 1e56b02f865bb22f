"""Twins for the knowledge tests: a position (or record) that differs from another only in
what one viewer may not know."""

from __future__ import annotations

import dataclasses
import random

from mousehole.engine import Match, Move, Moves, Record, State
from mousehole.games.mousechaos import MouseChaosAction, MouseChaosGame, MouseChaosState
from mousehole.games.mousechaos.actions import CARD, COLOUR, make
from mousehole.games.mousechaos.board import COLOURS, MOTHERS, NEST_OF, TABLE
from mousehole.games.mousechaos.deal import slot_owner


def unknown_to(state: MouseChaosState, viewer: int | None) -> tuple[list[int], list[int]]:
    """Return the mice and the card slots whose colour `viewer` may not know."""
    if state.phase == "over":
        return [], []
    mice = [
        m
        for m in range(16)
        if not state.revealed[m] and (viewer is None or state.knows[viewer][m] < 0)
    ]
    slots = [
        k
        for k in range(4)
        if not state.shown[k] and (viewer is None or slot_owner(state.n, k) != viewer)
    ]
    return mice, slots


def twin_secrets(
    state: MouseChaosState, viewer: int | None, rng: random.Random
) -> tuple[list[int], list[int]]:
    """Return colours and cards that agree with everything `viewer` knows, shuffled anew
    among the mice (mothers with mothers, babies with babies) and slots it does not know."""
    colours, cards = list(state.colours), list(state.cards)
    mice, slots = unknown_to(state, viewer)
    for group in ([m for m in mice if m < MOTHERS], [m for m in mice if m >= MOTHERS]):
        dealt = [m for m in group if colours[m] >= 0]
        values = [colours[m] for m in dealt]
        rng.shuffle(values)
        for m, c in zip(dealt, values, strict=True):
            colours[m] = c
    dealt_slots = [k for k in slots if cards[k] >= 0]
    values = [cards[k] for k in dealt_slots]
    # a face-up mouse in a nest is of its owner's colour (a wrong one is sent home), which
    # every viewer sees: the twin's cards must agree with it
    while True:
        rng.shuffle(values)
        for k, c in zip(dealt_slots, values, strict=True):
            cards[k] = c
        if all(
            colours[m] in {cards[k] for k in range(4) if slot_owner(state.n, k) == owner}
            for m, owner in face_up_in_nests(state)
        ):
            return colours, cards


def face_up_in_nests(state: MouseChaosState) -> list[tuple[int, int]]:
    """Return (mouse, the owner of its nest) for every face-up mouse in a nest."""
    return [
        (m, slot_owner(state.n, NEST_OF[at]))
        for m, at in enumerate(state.mice)
        if state.revealed[m] and at != TABLE and NEST_OF[at] >= 0
    ]


def twin_state(state: MouseChaosState, colours: list[int], cards: list[int]) -> MouseChaosState:
    """Return `state` with other colours and cards (every other field equal)."""
    data = state.to_json()
    data["colours"] = [COLOURS[c] if c >= 0 else None for c in colours]
    data["cards"] = [COLOURS[c] if c >= 0 else None for c in cards]
    twin = state.game.state_from_json(data)
    assert isinstance(twin, MouseChaosState)
    return twin


def twin_record(record: Record, colours: list[int], cards: list[int]) -> Record:
    """Return `record` with its face-down deal replaced by `colours` and `cards`."""
    moves = Moves()
    for seat, action in record.moves:
        assert isinstance(action, MouseChaosAction)
        if action.kind == COLOUR:
            action = make(COLOUR, action.a, colours[action.a])
        elif action.kind == CARD:
            action = make(CARD, action.a, cards[action.a])
        moves.append(Move(seat, action))
    return dataclasses.replace(record, moves=moves)


def chaos(state: State) -> MouseChaosState:
    """Return `state` as a Mouse Chaos state (what every state of these games is)."""
    assert isinstance(state, MouseChaosState)
    return state


def start(match: Match) -> MouseChaosState:
    """Return the match's first position."""
    return chaos(match.game.new_initial_state())


def random_match(seats: int, seed: int, moves: int | None = None) -> Match:
    """Return a seeded match of random legal actions, played to the end or `moves` long."""
    rng = random.Random(seed)
    match = Match(MouseChaosGame(seats=seats), seed=seed)
    while not match.state.is_terminal() and (moves is None or len(match.record.moves) < moves):
        if match.state.is_chance_node():
            match.sample_chance()
        else:
            actions = match.state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])
    return match
