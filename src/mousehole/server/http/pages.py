"""Server-rendered HTML pages. Every value from outside is escaped where it is interpolated."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from functools import cache
from html import escape
from pathlib import Path
from typing import NewType
from urllib.parse import quote

import orjson
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from mousehole.server.http import i18n
from mousehole.server.http.catalogue import GameListing, ListedGame, PlannedGame
from mousehole.server.http.i18n import LANGUAGES, Markup, Words

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
"""The browser front end (static files), shipped inside the package as `mousehole/web`."""

Html = NewType("Html", str)
"""Markup that is safe to send: built only from escaped values and literal tags."""

ENGLISH = Words("en")
"""The words of a page rendered without a request's language (the reference catalogue)."""

# A mouse sitting before a wedge of cheese; decorative, so hidden from screen readers (the
# heading beside it says "Mousehole").
LOGO = Html("""\
<svg class="logo" viewBox="0 0 124 80" width="124" height="80" aria-hidden="true" \
focusable="false" xmlns="http://www.w3.org/2000/svg">
  <g fill="none" stroke="#3a2817" stroke-width="2.5" stroke-linecap="round" \
stroke-linejoin="round">
    <path d="M17 60 C5 61 3 71 12 73 S25 75 22 79" />
    <path class="logo-cheese-top" d="M67 50 L112 33 L120 46 Z" fill="#fbe08a" />
    <path d="M67 50 L120 46 L120 67 L67 69 Z" fill="#f6c945" />
    <path d="M120 46 L112 33 L112 55 L120 67" fill="#e39b2d" />
    <ellipse cx="80" cy="58" rx="4.5" ry="3.5" fill="#d9a21c" stroke-width="2" />
    <ellipse cx="99" cy="54" rx="3" ry="2.5" fill="#d9a21c" stroke-width="2" />
    <ellipse cx="108" cy="62" rx="2.5" ry="2" fill="#d9a21c" stroke-width="2" />
    <path d="M13 62 C12 46 26 39 38 42 C46 44 52 52 50 62 C48 68 18 69 13 62 Z" \
fill="#a39a8f" />
    <path d="M38 42 C42 34 52 33 58 40 C61 43 63 46 64 49 C58 52 50 53 46 50" \
fill="#a39a8f" />
    <circle cx="44" cy="32" r="7.5" fill="#a39a8f" />
    <circle cx="44" cy="32" r="3.8" fill="#e9a3ad" stroke="none" />
    <circle cx="55" cy="42" r="1.8" fill="#3a2817" stroke="none" />
    <circle cx="64" cy="49" r="2.2" fill="#c95a6a" stroke-width="1.5" />
    <path d="M61 47 L68 41 M62 50 L70 51 M61 52 L67 57" stroke-width="1.5" />
    <path d="M24 67 l-3 4 h6 M40 67 l1 4 h5" stroke-width="2" />
  </g>
</svg>""")


# The player's settings (sound, music, motion, speed): a slot in the header that the module
# fills in; without JavaScript there is nothing to set, so the slot stays empty.
SETTINGS_STYLESHEET = Html('<link rel="stylesheet" href="/static/shared/settings-panel.css">\n')
SETTINGS_SLOT = Html('\n  <div class="settings-slot" id="settings"></div>')
SETTINGS_SCRIPT = Html('<script type="module" src="/static/shared/page-settings.js"></script>\n')


LANG_STYLESHEET = Html('<link rel="stylesheet" href="/static/shared/lang-switch.css">\n')
I18N_SCRIPT = Html('<script type="module" src="/static/shared/i18n.js"></script>\n')


CURRENT = ' aria-current="true"'


def language_switch(words: Words, back: str) -> Html:
    """Return the visible language switch: a link per language of the registry, the reader's
    own marked current; each link says its language's name (a wide match page's header shows
    its code instead, lang-switch.css, and keeps the name for screen readers).
    `/language/<code>?back=<path>` remembers the choice and comes back; shared/i18n.js puts
    the page's address of the moment into `back` when a link is clicked."""
    target = escape(quote(back, safe="/?=&"))
    links = "".join(
        f'<li><a href="/language/{code}?back={target}" hreflang="{code}" lang="{code}" '
        f'data-lang-switch="{code}" data-testid="lang-{code}"'
        f'{CURRENT if code == words.language else ""}><span class="lang-name">'
        f'{escape(language.name)}</span><span class="lang-code" aria-hidden="true">'
        f"{code.upper()}</span></a></li>"
        for code, language in LANGUAGES.items()
    )
    label = words.html("lang.switch")
    return Html(
        f'<nav class="lang-switch" aria-label="{label}" data-testid="lang-switch">'
        f'<ul role="list">{links}</ul></nav>'
    )


