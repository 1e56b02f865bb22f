"""The reader's language over HTTP (server/http/languages.py, pages.py; docs/translating.md):
every page is in its reader's language with the switch, the German platform pages are German,
and the switch remembers the choice and goes back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mousehole.games import REGISTRY, page_directory
from mousehole.server.http.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "mousehole.sqlite3")))


def _converted(folder: str, route: str) -> bool:
    """Whether a game's own page (its rules page, an extra page) is a template of the
    catalogues (it says `{{@switch}}`)."""
    path = page_directory(folder) / f"{route}.html"
    return path.is_file() and "{{@switch}}" in path.read_text(encoding="utf-8")


PAGE_PATHS = (
    "/",
    "/join/K7QM4X",
    "/no/such/page",
    *(f"/{route}/{name}" for name in REGISTRY for route in ("play", "replay")),
    *(
        f"/{route}/{name}"
        for name, game in REGISTRY.items()
        if game.page is not None
        for route in ("rules", *(extra for extra, _ in game.page.extras))
        if _converted(game.page.folder, route)
    ),
)
"""Every page the site serves, but the rules and extra pages of games not converted yet
(English pages with `<html lang="en">`, which they are)."""


def lang_of(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', html)
    assert found, "no <html lang>"
    return found.group(1)


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_every_page_has_its_readers_language_and_the_switch(client: TestClient, path: str) -> None:
    english = client.get(path, headers={"Accept-Language": "en-US,en;q=0.9"})
    german = client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert english.status_code == german.status_code
    assert lang_of(english.text) == "en" and lang_of(german.text) == "de"
    assert german.headers["content-language"] == "de"
    assert "Accept-Language" in german.headers["vary"]
    for page, language in ((english, "en"), (german, "de")):
        assert 'data-testid="lang-switch"' in page.text
        assert (
            f'data-lang-switch="{language}" data-testid="lang-{language}" aria-current="true"'
            in (page.text)
        )
        assert '<meta name="mousehole-messages" content="/messages/' in page.text
    client.cookies.set("lang", "en")
    chosen = client.get(path, headers={"Accept-Language": "de-DE"})
    assert lang_of(chosen.text) == "en", "the cookie wins over Accept-Language"
    client.cookies.clear()


def test_the_german_platform_pages_are_in_german(client: TestClient) -> None:
    client.cookies.set("lang", "de")
    home = client.get("/").text
    assert "Online mit Freunden spielen" in home and "Zu Freunden dazukommen" in home
    assert '<html lang="de">' in home
    missing = client.get("/nowhere")
    assert missing.status_code == 404 and "Seite nicht gefunden" in missing.text
    catalogue_url = re.search(r'<meta name="mousehole-messages" content="([^"]+)">', home)
    assert catalogue_url and catalogue_url.group(1).startswith("/messages/de/shared+")
    served = client.get(catalogue_url.group(1))
    assert served.status_code == 200 and served.json()["lang"] == "de"
    again = client.get(catalogue_url.group(1), headers={"If-None-Match": served.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/messages/xx/shared.json").status_code == 404
    assert client.get("/messages/de/shared+nothing.json").status_code == 404


def test_the_switch_remembers_the_choice_and_goes_back(client: TestClient) -> None:
    answer = client.get(
        "/language/de", params={"back": "/play/cheddar?room=K7QM4X"}, follow_redirects=False
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == "/play/cheddar?room=K7QM4X"
    cookie = answer.headers["set-cookie"]
    assert (
        cookie.startswith("lang=de;") and "Max-Age=31536000" in cookie and "SameSite=lax" in cookie
    )
    assert lang_of(client.get("/", headers={"Accept-Language": "en"}).text) == "de"
    for back in ("https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:x"):
        away = client.get("/language/en", params={"back": back}, follow_redirects=False)
        assert away.headers["location"] == "/", back
    unknown = client.get("/language/xx", follow_redirects=False)
    assert unknown.status_code == 404
