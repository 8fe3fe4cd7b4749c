"""The room server: tornado (HTTP + WebSockets), rooms stored in SQLite (one process) or PostgreSQL.

``python -m gamekit.rooms [--host H] [--port P] [--db FILE]`` starts it and prints the address to open.

Paths (under ``--prefix``, e.g. ``/services/rooms`` as a JupyterHub service):

* ``GET /``                the page to create a room (game, board, time per turn).
* ``POST /api/rooms``      JSON ``{"game", "options", "timer"}`` → ``{"room", "link", "token", "seat": 0}``.
* ``GET /r/<room>``        the room page (the invite link).
* ``WS  /ws/<room>``       the room protocol (docs/rooms.md): JSON messages, the first one ``hello``.

Everything a client sends is untrusted: size- and rate-limited per connection, validated, and a refusal is an
``error`` message to that client only, with the room unchanged.  Seat tokens travel only inside the
WebSocket (never in a URL), are stored hashed and never logged.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from pathlib import Path
from typing import Any, Callable

import tornado.ioloop
import tornado.web
from tornado.ioloop import PeriodicCallback

from gamekit.rooms import groups_http
from gamekit.rooms.review import routes as review_routes
from gamekit.rooms.speech import said
from gamekit.rooms.games import check_room_options
from gamekit.rooms.groups import Groups
from gamekit.rooms.store_interface import SEVEN_DAYS
from gamekit.rooms.stores import open_store
from gamekit.rooms.web import STATIC, NoCacheStatic
from gamekit.rooms.group_commit import FlushFirst, GroupCommit
from gamekit.rooms.handlers import CreateHandler, GamesHandler, PageHandler, RoomPageHandler, log_request
from gamekit.rooms.limits import HARD_MAX_MESSAGE, SEND_QUEUE_BYTES, SEND_QUEUE_MESSAGES
from gamekit.rooms.room import Room, RoomBusy
from gamekit.rooms.room_socket import RoomSocket

log = logging.getLogger("gamekit.rooms")

GRACE = 60.0  # seconds an absent player keeps their turn when no time per turn is set
TICK_SLICE = 100  # rooms one event-loop callback of a tick handles (RoomServer.tick)
UNLOAD_AFTER = 300.0  # seconds a room with no connection stays in memory


class Clock:
    """``time.time()``, shifted by the number of seconds in ``offset_file`` when one is given (tests only)."""

    def __init__(self, offset_file: str | None = None):
        self.offset_file = offset_file

    def __call__(self) -> float:
        offset = 0.0
        if self.offset_file:
            try:
                offset = float(Path(self.offset_file).read_text().strip() or 0)
            except (OSError, ValueError):
                offset = 0.0
        return time.time() + offset


class RoomServer:
    def __init__(
        self,
        db: str | Path,
        clock: Callable[[], float] | None = None,
        grace: float = GRACE,
        idle: float = SEVEN_DAYS,
        tick: float = 0.5,
        sweep_every: float = 60.0,
        rooms_per_minute: float = 60.0,
        base_url: str | None = None,
        synchronous: str = "NORMAL",
        prefix: str = "",
        fail_before_result: bool = False,
        send_queue_bytes: int = SEND_QUEUE_BYTES,
        send_queue_messages: int = SEND_QUEUE_MESSAGES,
        kill_before_batch: bool = False,
    ):
        self.store = open_store(db, synchronous=synchronous)
        if hasattr(self.store, "checkpoint_in_thread"):
            self.store.checkpoint_in_thread()  # SQLite: WAL checkpoints off the event loop (store.py)
        self.commits = GroupCommit(
            self.store, self.lost_writes, kill_before_batch, in_thread=getattr(self.store, "commit_in_thread", False)
        )
        self.send_queue_bytes, self.send_queue_messages = send_queue_bytes, send_queue_messages
        self.fail_before_result = fail_before_result  # tests only: SIGKILL between a game's end and its result
        self.now = clock or time.time
        self.grace, self.idle = grace, idle
        self.tick_seconds, self.sweep_every = tick, sweep_every
        self.rooms_per_minute = rooms_per_minute
        self.base_url = base_url
        self.prefix = "/" + prefix.strip("/") if prefix.strip("/") else ""  # e.g. /services/rooms
        self.rooms: dict[str, Room] = {}
        # one of several worker processes (gamekit.rooms.workers.Ownership sets these): a room is loaded only
        # once this process holds its lease, and more routes (the proxy's health check) are served
        self.ownership: Any = None
        self.extra_routes: list = []
        self._create_buckets: dict[str, tuple[float, float]] = {}
        self._last_sweep = 0.0
        self._ticking = False  # a tick's pass over the rooms is under way (tick)
        # class groups share this database (docs/class.md); groups.py sees the server only through
        # gamekit.rooms.web.RoomHost, and its data only through the store's GroupStore interface (``group_store``:
        # the room writes waiting for this turn's commit are committed before each of its calls)
        self.group_store = FlushFirst(self.store, self.commits.flush)
        self.groups = Groups(self)
        self.groups.recover_results()  # results lost in a crash are added now, not when next opened

    def room(self, room_id: str) -> Room | None:
        if room_id in self.rooms:
            return self.rooms[room_id]
        if not isinstance(room_id, str) or not 8 <= len(room_id) <= 64:
            return None
        if self.ownership is not None and not self.ownership.claim(room_id):
            return None  # no such room, or another worker holds it
        stored = self.group_store.load_room(room_id)
        if stored is None:
            if self.ownership is not None:
                self.ownership.release(room_id)
            return None
        room = self.rooms[room_id] = Room(self, stored)
        return room

    async def room_when_free(self, room_id: str) -> Room | None:
        """:meth:`room`, waiting first (a few seconds at most) until this worker holds the room when another
        one does; :class:`RoomBusy` if it never let go."""
        if (
            self.ownership is not None
            and room_id not in self.rooms
            and isinstance(room_id, str)
            and 8 <= len(room_id) <= 64
            and await self.ownership.wait_claim(room_id) is False
        ):
            raise RoomBusy(room_id)
        return self.room(room_id)

    def room_exists(self, room_id: str) -> bool:
        """The room is stored (live here or not), without loading it."""
        return room_id in self.rooms or (
            isinstance(room_id, str) and 8 <= len(room_id) <= 64 and self.group_store.load_room(room_id) is not None
        )

    def unload(self, room_id: str) -> None:
        """Forget a room kept in memory (it is loaded again from the store when needed)."""
        self.rooms.pop(room_id, None)
        if self.ownership is not None:
            self.ownership.release(room_id)

    def flush(self) -> None:
        """Commit the room writes waiting for the end of this event-loop turn (and send what waited for them)."""
        self.commits.flush()

    def lost_writes(self, room: "Room") -> None:
        """A room's writes could not be committed (GroupCommit): what its people were about to be told did not
        happen.  The room leaves memory and every connection to it is told and closed; pages reconnect and get
        the room as stored."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        room.gone = said("The server could not store the last change (an internal error); reconnect to continue.")
        for conn in list(room.sockets):
            conn.send({"type": "error", "code": "server_error", "message": room.gone})
            conn.shut(1011, "store failed")

    def close(self) -> None:
        """Commit what waits, then close the store (the server is stopping)."""
        self.commits.close()
        self.store.close()
        log.info("group commit: %d room writes in %d transactions", self.commits.committed, self.commits.transactions)

    def create_room(self, game: Any, options: Any, timer: Any) -> tuple[str, str]:
        game_id, clean, timer = check_room_options(game, options, timer)
        room_id, token = secrets.token_urlsafe(12), secrets.token_urlsafe(32)
        self.group_store.create_room(room_id, game_id, clean, timer, token, self.now())
        return room_id, token

    def allow_create(self, ip: str) -> bool:
        now = time.monotonic()
        burst = max(10.0, self.rooms_per_minute / 6)  # ten seconds' worth, at least 10 rooms at once
        tokens, last = self._create_buckets.get(ip, (burst, now))
        tokens = min(burst, tokens + (now - last) * self.rooms_per_minute / 60)
        if tokens < 1:
            self._create_buckets[ip] = (tokens, now)
            return False
        self._create_buckets[ip] = (tokens - 1, now)
        return True

    def tick(self) -> None:
        """Every ``tick`` seconds: each room's clock (a turn's time running out, the CPU standing in for an
        absent player), rooms nobody has used for a while leave memory, and every ``sweep_every`` seconds the
        sweep.  The rooms are taken :data:`TICK_SLICE` at a time, each slice its own event-loop callback, so
        what arrives meanwhile is served between slices (one pass over 1000 rooms held the loop for 5–40 ms)."""
        if self._ticking:
            return  # the last pass has not reached its end (a very busy loop)
        self._ticking = True
        self._tick_slice(list(self.rooms.items()), 0)

    def _tick_slice(self, rooms: list, start: int) -> None:
        now = self.now()
        try:
            for room_id, room in rooms[start : start + TICK_SLICE]:
                if self.rooms.get(room_id) is not room:
                    continue  # gone from memory since the pass began
                if not room.sockets and now - room.unused_since > UNLOAD_AFTER:
                    self.unload(room_id)  # nobody there: it is reloaded from the store when needed
                    continue
                try:
                    room.tick(now)
                except Exception:  # noqa: BLE001 — one room's trouble must not stop the others
                    log.exception("room tick failed")
            if start + TICK_SLICE < len(rooms):
                try:
                    asyncio.get_running_loop().call_soon(self._tick_slice, rooms, start + TICK_SLICE)
                    return
                except RuntimeError:  # no event loop (a script driving a RoomServer): at once
                    return self._tick_slice(rooms, start + TICK_SLICE)
            self._ticking = False
        except BaseException:
            self._ticking = False
            raise
        if now - self._last_sweep >= self.sweep_every:
            self._last_sweep = now
            self.sweep(now)

    def sweep(self, now: float) -> list[str]:
        """Delete rooms idle for seven days (their moves go with them); close their connections."""
        expired = self.group_store.expire(now, self.idle)
        # rooms deleted by another server process sharing the database (its sweep, or a group deleted there)
        gone = self.group_store.missing_rooms([r for r in self.rooms if r not in expired])
        for room_id in [*expired, *gone]:
            room = self.rooms.pop(room_id, None)
            if room is not None:
                room.close_all(
                    said("This room expired after seven days without activity.")
                    if room_id in expired
                    else said("This room was deleted (it expired, or its group was deleted by its teacher).")
                )
        if expired:
            log.info("expired %d room(s)", len(expired))
        groups = self.groups.sweep(now)
        if groups:
            log.info("expired %d group(s)", len(groups))
        return expired

    def app(self) -> tornado.web.Application:
        p = re.escape(self.prefix)
        routes = [
            (p + r"/", PageHandler, {"page": "create.html"}),
            (p + r"/r/([A-Za-z0-9_-]{8,64})", RoomPageHandler, {"server": self}),
            (p + r"/api/rooms", CreateHandler, {"server": self}),
            (p + r"/api/games", GamesHandler),
            (p + r"/ws/([A-Za-z0-9_-]{8,64})", RoomSocket, {"server": self}),
            (p + r"/static/(.*)", NoCacheStatic, {"path": str(STATIC)}),
            *((p + route, *rest) for route, *rest in groups_http.routes(self.groups)),
            *((p + route, *rest) for route, *rest in review_routes(self)),  # a finished game's review
            *((p + route, *rest) for route, *rest in self.extra_routes),
        ]
        if self.prefix:
            routes.append((p, tornado.web.RedirectHandler, {"url": self.prefix + "/"}))
        return tornado.web.Application(
            routes,
            websocket_max_message_size=HARD_MAX_MESSAGE,
            websocket_ping_interval=20,
            websocket_ping_timeout=20,
            log_function=log_request,
        )

    def start_ticking(self) -> PeriodicCallback:
        callback = PeriodicCallback(self.tick, self.tick_seconds * 1000)
        callback.start()
        return callback
