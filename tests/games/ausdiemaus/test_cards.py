"""Aus die Maus! cards as data (cards.py): the decks by seat count, a mouse's paws and the
deal sizes (docs/games/ausdiemaus.md, The cards and the chips; Assumptions the rulings make)."""

from __future__ import annotations

import pytest

from mousehole.games.ausdiemaus.cards import (
    CARD_BY_NAME,
    CARD_NAMES,
    CAT,
    CHEESE,
    DECKS,
    MAX_SEATS,
    MIN_SEATS,
    MOUSE1,
    MOUSE3,
    deal_sizes,
    paws,
)


def test_every_seat_count_has_a_deck_and_small_tables_share_the_red_back_half() -> None:
    assert sorted(DECKS) == list(range(MIN_SEATS, MAX_SEATS + 1)) == [2, 3, 4, 5, 6]
    assert DECKS[2] == DECKS[3]
    assert DECKS[4] == DECKS[5] == DECKS[6]
    assert (DECKS[2].name, DECKS[6].name) == ("red_back", "full")


def test_the_red_back_half_is_half_of_every_kind_and_fewer_chips() -> None:
    full, half = DECKS[4], DECKS[2]
    assert full.size == 90 and half.size == 45
    assert all(f == 2 * h for f, h in zip(full.counts, half.counts, strict=True))
    assert (full.chips, half.chips) == (9, 5)


def test_kinds_and_names_are_each_others_inverse() -> None:
    assert [CARD_BY_NAME[name] for name in CARD_NAMES] == list(range(len(CARD_NAMES)))
    assert CARD_NAMES[CHEESE] == "cheese" and CARD_NAMES[CAT] == "cat"
    assert CARD_NAMES[MOUSE3] == "mouse3"


def test_a_mouse_has_its_number_of_paws_and_other_cards_none() -> None:
    assert [paws(kind) for kind in range(len(CARD_NAMES))] == [0, 0, 1, 2, 3]
    assert paws(MOUSE1) == 1


@pytest.mark.parametrize(
    ("seats", "start", "dealt", "sizes"),
    [
        (3, 0, 44, (15, 15, 14)),
        (3, 2, 44, (15, 14, 15)),
        (4, 1, 89, (22, 23, 22, 22)),
        (2, 1, 44, (22, 22)),
    ],
)
def test_the_deal_gives_the_extra_cards_to_the_starting_seat_and_those_after_it(
    seats: int, start: int, dealt: int, sizes: tuple[int, ...]
) -> None:
    assert deal_sizes(seats, start, dealt) == sizes
    assert sum(sizes) == dealt
