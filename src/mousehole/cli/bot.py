"""`mousehole bot`: a program of one's own plays a seat of an online room."""

from __future__ import annotations

import argparse
import asyncio
import json

from .common import fail


def run_bot(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from ..bot_command import run  # the client's packages load only for this command
    from ..client import ClientError

    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        fail(parser, "give the program to run after --, e.g. -- python3 mybot.py")
    try:
        final = asyncio.run(
            run(args.url, args.room, args.name, command, seat=args.seat, token=args.token)
        )
    except ClientError as error:
        fail(parser, str(error))
    print(json.dumps({"winners": final.get("winners", []), "version": final.get("version")}))
    return 0