def messages_link(words: Words) -> Html:
    """Return where the page's browser catalogue is (shared/i18n.js fetches it before any
    module needs a word): `/messages/<language>/<domain>+<domain>.json`, `messages_endpoint`."""
    url = f"/messages/{words.language}/{'+'.join(words.domains)}.json"
    return Html(f'<meta name="mousehole-messages" content="{escape(url)}">\n')


@cache
def _catalogue_json(language: str, domains: tuple[str, ...]) -> tuple[bytes, str]:
    body = orjson.dumps(i18n.browser_catalogue(language, domains))
    return body, f'"{hashlib.sha256(body).hexdigest()[:32]}"'


async def messages_endpoint(request: Request) -> Response:
    """GET /messages/{language}/{domains}.json: the browser's catalogue of those domains (every
    message, plural ones by CLDR category), built from the .po files at the first request and
    then kept; revalidated by its ETag, so a page load costs a 304."""
    language = request.path_params["language"]
    domains = tuple(request.path_params["domains"].split("+"))
    if language not in LANGUAGES:
        raise HTTPException(404, f"no language {language!r}")
    unknown = [domain for domain in domains if domain not in i18n.domains()]
    if unknown or not domains:
        raise HTTPException(404, f"no catalogue domain {', '.join(unknown)!r}")
    body, etag = _catalogue_json(language, domains)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def _page(
    title: str,
    main: Html,
    *,
    description: str,
    brand_is_heading: bool = False,
    settings: bool = False,
    scripts: Html = Html(""),
    words: Words = ENGLISH,
    back: str = "/",
) -> Html:
    """Return a whole HTML document with the shared header and footer around `main`.

    The brand is the page's <h1> on the home page only; other pages bring their own <h1>.
    With `settings`, the header holds the settings panel; `scripts` ends the body.
    """
    brand_tag = "h1" if brand_is_heading else "p"
    stylesheet, slot, script = (
        (SETTINGS_STYLESHEET, SETTINGS_SLOT, SETTINGS_SCRIPT) if settings else ("", "", "")
    )
    return Html(f"""\
<!doctype html>
<html lang="{words.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="{escape(description)}">
{messages_link(words)}<title>{escape(title)}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="preload" href="/static/fonts/kalam-latin-700-normal.woff2" as="font" type="font/woff2"
  crossorigin>
<link rel="stylesheet" href="/static/index.css">
{LANG_STYLESHEET}{stylesheet}</head>
<body>
<a class="skip-link" href="#main">{words.html("page.skip")}</a>
<header class="masthead">
  <{brand_tag} class="brand-line"><a class="brand" href="/">{LOGO}<span class="brand-name">\
Mousehole</span></a></{brand_tag}>
  <p class="tagline">{words.html("page.tagline")}</p>{slot}
  {language_switch(words, back)}
</header>
<main id="main" tabindex="-1">
{main}
</main>
<footer class="footer">
  <p>{words.html("page.footer.developers")} <a href="/api/games">\
{words.html("page.footer.api")}</a> ·
  <a href="/healthz">{words.html("page.footer.health")}</a></p>
</footer>
{I18N_SCRIPT}{script}{scripts}</body>
</html>
""")


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


def extra_label(game: str, route: str, label: str, words: Words) -> str:
    """Return the label of a game's extra page (`games.<game>.extras.<route>` in the game's
    catalogue, else the manifest's)."""
    key = f"games.{game}.extras.{route}"
    return words(key) if words.has(key) else label


def _rules_link(game: GameListing, words: Words = ENGLISH) -> Html:
    """Return the card's "How to play" link, for a game whose page folder has rules.html."""
    if game.folder is None or not (WEB_DIR / game.folder / "rules.html").is_file():
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
  {_code_form("home", words)}
</section>{soon}"""
    return _page(
        words("home.title"),
        Html(main),
        description=words("home.description"),
        brand_is_heading=True,
        settings=True,
        scripts=JOIN_SCRIPT,
        words=words,
    )


JOIN_SCRIPT = Html('<script type="module" src="/static/shared/join.js"></script>\n')


def _code_form(where: str, words: Words = ENGLISH) -> Html:
    """Return the "Have a code?" form (shared/join.js checks the code and opens its page)."""
    return Html(f"""\
