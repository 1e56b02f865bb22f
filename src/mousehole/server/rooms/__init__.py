"""Rooms: the hub (every room, its gate: persist then publish), the WebSocket play path, a
room's authority (room.py; its match, table.py; what each viewer sees, views.py), talk, the
wire format and the limits."""
