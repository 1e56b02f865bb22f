"""The web app skeleton: home page, games API, health check, static files and 404s."""

from __future__ import annotations

import html
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mousehole.games import GAMES, MANIFESTS, GameManifest, Page
from mousehole.server import create_app
from mousehole.server.http import catalogue
from mousehole.server.http.catalogue import COMING_SOON, PlannedGame
from mousehole.server.http.pages import WEB_DIR


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "db" / "mousehole.sqlite3")))


PAGE_GAMES = [m for m in MANIFESTS if m.page is not None]
"""The registered games with a browser page (the home card's Play button, /play/<name>)."""
PAGE = PAGE_GAMES[0].name
FOLDER = PAGE_GAMES[0].page.folder if PAGE_GAMES[0].page else PAGE
"""A game page and its web folder, for the tests of what every page and module gets."""


@dataclass(frozen=True)
class FakeGame:
    """Stands in for a game's manifest: the catalogue reads only these attributes."""

    name: str
    title: str
    blurb: str
    min_seats: int = 2
    max_seats: int = 4
    page: Page | None = None


@pytest.mark.parametrize("entry", PAGE_GAMES, ids=lambda m: m.name)
def test_home_page_lists_each_game_with_a_page_with_its_seats_and_a_play_button(
    client: TestClient, entry: GameManifest
) -> None:
    response = client.get("/")

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    name, text = entry.name, response.text
    assert html.escape(entry.title) in text
    assert f"{entry.min_seats}–{entry.max_seats} players" in text
    assert f'href="/play/{name}?new=1" data-testid="play-{name}"' in text
    assert f'data-continue="{name}"' in text  # shown by script for a saved match
    assert entry.page is not None
    for route, _label in entry.page.extras:  # the manifest's extra pages, linked from the card
        assert f'href="/{route}/{name}"' in text
    assert f"mousehole simulate {name}" not in text


def test_there_are_games_with_pages_and_extra_pages_on_the_home_page() -> None:
    assert PAGE_GAMES and any(entry.page and entry.page.extras for entry in PAGE_GAMES)


def test_home_page_shows_every_game_registered_or_coming_soon(client: TestClient) -> None:
    text = client.get("/").text

    for entry in MANIFESTS:
        assert html.escape(entry.title) in text
    for planned in COMING_SOON:
        assert html.escape(planned.title) in text
    # the heading and each planned game; no shelf at all once every planned game is registered
    assert text.count("Coming soon") == (1 + len(COMING_SOON) if COMING_SOON else 0)


def test_home_page_offers_a_play_button_for_a_browser_ready_game(tmp_path: Path) -> None:
    games = {"cheddar": FakeGame("cheddar", "Cheddar Chase", "Run.", 1, 1, Page("cheddar"))}
    text = TestClient(create_app(str(tmp_path / "db.sqlite3"), games=games)).get("/").text

    assert 'href="/play/cheddar"' in text
    assert "1 player" in text
    assert "mousehole simulate cheddar" not in text


def test_home_page_escapes_what_the_registry_says(tmp_path: Path) -> None:
    games = {"x": FakeGame("x", "<script>alert(1)</script>", "Tom & Jerry")}
    text = TestClient(create_app(str(tmp_path / "db.sqlite3"), games=games)).get("/").text

    assert "<script>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "Tom &amp; Jerry" in text


def test_a_planned_game_that_gets_registered_is_no_longer_coming_soon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    planned = (PlannedGame("cheddar", "Cheddar Chase"), PlannedGame("brie", "Brie Run"))
    monkeypatch.setattr(catalogue, "COMING_SOON", planned)
    games = {"cheddar": FakeGame("cheddar", "Cheddar Chase", "Chase.")}
    text = TestClient(create_app(str(tmp_path / "db.sqlite3"), games=games)).get("/").text

    assert text.count("Cheddar Chase") == 1
    assert "Brie Run" in text
    assert text.count("Coming soon") == 1 + 1  # the heading and the other one's badge


def test_api_games_returns_every_registered_game_with_its_fields(client: TestClient) -> None:
    response = client.get("/api/games")

    assert response.status_code == 200
    games = response.json()
    assert [game["name"] for game in games] == list(GAMES)
    first = games[0]
    manifest = MANIFESTS[0]
    assert first == {
        "name": manifest.name,
        "title": manifest.title,
        "summary": manifest.blurb,
        "min_seats": manifest.min_seats,
        "max_seats": manifest.max_seats,
        "browser_ready": manifest.page is not None,
    }
    assert [game["title"] for game in games] == [m.title for m in MANIFESTS]


def test_healthz_reports_the_sqlite_path_and_the_file_exists(tmp_path: Path) -> None:
    db_path = tmp_path / "nested" / "folder" / "mousehole.sqlite3"
    response = TestClient(create_app(str(db_path))).get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "storage": f"sqlite:{db_path}"}
    assert db_path.is_file()


