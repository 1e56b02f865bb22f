"""The reader's language over HTTP: the endpoint that remembers it (a cookie) and the one that
serves the browser's catalogues (docs/translating.md)."""

from __future__ import annotations

import hashlib
from functools import cache

import orjson
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from mousehole.server.http import i18n
from mousehole.server.http.i18n import LANGUAGES


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
