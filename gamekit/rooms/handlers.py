"""The room server's HTTP handlers: the pages, the list of games, creating a room, and the access log."""

from __future__ import annotations

import logging
from typing import Any

import tornado.web

from gamekit.i18n import tr, using
from gamekit.catalog import BadOptions
from gamekit.rooms.group_settings import game_menu
from gamekit.rooms.untrusted import BadJSON, loads
from gamekit.rooms.web import BaseHandler, log_path
from gamekit.rooms.limits import MAX_MESSAGE

log = logging.getLogger("gamekit.rooms")


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Access log without query strings or bodies (tokens never travel there anyway), and with room and
    group ids hashed (they are the invite and join keys)."""
    status = handler.get_status()
    level = logging.INFO if status < 400 else logging.WARNING
    log.log(
        level,
        "%d %s %s %.1f ms",
        status,
        handler.request.method,
        log_path(handler.request.path),
        1000 * handler.request.request_time(),
    )


class PageHandler(BaseHandler):
    def initialize(self, page: str) -> None:
        self.page = page

    def get(self) -> None:
        self.write_page(self.page)


class RoomPageHandler(BaseHandler):
    def initialize(self, server: Any) -> None:
        self.server = server

    def get(self, room_id: str) -> None:
        if not self.server.room_exists(room_id):
            self.set_status(404)
            self.write_page("missing.html")
            return
        self.write_page("room.html", self.server.groups.room_language(room_id))  # a class group's room: its language


class GamesHandler(BaseHandler):
    """``GET /api/games``: the catalog's games a room or group can play (``group_settings.game_menu``), which the create
    page and the group settings page list (so a game registered in the catalog appears there with no edit)."""

    def get(self) -> None:
        with using(self.language()):  # the titles in the page's language (?lang=)
            self.write({"games": game_menu()})


class CreateHandler(BaseHandler):
    def initialize(self, server: Any) -> None:
        self.server = server

    def post(self) -> None:
        with using(self.language()):  # refusals in the page's language (?lang=)
            self._create()

    def _create(self) -> None:
        if len(self.request.body) > MAX_MESSAGE:
            return self._error(413, tr("request too large"))
        if not self.server.allow_create(self.request.remote_ip or "?"):
            return self._error(429, tr("too many rooms created from this address: wait a minute"))
        try:
            data = loads(self.request.body)
        except BadJSON as bad:
            return self._error(
                400,
                tr(
                    "the body must be JSON ({reason}): {example}",
                    reason=str(bad),
                    example='{"game": "dots", "options": {}, "timer": 0}',
                ),
            )
        if not isinstance(data, dict):
            return self._error(400, tr("the body must be a JSON object"))
        unknown = set(data) - {"game", "options", "timer"}
        if unknown:
            return self._error(400, tr("unknown field(s): {fields}", fields=", ".join(sorted(map(str, unknown)))[:200]))
        try:
            room_id, token = self.server.create_room(data.get("game"), data.get("options"), data.get("timer", 0))
        except BadOptions as refusal:
            return self._error(400, str(refusal)[:300])
        base = (
            self.server.base_url.rstrip("/")
            if self.server.base_url
            else f"{self.request.protocol}://{self.request.host}{self.server.prefix}"
        )
        self.set_status(201)
        self.write({"room": room_id, "link": f"{base}/r/{room_id}", "token": token, "seat": 0})

    def _error(self, status: int, message: str) -> None:
        self.set_status(status)
        self.write({"type": "error", "message": message})
