"""The home page: a card for each game of the registry, then the planned ones, and the code
form. Every value from outside is escaped where it is interpolated."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from mousehole.games import page_directory
from mousehole.server.http.catalogue import GameListing, PlannedGame
from mousehole.server.http.i18n import Words
from mousehole.server.http.join import JOIN_SCRIPT, code_form
from mousehole.server.http.pages import ENGLISH, Html, extra_label, platform_page


def game_title(game: GameListing | PlannedGame, words: Words) -> str:
    """Return the game's name as its box prints it in the reader's language (the manifest's
    title when the catalogue has none)."""
    key = f"games.{game.name}.title"
    return words(key) if words.has(key) else game.title


def game_summary(game: GameListing, words: Words) -> str:
    """Return the game's one-paragraph summary in the reader's language."""
    key = f"games.{game.name}.summary"
    return words(key) if words.has(key) else game.summary


def _game_card(game: GameListing, words: Words = ENGLISH) -> Html:
    """Return the card of a registered game: how many play it and how to start."""
    name = escape(game.name)
    title = escape(game_title(game, words))
    quiet = {"title": game_title(game, words)}
    if game.browser_ready:
        playground = "".join(
            f'<a class="card-link" href="/{escape(route)}/{name}">'
            f"{escape(extra_label(game.name, route, label, words))}</a>"
            for route, label in game.extras
        )
        start = (
            # "Play": the new-match form, even with a match in progress (which the form
            # offers to continue); "Continue your match": straight back to it.
            f'<a class="button" href="/play/{name}?new=1" data-testid="play-{name}">'
            f"{words.html('home.play', **quiet)}</a>"
            f'<a class="button button-secondary" href="/play/{name}" data-continue="{name}" '
            f'data-testid="continue-{name}" hidden>{words.html("home.continue")}</a>'
            f'<span class="saved-result" data-finished="{name}" hidden>'
            f'<span class="saved-result-text" data-finished-text>{words.html("home.last-over")}'
            "</span> "
            f'<a class="button button-secondary" href="/play/{name}?saved=rematch" '
            f'data-testid="rematch-{name}">{words.html("home.rematch")}'
            f'<span class="visually-hidden"> {title}</span></a> '
            f'<a class="card-link" href="/play/{name}?saved=result" data-testid="result-{name}">'
            f'{words.html("home.see-result")}<span class="visually-hidden"> '
            f"{words.html('home.of-game', **quiet)}</span></a>"
            f' <a class="card-link" href="/replay/{name}?saved=1" data-testid="replay-{name}">'
            f'{words.html("home.watch-replay")}<span class="visually-hidden"> '
            f"{words.html('home.of-game', **quiet)}</span></a>"
            "</span>"
            f'<a class="button button-secondary" href="/play/{name}?online=new" '
            f'data-testid="play-online-{name}">{words.html("home.play-online")}</a>'
            f"{playground}"
        )
    else:
        start = (
            f'<p class="cli-note">{words.html("home.cli")} '
            f"<code>mousehole simulate {name}</code></p>"
        )
    seats = words.html(
        "home.seats" if game.min_seats != game.max_seats else "home.seats-one",
        low=game.min_seats,
        high=game.max_seats,
        count=game.max_seats,
    )
    return Html(f"""\
<li class="card card-ready">
  <div class="card-about">
    <h3 id="game-{name}" class="card-title">{title}</h3>
    <p class="card-seats"><span class="visually-hidden">{words.html("home.seats-label")} </span>\
{seats}</p>
    <p class="summary">{escape(game_summary(game, words))}</p>{_rules_link(game, words)}
  </div>
  <div class="card-start">{start}</div>
</li>""")


def _rules_link(game: GameListing, words: Words = ENGLISH) -> Html:
    """Return the card's "How to play" link, for a game whose page folder has rules.html."""
    if game.folder is None or not (page_directory(game.folder) / "rules.html").is_file():
        return Html("")
    name = escape(game.name)
    return Html(
        f'\n    <a class="card-link card-rules" href="/rules/{name}" data-testid="rules-{name}">'
        f'{words.html("rules.link")}<span class="visually-hidden"> '
        f"{escape(game_title(game, words))}</span></a>"
    )


def _planned_card(game: PlannedGame, words: Words = ENGLISH) -> Html:
    """Return the card of a game that has no rules engine yet."""
    return Html(f"""\
<li class="card card-soon">
  <h3 class="card-title">{escape(game_title(game, words))}</h3>
  <p class="badge">{words.html("home.soon")}</p>
</li>""")


def home_page(
    games: Iterable[GameListing],
    planned: Iterable[PlannedGame],
    words: Words = ENGLISH,
) -> Html:
    """Return the home page: every registered game, then the planned ones."""
    ready = "\n".join(_game_card(game, words) for game in games)
    if not ready:
        ready = f'<li class="card card-empty"><p>{words.html("home.none")}</p></li>'
    soon_cards = "\n".join(_planned_card(game, words) for game in planned)
    soon = ""
    if soon_cards:
        soon = f"""
<section class="shelf" aria-labelledby="soon-heading">
  <h2 id="soon-heading">{words.html("home.soon")}</h2>
  <ul class="cards cards-soon" role="list">
{soon_cards}
  </ul>
</section>"""
    main = f"""\
<section class="shelf" aria-labelledby="games-heading">
  <h2 id="games-heading">{words.html("home.games")}</h2>
  <ul class="cards cards-ready" role="list">
{ready}
  </ul>
</section>
<section class="shelf join-shelf" aria-labelledby="code-heading">
  <h2 id="code-heading">{words.html("home.join")}</h2>
  {code_form("home", words)}
</section>{soon}"""
    return platform_page(
        words("home.title"),
        Html(main),
        description=words("home.description"),
        brand_is_heading=True,
        settings=True,
        scripts=JOIN_SCRIPT,
        words=words,
    )
