"""Rooms: the hub (every room, its gate: persist then publish), the WebSocket play path, a
room's authority (room.py, online.py), talk, the wire format and the limits."""
