"""`mousehole bot`: an external program plays a seat of an online room (docs/bots.md).

    mousehole bot --url URL --room CODE --name NAME [--seat N | --token TOKEN] -- COMMAND ...

It joins the room as a bot (or takes back a seat with its token), starts COMMAND, and for each
of the seat's turns writes one line of JSON to the program's standard input:

    {"type": "turn", "game", "options", "seat", "version", "observation", "legal": [...]}

and reads one line from its standard output: one of the legal actions as a JSON object, or
its index in `legal` (a whole number). When the game is over it writes one last line,
`{"type": "over", "seat", "winners", "observation"}`, closes the program's input and waits for
it to end. The program's standard error passes through. The seat token is printed on standard
error, so that the same seat can be taken back later with `--token`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Sequence

from .client import ClientError, RoomClient, Seat, Turn, join, pick
from .engine import JSON


class Program:
    """The child process that decides: one JSON line in, one line out."""

    def __init__(self, process: asyncio.subprocess.Process):
        self.process = process

    @classmethod
    async def start(cls, command: Sequence[str]) -> Program:
        """Start `command` with pipes to its standard input and output."""
        try:
            process = await asyncio.create_subprocess_exec(
                *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
            )
        except OSError as error:
            raise ClientError(f"cannot start {command[0]!r}: {error}") from None
        return cls(process)

    async def send(self, line: JSON) -> None:
        """Write one JSON line to the program."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(line).encode() + b"\n")
            await self.process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            raise ClientError(f"the program ended (status {self.process.returncode})") from None

    async def decide(self, turn: Turn) -> JSON:
        """Show the program the turn and return the action its answer names."""
        await self.send(turn.to_json())
        assert self.process.stdout is not None
        raw = await self.process.stdout.readline()
        if not raw:
            status = await self.process.wait()
            raise ClientError(f"the program ended (status {status}) without answering")
        try:
            answer = json.loads(raw)
        except ValueError:
            raise ClientError(f"the program's answer is not JSON: {raw[:200]!r}") from None
        return pick(turn, answer)

    async def finish(self, last: JSON) -> int:
        """Tell the program the game is over, close its input, and return its exit status."""
        with contextlib.suppress(ClientError):  # a program that already ended is fine
            await self.send(last)
        assert self.process.stdin is not None
        self.process.stdin.close()
        return await self.process.wait()


async def run(
    url: str,
    code: str,
    name: str,
    command: Sequence[str],
    *,
    seat: int | None = None,
    token: str | None = None,
) -> JSON:
    """Join (or, with `token`, take back `seat`), run `command` as the seat's player to the
    end of the game, and return the final snapshot."""
    if token is not None:
        if seat is None:
            raise ClientError("--token needs --seat: the seat the token holds")
        held = Seat(url.rstrip("/"), code.upper(), seat, token)
    else:
        held = await join(url, code, name, seat=seat)
        print(
            f"mousehole bot: seat {held.seat} of room {held.code}; take it back with "
            f"--seat {held.seat} --token {held.token}",
            file=sys.stderr,
            flush=True,
        )
    program = await Program.start(command)
    try:
        final = await RoomClient(held).play(program.decide)
    except BaseException:
        if program.process.returncode is None:
            program.process.kill()
            await program.process.wait()
        raise
    await program.finish(
        {
            "type": "over",
            "seat": held.seat,
            "winners": final.get("winners", []),
            "observation": final.get("state"),
        }
    )
    return final


__all__ = ["Program", "run"]
