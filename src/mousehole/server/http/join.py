"""The invitation page of an online room (GET /join/{code}, docs/online.md) and the "Have a
code?" form it shares with the home page. Every value from outside is escaped where it is
interpolated."""

from __future__ import annotations

from html import escape

import orjson
from starlette.requests import Request
from starlette.responses import Response

from mousehole.server.http import i18n
from mousehole.server.http.i18n import Markup, Words
from mousehole.server.http.pages import ENGLISH, Html, localized, platform_page, request_words

JOIN_SCRIPT = Html('<script type="module" src="/static/shared/join.js"></script>\n')


def code_form(where: str, words: Words = ENGLISH) -> Html:
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
      {code_form("join", words)}
    </div>
  </div>
  <noscript><p>{w("join.noscript")}</p></noscript>
  <p class="join-home"><a href="/">{w("page.back-home")}</a></p>
</section>"""
    return platform_page(
        words("join.title", code=code),
        Html(main),
        description=words("join.description"),
        scripts=JOIN_SCRIPT,
        words=words,
        back=f"/join/{code}",
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
