"""The web app, one folder per layer, each importing only those below it:

- `http/`: the Starlette app, the JSON API, the pages (play, rules, replay) and the catalogue;
- `cluster/`: several instances (room leases in PostgreSQL, the relay over Redis): the rooms'
  drivers of a server that is one of several;
- `rooms/`: the hub (every room and its gate: persist, then publish), the WebSocket play path,
  a room's authority, talk, the wire format, the limits and the drivers (`drivers.py`: which
  instance drives a room; a server alone drives them all);
- `store/`: the rooms' storage (SQLite or PostgreSQL) and the group-commit writer;
- `text.py`: the checks of names and text every layer shares.
"""

from mousehole.server.http.app import create_app

__all__ = ["create_app"]