<form class="code-form" data-code-form data-testid="code-form" novalidate>
    <label class="code-label" for="code-input-{where}">{words.html("join.code-label")}</label>
    <span class="code-row">
      <input id="code-input-{where}" class="code-input" data-code-input data-testid="code-input"
        autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="16"
        placeholder="K7QM4X" aria-describedby="code-error-{where}">
      <button type="submit" class="button" data-testid="code-submit">\
{words.html("join.code-submit")}</button>
    </span>
    <span class="code-error" id="code-error-{where}" data-code-error data-testid="code-error"
      role="alert"></span>
  </form>""")


def join_page(code: str, words: Words = ENGLISH, titles: dict[str, str] | None = None) -> Html:
    """Return the invitation page of online room `code` (shared/join.js fills it in).

    `code` comes from the address as typed: it is only escaped here; the module normalizes it
    (upper case, no spaces or dashes) and says so when it is not a room code at all.
    """
    shown = escape(code)
    room = f'<span class="room-code" id="join-code"\n    data-testid="join-code">{shown}</span>'
    w = words.html
    names = escape(orjson.dumps(titles or {}).decode())  # each game's name, for shared/join.js
    main = f"""\
<section class="shelf join" aria-labelledby="join-heading" data-testid="join-page">
  <h1 id="join-heading">{w("join.heading.html", code=Markup(room))}</h1>
  <div id="join-app" data-code="{shown}" data-titles="{names}">
    <p class="join-status" id="join-status" data-testid="join-status">{w("join.looking")}</p>
    <p class="join-error" id="join-error" data-testid="join-error" role="alert" hidden></p>
    <div id="join-room" hidden>
      <div class="join-held" id="join-held" hidden>
        <p id="join-held-text"></p>
        <a class="button" id="join-continue" data-testid="join-continue" href="/">\
{w("join.back-to-seat")}</a>
      </div>
      <h2 class="join-sub">{w("join.seats")}</h2>
      <form class="join-form" id="join-form" data-testid="join-form" novalidate>
        <fieldset class="join-fieldset">
          <legend class="visually-hidden">{w("join.choose-seat")}</legend>
          <ul class="join-seats" id="join-seats" data-testid="join-seats" role="list"></ul>
        </fieldset>
        <p class="join-name-row">
          <label for="join-name">{w("join.your-name")}</label>
          <input id="join-name" data-testid="join-name" maxlength="24" autocomplete="nickname"
            spellcheck="false">
          <button type="submit" class="button" id="join-submit" data-testid="join-submit">\
{w("join.submit")}</button>
        </p>
      </form>
      <p class="join-full" id="join-full" data-testid="join-full" hidden>{w("join.full")}</p>
      <p class="join-watch"><a id="join-watch" data-testid="join-watch" href="/">\
{w("join.watch")}</a>
        {w("join.watch-note")}</p>
    </div>
    <div class="join-another" id="join-another" hidden>
      {_code_form("join", words)}
    </div>
  </div>
  <noscript><p>{w("join.noscript")}</p></noscript>
  <p class="join-home"><a href="/">{w("page.back-home")}</a></p>
</section>"""
    return _page(
        words("join.title", code=code),
        Html(main),
        description=words("join.description"),
        scripts=JOIN_SCRIPT,
        words=words,
        back=f"/join/{code}",
    )


def error_heading(status_code: int, words: Words = ENGLISH) -> str:
    """Return the heading of an HTTP error page in the reader's language."""
    if status_code == 404:
        return words("error.not-found")
    return words("error.heading", status=str(status_code))


def error_page(status_code: int, heading: str, path: str, words: Words = ENGLISH) -> Html:
    """Return the page for an HTTP error at `path` (a 404 says nothing lives there)."""
    where = Markup(f"<code>{escape(path)}</code>")
    if status_code == 404:
        detail = words.html("error.nothing.html", path=where)
    else:
        detail = words.html("error.not-served.html", path=where)
    main = f"""\
<section class="shelf error" aria-labelledby="error-heading">
  <h1 id="error-heading">{escape(heading)}</h1>
  <p>{detail}</p>
  <p><a class="button" href="/">{words.html("page.back-home")}</a></p>
</section>"""
    return _page(f"{heading} — Mousehole", Html(main), description=heading, words=words, back=path)


def request_words(request: Request, domains: tuple[str, ...] = (i18n.SHARED,)) -> Words:
    """Return the words of `request`'s reader (its `lang` cookie, else Accept-Language)."""
    language = i18n.choose(request.cookies.get(i18n.COOKIE), request.headers.get("accept-language"))
    return Words(language, domains)


