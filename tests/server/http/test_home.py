"""The home page (server/http/home.py): a card per registered game in order, with play,
online, continue and its extras when it has a page (the command line when it has none), the
How to play link only when its folder has a rules page, the planned games' shelf, and every
value of the catalogue escaped."""

from __future__ import annotations

from mousehole.games import MANIFESTS, page_directory
from mousehole.server.http import i18n
from mousehole.server.http.catalogue import GameListing, PlannedGame
from mousehole.server.http.home import game_summary, game_title, home_page
from mousehole.server.http.i18n import Words
from tests.server.http.markup import HOSTILE, parsed


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


def test_a_games_name_and_summary_are_the_catalogues_else_the_manifests() -> None:
    words = Words("de", i18n.domains())
    named = [d for d in i18n.domains() if words.has(f"games.{d}.title")]
    assert named, "the catalogues name the games"
    game = listing(named[0], "The manifest's title")
    assert game_title(game, words) == words(f"games.{named[0]}.title") != "The manifest's title"
    unknown = listing()
    assert game_title(unknown, words) == "Cheddar Chase"
    assert game_summary(unknown, words) == "Run for the cheese."
    assert game_title(PlannedGame("gouda", "Gouda Grab"), words) == "Gouda Grab"
