"""Server-rendered HTML pages. Every value from outside is escaped where it is interpolated."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import NewType
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import HTMLResponse

from mousehole.games import Page
from mousehole.server.http import i18n
from mousehole.server.http.catalogue import ListedGame
from mousehole.server.http.i18n import LANGUAGES, Markup, Words

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
"""The browser front end's shared files (static), shipped inside the package as
`mousehole/web`; each game's own are in its package (mousehole.games.page_directory)."""

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
    module needs a word): `/messages/<language>/<domain>+<domain>.json`, served by
    `messages_endpoint` (languages.py)."""
    url = f"/messages/{words.language}/{'+'.join(words.domains)}.json"
    return Html(f'<meta name="mousehole-messages" content="{escape(url)}">\n')


def platform_page(
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
<link rel="stylesheet" href="/static/cards.css">
<link rel="stylesheet" href="/static/join.css">
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


def extra_label(game: str, route: str, label: str, words: Words) -> str:
    """Return the label of a game's extra page (`games.<game>.extras.<route>` in the game's
    catalogue, else the manifest's)."""
    key = f"games.{game}.extras.{route}"
    return words(key) if words.has(key) else label


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
    return platform_page(
        f"{heading} — Mousehole", Html(main), description=heading, words=words, back=path
    )


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

MATCH_STYLESHEETS = (
    "index.css",
    "cards.css",
    "join.css",
    "shared/page.css",
    "shared/setup.css",
    "shared/room-ui.css",
)
"""The style sheets every match page loads before its game's own (then shared/help.css)."""


class PlayPageError(ValueError):
    """A game's play.html or rules.html is not the fragment its page template expects."""


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


RULES_STYLESHEETS = ("index.css", "cards.css", "join.css")
"""The style sheets every How to play page loads before its game's own (then shared/rules.css)."""

_RULES_TITLE = re.compile(r"<title>(.*)</title>")


def rules_page(page: Page, fragment: str) -> str:
    """Return a game's How to play page around its fragment, as a page file for fill_template
    (its `{{key}}`s, `{{@lang}}` and `{{@messages}}` still to fill).

    `fragment` is the game's `games/<folder>/web/rules.html` (docs/rules-pages.md): after a
    comment, its head lines (a `<meta name="description">`, its `<title>` without the site's
    name, its `<link rel="stylesheet">`s), then its body (skip link, header, `<main>`, footer).
    The page adds what every rules page shares: the head, the shared style sheets, and the
    module `/static/<folder>/rules.js` when the folder has one. Raises PlayPageError naming what
    the fragment lacks."""
    lines = re.sub(r"\A\s*<!--.*?-->", "", fragment, flags=re.S).strip().splitlines()
    head = []
    while lines and lines[0].startswith(("<meta ", "<title>", "<link ")):
        head.append(lines.pop(0))
    titles = [found.group(1) for line in head if (found := _RULES_TITLE.fullmatch(line))]
    if len(titles) != 1:
        raise PlayPageError(f"{page.folder}/rules.html: its head lines need one <title>…</title>")
    if not lines:
        raise PlayPageError(f"{page.folder}/rules.html: its head lines must be followed by a body")
    metas = "".join(f"{line}\n" for line in head if line.startswith("<meta "))
    links = "".join(f"{line}\n" for line in head if line.startswith("<link "))
    shared = "".join(f'<link rel="stylesheet" href="/static/{s}">\n' for s in RULES_STYLESHEETS)
    script = ""
    if (page.directory / "rules.js").is_file():
        script = f'<script type="module" src="/static/{page.folder}/rules.js"></script>\n'
    body = "\n".join(lines)
    return f"""\
<!doctype html>
<html lang="{{{{@lang}}}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{metas}<title>{titles[0]} — Mousehole</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="preload" href="/static/fonts/kalam-latin-700-normal.woff2" as="font" \
type="font/woff2" crossorigin>
{shared}{links}<link rel="stylesheet" href="/static/shared/rules.css">
{script}{{{{@messages}}}}</head>
<body class="rules">
{body}
</body>
</html>
"""


def page_words(request: Request, *names: str) -> Words:
    """Return the words of a game's page: the shared domain and the own domain of each of
    `names` that has one (the game's name and its page folder: its title, and, once the
    folder's game is converted, every word of its pages: docs/translating.md)."""
    own = tuple(name for name in dict.fromkeys(names) if i18n.has_domain(name))
    return request_words(request, (i18n.SHARED, *own))


def play_page(
    game: ListedGame,
    fragment: str,
    *,
    replay: bool = False,
    words: Words = ENGLISH,
    back: str = "/",
) -> Html:
    """Return a game's match page: the shared head, header and chrome around its fragment.

    `fragment` is the game's `games/<folder>/web/play.html` (docs/web.md): first its head lines (a
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
    if (page.directory / "rules.html").is_file():
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
