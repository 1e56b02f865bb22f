"""The room endpoints' shared answer to a room that cannot be had (http/api.py)."""

from __future__ import annotations

import json

import pytest

from mousehole.server.http.api import room_not_found
from mousehole.server.rooms.table import RoomError


@pytest.mark.parametrize(
    ("code", "status"),
    [("no_room", 404), ("too_many_attempts", 429), ("storage_failed", 503), ("bad_code", 400)],
)
def test_a_room_not_found_answers_with_the_status_of_its_reason(code: str, status: int) -> None:
    response = room_not_found(RoomError(code, f"because {code}"))
    assert response.status_code == status
    assert json.loads(response.body) == {"error": {"code": code, "message": f"because {code}"}}
    assert "retry-after" not in response.headers


def test_a_room_not_found_says_when_to_try_again_when_given_the_wait() -> None:
    error = RoomError("too_many_attempts", "too many unknown room codes: wait 42 s")
    response = room_not_found(error, 42)
    assert response.status_code == 429
    assert response.headers["retry-after"] == "42"