def localized(html: Html, words: Words) -> HTMLResponse:
    """Return a page in `words`' language; it varies by the cookie and Accept-Language."""
    return HTMLResponse(
        html,
        headers={"Content-Language": words.language, "Vary": "Cookie, Accept-Language"},
    )


async def join_endpoint(request: Request) -> Response:
    """GET /join/{code}: the invitation page of an online room (docs/online.md)."""
    words = request_words(request)
    every = Words(words.language, i18n.domains())
    titles = {
        domain: every(f"games.{domain}.title")
        for domain in i18n.domains()
        if every.has(f"games.{domain}.title")
    }
    return localized(join_page(request.path_params["code"], words, titles), words)


async def language_endpoint(request: Request) -> Response:
    """GET /language/{code}?back=<path>: remember the reader's language (a cookie for a year)
    and go back to the page they were on (only a path of this site: never another host)."""
    code = request.path_params["code"]
    if code not in LANGUAGES:
        raise HTTPException(404, f"no language {code!r}: {', '.join(LANGUAGES)}")
    back = request.query_params.get("back", "/")
    if not back.startswith("/") or back.startswith(("//", "/\\")) or "\\" in back:
        back = "/"
    response = RedirectResponse(back, status_code=303)
    response.set_cookie(
        i18n.COOKIE, code, max_age=365 * 24 * 3600, path="/", samesite="lax", httponly=False
    )
    return response


# ---------------------------------------------------------------- match pages (docs/web.md)

# The house's mouse beside "Home" in a match page's header; decorative (the link says Home).
HOME_MOUSE = Html("""\
<svg viewBox="0 0 40 32" width="40" height="32" aria-hidden="true" focusable="false">
      <g fill="none" stroke="#3a2817" stroke-width="2.2" stroke-linejoin="round" \
stroke-linecap="round">
        <path d="M6 26 C4 14 12 8 20 9 C28 10 33 17 31 26 Z" fill="#a39a8f"/>
        <circle cx="13" cy="9" r="4.5" fill="#e9a3ad"/><circle cx="27" cy="9" r="4.5" \
fill="#e9a3ad"/>
        <circle cx="16" cy="17" r="1.3" fill="#3a2817"/><circle cx="24" cy="17" r="1.3" \
fill="#3a2817"/>
        <path d="M31 24 C37 24 38 29 34 30"/>
      </g>
    </svg>""")

MATCH_STYLESHEETS = ("index.css", "shared/page.css", "shared/setup.css", "shared/room-ui.css")
"""The style sheets every match page loads before its game's own (then shared/help.css)."""


class PlayPageError(ValueError):
    """A game's play.html is not the fragment the match page template expects."""


TEMPLATE_KEY = re.compile(r"\{\{\s*(@?[\w.-]+)\s*\}\}")
"""A catalogue lookup in a game's page file: `{{adm.play.turn-over}}` (docs/translating.md);
a whole page (rules.html) also has `{{@lang}}`, `{{@switch}}` and `{{@messages}}`."""


def fill_template(text: str, words: Words, back: str = "/") -> str:
    """Return a page file with every `{{key}}` replaced by its message, escaped (a key ending
    in `.html` puts its trusted markup in as it is), `{{@lang}}` by the language's code,
    `{{@switch}}` by the language switch and `{{@messages}}` by the browser's catalogue.
    Raises KeyError naming a missing key."""
    specials: dict[str, Callable[[], str]] = {
        "@lang": lambda: words.language,
        "@switch": lambda: language_switch(words, back),
        "@messages": lambda: messages_link(words) + LANG_STYLESHEET + I18N_SCRIPT,
    }

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        special = specials.get(key)
        return special() if special is not None else words.html(key)

    return TEMPLATE_KEY.sub(fill, text)


def page_words(request: Request, game: str) -> Words:
    """Return the words of a game's page: the shared domain and the game's own (its name, its
    title, and, once the game is converted, every word of its pages: docs/translating.md)."""
    domains = (i18n.SHARED, game) if i18n.has_domain(game) else (i18n.SHARED,)
    return request_words(request, domains)


