"""Server-rendered HTML pages. Every value from outside is escaped where it is interpolated."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import NewType

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from mousehole.server.http.catalogue import GameListing, ListedGame, PlannedGame

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
"""The browser front end (static files), shipped inside the package as `mousehole/web`."""

Html = NewType("Html", str)
"""Markup that is safe to send: built only from escaped values and literal tags."""

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


def _page(
    title: str,
    main: Html,
    *,
    description: str,
    brand_is_heading: bool = False,
    settings: bool = False,
    scripts: Html = Html(""),
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
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="{escape(description)}">
<title>{escape(title)}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="preload" href="/static/fonts/kalam-latin-700-normal.woff2" as="font" type="font/woff2"
  crossorigin>
<link rel="stylesheet" href="/static/index.css">
{stylesheet}</head>
<body>
<a class="skip-link" href="#main">Skip to the games</a>
<header class="masthead">
  <{brand_tag} class="brand-line"><a class="brand" href="/">{LOGO}<span class="brand-name">\
Mousehole</span></a></{brand_tag}>
  <p class="tagline">Board games of mice and cheese, for friends, families and bots.</p>{slot}
</header>
<main id="main" tabindex="-1">
{main}
</main>
<footer class="footer">
  <p>For developers: <a href="/api/games">the games as JSON</a> ·
  <a href="/healthz">health check</a></p>
</footer>
{script}{scripts}</body>
</html>
""")


def _game_card(game: GameListing) -> Html:
    """Return the card of a registered game: how many play it and how to start."""
    name = escape(game.name)
    if game.browser_ready:
        playground = "".join(
            f'<a class="card-link" href="/{escape(route)}/{name}">{escape(label)}</a>'
            for route, label in game.extras
        )
        start = (
            # "Play": the new-match form, even with a match in progress (which the form
            # offers to continue); "Continue your match": straight back to it.
            f'<a class="button" href="/play/{name}?new=1" data-testid="play-{name}">'
            f"Play {escape(game.title)}</a>"
            f'<a class="button button-secondary" href="/play/{name}" data-continue="{name}" '
            f'data-testid="continue-{name}" hidden>Continue your match</a>'
            f'<span class="saved-result" data-finished="{name}" hidden>'
            f'<span class="saved-result-text" data-finished-text>Your last match is over.</span> '
            f'<a class="button button-secondary" href="/play/{name}?saved=rematch" '
            f'data-testid="rematch-{name}">Rematch<span class="visually-hidden"> '
            f"{escape(game.title)}</span></a> "
            f'<a class="card-link" href="/play/{name}?saved=result" data-testid="result-{name}">'
            f'See the result<span class="visually-hidden"> of {escape(game.title)}</span></a>'
            f' <a class="card-link" href="/replay/{name}?saved=1" data-testid="replay-{name}">'
            f'Watch the replay<span class="visually-hidden"> of {escape(game.title)}</span></a>'
            "</span>"
            f'<a class="button button-secondary" href="/play/{name}?online=new" '
            f'data-testid="play-online-{name}">Play online with friends</a>'
            f"{playground}"
        )
    else:
        start = (
            '<p class="cli-note">Rules engine ready — play from the command line: '
            f"<code>mousehole simulate {name}</code></p>"
        )
    return Html(f"""\
<li class="card card-ready">
  <div class="card-about">
    <h3 id="game-{name}" class="card-title">{escape(game.title)}</h3>
    <p class="card-seats"><span class="visually-hidden">Seats: </span>{escape(game.seats_text)}</p>
    <p class="summary">{escape(game.summary)}</p>{_rules_link(game)}
  </div>
  <div class="card-start">{start}</div>
</li>""")


def _rules_link(game: GameListing) -> Html:
    """Return the card's "How to play" link, for a game whose page folder has rules.html."""
    if game.folder is None or not (WEB_DIR / game.folder / "rules.html").is_file():
        return Html("")
    name = escape(game.name)
    return Html(
        f'\n    <a class="card-link card-rules" href="/rules/{name}" data-testid="rules-{name}">'
        f'How to play<span class="visually-hidden"> {escape(game.title)}</span></a>'
    )


