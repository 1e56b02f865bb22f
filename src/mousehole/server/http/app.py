"""The Starlette application: the home page, the JSON API and the static front end."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from http import HTTPStatus
from os import PathLike
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mousehole.games import REGISTRY
from mousehole.server.http import catalogue, i18n, join, languages, pages, replay, stacks
from mousehole.server.http.api import create_online, create_room, join_online, online_summary
from mousehole.server.http.catalogue import ListedGame
from mousehole.server.http.home import home_page
from mousehole.server.http.pages import WEB_DIR
from mousehole.server.rooms.codes import is_code
from mousehole.server.rooms.drivers import Drivers, Endpoint, ThisInstance
from mousehole.server.rooms.endpoint import room_socket
from mousehole.server.rooms.hub import Hub, OnlineSettings
from mousehole.server.rooms.limits import AddressLimits, local_limits
from mousehole.server.rooms.table import RoomError
from mousehole.server.rooms.wire import error_response
from mousehole.server.store import (
    DEFAULT_DB_PATH,
    DEFAULT_SYNC,
    SQLiteStore,
    StorageError,
    Store,
    prepare_sqlite,
)

# Error codes sent by the JSON API, by HTTP status; any other status is "http_error".
_API_ERROR_CODES = {
    HTTPStatus.NOT_FOUND: "not_found",
    HTTPStatus.METHOD_NOT_ALLOWED: "method_not_allowed",
}


def create_app(
    db_path: str | None = None,
    *,
    games: Mapping[str, ListedGame] | None = None,
    online: OnlineSettings | None = None,
    sync: str = DEFAULT_SYNC,
    database: str | None = None,
    redis: str | None = None,
) -> Starlette:
    """Return the web app, after checking that its database can be written.

    The rooms are kept in PostgreSQL when `database` (a postgresql:// URL) is given, else in
    SQLite: `db_path` defaults to `var/mousehole.sqlite3` in the working directory, and `sync`
    says how durable a SQLite commit is (storage.SYNC_MODES). `games` defaults to the
    manifests of the registry `mousehole.games.REGISTRY` (tests pass their own); `online` sets
    the timings and limits of online rooms (docs/online.md; tests shorten them). See
    docs/storage.md; the store is closed when the app shuts down. `redis` (a redis:// URL,
    with `database` only) makes this server one instance of several (docs/deploy.md).
    """
    store = open_store(db_path, database=database, sync=sync)
    if games is None:
        games = REGISTRY
    listed = catalogue.listings(games)
    planned = catalogue.coming_soon(games)
    settings = online or OnlineSettings()
    drivers: Drivers
    limits: AddressLimits
    if redis is None:
        hub = Hub(store, settings)
        drivers = ThisInstance()
        limits = local_limits(settings)
    else:
        from mousehole.server.cluster import check_cluster, open_cluster
        from mousehole.server.cluster.limits import shared_limits

        if database is None:
            store.close()
            raise StorageError(
                "several instances (--redis) need the rooms in PostgreSQL (--database), not SQLite"
            )
        try:
            check_cluster(store, redis)
        except StorageError:
            store.close()
            raise
        hub = Hub(store, settings)
        limits = shared_limits(settings, redis)
        drivers = open_cluster(hub, store, database, redis)

    async def home(request: Request) -> Response:
        words = pages.request_words(request, i18n.domains())  # every game's name and summary
        return pages.localized(home_page(listed, planned, words), words)

    async def api_games(request: Request) -> Response:
        return JSONResponse([game.to_json() for game in listed])

    async def game_page(request: Request) -> Response:
        """GET /<route>/<game>: the game's play page, rules page or one of its extras."""
        game = games.get(request.path_params["game"])
        route = request.url.path.strip("/").split("/")[0]  # "play", "rules", "playground"...
        page = game.page if game is not None else None
        shared = ("play", "rules", "replay")
        if page is None or (route not in shared and route not in dict(page.extras)):
            raise HTTPException(404)
        path = page.directory / f"{'play' if route == 'replay' else route}.html"
        if not path.is_file():
            raise HTTPException(404)
        # the game's own words, and its page folder's (a game may borrow another's folder)
        words = pages.page_words(request, *([game.name] if game is not None else []), page.folder)
        back = request.url.path
        if route in ("play", "replay") and game is not None:  # the page all games share
            text = path.read_text(encoding="utf-8")
            html = pages.play_page(game, text, replay=route == "replay", words=words, back=back)
            return pages.localized(html, words)
        if i18n.has_domain(page.folder):  # a game's own page: its {{keys}} filled
            text = path.read_text(encoding="utf-8")
            if route == "rules":  # the game's part of the page every rules page shares
                text = pages.rules_page(page, text)
            return pages.localized(pages.Html(pages.fill_template(text, words, back)), words)
        return FileResponse(path, media_type="text/html")

    async def favicon(request: Request) -> Response:
        """GET /favicon.ico: the site's SVG icon, which browsers ask for on any page without an
        icon link (the JSON API, /healthz) and would otherwise log as a 404."""
        return FileResponse(WEB_DIR / "favicon.svg", media_type="image/svg+xml")

    async def healthz(request: Request) -> Response:
        """200 while moves can be stored; 503 naming why while the last commit failed."""
        storage = store.describe()
        failing: object = store.failing
        if failing is None:
            failing = drivers.problem()
        if failing is not None:
            body = {"status": "failing", "storage": storage, "error": str(failing)}
            return JSONResponse(body, status_code=503)
        body = {"status": "ok", "storage": storage}
        if drivers.instance is not None:  # one of several servers: which one answered
            body["instance"] = drivers.instance
        return JSONResponse(body)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        stacks.install(asyncio.get_running_loop())  # kill -USR1: where is it stuck?
        await drivers.start(app, {"summary": online_summary, "join": join_online})
        pruner = asyncio.get_running_loop().create_task(hub.prune_forever())
        yield
        pruner.cancel()
        await drivers.close()  # other instances take this one's rooms at once
        await hub.close()  # the writer finishes what is queued first
        store.close()

    app = Starlette(
        routes=[
            Route("/", home, methods=["GET"]),
            Route("/api/games", api_games, methods=["GET"]),
            Route("/healthz", healthz, methods=["GET"]),
            Route("/favicon.ico", favicon, methods=["GET"]),
            Route("/api/rooms", create_room, methods=["POST"]),
            Route("/play/{game:str}", game_page, methods=["GET"]),
            Route("/playground/{game:str}", game_page, methods=["GET"]),
            Route("/rules/{game:str}", game_page, methods=["GET"]),  # <folder>/rules.html
            Route("/replay/{game:str}", game_page, methods=["GET"]),  # docs/replays.md
            Route("/api/replay", replay.file_replay, methods=["POST"]),
            Route("/api/replay/{room:str}", replay.room_replay, methods=["POST"]),
            Route("/join/{code:str}", join.join_endpoint, methods=["GET"]),
            Route("/language/{code:str}", languages.language_endpoint, methods=["GET"]),
            Route(
                "/messages/{language:str}/{domains:str}.json",
                languages.messages_endpoint,
                methods=["GET"],
            ),
            WebSocketRoute("/ws/rooms/{room:str}", room_socket),
            Route("/api/online", create_online, methods=["POST"]),
            Route("/api/online/{code:str}", routed("summary", online_summary), methods=["GET"]),
            Route("/api/online/{code:str}/join", routed("join", join_online), methods=["POST"]),
            WebSocketRoute("/ws/online/{room:str}", room_socket),  # the same path: an alias
            Mount("/static", app=Assets(WEB_DIR, page_folders(REGISTRY, games)), name="static"),
        ],
        exception_handlers={HTTPException: _http_error},
        # pages, modules and SVG compress 3-5x: the first load of a match page stays small
        middleware=[
            Middleware(SecurityHeaders),
            Middleware(GZipMiddleware, minimum_size=512),
        ],
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.hub = hub
    app.state.drivers = drivers
    app.state.limits = limits  # checked by the endpoints, before a request reaches a room
    return app


def routed(name: str, endpoint: Endpoint) -> Endpoint:
    """Return `endpoint` (about the room that its path names) answered by the instance that
    drives the room when that is another one (several instances: cluster/node.py)."""

    async def route(request: Request) -> Response:
        drivers: Drivers = request.app.state.drivers
        code = str(request.path_params["code"]).upper()
        if not is_code(code):
            return await endpoint(request)
        try:
            driver = await drivers.driver(code)
        except RoomError as error:
            return error_response(503, error.code, error.message)
        if driver is None:  # this instance drives it, or there is no such room
            return await endpoint(request)
        return await drivers.forward(driver, name, request)

    return route


def open_store(
    db_path: str | None = None, *, database: str | None = None, sync: str = DEFAULT_SYNC
) -> Store:
    """Return the store the server keeps its rooms in: PostgreSQL at the URL `database`, or
    else the SQLite file `db_path`; raise StorageError naming the database and the cause when
    it cannot be used, so that a bad setting stops the server at startup."""
    if database is None:
        return SQLiteStore(
            prepare_sqlite(Path(db_path) if db_path is not None else DEFAULT_DB_PATH), sync=sync
        )
    try:
        from mousehole.server.store.postgres import PostgresStore
    except ImportError:
        raise StorageError("PostgreSQL needs psycopg: pip install 'mousehole[postgres]'") from None
    return PostgresStore(database)


CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",  # modules from the site only: no inline script, no eval
        "style-src 'self'",  # style sheets only: no style attribute or element in markup
        "img-src 'self' data: blob:",
        "media-src 'self' data: blob:",
        "connect-src 'self'",  # the API and the room sockets, on this host only
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",  # no page of ours inside another site's frame
    ]
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),  # a room's code never leaves in a Referer
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers before CSP 2
]


