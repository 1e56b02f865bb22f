"""The web app: HTTP pages and JSON API now; rooms, WebSocket play and storage to come."""

from mousehole.server.app import create_app

__all__ = ["create_app"]
