"""Room codes, private room ids and invitation links (server/rooms/codes.py): codes read aloud
without 0/O or 1/I/L, private ids of another shape, so the two never collide."""

from __future__ import annotations

import pytest

from mousehole.server.rooms.codes import (
    CODE_ALPHABET,
    CODE_LENGTH,
    is_code,
    is_room_id,
    join_link,
    new_code,
    new_private_id,
)


def test_a_new_code_is_six_letters_people_cannot_misread() -> None:
    assert not set("0O1IL") & set(CODE_ALPHABET)
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200, "codes are random"
    for code in codes:
        assert len(code) == CODE_LENGTH == 6 and set(code) <= set(CODE_ALPHABET)
        assert is_code(code) and is_room_id(code)


def test_a_private_id_is_sixteen_hex_digits_and_never_a_code() -> None:
    for _ in range(50):
        room_id = new_private_id()
        assert len(room_id) == 16 and set(room_id) <= set("0123456789abcdef")
        assert is_room_id(room_id) and not is_code(room_id)


@pytest.mark.parametrize(
    "text",
    ["K7QM4", "K7QM4XY", "k7qm4x", "K7QM0X", "K7QMIX", "0123456789abcdeF", "0123456789abcdeg", ""],
)
def test_text_of_neither_shape_is_no_room_id(text: str) -> None:
    assert not is_code(text)
    assert not is_room_id(text)


def test_the_invitation_link_is_the_join_page_of_the_code() -> None:
    assert join_link("K7QM4X") == "/join/K7QM4X"