def play_page(
    game: ListedGame,
    fragment: str,
    *,
    replay: bool = False,
    words: Words = ENGLISH,
    back: str = "/",
) -> Html:
    """Return a game's match page: the shared head, header and chrome around its fragment.

    `fragment` is the game's `web/<folder>/play.html` (docs/web.md): first its head lines (a
    `<meta name="description">`, its `<link rel="stylesheet">`s), then its skip link, then its
    `<main>`, then its own dialogs. The header links New match, the game's extra pages (the
    manifest's `extras`, e.g. the Trap Playground) and How to play; the module is
    `/static/<folder>/main.js`. Raises PlayPageError naming what the fragment lacks.

    With `replay`, the page is the game's replay page (`/replay/<game>`, docs/replays.md): the
    same page with the replay's bar under the header, which shared/replay/ fills in.
    """
    page = game.page
    if page is None:
        raise PlayPageError(f"{game.name}: the manifest names no page folder")
    fragment = fill_template(fragment, words)
    lines = re.sub(r"\A\s*<!--.*?-->", "", fragment, flags=re.S).strip().splitlines()
    head = []
    while lines and lines[0].startswith(("<meta ", "<link ")):
        head.append(lines.pop(0))
    if not lines or not lines[0].startswith('<a class="skip-link"'):
        raise PlayPageError(
            f"{page.folder}/play.html: its head lines must be followed by its skip link"
        )
    skip = lines.pop(0)
    main, end, dialogs = "\n".join(lines).partition("</main>")
    if not end or not main.lstrip().startswith("<main "):
        raise PlayPageError(f"{page.folder}/play.html: its body must begin with <main …> … </main>")
    key = f"games.{game.name}.title"
    title_text = words(key) if words.has(key) else game.title
    name, folder, title = escape(game.name), escape(page.folder), escape(title_text)
    w = words.html
    styles = "\n".join(f'<link rel="stylesheet" href="/static/{s}">' for s in MATCH_STYLESHEETS)
    extras = "".join(
        f'\n    <a class="btn btn-link" href="/{escape(route)}/{name}" '
        f'data-testid="{escape(route)}-link">{escape(extra_label(game.name, route, label, words))}'
        "</a>"
        for route, label in page.extras
    )
    rules = ""
    if (WEB_DIR / page.folder / "rules.html").is_file():
        rules = (
            f'\n    <a class="btn btn-link" href="/rules/{name}" target="_blank" rel="noopener" '
            f'data-testid="rules-link">{w("rules.link")}<span class="visually-hidden"> '
            f"{w('page.new-tab')}</span></a>"
        )
    body, heading, bar = "play", title, ""
    if replay:
        body, heading = "play replay", w("replay.heading", title=title_text)
        links_replay = '<link rel="stylesheet" href="/static/shared/replay/replay.css">\n'
        head.append(links_replay.strip())
        bar = (
            '\n<section class="replay-bar" id="replay-bar" data-testid="replay-bar" '
            f'aria-label="{w("replay.label")}"></section>\n'
        )
    levels = escape(" ".join(game.levels))  # the new-match dialog's computer levels
    metas = "".join(f"{line}\n" for line in head if line.startswith("<meta "))
    links = "".join(f"{line}\n" for line in head if line.startswith("<link "))
    return Html(f"""\
<!doctype html>
<html lang="{words.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{metas}{messages_link(words)}<title>{heading} — Mousehole</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="preload" href="/static/fonts/kalam-latin-700-normal.woff2" as="font" \
type="font/woff2" crossorigin>
{styles}
{links}<link rel="stylesheet" href="/static/shared/help.css">
{LANG_STYLESHEET.strip()}
<script type="module" src="/static/{folder}/main.js"></script>
</head>
<body class="{body}" data-levels="{levels}">
{skip}
<header class="play-head">
  <a class="home-link" href="/" data-testid="home">
    {HOME_MOUSE}
    <span>{w("page.home")}</span>
  </a>
  <h1 class="play-title">{title} <span class="mode-badge" id="mode-badge" \
data-testid="mode-badge" hidden></span></h1>
  <nav class="head-nav" aria-label="{w("page.match")}">
    <button type="button" class="btn" data-testid="new-match" id="new-match">\
{w("page.new-match")}</button>\
{extras}{rules}
  </nav>
  <p class="head-notes">
    <span class="conn" data-testid="connection" id="connection"></span>
    <span class="saving-off" data-testid="saving-off" id="saving-off" hidden>\
{w("page.saving-off")}</span>
  </p>
  <div class="settings-slot" id="settings" data-testid="settings"></div>
  {language_switch(words, back)}
</header>

<section class="reconnect-banner" id="reconnect-banner" data-testid="reconnect-banner" \
aria-label="{w("page.connection")}" hidden></section>
{bar}
{main.strip()}
</main>

<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" \
data-testid="status" id="status"></div>

<!-- The new-match form: shared/setup.js fills it in. -->
<dialog class="dlg dlg-setup" id="setup-dialog" data-testid="setup" \
aria-labelledby="setup-title"></dialog>
{dialogs.strip()}
</body>
</html>
""")
