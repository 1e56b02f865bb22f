"""The match pages (GET /play/<game>): one template in server/http/pages.py (`play_page`) makes the
head, the header and the shared chrome of every game's page from its manifest, around the
game's own part, `games/<folder>/web/play.html` (docs/web.md). No game page copies them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

import pytest
from starlette.testclient import TestClient

from mousehole.games import REGISTRY, Page
from mousehole.server import create_app
from mousehole.server.http.pages import PlayPageError, play_page

PLAY_GAMES = sorted(name for name, game in REGISTRY.items() if game.page is not None)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    db = tmp_path_factory.mktemp("play") / "mousehole.sqlite3"
    return TestClient(create_app(str(db)))


@dataclass(frozen=True)
class FakeGame:
    """Stands in for a manifest: the template reads only these attributes."""

    name: str
    title: str
    page: Page | None
    levels: tuple[str, ...] = ("easy", "sharp")


FRAGMENT = """\
<!-- a comment the template leaves out -->
<meta name="description" content="Play Cheddar.">
<link rel="stylesheet" href="/static/cheddar/play.css">
<a class="skip-link" href="#board">Skip to the board</a>
<main id="main" class="play-main"><p id="board">The board</p></main>
<dialog id="result"></dialog>
"""


def test_there_are_match_pages_to_check() -> None:
    assert len(PLAY_GAMES) >= 2
    assert all((REGISTRY[name].page.directory / "play.html").is_file() for name in PLAY_GAMES)


@pytest.mark.parametrize("name", PLAY_GAMES)
def test_a_games_play_html_holds_only_its_own_part(name: str) -> None:
    page = REGISTRY[name].page
    assert page is not None
    text = (page.directory / "play.html").read_text(encoding="utf-8").lower()
    for shared in ("<!doctype", "<html", "<head>", "<header", 'id="setup-dialog"', 'id="status"'):
        assert shared not in text, f"{page.folder}/play.html copies the shared {shared}"


@pytest.mark.parametrize("name", PLAY_GAMES)
def test_the_match_page_has_the_shared_header_made_from_the_manifest(
    client: TestClient, name: str
) -> None:
    game = REGISTRY[name]
    assert game.page is not None
    response = client.get(f"/play/{name}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    html = response.text
    assert html.count('<header class="play-head">') == 1
    title = escape(game.title)  # a title with an apostrophe is escaped in the page
    assert f"<title>{title} — Mousehole</title>" in html
    assert f'<h1 class="play-title">{title} <span class="mode-badge"' in html
    assert f'<script type="module" src="/static/{game.page.folder}/main.js"></script>' in html
    assert f'href="/rules/{name}" target="_blank"' in html
    for route, label in game.page.extras:
        assert f'href="/{route}/{name}" data-testid="{route}-link">{label}</a>' in html
    for testid in ("new-match", "connection", "saving-off", "settings", "reconnect-banner"):
        assert f'data-testid="{testid}"' in html
    # The game's own part is inside: its description, its style sheet, its skip link and main.
    assert html.index('<a class="skip-link"') < html.index("<header") < html.index("<main ")
    assert f'<link rel="stylesheet" href="/static/{game.page.folder}/play.css">' in html


@pytest.mark.parametrize("name", PLAY_GAMES)
def test_the_match_page_has_nothing_inline_and_everything_it_loads_is_served(
    client: TestClient, name: str
) -> None:
    html = client.get(f"/play/{name}").text
    assert "<style" not in html and " style=" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), "an inline script"
    for url in sorted(set(re.findall(r'(?:href|src)="(/static/[^"]+)"', html))):
        assert client.get(url).status_code == 200, url


def test_the_template_reads_a_fake_games_title_extras_and_folder() -> None:
    game = FakeGame("cheddar", "Cheddar & Co", Page("cheddar", extras=(("lab", "The Lab"),)))
    html = play_page(game, FRAGMENT)
    assert "<title>Cheddar &amp; Co — Mousehole</title>" in html
    assert '<a class="btn btn-link" href="/lab/cheddar" data-testid="lab-link">The Lab</a>' in html
    assert 'data-testid="rules-link"' not in html  # no web/cheddar/rules.html
    assert '<meta name="description" content="Play Cheddar.">' in html
    assert '<body class="play" data-levels="easy sharp">' in html  # the setup's levels
    assert "a comment the template leaves out" not in html
    # The game's style sheet comes after the shared ones and before the help's.
    order = [html.index(f"/static/{sheet}") for sheet in ("shared/room-ui.css", "cheddar/play.css")]
    assert order == sorted(order) and order[1] < html.index("/static/shared/help.css")
    assert (
        html.index('<dialog id="result">') > html.index('id="setup-dialog"') > html.index("</main>")
    )


@pytest.mark.parametrize(
    ("fragment", "error"),
    [
        ("<main id='main'></main>", "its head lines must be followed by its skip link"),
        ('<a class="skip-link" href="#x">Skip</a>\n<div></div>', "its body must begin with <main"),
    ],
)
def test_a_fragment_the_template_cannot_read_is_refused_naming_the_file(
    fragment: str, error: str
) -> None:
    with pytest.raises(PlayPageError, match=re.escape(f"cheddar/play.html: {error}")):
        play_page(FakeGame("cheddar", "Cheddar", Page("cheddar")), fragment)


def test_a_game_without_a_page_folder_has_no_match_page() -> None:
    with pytest.raises(PlayPageError, match="cheddar: the manifest names no page folder"):
        play_page(FakeGame("cheddar", "Cheddar", None), FRAGMENT)
