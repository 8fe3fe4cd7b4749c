"""Private online rooms: play a friend through an invite link (Dots and Boxes, 5 en raya / Connect Four).

* ``python -m gamekit.rooms [--host H] [--port P] [--db FILE]`` — the room server (tornado + SQLite);
* :mod:`gamekit.rooms.games` — the games a room can hold, read from :mod:`gamekit.catalog` (no game is named there);
* :mod:`gamekit.rooms.client` — a notebook client: ``create_room(server, "dots")``, ``join(link)``.

The protocol and the rules as implemented are described in ``docs/rooms.md``.
"""

__all__ = ["join_group", "send_progress", "create_group"]


def __getattr__(name: str):
    """Class groups (docs/class.md): ``join_group(link, nickname)``, ``send_progress(link, key, progress)``,
    ``create_group(server, name)`` — imported on first use."""
    if name in ("join_group", "send_progress", "create_group"):
        from gamekit.rooms import groups_client

        return getattr(groups_client, name)
    raise AttributeError(f"module 'gamekit.rooms' has no attribute {name!r}")
