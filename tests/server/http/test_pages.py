"""The server-rendered pages' shared parts (server/http/pages.py): the error page with its path
escaped, every platform page a whole document with the icon and the stylesheet, and the
platform's pages showing no words of their own (every word from the catalogues:
tests/server/http/test_i18n.py has the markers). The home page's cards are tested in
test_home.py, the invitation page in test_join.py."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from mousehole.games import REGISTRY, Page
from mousehole.server.http import catalogue, home, i18n, join, pages
from mousehole.server.http.home import home_page
from mousehole.server.http.join import join_page
from mousehole.server.http.pages import error_page
from tests.server.http.markup import parsed
from tests.server.http.test_i18n import ALLOWED_ON_PAGES, Marked, marked_page, unmarked


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
