"""The "How to play" pages: GET /rules/<game> serves rules.html from the web folder the game's
manifest names, and the home card links it. A game gets a rules page by adding that file to its
own folder (docs/rules-pages.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mousehole.games import GAMES, MANIFESTS, REGISTRY, Page
from mousehole.server import create_app
from mousehole.server.http.app import CONTENT_SECURITY_POLICY
from mousehole.server.http.pages import PlayPageError, rules_page

RULES_GAMES = [
    m.name for m in MANIFESTS if m.page is not None and (m.page.directory / "rules.html").is_file()
]
"""The registered games whose page folder has a How to play page (each game's own tests say it
is among them: tests/games/<name>/test_rules_page.py)."""
FOLDER = {m.name: m.page.folder for m in MANIFESTS if m.page is not None}


@dataclass(frozen=True)
class FakeGame:
    """Stands in for a game's manifest: the catalogue reads only these attributes."""

    name: str
    title: str
    blurb: str
    min_seats: int = 2
    max_seats: int = 4
    page: Page | None = None


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "db" / "mousehole.sqlite3")))


@pytest.mark.parametrize("game", RULES_GAMES)
def test_each_game_with_a_rules_file_has_its_page_at_rules_slash_name(
    client: TestClient, game: str
) -> None:
    response = client.get(f"/rules/{game}")

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert f"<h1>How to play {GAMES[game].title}</h1>" in response.text
    assert f'<script type="module" src="/static/{FOLDER[game]}/rules.js"></script>' in response.text


@pytest.mark.parametrize("game", RULES_GAMES)
def test_a_rules_page_obeys_the_content_security_policy(client: TestClient, game: str) -> None:
    text = client.get(f"/rules/{game}").text

    # script-src 'self' and style-src 'self': no inline script, no style element or attribute.
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text)
    assert "<style" not in text
    assert not re.search(r"\sstyle=", text)
    assert not re.search(r"\son[a-z]+=", text)  # no inline event handlers either


@pytest.mark.parametrize("game", RULES_GAMES)
def test_everything_a_rules_page_loads_is_served(client: TestClient, game: str) -> None:
    text = client.get(f"/rules/{game}").text
    assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', text)

    assert f"/static/{FOLDER[game]}/rules.js" in assets
    assert "/static/shared/rules.css" in assets
    for asset in assets:
        assert client.get(asset).status_code == 200, asset


@pytest.mark.parametrize("game", RULES_GAMES)
def test_a_games_rules_html_holds_only_its_own_part(game: str) -> None:
    page = REGISTRY[game].page
    assert page is not None
    text = (page.directory / "rules.html").read_text(encoding="utf-8").lower()
    for shared in ("<!doctype", "<html", "<head>", "<body", "charset", "shared/rules.css"):
        assert shared not in text, f"{page.folder}/rules.html copies the shared {shared}"


@pytest.mark.parametrize("game", RULES_GAMES)
def test_a_rules_page_has_the_shared_head_once_around_the_games_part(
    client: TestClient, game: str
) -> None:
    html = client.get(f"/rules/{game}").text
    folder = FOLDER[game]
    assert html.startswith('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">')
    assert html.endswith("</body>\n</html>\n")
    for once in (
        "<!doctype html>",
        "<head>",
        '<meta name="description"',
        '<link rel="stylesheet" href="/static/index.css">',
        '<link rel="stylesheet" href="/static/shared/rules.css">',
        f'<script type="module" src="/static/{folder}/rules.js"></script>',
        '<body class="rules">',
        'data-testid="rules"',
    ):
        assert html.count(once) == 1, once
    assert re.search(r"<title>[^<]+ — Mousehole</title>", html)
    assert html.index("/static/index.css") < html.index(f"/static/{folder}/")
    assert html.index(f"/static/{folder}/") < html.index("/static/shared/rules.css")


def test_a_rules_fragment_without_its_title_or_body_is_refused() -> None:
    page = Page("no-such-folder")
    head = '<meta name="description" content="d">\n'
    with pytest.raises(PlayPageError, match="title"):
        rules_page(page, f"{head}<main></main>")
    with pytest.raises(PlayPageError, match="body"):
        rules_page(page, f"<!-- c -->\n{head}<title>T</title>\n")
    text = rules_page(page, f"{head}<title>T</title>\n<main></main>")
    assert "<title>T — Mousehole</title>" in text and "rules.js" not in text


def test_there_are_rules_pages_to_check() -> None:
    assert len(RULES_GAMES) >= 2


def test_the_home_card_of_each_game_links_its_rules_page(client: TestClient) -> None:
    text = client.get("/").text

    for game in RULES_GAMES:
        assert f'href="/rules/{game}" data-testid="rules-{game}"' in text
        title = escape(GAMES[game].title)  # an apostrophe is escaped in the page
        assert f'How to play<span class="visually-hidden"> {title}' in text


def test_an_unknown_game_has_no_rules_page(client: TestClient) -> None:
    response = client.get("/rules/nosuchgame")

    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "/rules/nosuchgame" in response.text


def test_a_registered_game_without_a_rules_file_has_no_page_and_no_link(tmp_path: Path) -> None:
    games = {"cheddar": FakeGame("cheddar", "Cheddar Chase", "Run.", page=Page("cheddar"))}
    client = TestClient(create_app(str(tmp_path / "db.sqlite3"), games=games))

    assert client.get("/rules/cheddar").status_code == 404
    assert "/rules/cheddar" not in client.get("/").text


def test_a_rules_file_of_a_game_that_is_not_registered_is_not_served(tmp_path: Path) -> None:
    games = {"cheddar": FakeGame("cheddar", "Cheddar Chase", "Run.", page=Page("cheddar"))}
    client = TestClient(create_app(str(tmp_path / "db.sqlite3"), games=games))

    assert client.get(f"/rules/{RULES_GAMES[0]}").status_code == 404


def test_a_game_without_a_browser_page_has_no_rules_page_or_link(tmp_path: Path) -> None:
    name = RULES_GAMES[0]  # its folder has a rules.html, but this stand-in declares no page
    games = {name: FakeGame(name, GAMES[name].title, "Engine only.", page=None)}
    client = TestClient(create_app(str(tmp_path / "db.sqlite3"), games=games))

    assert client.get(f"/rules/{name}").status_code == 404
    assert f"/rules/{name}" not in client.get("/").text


def test_the_rules_page_and_its_link_come_from_the_games_page_folder(tmp_path: Path) -> None:
    """A game names its web folder in its manifest; the rules page is looked up there."""
    lender = RULES_GAMES[-1]  # the game whose folder (and rules page) Cheddar borrows
    folder = Page(FOLDER[lender])
    games = {"cheddar": FakeGame("cheddar", "Cheddar Chase", "Run.", page=folder)}
    client = TestClient(create_app(str(tmp_path / "db.sqlite3"), games=games))

    response = client.get("/rules/cheddar")
    assert response.status_code == 200
    assert f"<h1>How to play {GAMES[lender].title}</h1>" in response.text
    assert 'href="/rules/cheddar" data-testid="rules-cheddar"' in client.get("/").text
