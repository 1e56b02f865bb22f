"""What a seat sees of a Mouse Chaos position and of each action (observer.py; architecture
habit 14): the public facts, its own card(s), the mice it peeked at with the turn; a
spectator the public facts only; a dealt colour nobody, a dealt card only its holder."""

from __future__ import annotations

from mousehole.games.mousechaos.actions import parse_text
from mousehole.games.mousechaos.observer import action_view, colour_json, observation

from .scenes import scene


def test_a_seat_sees_its_own_card_and_no_other_unshown_one() -> None:
    state = scene(4)
    hands = observation(state, 1)["hands"]
    assert [hand["owner"] for hand in hands] == [0, 1, 2, 3]
    assert [hand["colour"] for hand in hands] == [None, "blue", None, None]
    assert all(hand["colour"] is None for hand in observation(state, None)["hands"])


def test_a_shown_card_and_a_revealed_mouse_are_everyones() -> None:
    state = scene(4, shown=[False, False, True, False], mice={5: (1, 1)}, revealed=[5])
    for viewer in (None, 0, 3):
        seen = observation(state, viewer)
        assert seen["hands"][2]["colour"] == "green"
        assert seen["mice"][5]["colour"] == "red"
        assert seen["mice"][6]["colour"] is None
        assert seen["you"] == viewer


def test_a_peek_shows_its_mouse_and_turn_to_the_peeker_only() -> None:
    peeks: list[list[list[int]]] = [[], [], [[9, 1]], []]
    state = scene(4, peeks=peeks)
    mine = observation(state, 2)["mice"][9]
    assert (mine["colour"], mine["peeked"]) == ("blue", 1)
    theirs = observation(state, 0)["mice"][9]
    assert (theirs["colour"], theirs["peeked"]) == (None, None)


def test_the_three_seat_phantom_owns_slot_three_and_nobody_sees_its_card() -> None:
    state = scene(3)
    hands = [observation(state, seat)["hands"][3] for seat in (0, 1, 2)]
    assert all(hand == {"owner": None, "colour": None} for hand in hands)


def test_a_dealt_colour_is_nobodys_and_a_dealt_card_only_its_holders() -> None:
    state = scene(4)
    colour = parse_text("colour:5:red")
    assert all(
        action_view(state, colour, v) == {"type": "colour", "mouse": 5, "colour": None}
        for v in (None, 0, 1, 2, 3)
    )
    card = parse_text("card:2:blue")
    assert action_view(state, card, 2) == card.to_json()
    assert action_view(state, card, 1) == {"type": "card", "slot": 2, "colour": None}
    assert action_view(state, card, None) == {"type": "card", "slot": 2, "colour": None}
    pick = parse_text("pick:3")
    assert action_view(state, pick, None) == pick.to_json()


def test_colours_are_named_and_an_undealt_one_is_null() -> None:
    assert [colour_json(c) for c in (-1, 0, 3)] == [None, "red", "yellow"]
