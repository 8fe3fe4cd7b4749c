"""What every web handler of the room server shares — the room pages and WebSockets (:mod:`gamekit.rooms.handlers`,
:mod:`gamekit.rooms.room_socket`)
and the class groups' pages and API (:mod:`gamekit.rooms.groups_http`) — and the two interfaces the groups feature
sees of the server: :class:`RoomHost` (the server) and :class:`HostedRoom` (a live room).  These modules import
this one; the groups never import the server (it builds their ``Groups`` and calls its hooks).
"""

from __future__ import annotations

import hashlib
import logging
import re
from pathlib import Path
from typing import Any, Protocol

import tornado.web

from gamekit.rooms.speech import known_language, page_language, render_page

__all__ = [
    "STATIC",
    "Refusal",
    "log_id",
    "log_path",
    "SafeLog",
    "SECURITY_HEADERS",
    "BaseHandler",
    "NoCacheStatic",
    "RoomHost",
    "HostedRoom",
]

log = logging.getLogger("gamekit.rooms")
STATIC = Path(__file__).parent / "static"


class Refusal(Exception):
    """A client's message is refused: the message is sent back as an ``error``; nothing changed."""

    def __init__(self, message: str, code: str = "refused"):
        super().__init__(message)
        self.code = code


_SECRET_IN_PATH = re.compile(r"(/(?:r|ws|g|api/groups)/)([A-Za-z0-9_-]{8,})")


def log_id(secret: str) -> str:
    """How a room or group id appears in the log: ``#`` and the first 8 hex digits of its SHA-256 — the same
    id always gives the same text (lines about one room can be followed), but the id, which is the invite
    key, cannot be read back from it."""
    return "#" + hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def log_path(path: str) -> str:
    """``path`` as the log shows it: room and group ids replaced by :func:`log_id` (``/r/#1a2b3c4d``)."""
    return _SECRET_IN_PATH.sub(lambda m: m.group(1) + log_id(m.group(2)), path)


class SafeLog:
    """A handler's errors logged without the URL's secrets (tornado's own message quotes the whole URL and
    dumps the request, headers included)."""

    def log_exception(self, typ, value, tb) -> None:  # tornado.web.RequestHandler's hook
        where = f"{self.request.method} {log_path(self.request.path)}"
        if isinstance(value, tornado.web.HTTPError):
            if value.log_message:
                text = value.log_message % value.args if value.args else value.log_message
                log.warning("%d %s: %s", value.status_code, where, text)
        else:
            log.error("uncaught exception in %s", where, exc_info=(typ, value, tb))


SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'",
    "Cache-Control": "no-store",
}


class BaseHandler(SafeLog, tornado.web.RequestHandler):
    def set_default_headers(self) -> None:
        for k, v in SECURITY_HEADERS.items():
            self.set_header(k, v)

    def asked_language(self) -> str | None:
        """The language the address asks for (``?lang=es``) when gamekit speaks it, else None (never an error:
        an unknown or malformed value is no choice)."""
        try:
            return known_language(self.get_query_argument("lang", None))
        except tornado.web.HTTPError:  # not UTF-8
            return None

    def language(self, group: Any = None) -> str:
        """The language to answer in: ``?lang=``, else ``group`` (the class group's language), else the browser's
        ``Accept-Language``, else English (``gamekit.rooms.speech.page_language``)."""
        return page_language(self.asked_language(), group, self.request.headers.get("Accept-Language"))

    def write_page(self, page: str, group: Any = None) -> None:
        """``static/<page>`` in the reader's language (:meth:`language`)."""
        language = self.language(group)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Language", language)
        self.set_header("Vary", "Accept-Language")
        self.write(render_page(page, language, asked=self.asked_language()))


class NoCacheStatic(SafeLog, tornado.web.StaticFileHandler):
    def parse_url_path(self, url_path: str) -> str:
        # a NUL or another control character (``/static/room.js%00.html``) names no file: 404, before the file
        # system sees it (os.stat raises ValueError on a NUL, which tornado answered with a 500)
        if any(ord(c) < 32 or ord(c) == 127 for c in url_path) or "\\" in url_path:
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(url_path)

    def set_extra_headers(self, path: str) -> None:
        for k, v in SECURITY_HEADERS.items():
            self.set_header(k, v)


class HostedRoom(Protocol):
    """What the groups feature reads and calls on a live room (:class:`gamekit.rooms.room.Room`)."""

    id: str
    game_id: str
    options: dict
    game: Any
    moves: list
    away_since: list
    turn_started: float
    seat_hashes: list
    group_view: dict | None
    note: str
    open_to_link: bool
    cpu_for: dict
    sockets: set

    def connected(self, seat: int) -> bool: ...
    def broadcast(self) -> None: ...
    def close_all(self, message: str) -> None: ...


class RoomHost(Protocol):
    """What the groups feature reads and calls on the room server (:class:`gamekit.rooms.server.RoomServer`);
    ``store`` is both a :class:`gamekit.rooms.store_interface.RoomStore` and a
    :class:`gamekit.rooms.store_interface.GroupStore`;
    ``group_store`` is the same store with this turn's room writes committed before each call (group commit)."""

    store: Any
    group_store: Any
    rooms: dict
    rooms_per_minute: float
    fail_before_result: bool

    def now(self) -> float: ...
    def flush(self) -> None: ...
    def room(self, room_id: str) -> HostedRoom | None: ...
    def create_room(self, game: Any, options: Any, timer: Any) -> tuple[str, str]: ...
