"""A program's seat in an online room, over the documented protocol, exactly like a browser.

`join` takes an open seat (`POST /api/online/<CODE>/join` with `"bot": true`, so everyone sees
the seat marked as a bot) and returns its `Seat`, token included; `RoomClient(seat).play(decide)`
says hello on the room's socket with that token, and whenever a snapshot offers the seat its
legal actions it asks `decide(turn)` for one and sends it as an `act` with the snapshot's
version. It reconnects with its token after a dropped connection or a server restart (close
1012, like a browser's backoff), resyncs after a refusal, and returns the last snapshot once the
game is over. `play` is the same for code that is not asynchronous. docs/bots.md has examples;
docs/protocol.md and docs/online.md the messages.

`decide` gets a `Turn` (the game, the seat, the version, the seat's observation and its legal
actions as JSON) and returns one of `turn.legal` (a JSON object) or its index in that list; it
may be a coroutine function.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import secrets
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .engine import JSON

FINAL_CLOSES = {
    1007: "the server could not read a message (not UTF-8)",
    1008: "the server closed the socket for its policy (too many messages, or unknown codes)",
    1009: "a message was too big",
    4401: "the seat token is not (or no longer) valid: the host may have reopened the seat",
    4404: "no such room",
}
"""Close codes after which reconnecting cannot help (docs/protocol.md)."""


class ClientError(Exception):
    """The room refused the client for good, or its program answered nonsense."""


@dataclass(frozen=True)
class Seat:
    """A seat held in an online room: where, which, and the token that holds it (a secret)."""

    url: str
    code: str
    seat: int
    token: str


@dataclass(frozen=True)
class Turn:
    """What a program is shown when its seat is to act."""

    game: str
    options: JSON
    seat: int
    version: int
    observation: JSON
    """`State.observation(seat)`: what this seat may know (docs/api.md)."""
    legal: list[JSON]
    """The seat's legal actions (docs/protocol.md: `legal`); answer one of them."""

    def to_json(self) -> JSON:
        """Return the turn as the line `mousehole bot` writes to its program."""
        return {
            "type": "turn",
            "game": self.game,
            "options": self.options,
            "seat": self.seat,
            "version": self.version,
            "observation": self.observation,
            "legal": self.legal,
        }


Answer = JSON | int
Decide = Callable[[Turn], Answer | Awaitable[Answer]]


def _post(url: str, body: JSON) -> JSON:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            answer: JSON = json.loads(response.read())
            return answer
    except urllib.error.HTTPError as error:
        try:
            detail = json.loads(error.read())["error"]
            message = f"{detail['code']}: {detail['message']}"
        except (ValueError, KeyError, TypeError):
            message = f"HTTP {error.code}"
        raise ClientError(f"joining was refused: {message}") from None


async def join(
    url: str, code: str, name: str, *, seat: int | None = None, bot: bool = True
) -> Seat:
    """Take an open seat (`seat`, or the first open one) of room `code` on the server at `url`
    (e.g. "http://127.0.0.1:8000") under `name`; return it with its token."""
    base = url.rstrip("/")
    body: JSON = {"name": name, "bot": bot}
    if seat is not None:
        body["seat"] = seat
    answer = await asyncio.to_thread(_post, f"{base}/api/online/{code.upper()}/join", body)
    return Seat(base, answer["code"], answer["seat"], answer["token"])


def socket_url(url: str, code: str) -> str:
    """Return the room socket's address for the server at `url`."""
    parts = urlsplit(url.rstrip("/"))
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, f"{parts.path}/ws/online/{code.upper()}", "", ""))


def game_over(snapshot: JSON) -> bool:
    """Return True for a snapshot of a finished match (started, nobody left to act)."""
    return bool(snapshot.get("started")) and snapshot.get("to_act") is None


