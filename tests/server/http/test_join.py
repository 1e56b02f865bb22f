"""The invitation page of an online room (server/http/join.py, GET /join/{code}): the code
shown as typed and escaped, the "Have a code?" form it shares with the home page, and the
route serving it in the reader's language with each game's name for shared/join.js."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

from starlette.testclient import TestClient

from mousehole.server.http import i18n
from mousehole.server.http.app import create_app
from mousehole.server.http.i18n import Words
from mousehole.server.http.join import code_form, join_page
from tests.server.http.markup import HOSTILE, parsed


def test_the_invitation_page_shows_the_code_as_typed_and_escaped() -> None:
    html = join_page("k7qm-4x")
    hostile = join_page(HOSTILE)

    assert 'data-code="k7qm-4x"' in html and "<title>Join room k7qm-4x — Mousehole</title>" in html
    assert "<script>alert" not in hostile
    assert 'data-code="&lt;script&gt;' in hostile
    assert [h.split()[:2] for h in parsed(html).h1] == [["Join", "room"]]


def test_the_code_form_has_its_own_ids_where_it_is_placed() -> None:
    home, invitation = code_form("home"), code_form("join")
    assert 'id="code-input-home"' in home and 'aria-describedby="code-error-home"' in home
    assert 'id="code-error-home"' in home and 'for="code-input-home"' in home
    assert "code-input-home" not in invitation and 'id="code-input-join"' in invitation
    assert 'data-testid="code-form"' in home and 'data-testid="code-submit"' in home
    assert code_form("join") in join_page("K7QM4X"), "the invitation offers another code"


def test_the_route_serves_the_page_in_the_readers_language_with_each_games_name(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(str(tmp_path / "rooms.sqlite3"))) as client:
        german = client.get("/join/k7qm-4x", headers={"Accept-Language": "de-DE,de;q=0.9"})
        english = client.get("/join/k7qm-4x", headers={"Accept-Language": "en"})
    assert german.status_code == english.status_code == 200
    assert german.headers["content-language"] == "de"
    assert english.headers["content-language"] == "en"
    assert 'data-code="k7qm-4x"' in german.text
    titles = json.loads(unescape(re.search(r'data-titles="([^"]*)"', german.text)[1]))
    every = Words("de", i18n.domains())
    assert titles == {
        domain: every(f"games.{domain}.title")
        for domain in i18n.domains()
        if every.has(f"games.{domain}.title")
    }
    assert titles, "the games' names come from the catalogues"
