"""The web app: pages, the JSON API, rooms played over one WebSocket path, and their storage."""

from mousehole.server.app import create_app

__all__ = ["create_app"]