class Pace:
    """Keeps a client's messages under the room's limit (docs/online.md, Limits: 20 a second,
    bursts of 40): a bucket of `burst` messages refilled at `rate` a second, waited on."""

    def __init__(self, rate: float = 15.0, burst: float = 10.0):
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last: float | None = None

    async def wait(self) -> None:
        """Return once one more message may be sent."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            await asyncio.sleep((1 - self.tokens) / self.rate)
            self.tokens = 1.0
            self.last = loop.time()
        self.tokens -= 1


class RoomClient:
    """Plays one seat of an online room (module docstring)."""

    def __init__(
        self, seat: Seat, *, retries: int = 8, backoff: float = 0.5, pace: Pace | None = None
    ):
        self.seat = seat
        self.retries = retries
        self.backoff = backoff
        self.pace = pace or Pace()
        self.snapshot: JSON | None = None
        """The last snapshot received."""
        self.turns = 0
        """How many actions this client has sent."""

    async def play(self, decide: Decide) -> JSON:
        """Play the seat until the game is over; return the final snapshot."""
        failures = 0
        while True:
            try:
                return await self._session(decide)
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as error:
                code = getattr(getattr(error, "rcvd", None), "code", None)
                if code in FINAL_CLOSES:
                    raise ClientError(f"closed {code}: {FINAL_CLOSES[code]}") from None
                failures += 1
                if failures > self.retries:
                    raise ClientError(f"gave up after {self.retries} reconnects: {error}") from None
                await asyncio.sleep(min(8.0, self.backoff * 2 ** (failures - 1)))

    async def _session(self, decide: Decide) -> JSON:
        """One connection: hello, then answer snapshots until the end (or the socket closes)."""
        async with connect(socket_url(self.seat.url, self.seat.code), max_size=2**20) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.seat.token}))
            answered: int | None = None
            async for raw in ws:
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "error":
                    answered = None  # a snapshot follows: look at the turn again
                    continue
                if kind not in ("snapshot", "update"):
                    continue  # talk ("said") is for people
                snapshot: JSON = message["snapshot"] if kind == "update" else message
                self.snapshot = snapshot
                if game_over(snapshot):
                    return snapshot
                version = snapshot["version"]
                if not snapshot.get("legal") or answered == version:
                    continue
                turn = Turn(
                    snapshot["game"],
                    snapshot["options"],
                    self.seat.seat,
                    version,
                    snapshot["state"],
                    snapshot["legal"],
                )
                action = await _answer(decide, turn)
                answered = version
                act = {"type": "act", "action": action, "version": version}
                act["id"] = f"{version}-{secrets.token_hex(4)}"
                await self.pace.wait()
                await ws.send(json.dumps(act))
                self.turns += 1
        raise ConnectionError("the room's socket closed")


async def _answer(decide: Decide, turn: Turn) -> JSON:
    """Ask `decide` and return its action as JSON: one of `turn.legal`, or its index."""
    answer = decide(turn)
    if inspect.isawaitable(answer):
        answer = await answer
    return pick(turn, answer)


def pick(turn: Turn, answer: Any) -> JSON:
    """Return the action an answer names: an index into `turn.legal` or an action object
    (sent as given: the server says whether it is legal). Raise ClientError otherwise."""
    if isinstance(answer, bool):
        raise ClientError(f"the answer {answer!r} is neither an action object nor an index")
    if isinstance(answer, int):
        if not 0 <= answer < len(turn.legal):
            raise ClientError(f"the answer {answer} is no index of the {len(turn.legal)} actions")
        return dict(turn.legal[answer])
    if isinstance(answer, dict):
        return answer
    raise ClientError(f"the answer {answer!r} is neither an action object nor an index")


def play(
    url: str,
    code: str,
    name: str,
    decide: Callable[[Turn], Answer],
    *,
    seat: int | None = None,
) -> JSON:
    """Join room `code` as a bot named `name` and play it to the end with `decide` (not a
    coroutine); return the final snapshot. The synchronous form of `join` + `RoomClient.play`."""

    async def run() -> JSON:
        held = await join(url, code, name, seat=seat)
        return await RoomClient(held).play(decide)

    return asyncio.run(run())


__all__ = [
    "ClientError",
    "Decide",
    "Pace",
    "RoomClient",
    "Seat",
    "Turn",
    "game_over",
    "join",
    "pick",
    "play",
    "socket_url",
]
