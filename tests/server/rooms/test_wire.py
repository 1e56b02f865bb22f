"""What the server reads from and writes to the wire (server/rooms/wire.py): the scan that
bounds JSON before it is parsed, numbers held only when orjson can write them again, a
WebSocket message read as a JSON object or refused by name, compact messages, and HTTP errors
in the API's shape. The real server's answers are in test_wire_live.py and
tests/server/live/test_names_live.py."""

from __future__ import annotations

import json

import orjson
import pytest

from mousehole.server.rooms.table import RoomError
from mousehole.server.rooms.wire import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_MESSAGE,
    encode,
    error_response,
    parse,
    read_message,
    shape_problem,
    too_many,
)


def test_digits_and_brackets_inside_strings_do_not_count_toward_the_limits() -> None:
    text = json.dumps({"id": "9" * 500 + "[" * 500 + '\\"{' * 100, "n": [[1]]})
    assert shape_problem(text) is None
    assert shape_problem('"unterminated ' + "[" * 500) is None  # the parser says "not JSON"


def test_the_limits_are_exact() -> None:
    assert shape_problem("[" * MAX_DEPTH + "]" * MAX_DEPTH) is None
    deeper = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    assert shape_problem(deeper) == f"arrays and objects nest more than {MAX_DEPTH} deep"
    assert shape_problem("[" + "1" * MAX_DIGITS + "]") is None
    longer = "[-0." + "1" * (MAX_DIGITS + 1) + "]"
    assert shape_problem(longer) == f"a number has more than {MAX_DIGITS} digits"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[-9223372036854775809]", "the integer -9223372036854775809 does not fit in 64 bits"),
        ("[1e999]", "the number 1e999 is too large for a double"),
        ("[-4.5e400]", "the number -4.5e400 is too large for a double"),
    ],
)
def test_a_number_beyond_64_bits_or_a_double_is_refused_by_name(text: str, problem: str) -> None:
    """What the wire accepts, orjson can encode again (a relayed message crosses the bus
    between instances as JSON: an integer over 64 bits once broke a relaying instance)."""
    with pytest.raises(RoomError) as refused:
        parse(text, "the message", refusal="bad_message")
    assert refused.value.code == "bad_message"
    assert str(refused.value.message) == f"the message is refused: {problem}"
    for fits in ("[-9223372036854775808]", "[9999999999999999999]", "[1.7e308]", "[5e-400]"):
        value = parse(fits, "the message", refusal="bad_message")
        assert orjson.loads(orjson.dumps(value)) == value


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("[1, 2]", "bad_message", "a message is a JSON object with a 'type'"),
        ('{"type": NaN}', "bad_json", "the message is not JSON (NaN is not JSON)"),
        ("{'type': 1}", "bad_json", "the message is not JSON (Expecting property name"),
        ('{"type": "act", "x": "\\udc00"}', "bad_message", "a lone surrogate (U+DC00 at x)"),
        ('{"type": "act", "id": 7}', "bad_message", "id: a string of at most"),
        ('{"type": "act", "id": "' + "i" * 500 + '"}', "bad_message", "id: a string of at most"),
        (
            '{"t": "' + "x" * MAX_MESSAGE + '"}',
            "too_large",
            f"messages are limited to {MAX_MESSAGE}",
        ),
    ],
    ids=["a-list", "nan", "single-quotes", "lone-surrogate", "number-id", "long-id", "too-large"],
)
def test_a_message_that_is_no_command_is_refused_by_name(
    text: str, code: str, message: str
) -> None:
    with pytest.raises(RoomError) as refused:
        read_message(text)
    assert refused.value.code == code
    assert refused.value.message.startswith(message)


def test_a_message_counts_its_bytes_not_its_characters() -> None:
    fits = '{"t":"' + "x" * (MAX_MESSAGE - 8) + '"}'
    assert len(fits) == MAX_MESSAGE and read_message(fits)["t"].startswith("x")
    wide = '{"t":"' + "é" * (MAX_MESSAGE // 2) + '"}'  # fewer characters, twice the bytes
    assert len(wide) < MAX_MESSAGE
    with pytest.raises(RoomError, match="messages are limited"):
        read_message(wide)


def test_a_command_is_read_with_its_unicode_and_a_surrogate_pair_is_one_character() -> None:
    text = r'{"type": "act", "id": "a1", "name": "Zo\u00eb \ud83d\udc2d"}'
    assert read_message(text) == {"type": "act", "id": "a1", "name": "Zoë 🐭"}


def test_messages_are_written_compact_with_number_keys_as_text() -> None:
    message = {"type": "update", "seats": {0: "Ann"}, "n": [1, None, True]}
    text = encode(message)
    assert text == '{"type":"update","seats":{"0":"Ann"},"n":[1,null,true]}'
    assert json.loads(text) == {"type": "update", "seats": {"0": "Ann"}, "n": [1, None, True]}


def test_an_http_error_has_the_apis_shape_and_quotes_no_lone_surrogate() -> None:
    response = error_response(400, "bad_request", "name: 'A\ud800' is refused")
    assert response.status_code == 400
    assert json.loads(response.body) == {
        "error": {"code": "bad_request", "message": "name: 'A\ufffd' is refused"}
    }
    limited = too_many("too_many_rooms", "new rooms", "30 rooms per 600 s", 12)
    assert limited.status_code == 429 and limited.headers["retry-after"] == "12"
    assert json.loads(limited.body)["error"] == {
        "code": "too_many_rooms",
        "message": "too many new rooms from this address (30 rooms per 600 s): wait 12 s",
    }