def page_folders(*catalogues: Mapping[str, ListedGame]) -> dict[str, Path]:
    """Return the page folders of the games in `catalogues` (the registry, and the games a
    test app lists), each by its name under `/static/`: the `web/` folder of a game package."""
    return {
        game.page.folder: game.page.directory
        for games in catalogues
        for game in games.values()
        if game.page is not None
    }


class Assets(StaticFiles):
    """The front end's files: `/static/<folder>/...` from a game's page folder (`folders`,
    e.g. `mousehole/games/<folder>/web/`), everything else from `directory` (the shared
    `mousehole/web/`).

    The modules are plain files without hashes in their names, so a browser must ask again
    whether each is still current (`no-cache`, answered 304 when it is): a cached old module
    beside a new one would break a page after an update. Fonts never change under a name (a
    new font gets a new file name), so they are kept for a year."""

    def __init__(self, directory: Path, folders: Mapping[str, Path]) -> None:
        super().__init__(directory=directory)
        self.folders = {
            name: StaticFiles(directory=path, check_dir=False) for name, path in folders.items()
        }

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        """Return the file that `path` (normalized, below /static/) names and its stat, or
        ("", None): a page folder's files from that folder, with StaticFiles' own check that
        the path stays inside it."""
        name, _, rest = path.partition(os.sep)
        folder = self.folders.get(name)
        if folder is None:
            return super().lookup_path(path)
        if not rest:  # the folder itself is no file
            return "", None
        return folder.lookup_path(rest)

    def file_response(
        self,
        full_path: PathLike[str] | str,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        immutable = self.get_path(scope).startswith("fonts")
        response.headers["Cache-Control"] = (
            "public, max-age=31536000, immutable" if immutable else "no-cache"
        )
        return response


class SecurityHeaders:
    """ASGI middleware: every HTTP response carries SECURITY_HEADERS (docs/protocol.md), and
    `Cache-Control: no-cache` unless it says otherwise (pages and answers are revalidated).

    The pages load only what the site serves, so a script injected into a page (a player's
    name gone wrong somewhere) could neither run inline nor talk to another host, and no
    other site can frame a page to trick a host into clicking its controls.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *SECURITY_HEADERS]
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", b"no-cache"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


async def _http_error(request: Request, exc: Exception) -> Response:
    """Return a JSON error under /api/ and an HTML page elsewhere."""
    if not isinstance(exc, HTTPException):  # registered for HTTPException only
        raise exc
    status = HTTPStatus(exc.status_code)
    headers = dict(exc.headers) if exc.headers else None
    path = request.url.path
    if path == "/api" or path.startswith("/api/"):
        code = _API_ERROR_CODES.get(status, "http_error")
        if status == HTTPStatus.NOT_FOUND:
            message = f"no API endpoint at {path}"
        elif status == HTTPStatus.METHOD_NOT_ALLOWED:
            message = f"{request.method} is not allowed on {path}"
        else:
            message = exc.detail
        body = {"error": {"code": code, "message": message}}
        return JSONResponse(body, status_code=status, headers=headers)
    words = pages.request_words(request)
    heading = pages.error_heading(status, words)
    html = pages.error_page(status, heading, path, words)
    localized = {"Content-Language": words.language, "Vary": "Cookie, Accept-Language"}
    return HTMLResponse(html, status_code=status, headers={**(headers or {}), **localized})
