"""The server-rendered pages (server/http/pages.py, home.py, join.py): the home page's cards, the
invitation page and the error page, each with every outside value escaped, and the platform's
pages showing no words of their own (every word from the catalogues: tests/server/http/test_i18n.py
has the markers)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

import pytest

from mousehole.games import MANIFESTS, REGISTRY, Page, page_directory
from mousehole.server.http import catalogue, home, i18n, join, pages
from mousehole.server.http.catalogue import GameListing, PlannedGame
from mousehole.server.http.home import home_page
from mousehole.server.http.join import join_page
from mousehole.server.http.pages import error_page
from tests.server.http.test_i18n import ALLOWED_ON_PAGES, Marked, marked_page, unmarked

HOSTILE = '<script>alert("x")</script> & "quotes"'


class Headings(HTMLParser):
    """Collects the tags of a page and the text of its h1 elements."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.h1: list[str] = []
        self._in_h1 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "h1":
            self._in_h1 = True
            self.h1.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "h1":
            self._in_h1 = False

    def handle_data(self, data: str) -> None:
        if self._in_h1:
            self.h1[-1] += data


def parsed(html: str) -> Headings:
    parser = Headings()
    parser.feed(html)
    return parser


def listing(name: str = "cheddar", title: str = "Cheddar Chase", **page: object) -> GameListing:
    """Return a listing of a game with a page in folder `page["folder"]`, or without a page."""
    folder = page.get("folder")
    extras = page.get("extras", ())
    return GameListing(
        name=name,
        title=title,
        summary="Run for the cheese.",
        min_seats=2,
        max_seats=4,
        browser_ready=folder is not None,
        folder=folder if isinstance(folder, str) else None,
        extras=extras if isinstance(extras, tuple) else (),
    )


def test_the_home_page_has_one_h1_the_brand_and_a_card_per_game_in_order() -> None:
    games = [listing("b", "Bee Game"), listing("a", "Ant Game")]

    html = home_page(games, [])

    assert [h.strip() for h in parsed(html).h1] == ["Mousehole"]
    assert html.index('id="game-b"') < html.index('id="game-a"')


def test_a_game_with_a_page_gets_play_online_continue_and_its_extras() -> None:
    html = home_page([listing(folder="cheddar", extras=(("practice", "Practice run"),))], [])

    assert 'href="/play/cheddar?new=1" data-testid="play-cheddar"' in html
    assert 'href="/play/cheddar?online=new"' in html
    assert 'data-continue="cheddar"' in html and 'data-finished="cheddar"' in html
    assert '<a class="card-link" href="/practice/cheddar">Practice run</a>' in html
    assert "mousehole simulate" not in html


def test_a_game_without_a_page_offers_the_command_line_and_no_play_button() -> None:
    html = home_page([listing()], [])

    assert "<code>mousehole simulate cheddar</code>" in html
    assert "/play/cheddar" not in html


def test_the_how_to_play_link_is_shown_only_when_the_folder_has_a_rules_page() -> None:
    folders = [m.page.folder for m in MANIFESTS if m.page is not None]
    with_rules = next(f for f in folders if (page_directory(f) / "rules.html").is_file())
    assert not (page_directory("no-such-folder") / "rules.html").exists()

    shown = home_page([listing(folder=with_rules)], [])
    hidden = home_page([listing(folder="no-such-folder")], [])

    assert 'href="/rules/cheddar" data-testid="rules-cheddar"' in shown
    assert "/rules/cheddar" not in hidden


def test_everything_the_catalogue_says_is_escaped_on_the_home_page() -> None:
    game = GameListing(HOSTILE, HOSTILE, HOSTILE, 1, 1, True, "cheddar", ((HOSTILE, HOSTILE),))

    html = home_page([game], [PlannedGame(HOSTILE, HOSTILE)])

    assert "<script>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;" in html


def test_an_empty_catalogue_says_no_game_is_installed() -> None:
    html = home_page([], [])

    assert "No game is installed yet." in html
    assert "Coming soon" not in html