def test_an_unknown_page_gets_an_html_404_that_links_home(client: TestClient) -> None:
    response = client.get("/no/such/<page>")

    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "Page not found" in response.text
    assert "/no/such/&lt;page&gt;" in response.text
    assert 'href="/"' in response.text


def test_an_unknown_api_path_gets_a_json_not_found_error(client: TestClient) -> None:
    response = client.get("/api/nope")

    assert response.status_code == 404
    assert response.json() == {
        "error": {"code": "not_found", "message": "no API endpoint at /api/nope"}
    }


def test_a_wrong_method_on_the_api_gets_a_json_error_naming_it(client: TestClient) -> None:
    response = client.post("/api/games")

    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert "POST" in response.json()["error"]["message"]


def test_the_stylesheet_and_icon_are_served_from_static(client: TestClient) -> None:
    css = client.get("/static/index.css")
    icon = client.get("/static/favicon.svg")

    assert css.status_code == 200
    assert css.headers["content-type"].startswith("text/css")
    assert icon.status_code == 200
    assert "prefers-reduced-motion" in css.text


def test_favicon_ico_answers_with_the_site_icon_as_svg(client: TestClient) -> None:
    """A browser asks for /favicon.ico on any page without an icon link (/api/games, /healthz):
    it gets the site's icon rather than a 404 in its console."""
    response = client.get("/favicon.ico")
    head = client.head("/favicon.ico")

    assert response.status_code == 200 and head.status_code == 200
    assert response.headers["content-type"] == "image/svg+xml"
    assert response.content == (WEB_DIR / "favicon.svg").read_bytes()
    assert response.content == client.get("/static/favicon.svg").content


def test_a_missing_static_file_is_a_404_page(client: TestClient) -> None:
    response = client.get("/static/nope.css")

    assert response.status_code == 404
    assert "Page not found" in response.text


def test_a_games_page_folder_is_served_from_its_package(client: TestClient) -> None:
    """/static/<folder>/ is the `web/` inside the game's package: its files, and nothing else
    of the package (not its Python source), nor the folder itself."""
    page = next(m.page for m in MANIFESTS if m.page is not None)
    module = client.get(f"/static/{page.folder}/main.js")

    assert module.status_code == 200
    assert module.content == (page.directory / "main.js").read_bytes()
    assert not (WEB_DIR / page.folder).exists()
    for path in (
        f"/static/{page.folder}",
        f"/static/{page.folder}/",
        f"/static/{page.folder}/../manifest.py",
        f"/static/{page.folder}/%2E%2E/manifest.py",
        f"/static/{page.folder}/..%2Fmanifest.py",
        f"/static/{page.folder}/nope.js",
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "Page not found" in response.text, path


@pytest.mark.parametrize(
    "path", ["/", "/api/games", "/healthz", f"/play/{PAGE}", "/static/index.css", "/nope"]
)
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    response = client.get(path)
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-eval" not in csp and "connect-src 'self'" in csp
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "same-origin"
    assert response.headers["x-frame-options"] == "DENY"


def test_healthz_says_failing_while_commits_fail_and_ok_once_they_succeed(
    tmp_path: Path,
) -> None:
    db_path = tmp_path / "db.sqlite3"
    app = create_app(str(db_path))
    setup = {"game": MANIFESTS[0].name, "options": {"seats": 2}, "seats": [{"kind": "human"}] * 2}
    with TestClient(app) as client:
        app.state.store._db.execute("PRAGMA busy_timeout=50")  # fail fast, not in 5 s
        other = sqlite3.connect(db_path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # another process holds the file: no commit can land
        try:
            assert client.post("/api/rooms", json=setup).status_code == 503
            health = client.get("/healthz")
            assert health.status_code == 503
            assert health.json()["status"] == "failing"
            assert "database is locked" in health.json()["error"]
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert client.post("/api/rooms", json=setup).status_code == 201
        assert client.get("/healthz").json()["status"] == "ok"


@pytest.mark.parametrize(
    ("path", "cache"),
    [
        (f"/static/{FOLDER}/main.js", "no-cache"),
        ("/static/index.css", "no-cache"),
        (f"/play/{PAGE}", "no-cache"),
        ("/", "no-cache"),
        ("/api/games", "no-cache"),
        ("/static/fonts/kalam-latin-700-normal.woff2", "public, max-age=31536000, immutable"),
    ],
)
def test_modules_and_pages_are_revalidated_and_fonts_kept(
    client: TestClient, path: str, cache: str
) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["cache-control"] == cache


def test_an_unchanged_module_is_answered_304_when_revalidated(client: TestClient) -> None:
    first = client.get(f"/static/{FOLDER}/main.js")
    again = client.get(
        f"/static/{FOLDER}/main.js", headers={"If-None-Match": first.headers["etag"]}
    )
    assert again.status_code == 304 and again.content == b""
    assert again.headers["cache-control"] == "no-cache"
