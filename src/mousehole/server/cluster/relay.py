"""The two ends of a socket whose room another instance drives.

On the instance a client is connected to (the **relay**), `Relayed` holds the client's socket:
what the client sends goes to the room's driver over the bus (after this instance's rate
limits, endpoint.serve_messages), and what the driver sends back is written to the socket in order.
On the driver, `RemoteSocket` stands in for that socket inside the hub: the hub counts it as one
of the room's sockets (presence, the host's rights and grace periods see it like any other),
publishes to it after each commit like to any other, and each text it is sent goes to the relay
over the bus. So a relayed client hears of a move only after it is committed, exactly like a
client of the driver itself (persist, then publish).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ...engine import JSON
from ..rooms.table import RoomError
from ..rooms.wire import encode
from .bus import Bus

MOVED = 1012
"""The close code of a socket whose room moved to another instance (or whose driver died, or
whose bus broke): "service restart", so the client reconnects (to any instance) and resumes."""


@dataclass(frozen=True)
class Shut:
    """Close the relayed client's socket with `code`."""

    code: int


class Closed:
    """The end of a remote connection's inbox: its client left, or its relay is gone."""


CLOSED = Closed()


@dataclass(eq=False)
class Relayed:
    """A client socket of this instance whose room `driver` drives."""

    websocket: WebSocket
    driver: str
    room: str
    outbox: asyncio.Queue[str | Shut] = field(default_factory=asyncio.Queue)
    shut: bool = False
    told: bool = False
    """True when the driver closed the socket itself (it needs no word that the client left)."""

    def put(self, item: str | Shut) -> None:
        """Queue a text for the client, or the closing of its socket."""
        if not self.shut:
            self.outbox.put_nowait(item)
            self.shut = isinstance(item, Shut)

    async def answer(self, message: JSON) -> None:
        """Send the client one message of this instance's own (a rate-limit refusal)."""
        self.put(encode(message))

    async def write_forever(self) -> None:
        """Write what is queued to the socket in order, until it is closed.

        A client that left first makes the write or the close fail (Starlette raises
        WebSocketDisconnect, or RuntimeError once the socket is closed): that is how a socket
        normally ends, so it is let go, never raised out of the handler."""
        while True:
            item = await self.outbox.get()
            with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
                if isinstance(item, Shut):
                    await self.websocket.close(code=item.code)
                else:
                    await self.websocket.send_text(item)
            if isinstance(item, Shut):
                return


@dataclass(eq=False)
class RemoteSocket:
    """On the driver: a client socket of another instance (`relay`), as the hub sees it."""

    bus: Bus
    relay: str
    conn: str
    inbox: asyncio.Queue[JSON | RoomError | Closed] = field(default_factory=asyncio.Queue)
    closed: bool = False

    async def send_text(self, text: str) -> None:
        """Send the client a text (through its relay); RuntimeError once closed, as Starlette."""
        if self.closed:
            raise RuntimeError("the remote socket is closed")
        self.bus.send(self.relay, {"op": "send", "conn": self.conn, "text": text})

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        """Close the client's socket (through its relay) and end its session here."""
        if not self.closed:
            self.closed = True
            self.bus.send(self.relay, {"op": "shut", "conn": self.conn, "code": code})
        self.inbox.put_nowait(CLOSED)

    def gone(self) -> None:
        """The client left, or its relay did: end its session without telling the relay."""
        self.closed = True
        self.inbox.put_nowait(CLOSED)


def received(message: dict[str, Any]) -> JSON | RoomError:
    """Return what a relayed client sent: its message, or the error its relay read."""
    error = message.get("error")
    if isinstance(error, list) and len(error) == 2:
        return RoomError(str(error[0]), str(error[1]))
    data = message.get("data")
    return data if isinstance(data, dict) else RoomError("bad_message", "no message")