def _planned_card(game: PlannedGame) -> Html:
    """Return the card of a game that has no rules engine yet."""
    return Html(f"""\
<li class="card card-soon">
  <h3 class="card-title">{escape(game.title)}</h3>
  <p class="badge">Coming soon</p>
</li>""")


def home_page(games: Iterable[GameListing], planned: Iterable[PlannedGame]) -> Html:
    """Return the home page: every registered game, then the planned ones."""
    ready = "\n".join(_game_card(game) for game in games)
    if not ready:
        ready = '<li class="card card-empty"><p>No game is installed yet.</p></li>'
    soon_cards = "\n".join(_planned_card(game) for game in planned)
    soon = ""
    if soon_cards:
        soon = f"""
<section class="shelf" aria-labelledby="soon-heading">
  <h2 id="soon-heading">Coming soon</h2>
  <ul class="cards cards-soon" role="list">
{soon_cards}
  </ul>
</section>"""
    main = f"""\
<section class="shelf" aria-labelledby="games-heading">
  <h2 id="games-heading">Games</h2>
  <ul class="cards cards-ready" role="list">
{ready}
  </ul>
</section>
<section class="shelf join-shelf" aria-labelledby="code-heading">
  <h2 id="code-heading">Join friends</h2>
  {_code_form("home")}
</section>{soon}"""
    return _page(
        "Mousehole — mouse-and-cheese board games",
        Html(main),
        description="Play mouse-and-cheese board games with friends, families and bots.",
        brand_is_heading=True,
        settings=True,
        scripts=JOIN_SCRIPT,
    )


JOIN_SCRIPT = Html('<script type="module" src="/static/shared/join.js"></script>\n')


def _code_form(where: str) -> Html:
    """Return the "Have a code?" form (shared/join.js checks the code and opens its page)."""
    return Html(f"""\
<form class="code-form" data-code-form data-testid="code-form" novalidate>
    <label class="code-label" for="code-input-{where}">Have a code? Type it here:</label>
    <span class="code-row">
      <input id="code-input-{where}" class="code-input" data-code-input data-testid="code-input"
        autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="16"
        placeholder="K7QM4X" aria-describedby="code-error-{where}">
      <button type="submit" class="button" data-testid="code-submit">Join</button>
    </span>
    <span class="code-error" id="code-error-{where}" data-code-error data-testid="code-error"
      role="alert"></span>
  </form>""")


def join_page(code: str) -> Html:
    """Return the invitation page of online room `code` (shared/join.js fills it in).

    `code` comes from the address as typed: it is only escaped here; the module normalizes it
    (upper case, no spaces or dashes) and says so when it is not a room code at all.
    """
    shown = escape(code)
    main = f"""\
<section class="shelf join" aria-labelledby="join-heading" data-testid="join-page">
  <h1 id="join-heading">Join room <span class="room-code" id="join-code"
    data-testid="join-code">{shown}</span></h1>
  <div id="join-app" data-code="{shown}">
    <p class="join-status" id="join-status" data-testid="join-status">Looking for the room…</p>
    <p class="join-error" id="join-error" data-testid="join-error" role="alert" hidden></p>
    <div id="join-room" hidden>
      <div class="join-held" id="join-held" hidden>
        <p id="join-held-text"></p>
        <a class="button" id="join-continue" data-testid="join-continue" href="/">Back to my
          seat</a>
      </div>
      <h2 class="join-sub">Seats</h2>
      <form class="join-form" id="join-form" data-testid="join-form" novalidate>
        <fieldset class="join-fieldset">
          <legend class="visually-hidden">Choose a seat</legend>
          <ul class="join-seats" id="join-seats" data-testid="join-seats" role="list"></ul>
        </fieldset>
        <p class="join-name-row">
          <label for="join-name">Your name</label>
          <input id="join-name" data-testid="join-name" maxlength="24" autocomplete="nickname"
            spellcheck="false">
          <button type="submit" class="button" id="join-submit" data-testid="join-submit">Join
            the room</button>
        </p>
      </form>
      <p class="join-full" id="join-full" data-testid="join-full" hidden>Every seat is taken.</p>
      <p class="join-watch"><a id="join-watch" data-testid="join-watch" href="/">Just watch</a>
        (no seat; you see the board, not anyone's hand).</p>
    </div>
    <div class="join-another" id="join-another" hidden>
      {_code_form("join")}
    </div>
  </div>
  <noscript><p>Joining a room needs JavaScript.</p></noscript>
  <p class="join-home"><a href="/">Back to the games</a></p>
</section>"""
    return _page(
        f"Join room {code} — Mousehole",
        Html(main),
        description="Join an online room of Mousehole board games.",
        scripts=JOIN_SCRIPT,
    )


