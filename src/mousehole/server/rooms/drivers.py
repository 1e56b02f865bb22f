"""Which instance drives a room, and how a socket or an HTTP call about it reaches that one.

The instance that drives a room runs its commands, chance, computer seats and timers (hub.py,
endpoint.py); nobody else changes it. A server alone drives every room (`ThisInstance`, the
default). Several instances on one PostgreSQL and one Redis (`Cluster` in cluster/node.py)
drive each room where its lease says, and relay the sockets and forward the HTTP calls that
reach another instance to it. The app picks one of the two at startup (http/app.py); the
WebSocket endpoint (endpoint.py) and the room-addressed HTTP endpoints ask it, and never which
one it is.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket

from ...engine import JSON

Endpoint = Callable[[Request], Awaitable[Response]]
"""An HTTP endpoint about one room (the invitation summary, joining), which `forward` reaches."""


class Drivers(Protocol):
    """Who drives each room, and the way to it: relaying a socket, forwarding an HTTP call."""

    @property
    def instance(self) -> str | None:
        """Return this instance's name among several (the health check shows it), or None
        for a server alone."""
        ...

    async def start(self, app: Any, endpoints: Mapping[str, Endpoint]) -> None:
        """Begin at the app's startup: `endpoints` (by name) answer, within `app`, the calls
        that other instances forward to this one."""
        ...

    async def close(self) -> None:
        """Hand every room this instance drives over (at the app's shutdown)."""
        ...

    def problem(self) -> str | None:
        """Return why this instance cannot drive rooms now (the health check), or None."""
        ...

    async def driver(self, code: str) -> str | None:
        """Return the instance that drives room `code` when it is another one; None when this
        one does (or no such room is stored). Raise RoomError (`storage_failed`) when that
        cannot be told now."""
        ...

    async def relay(
        self, websocket: WebSocket, code: str, hello: JSON, driver: str, *, private: bool
    ) -> None:
        """Serve a client socket, which said `hello`, of a room that `driver` (another
        instance) drives, until either side closes it."""
        ...

    async def forward(self, driver: str, name: str, request: Request) -> Response:
        """Return the answer of endpoint `name` to `request`, asked of `driver` (another
        instance), which drives the room the request names."""
        ...


class ThisInstance:
    """A server alone: it drives every room, so nothing is ever relayed or forwarded."""

    @property
    def instance(self) -> str | None:
        """Return None: there are no other instances to tell this one from."""
        return None

    async def start(self, app: Any, endpoints: Mapping[str, Endpoint]) -> None:
        """Nothing to begin: no other instance forwards calls here."""

    async def close(self) -> None:
        """Nothing to hand over."""

    def problem(self) -> str | None:
        """Return None: only the store can fail a server alone (the health check asks it)."""
        return None

    async def driver(self, code: str) -> str | None:
        """Return None: this instance drives every room."""
        return None

    async def relay(
        self, websocket: WebSocket, code: str, hello: JSON, driver: str, *, private: bool
    ) -> None:
        """Never reached: `driver` names no other instance."""
        raise RuntimeError(f"room {code}: no instance but this one, none called {driver!r}")

    async def forward(self, driver: str, name: str, request: Request) -> Response:
        """Never reached: `driver` names no other instance."""
        raise RuntimeError(f"{name}: no instance but this one, none called {driver!r}")