def test_planned_games_get_a_coming_soon_shelf_and_none_without_them() -> None:
    html = home_page([listing()], [PlannedGame("gouda", "Gouda Grab")])

    assert '<h2 id="soon-heading">Coming soon</h2>' in html
    assert "Gouda Grab" in html
    assert "soon-heading" not in home_page([listing()], [])


def test_the_invitation_page_shows_the_code_as_typed_and_escaped() -> None:
    html = join_page("k7qm-4x")
    hostile = join_page(HOSTILE)

    assert 'data-code="k7qm-4x"' in html and "<title>Join room k7qm-4x — Mousehole</title>" in html
    assert "<script>alert" not in hostile
    assert 'data-code="&lt;script&gt;' in hostile
    assert [h.split()[:2] for h in parsed(html).h1] == [["Join", "room"]]


@pytest.mark.parametrize(
    ("status", "says"),
    [(404, "Nothing lives at <code>{path}</code>"), (500, "for <code>{path}</code> could not")],
)
def test_the_error_page_says_what_went_wrong_at_the_escaped_path(status: int, says: str) -> None:
    html = error_page(status, "Oops", "/a<b>&c")

    assert says.format(path="/a&lt;b&gt;&amp;c") in html
    assert "<b>" not in html
    assert [h.strip() for h in parsed(html).h1] == ["Oops"]


def test_every_page_is_a_whole_document_with_the_icon_and_the_stylesheet() -> None:
    pages = [home_page([], []), join_page("K7QM4X"), error_page(404, "Page not found", "/x")]

    for html in pages:
        assert html.startswith('<!doctype html>\n<html lang="en">')
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
        assert '<link rel="stylesheet" href="/static/index.css">' in html
        tags = parsed(html).tags
        assert tags.count("main") == 1 and tags.count("header") == 1
        assert not re.search(r"<script>[^<]", html), "no inline script (the CSP refuses it)"
        assert " style=" not in html


def test_only_the_home_page_mounts_the_settings_panel() -> None:
    assert "page-settings.js" in home_page([], [])
    assert "page-settings.js" not in join_page("K7QM4X")
    assert "page-settings.js" not in error_page(404, "Page not found", "/x")


@dataclass(frozen=True)
class BareGame:
    """A game whose page fragment is all markup: the match page's shell shows only its own."""

    name: str
    title: str
    page: Page | None
    levels: tuple[str, ...] = ("easy",)


BARE_FRAGMENT = """\
<meta name="description" content="{{page.home}}">
<a class="skip-link" href="#main">{{page.skip}}</a>
<main id="main"></main>
"""


def test_the_platforms_pages_show_no_words_of_their_own() -> None:
    listed = catalogue.listings(REGISTRY)
    words = Marked("de", i18n.domains())
    game = BareGame("bare", "Bare", Page("bare", extras=(("lab", "Lab"),)))
    shell = Marked("de", (i18n.SHARED,))
    found = {
        "home": marked_page(home.home_page(listed, (), words)),
        "join": marked_page(join.join_page("K7QM4X", words)),
        "404": marked_page(pages.error_page(404, "§", "/x", words), ALLOWED_ON_PAGES | {"§"}),
        "500": marked_page(pages.error_page(500, "§", "/x", words), ALLOWED_ON_PAGES | {"§"}),
        "play": marked_page(
            pages.play_page(game, BARE_FRAGMENT, words=shell), ALLOWED_ON_PAGES | {"Bare", "Lab"}
        ),
        "replay": marked_page(
            pages.play_page(game, BARE_FRAGMENT, replay=True, words=shell),
            ALLOWED_ON_PAGES | {"Bare", "Lab"},
        ),
    }
    assert not any(found.values()), {page: texts for page, texts in found.items() if texts}


def test_the_marked_check_finds_a_word_written_in_a_page() -> None:
    """The check above can fail: a page file with a word outside the catalogue is told."""
    words = Marked("de", (i18n.SHARED,))
    html = pages.fill_template(
        '<p>{{page.home}}</p><button title="Go on">{{page.new-match}}</button>', words
    )
    assert unmarked(html, set()) == ["Go on"]