def error_page(status_code: int, heading: str, path: str) -> Html:
    """Return the page for an HTTP error at `path` (a 404 says nothing lives there)."""
    if status_code == 404:
        detail = f"Nothing lives at <code>{escape(path)}</code>: not even a crumb."
    else:
        detail = f"The request for <code>{escape(path)}</code> could not be served."
    main = f"""\
<section class="shelf error" aria-labelledby="error-heading">
  <h1 id="error-heading">{escape(heading)}</h1>
  <p>{detail}</p>
  <p><a class="button" href="/">Back to the games</a></p>
</section>"""
    return _page(f"{heading} — Mousehole", Html(main), description=heading)


async def join_endpoint(request: Request) -> Response:
    """GET /join/{code}: the invitation page of an online room (docs/online.md)."""
    return HTMLResponse(join_page(request.path_params["code"]))


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


def play_page(game: ListedGame, fragment: str, *, replay: bool = False) -> Html:
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
    name, folder, title = escape(game.name), escape(page.folder), escape(game.title)
    styles = "\n".join(f'<link rel="stylesheet" href="/static/{s}">' for s in MATCH_STYLESHEETS)
    extras = "".join(
        f'\n    <a class="btn btn-link" href="/{escape(route)}/{name}" '
        f'data-testid="{escape(route)}-link">{escape(label)}</a>'
        for route, label in page.extras
    )
    rules = ""
    if (WEB_DIR / page.folder / "rules.html").is_file():
        rules = (
            f'\n    <a class="btn btn-link" href="/rules/{name}" target="_blank" rel="noopener" '
            'data-testid="rules-link">How to play<span class="visually-hidden"> '
            "(opens in a new tab)</span></a>"
        )
    body, heading, bar = "play", title, ""
    if replay:
        body, heading = "play replay", f"{title}: replay"
        links_replay = '<link rel="stylesheet" href="/static/shared/replay/replay.css">\n'
        head.append(links_replay.strip())
        bar = (
            '\n<section class="replay-bar" id="replay-bar" data-testid="replay-bar" '
            'aria-label="Replay"></section>\n'
        )
    levels = escape(" ".join(game.levels))  # the new-match dialog's computer levels
    metas = "".join(f"{line}\n" for line in head if line.startswith("<meta "))
    links = "".join(f"{line}\n" for line in head if line.startswith("<link "))
    return Html(f"""\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{metas}<title>{heading} — Mousehole</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="preload" href="/static/fonts/kalam-latin-700-normal.woff2" as="font" \
type="font/woff2" crossorigin>
{styles}
{links}<link rel="stylesheet" href="/static/shared/help.css">
<script type="module" src="/static/{folder}/main.js"></script>
</head>
<body class="{body}" data-levels="{levels}">
{skip}
<header class="play-head">
  <a class="home-link" href="/" data-testid="home">
    {HOME_MOUSE}
    <span>Home</span>
  </a>
  <h1 class="play-title">{title} <span class="mode-badge" id="mode-badge" \
data-testid="mode-badge" hidden></span></h1>
  <nav class="head-nav" aria-label="Match">
    <button type="button" class="btn" data-testid="new-match" id="new-match">New match</button>\
{extras}{rules}
  </nav>
  <p class="head-notes">
    <span class="conn" data-testid="connection" id="connection"></span>
    <span class="saving-off" data-testid="saving-off" id="saving-off" hidden>Saving is off in \
this browser</span>
  </p>
  <div class="settings-slot" id="settings" data-testid="settings"></div>
</header>

<section class="reconnect-banner" id="reconnect-banner" data-testid="reconnect-banner" \
aria-label="Connection" hidden></section>
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
