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
import collections
import concurrent.futures
import datetime
import gc
import ipaddress
import json
import logging
import math
import os
import re
import secrets
import signal
import socket
import struct
import time
from pathlib import Path
from typing import Any, Callable

import tornado.gen
import tornado.httpserver
import tornado.ioloop
import tornado.iostream
import tornado.web
import tornado.websocket
from tornado.ioloop import PeriodicCallback

from gamekit.core.errors import IllegalMoveError
from gamekit.i18n import tr, using
from gamekit.session import REQUEST_KINDS, RequestDecision, RequestRefused, Session, SessionAttribute
from gamekit.rooms import groups_http
from gamekit.rooms.review import routes as review_routes
from gamekit.rooms.speech import SOURCE, joined, page_language, said, speaking, translate
from gamekit.rooms.delta import encode_open, state_delta
from gamekit.rooms.games import check_move, check_room_options, rebuild, spec_for
from gamekit.catalog import BadOptions
from gamekit.rooms.groups import Groups, game_menu
from gamekit.rooms.store import BY_CPU_STANDING_IN, BY_CPU_TIMEOUT, BY_PLAYER, SEVEN_DAYS, StoredMove, token_hash
from gamekit.rooms.stores import open_store
from gamekit.rooms.untrusted import BadJSON, loads
from gamekit.rooms.web import (STATIC, BaseHandler, NoCacheStatic, Refusal, SafeLog,
                               log_path)

log = logging.getLogger("gamekit.rooms")

MAX_MESSAGE = 2048            # bytes: larger messages get an error (tornado closes above HARD_MAX_MESSAGE)
HARD_MAX_MESSAGE = 65536
RATE = 20.0                   # messages a second per connection (token bucket) …
BURST = 40.0                  # … with this burst
GRACE = 60.0                  # seconds an absent player keeps their turn when no time per turn is set
TICK_SLICE = 100              # rooms one event-loop callback of a tick handles (RoomServer.tick)
UNLOAD_AFTER = 300.0         # seconds a room with no connection stays in memory
MAX_WATCHERS = 50            # watchers per room
CPU_LEVEL = "medium"          # the CPU that plays for an absent player
CLOSE_REPLACED, CLOSE_EXPIRED, CLOSE_ABUSE = 4001, 4004, 4008
CLOSE_MOVED, CLOSE_TRY_AGAIN = 1012, 1013   # RFC 6455 "service restart", "try again later": clients reconnect
# what one connection may hold back: a reader this far behind is dropped (it reconnects and gets the state)
SEND_QUEUE_BYTES = 512 * 1024       # bytes handed to tornado and not yet written to the socket …
SEND_QUEUE_MESSAGES = 256           # … or messages
SEND_BUFFER = 256 * 1024            # the kernel's send buffer of each connection (SO_SNDBUF; Linux doubles it)
# half-open HTTP (slowloris): tornado's defaults hold a connection for an hour and read 100 MB bodies
IDLE_TIMEOUT = 30.0                 # seconds for a request's headers to arrive, and between keep-alive requests
BODY_TIMEOUT = 30.0                 # seconds for a request's body to arrive
MAX_HEADER_SIZE = 32 * 1024         # bytes of request line and headers
MAX_BODY_SIZE = 128 * 1024          # bytes of a request body (the largest we accept is a 64 KiB progress upload)
CONNECTIONS_PER_ADDRESS = 500       # open connections from one address (a school's pupils often share one)


class RoomBusy(Exception):
    """Another worker process holds the room and did not let it go in time (docs/rooms.md, "Several processes")."""


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


class Room:
    """A room in memory: the game replayed from the store, the connections, absence times."""

    def __init__(self, server: "RoomServer", stored: Any):
        self.server = server
        self.id = stored.id
        self.game_id, self.options, self.timer = stored.game, stored.options, stored.timer
        self.spec = spec_for(self.game_id)
        self.seat_hashes: list[str | None] = list(stored.seat_hashes)
        self.moves: list[StoredMove] = list(stored.moves)
        # the turn clock, the CPU player and who it plays for, the request waiting for an answer and the rules of
        # requests and answers: gamekit.session (the widgets' rules too), with the room's own undo rule
        self.session = Session(rebuild(self.game_id, self.options, [(m.kind, m.move, m.seat) for m in self.moves]),
                               seating=self, make_cpu=lambda: self.spec.cpu(CPU_LEVEL, None), timer=self.timer,
                               clock=server.now, undo_rule=self.undo_rule)
        self.session.restore_request(stored.request)
        self.conns: list[RoomSocket | None] = [None, None]
        self.sockets: set[RoomSocket] = set()  # open connections, greeted or not (a room with none can leave memory)
        self.gone: str | None = None          # set when the room was deleted: why (every socket is told and closed)
        self.unused_since = server.now()
        self.watchers: set[RoomSocket] = set()
        now = server.now()
        self.away_since = [now, now]
        self.cpu_for: set[int] = set()       # seats the CPU plays for until their person returns
        self.session.start_turn()
        self.note = ""                        # the last event, shown in everyone's status line
        self.open_to_link = True              # False in a class group's room: seat 2 is taken from the group page
        self.group_view: dict | None = None
        self.version = 0                      # counts the states sent (each ``state``/``delta`` carries it as "v")
        self.sent: dict | None = None         # language → the public state of that version: what a synced client holds
        self._view_key: tuple | None = None   # (game, ply) of the cached position view
        self._view: dict = {}
        self._words: tuple = (None, {})      # (the options they were made for, language → words)
        server.groups.room_loaded(self)

    # ----- the session's view of the room ----------------------------------------------------------
    n_seats = 2

    @property
    def cpu_seats(self) -> tuple[int, ...]:
        """The seats the CPU plays for now (their person is away): the session's seating."""
        return tuple(sorted(self.cpu_for))

    @property
    def empty_seats(self) -> tuple[int, ...]:
        """Seats nobody has taken (seat 2 before the invite link is opened): nobody there answers a request."""
        return tuple(s for s in (0, 1) if self.seat_hashes[s] is None)

    def undo_rule(self, seat: int) -> tuple[int, int | None]:
        """The room's undo (the session's ``undo_rule``): one action at a time, the last one stored — (1, its
        seat), or (1, None) for a move the CPU played standing in (nobody's to take back); (0, None): none."""
        if not self.moves:
            return 0, None
        last = self.moves[-1]
        return 1, (None if last.by_cpu else last.seat)

    request = SessionAttribute("pending", "The request waiting for an answer, ``(kind, seat)``.", writable=False)
    game = SessionAttribute("game", "The room's game.")
    turn_started = SessionAttribute("turn_started", "When the turn of the seat to move began (server clock).")

    # ----- facts ---------------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, str]:
        """The seats' names in English (the catalogue's message ids: :meth:`seat_name` says them to a reader)."""
        return self.words(SOURCE)["names"]

    def words(self, language: str) -> dict:
        """The room's title, board line and seat names in ``language``, kept until its options change (a new game
        may change them: the group's alternating starter)."""
        if self._words[0] is not self.options:
            self._words = (self.options, {})
        found = self._words[1].get(language)
        if found is None:
            with using(SOURCE):
                english = self.spec.seat_names(self.options)
            with using(language):
                found = self._words[1][language] = {"title": tr(self.spec.title), "board": self.spec.describe(self.options),
                                                    "names": english, "seats": [tr(name) for name in english]}
        return found

    def seat_name(self, seat: int) -> Any:
        """Seat ``seat``'s name as a value of a message (translated with it: ``gamekit.rooms.speech.said``)."""
        return said(self.names[seat])

    def guest_in(self) -> bool:
        return self.seat_hashes[1] is not None

    def connected(self, seat: int) -> bool:
        return self.conns[seat] is not None

    def stands_in(self, seat: int) -> bool:
        """The seat can answer: its person is connected or the CPU plays for them."""
        return self.connected(seat) or seat in self.cpu_for

    def ply(self) -> int:
        return len(self.moves)

    def waiting_reason(self, seat: int) -> str | None:
        """Why ``seat`` cannot play now although it is their turn (both players must be there)."""
        if not self.guest_in():
            return (said("Waiting for your friend to open the invite link.") if self.open_to_link
                    else said("Waiting for a classmate to take the second seat from the group page."))
        other = 1 - seat
        if not self.stands_in(other):
            return said("Waiting for {seat} to reconnect.", seat=self.seat_name(other))
        return None

    # ----- what everyone sees -------------------------------------------------------------------------
    def status_for(self, seat: int | None) -> str:
        """The status line of ``seat`` (None: a watcher), as a message said in each reader's language."""
        game, name = self.game, self.seat_name
        if game.is_over():
            resigned = getattr(game, "resigned", None)
            if resigned is not None:
                head = said("{seat} resigned: {winner} wins.", seat=name(resigned), winner=name(1 - resigned))
            else:
                w = game.winner()
                score = self.spec.final_score(game)
                head = (said("A draw, {score}.", score=score) if w is None and score else said("A draw.") if w is None
                        else said("{seat} wins {score}.", seat=name(w), score=score) if score
                        else said("{seat} wins.", seat=name(w)))
            return joined(head, said("Press New game to play again."))
        if not self.guest_in():
            return (said("Waiting for a friend: send them the invite link.") if self.open_to_link
                    else said("Waiting for a classmate to take the second seat from the group page."))
        mover = game.to_move
        missing = [s for s in (0, 1) if not self.stands_in(s)]
        if missing:
            return (said("Waiting for {seat} to reconnect.", seat=name(missing[0])) if seat != missing[0]
                    else said("Reconnecting…"))
        if mover in self.cpu_for:
            return said("{seat} to move (the CPU plays while they are away).", seat=name(mover))
        if seat == mover:
            return said("Your move ({seat}).", seat=name(mover))
        return said("{seat} to move.", seat=name(mover))

    def position_view(self, language: str = SOURCE) -> dict:
        """What the board shows of the current position (the scene, its size, the keyboard targets, the hover
        boxes, the board in words in ``language``), computed once per position (and language) and kept until the
        position changes: a connection, a note or a request changes none of it."""
        key = (self.game, len(self.moves))
        if self._view_key is None or self._view_key[0] is not key[0] or self._view_key[1] != key[1]:
            game, spec, options = self.game, self.spec, self.options
            scene, (w, h) = spec.scene(game, options)
            self._view = {SOURCE: {"scene": scene, "size": [w, h],   # tuples: JSON arrays, compared as they are
                                   "targets": spec.targets(game, options),
                                   "hover": spec.hover(game, options)}}
            self._view_key = key
        view = self._view.get(language)
        if view is None or "description" not in view:
            with using(language):                 # the board in words (room.js: aria-describedby)
                view = self._view[language] = dict(self._view[SOURCE], description=self.spec.text(self.game, self.options))
        return view

    def public_state(self, language: str = SOURCE) -> dict:
        """The room's state as everyone in ``language`` reads it (the reader's own fields: :meth:`reader_message`)."""
        words = self.words(language)
        names, colours = words["seats"], self.spec.seat_colours(self.options)
        game = self.game
        over = game.is_over()
        view = self.position_view(language)
        return {
            "type": "state", "room": self.id, "game": self.game_id, "title": words["title"],
            "board": words["board"], "options": self.options, "timer": self.timer,
            "ply": self.ply(), "history": [m.move if m.kind == "move" else f"resign:{m.seat}" for m in self.moves],
            "to_move": None if over else game.to_move,
            "over": over, "winner": game.winner() if over else None,
            "seats": [{"name": names[s], "colour": colours[s], "taken": self.seat_hashes[s] is not None,
                       "connected": self.connected(s), "cpu": s in self.cpu_for,
                       "score": self.spec.score(game, s)} for s in (0, 1)],
            "watchers": len(self.watchers),
            "request": None if self.request is None else {"kind": self.request[0], "seat": self.request[1]},
            "last": self.moves[-1].move if self.moves and self.moves[-1].kind == "move" else None,
            "scene": view["scene"], "size": view["size"], "targets": view["targets"], "hover": view["hover"],
            "turn_seconds_left": self._turn_seconds_left(),
            "note": translate(self.note, language),
            "description": view["description"],
            "group": self.group_view,             # a class group's room: nicknames, rated, the group's page
        }

    def _turn_seconds_left(self) -> float | None:
        if not self.timer or self.game.is_over() or not self.guest_in():
            return None
        return max(0.0, round(self.turn_started + self.timer - self.server.now(), 1))

    def close_all(self, message: str) -> None:
        """The room was deleted (expired, or its group deleted): every connection to it — greeted or not — is
        told and closed, and a hello still on its way gets the same answer (see ``RoomSocket.on_message``)."""
        self.gone = message
        for conn in list(self.sockets):
            conn.send({"type": "expired", "message": message})       # in each connection's language (send)
            conn.shut(CLOSE_EXPIRED, "expired")

    def broadcast(self, full: bool = False, ok: tuple["RoomSocket", dict] | None = None) -> None:
        """Tell every connection the room's new state.  A connection that asked for deltas (``hello`` with
        ``"deltas": true``) and holds the previous version gets only what changed (:func:`state_delta`); the
        others — and everyone when ``full`` (an undo, a new game) — get the whole state.  Each message is
        encoded once for all the readers of a seat (watchers share one), then only sent.

        ``ok``: (the connection whose message made this change, the fields of its ``ok``).  When it gets a
        delta the ``ok`` rides in it (``"ok": {...}``: one frame less a move); otherwise it follows the state
        as its own message.  Either way the client holds the new state when it reads its ``ok``.

        Each reader reads it in the language of its connection (``RoomSocket.language``): the state, its delta and
        the encoding are made once per language present (``sent`` keeps the last state of each)."""
        readers = [(conn, seat) for seat, conn in enumerate(self.conns) if conn is not None]
        readers += [(conn, None) for conn in list(self.watchers)]
        states = {language: self.public_state(language) for language in {conn.language for conn, _ in readers}}
        before, self.sent = self.sent or {}, states
        self.version += 1
        deltas = {} if full else {language: state_delta(before[language], state)
                                  for language, state in states.items() if language in before}
        full_heads: dict[str, str] = {}
        delta_heads: dict[str, str] = {}
        by_seat: dict[tuple[bool, int | None, str], bytes] = {}
        answer, ok_conn = (None, None) if ok is None else (ok[1], ok[0])
        for conn, seat in readers:
            language = conn.language
            as_delta = language in deltas and conn.deltas and conn.synced
            if as_delta and language not in delta_heads:
                delta_heads[language] = encode_open({"type": "delta", "v": self.version, **deltas[language]})
            if conn is ok_conn and as_delta:
                conn.write_text(self.reader_message(delta_heads[language], seat, {"ok": answer}, language))
                ok_conn = None
                continue
            data = by_seat.get((as_delta, seat, language))
            if data is None:
                if as_delta:
                    data = self.reader_message(delta_heads[language], seat, None, language)
                else:
                    if language not in full_heads:
                        full_heads[language] = encode_open({**states[language], "v": self.version})
                    data = self.reader_message(full_heads[language], seat, None, language)
                by_seat[(as_delta, seat, language)] = data
            conn.synced = True
            conn.write_text(data)
        if ok_conn is not None:
            ok_conn.send({"type": "ok", **answer})

    def reader_message(self, head: str, seat: int | None, extra: dict | None = None, language: str = SOURCE) -> bytes:
        """``head`` (a message encoded without its closing brace) with this reader's own fields: ``you``,
        ``status``, ``waiting`` (in ``language``; and ``extra``)."""
        waiting = self.waiting_reason(seat) if seat is not None else None
        mine = {"you": seat, "status": translate(self.status_for(seat), language),
                "waiting": translate(waiting, language), **(extra or {})}
        return (head + "," + json.dumps(mine, separators=(",", ":"))[1:]).encode("utf-8")

    def send_full(self, conn: "RoomSocket") -> None:
        """The whole state, as everyone else holds it, to one connection (a client that found a gap in the
        versions asks for it with ``sync``)."""
        if self.sent is None or conn.language not in self.sent:
            return self.broadcast()
        state = dict(self.sent[conn.language], turn_seconds_left=self._turn_seconds_left())
        seat = conn.seat if conn.seat is not None and self.conns[conn.seat] is conn else None
        conn.synced = True
        conn.write_text(self.reader_message(encode_open({**state, "v": self.version}), seat, None, conn.language))

    # ----- changes (each committed before anyone is told: see GroupCommit) ------------------------------------
    def commit_move(self, seat: int, move: str, by_cpu: int = BY_PLAYER) -> str:
        """``seat`` plays ``move`` through the session (IllegalMoveError: nothing changed), then the room writes it
        through the group commit, says which request it cancelled and, at the end, tells the groups."""
        played = self.session.play(seat, move)
        self.server.commits.write(self, "add_move", self.id, self.ply(), "move", played.move, seat, by_cpu,
                                  self.server.now())
        self.moves.append(StoredMove("move", played.move, seat, by_cpu))
        if played.cancelled is None:                          # the store's add_move deletes a request too
            self.note = ""
        elif played.cancelled[0] == "restart":
            self.note = said("A move was played, so the new game request is cancelled.")
        else:
            self.note = said("A move was played, so the undo request is cancelled.")
        if played.over:
            self.server.groups.game_over(self)         # a rated group game: its result (gamekit.rooms.groups)
        return played.move

    def commit_resign(self, seat: int) -> None:
        self.game.resign(seat)
        self.server.commits.write(self, "add_move", self.id, self.ply(), "resign", None, seat, BY_PLAYER,
                                  self.server.now())
        self.moves.append(StoredMove("resign", None, seat, BY_PLAYER))
        self.session.cancel_request()
        self.note = said("{seat} resigned.", seat=self.seat_name(seat))
        self.server.groups.game_over(self)

    def commit_decision(self, decision: RequestDecision) -> None:
        """Carry out what the session decided of a request or an answer: written through the group commit
        first, then the session applies it (the note says what happened)."""
        if decision.action == "restart":
            return self.commit_new_game(decision)
        if decision.action == "undo":
            return self.commit_undo(decision)
        seat = decision.seat
        if decision.action == "ask":
            self.server.commits.write(self, "set_request", self.id, decision.kind, seat, self.server.now())
            self.note = (said("{seat} asks for a new game.", seat=self.seat_name(seat)) if decision.kind == "restart"
                         else said("{seat} asks to take back their last move.", seat=self.seat_name(seat)))
        else:
            self.server.commits.write(self, "clear_request", self.id, self.server.now())
            who = self.seat_name(decision.other)
            self.note = (said("{seat} declined the new game.", seat=who) if decision.kind == "restart"
                         else said("{seat} declined the undo.", seat=who))
        self.session.apply(decision)

    def commit_new_game(self, decision: RequestDecision) -> None:
        self.server.groups.before_new_game(self)
        self.server.commits.write(self, "new_game", self.id, self.server.now())
        self.moves = []
        self.session.apply(decision, self.spec.new_game(self.options))    # same board; seats and colours stay
        self.note = (said("New game.") if decision.agreed
                     else said("New game (seat 2 is still free, so no agreement was needed)."))

    def commit_undo(self, decision: RequestDecision) -> None:
        """Take back ``decision.steps`` stored actions (the room's rule: one) and rebuild the game from those
        left, so a resignation and a CPU move read exactly as the store has them."""
        if not 1 <= decision.steps <= len(self.moves):
            raise ValueError(f"steps={decision.steps!r}: the room has {len(self.moves)} stored action(s)")
        kept, taken = self.moves[:-decision.steps], self.moves[-decision.steps:]
        game = rebuild(self.game_id, self.options, [(m.kind, m.move, m.seat) for m in kept])
        now = self.server.now()
        for ply in range(self.ply() - 1, len(kept) - 1, -1):
            self.server.commits.write(self, "undo_move", self.id, ply, now)
        self.session.apply(decision, game)
        self.moves = kept
        self.note = said("{seat}'s last move was taken back.", seat=self.seat_name(taken[0].seat))

    # ----- the CPU stands in for an absent player ------------------------------------------------------------
    def cpu_due(self, now: float) -> int | None:
        """The seat the CPU must play for now, or None."""
        game = self.game
        if game.is_over() or not self.guest_in():
            return None
        seat = game.to_move
        other = 1 - seat
        if not self.connected(other):
            return None                       # nobody to play against: the game waits
        if not self.connected(seat):
            if seat in self.cpu_for:
                return seat
            deadline = self.session.deadline() if self.timer else self.away_since[seat] + self.server.grace
            if now >= deadline:
                self.cpu_for.add(seat)
                return seat
            return None
        deadline = self.session.deadline()
        if deadline is not None and now >= deadline:
            return seat                       # time ran out: the CPU plays this turn for them
        return None

    def tick(self, now: float) -> None:
        for _ in range(200):                  # a CPU that completes boxes moves again
            seat = self.cpu_due(now)
            if seat is None:
                return
            move = self.session.cpu.choose(self.game)
            timed_out = self.connected(seat)
            self.commit_move(seat, move, by_cpu=BY_CPU_TIMEOUT if timed_out else BY_CPU_STANDING_IN)
            self.note = (said("Time ran out: the CPU played {move} for {seat}.", move=move, seat=self.seat_name(seat))
                         if timed_out else said("The CPU played {move} for {seat}.", move=move, seat=self.seat_name(seat)))
            self.broadcast()
            if timed_out:
                return


class GroupCommit:
    """Group commit: the room writes of one event-loop turn — every move, seat and request that arrived in it, on
    any room — are committed as one transaction at the end of the turn, and each is confirmed only after that
    commit: while writes wait, every message and close to any connection is held (in order) and sent once they
    are committed.  Nothing anyone was told is lost if the process is killed; one transaction serves many moves.

    With ``in_thread`` (PostgreSQL, whose commit waits for its disk) the transaction runs in a thread of its
    own while the event loop goes on: the writes arriving meanwhile form the next batch, started when this one
    is committed; a message is held until the batch it may tell of is committed.  Anything else that uses the
    store first calls :meth:`flush` (all writes committed, what waited for them sent).

    If a transaction fails, each room's writes are tried again in a transaction of their own; a room whose
    writes still fail is handed to ``lost`` (its held messages and writes not yet started are dropped: they were
    about changes not stored)."""

    def __init__(self, store: Any, lost: Callable[[Any], None], kill_before_batch: bool = False,
                 in_thread: bool = False):
        self.store, self.lost = store, lost
        self.kill_before_batch = kill_before_batch          # tests only: SIGKILL before committing two moves at once
        self.writes: list[tuple[Any, str, tuple]] = []      # the next batch: (room, RoomStore write, its arguments)
        self.held: collections.deque = collections.deque()  # (batch, connection, JSON text or (code, reason))
        self.started = 0                                     # number of the last batch handed to the store
        self.inflight: concurrent.futures.Future | None = None     # that batch, committing in the thread
        self.inflight_writes: list = []
        self.scheduled = False
        self.thread = (concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="gamekit-commit")
                       if in_thread else None)
        self.transactions = self.committed = 0              # counts, for the benchmark and the log

    def busy(self) -> bool:
        return bool(self.writes) or self.inflight is not None

    def write(self, room: Any, name: str, *args: Any) -> None:
        self.writes.append((room, name, args))
        if not self.scheduled:
            self.scheduled = True
            try:
                asyncio.get_running_loop().call_soon(self.end_of_turn)
            except RuntimeError:                            # no event loop (a script driving a RoomServer): now
                self.flush()

    def hold(self, conn: Any, what: Any) -> bool:
        """Keep a message (or close) for ``conn`` until the writes made before it are committed; False when
        nothing waits (send it now)."""
        if self.writes:
            batch = self.started + 1
        elif self.inflight is not None:
            batch = self.started
        else:
            return False
        self.held.append((batch, conn, what))
        return True

    def end_of_turn(self) -> None:
        self.scheduled = False
        if self.inflight is None:
            self._start()

    def _take(self) -> tuple[int, list]:
        writes, self.writes = self.writes, []
        if self.kill_before_batch and sum(name == "add_move" for _, name, _ in writes) >= 2:
            os.kill(os.getpid(), signal.SIGKILL)
        self.started += 1
        return self.started, writes

    def _start(self) -> None:
        if not self.writes:
            return
        batch, writes = self._take()
        if self.thread is None:
            self._finished(batch, writes, self._commit(writes))
            return
        loop = asyncio.get_running_loop()
        future = self.inflight = self.thread.submit(self._commit, writes)
        self.inflight_writes = writes
        future.add_done_callback(lambda f: loop.call_soon_threadsafe(self._done, batch, writes, f))

    def _done(self, batch: int, writes: list, future: concurrent.futures.Future) -> None:
        if self.inflight is not future:
            return                                           # finished already by a flush
        self.inflight = None
        self._finished(batch, writes, future.result())
        if self.writes and not self.scheduled:
            self._start()                                    # what arrived meanwhile goes next

    def flush(self) -> None:
        """Commit every write made so far (waiting for the batch in the thread, if any) and send what waited."""
        if self.inflight is not None:
            future, self.inflight = self.inflight, None
            self._finished(self.started, self.inflight_writes, future.result())
        if self.writes:
            batch, writes = self._take()
            self._finished(batch, writes, self._commit(writes))

    def _commit(self, writes: list) -> set[int]:
        """One transaction for ``writes`` (in the thread or here); the ids of the rooms whose writes failed."""
        try:
            self.store.apply([(name, args) for _, name, args in writes])
            self.transactions += 1
            return set()
        except Exception:  # noqa: BLE001 — a full disk, a lost database, or our bug: no room is confirmed yet
            log.exception("committing %d room write(s) failed; trying each room's alone", len(writes))
        failed: set[int] = set()
        by_room: dict[int, list] = {}
        for room, name, args in writes:
            by_room.setdefault(id(room), []).append((name, args))
        for key, own in by_room.items():
            try:
                self.store.apply(own)
                self.transactions += 1
            except Exception:  # noqa: BLE001
                log.exception("a room's writes could not be stored: its connections are closed")
                failed.add(key)
        return failed

    def _finished(self, batch: int, writes: list, failed: set[int]) -> None:
        self.committed += len(writes)
        if failed:                          # later writes of those rooms would leave a gap: they go too
            self.writes = [w for w in self.writes if id(w[0]) not in failed]
        held = self.held
        while held and held[0][0] <= batch:
            _, conn, what = held.popleft()
            if conn.room is not None and id(conn.room) in failed:
                continue
            if isinstance(what, (str, bytes)):        # a message (encoded once: see Room.broadcast)
                conn.write_now(what)
            else:
                conn.close(*what)
        if failed:
            self.held = collections.deque(h for h in held if h[1].room is None or id(h[1].room) not in failed)
            for room, _, _ in writes:
                if id(room) in failed:
                    failed.discard(id(room))
                    self.lost(room)

    def close(self) -> None:
        self.flush()
        if self.thread is not None:
            self.thread.shutdown()


class FlushFirst:
    """``store`` whose every call first commits the room writes waiting for this turn (``flush``): what the
    class groups read and write comes after the moves that arrived before, as it did when each was committed
    at once."""

    def __init__(self, store: Any, flush: Callable[[], None]):
        self._store, self._flush = store, flush

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            self._flush()
            return attr(*args, **kwargs)
        return call


GC_THRESHOLDS = (700, 10, 1000)    # Python's default is (700, 10, 10): see tune_gc


def tune_gc() -> None:
    """Set up Python's cyclic garbage collector for a server process (``python -m gamekit.rooms`` calls this
    once, after start-up): what is alive by then (modules, classes, the app) is moved out of the collector's
    sight (``gc.freeze``), and a full pass waits for 1000 passes of the middle generation instead of 10.

    Why (docs/rooms.md, "The p99 at 1000 rooms"): a full pass scans every object of every room — 314 000 to
    330 000 at 1000 rooms, 90 ms on a quiet core of this machine, 300–600 ms on a loaded one — and with the default
    thresholds one ran every 10–15 s while 1000 rooms played, because a room's state and messages live about
    as long as a player thinks: they outlive the young passes, reach the oldest generation, and count towards
    the growth that starts a full pass.  Stopping the event loop 90 ms every ~10 s is about 1 % of the time —
    the measured p99.  The young passes (every 700 new objects, 1–2 ms) and the middle ones (every tenth) stay
    as they are: they collect cyclic garbage as before; only what survives into the oldest generation waits
    longer (a full pass at most once per 1000 middle ones — minutes apart when busy)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class RoomServer:
    def __init__(self, db: str | Path, clock: Callable[[], float] | None = None, grace: float = GRACE,
                 idle: float = SEVEN_DAYS, tick: float = 0.5, sweep_every: float = 60.0,
                 rooms_per_minute: float = 60.0, base_url: str | None = None, synchronous: str = "NORMAL",
                 prefix: str = "", fail_before_result: bool = False, send_queue_bytes: int = SEND_QUEUE_BYTES,
                 send_queue_messages: int = SEND_QUEUE_MESSAGES, kill_before_batch: bool = False):
        self.store = open_store(db, synchronous=synchronous)
        if hasattr(self.store, "checkpoint_in_thread"):
            self.store.checkpoint_in_thread()      # SQLite: WAL checkpoints off the event loop (store.py)
        self.commits = GroupCommit(self.store, self.lost_writes, kill_before_batch,
                                   in_thread=getattr(self.store, "commit_in_thread", False))
        self.send_queue_bytes, self.send_queue_messages = send_queue_bytes, send_queue_messages
        self.fail_before_result = fail_before_result      # tests only: SIGKILL between a game's end and its result
        self.now = clock or time.time
        self.grace, self.idle = grace, idle
        self.tick_seconds, self.sweep_every = tick, sweep_every
        self.rooms_per_minute = rooms_per_minute
        self.base_url = base_url
        self.prefix = "/" + prefix.strip("/") if prefix.strip("/") else ""     # e.g. /services/rooms
        self.rooms: dict[str, Room] = {}
        # one of several worker processes (gamekit.rooms.workers.Ownership sets these): a room is loaded only
        # once this process holds its lease, and more routes (the proxy's health check) are served
        self.ownership: Any = None
        self.extra_routes: list = []
        self._create_buckets: dict[str, tuple[float, float]] = {}
        self._last_sweep = 0.0
        self._ticking = False                    # a tick's pass over the rooms is under way (tick)
        # class groups share this database (docs/class.md); groups.py sees the server only through
        # gamekit.rooms.web.RoomHost, and its data only through the store's GroupStore interface (``group_store``:
        # the room writes waiting for this turn's commit are committed before each of its calls)
        self.group_store = FlushFirst(self.store, self.commits.flush)
        self.groups = Groups(self)
        self.groups.recover_results()                # results lost in a crash are added now, not when next opened

    def room(self, room_id: str) -> Room | None:
        if room_id in self.rooms:
            return self.rooms[room_id]
        if not isinstance(room_id, str) or not 8 <= len(room_id) <= 64:
            return None
        if self.ownership is not None and not self.ownership.claim(room_id):
            return None                          # no such room, or another worker holds it
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
        if self.ownership is not None and room_id not in self.rooms and isinstance(room_id, str) \
                and 8 <= len(room_id) <= 64 and await self.ownership.wait_claim(room_id) is False:
            raise RoomBusy(room_id)
        return self.room(room_id)

    def room_exists(self, room_id: str) -> bool:
        """The room is stored (live here or not), without loading it."""
        return room_id in self.rooms or (isinstance(room_id, str) and 8 <= len(room_id) <= 64
                                         and self.group_store.load_room(room_id) is not None)

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
        burst = max(10.0, self.rooms_per_minute / 6)       # ten seconds' worth, at least 10 rooms at once
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
            return                               # the last pass has not reached its end (a very busy loop)
        self._ticking = True
        self._tick_slice(list(self.rooms.items()), 0)

    def _tick_slice(self, rooms: list, start: int) -> None:
        now = self.now()
        try:
            for room_id, room in rooms[start:start + TICK_SLICE]:
                if self.rooms.get(room_id) is not room:
                    continue                         # gone from memory since the pass began
                if not room.sockets and now - room.unused_since > UNLOAD_AFTER:
                    self.unload(room_id)             # nobody there: it is reloaded from the store when needed
                    continue
                try:
                    room.tick(now)
                except Exception:  # noqa: BLE001 — one room's trouble must not stop the others
                    log.exception("room tick failed")
            if start + TICK_SLICE < len(rooms):
                try:
                    asyncio.get_running_loop().call_soon(self._tick_slice, rooms, start + TICK_SLICE)
                    return
                except RuntimeError:                 # no event loop (a script driving a RoomServer): at once
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
                room.close_all(said("This room expired after seven days without activity.") if room_id in expired else
                               said("This room was deleted (it expired, or its group was deleted by its teacher)."))
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
            *((p + route, *rest) for route, *rest in review_routes(self)),     # a finished game's review
            *((p + route, *rest) for route, *rest in self.extra_routes),
        ]
        if self.prefix:
            routes.append((p, tornado.web.RedirectHandler, {"url": self.prefix + "/"}))
        return tornado.web.Application(routes, websocket_max_message_size=HARD_MAX_MESSAGE, websocket_ping_interval=20, websocket_ping_timeout=20,
            log_function=_log_request)

    def start_ticking(self) -> PeriodicCallback:
        callback = PeriodicCallback(self.tick, self.tick_seconds * 1000)
        callback.start()
        return callback


def _log_request(handler: tornado.web.RequestHandler) -> None:
    """Access log without query strings or bodies (tokens never travel there anyway), and with room and
    group ids hashed (they are the invite and join keys)."""
    status = handler.get_status()
    level = logging.INFO if status < 400 else logging.WARNING
    log.log(level, "%d %s %s %.1f ms", status, handler.request.method, log_path(handler.request.path),
            1000 * handler.request.request_time())


class PageHandler(BaseHandler):
    def initialize(self, page: str) -> None:
        self.page = page

    def get(self) -> None:
        self.write_page(self.page)


class RoomPageHandler(BaseHandler):
    def initialize(self, server: RoomServer) -> None:
        self.server = server

    def get(self, room_id: str) -> None:
        if not self.server.room_exists(room_id):
            self.set_status(404)
            self.write_page("missing.html")
            return
        self.write_page("room.html", self.server.groups.room_language(room_id))    # a class group's room: its language


class GamesHandler(BaseHandler):
    """``GET /api/games``: the catalog's games a room or group can play (``groups.game_menu``), which the create
    page and the group settings page list (so a game registered in the catalog appears there with no edit)."""

    def get(self) -> None:
        with using(self.language()):                     # the titles in the page's language (?lang=)
            self.write({"games": game_menu()})


class CreateHandler(BaseHandler):
    def initialize(self, server: RoomServer) -> None:
        self.server = server

    def post(self) -> None:
        with using(self.language()):                      # refusals in the page's language (?lang=)
            self._create()

    def _create(self) -> None:
        if len(self.request.body) > MAX_MESSAGE:
            return self._error(413, tr("request too large"))
        if not self.server.allow_create(self.request.remote_ip or "?"):
            return self._error(429, tr("too many rooms created from this address: wait a minute"))
        try:
            data = loads(self.request.body)
        except BadJSON as bad:
            return self._error(400, tr("the body must be JSON ({reason}): {example}", reason=str(bad),
                                       example='{"game": "dots", "options": {}, "timer": 0}'))
        if not isinstance(data, dict):
            return self._error(400, tr("the body must be a JSON object"))
        unknown = set(data) - {"game", "options", "timer"}
        if unknown:
            return self._error(400, tr("unknown field(s): {fields}", fields=", ".join(sorted(map(str, unknown)))[:200]))
        try:
            room_id, token = self.server.create_room(data.get("game"), data.get("options"), data.get("timer", 0))
        except BadOptions as refusal:
            return self._error(400, str(refusal)[:300])
        base = self.server.base_url.rstrip("/") if self.server.base_url else \
            f"{self.request.protocol}://{self.request.host}{self.server.prefix}"
        self.set_status(201)
        self.write({"room": room_id, "link": f"{base}/r/{room_id}", "token": token, "seat": 0})

    def _error(self, status: int, message: str) -> None:
        self.set_status(status)
        self.write({"type": "error", "message": message})


class RoomSocket(SafeLog, tornado.websocket.WebSocketHandler):
    """One browser tab or notebook in a room: a seat (0, 1) or a watcher (None).

    The app's messages are handled by ``handle_<type>`` methods: tornado's own ``on_*`` names (``on_ping``
    gets every RFC 6455 ping frame, ``on_pong``, ``on_message``, ``on_close``) are never overridden by them.
    """

    def initialize(self, server: RoomServer) -> None:
        self.server = server
        self.room: Room | None = None
        self.seat: int | None = None
        self.greeted = False
        self.tokens, self.last_refill = BURST, time.monotonic()
        self.last_rate_error = 0.0
        self.dropped = 0
        self.queued_bytes = 0               # handed to tornado, not yet written to the socket
        self.queued_messages = 0
        self.too_slow = False
        self.deltas = False                 # the client asked for deltas after the first state (hello "deltas")
        self.synced = False                 # it holds the room's last version (it was sent a whole state)
        self.language = SOURCE              # what it reads: the socket address's ?lang= (the page's language)

    async def open(self, room_id: str) -> None:
        try:
            asked = self.get_query_argument("lang", None)
        except tornado.web.HTTPError:        # not UTF-8: no choice
            asked = None
        self.language = page_language(asked, None, self.request.headers.get("Accept-Language"))
        try:
            room = await self.server.room_when_free(room_id)
        except RoomBusy:                     # another worker holds it and did not let go: the page retries
            self.shut(CLOSE_TRY_AGAIN, "try again")
            return
        if self.ws_connection is None or self.ws_connection.is_closing():
            return                           # the peer left while this worker waited for the room
        self.room = room
        if self.room is not None:
            self.room.sockets.add(self)
        if self.room is None:
            self.send({"type": "error", "code": "no_room", "message": said("This room does not exist or has expired.")})
            self.shut(CLOSE_EXPIRED, "no such room")

    # ----- sending -------------------------------------------------------------------------------------
    def send(self, message: dict) -> None:
        """One message to this connection; its ``message`` and ``note`` texts in the connection's language."""
        if self.language != SOURCE:
            message = {k: translate(v, self.language) if k in ("message", "note") else v for k, v in message.items()}
        self.write_text(json.dumps(message, separators=(",", ":")))

    def write_text(self, text: str | bytes) -> None:
        """Send one message, keeping count of what is not yet written to the socket.  A reader that has
        fallen more than ``send_queue_bytes`` or ``send_queue_messages`` behind is dropped (its page
        reconnects and gets the whole state); a peer that went away is nothing to log."""
        commits = self.server.commits
        if (commits.writes or commits.inflight is not None) and commits.hold(self, text):
            return                           # held until the writes it may tell of are committed (GroupCommit)
        self.write_now(text)

    def write_now(self, text: str | bytes) -> None:
        """:meth:`write_text` without waiting for a commit (GroupCommit sends what it held with it)."""
        conn = self.ws_connection
        if self.too_slow or conn is None or conn.is_closing():
            return
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        server = self.server
        if (self.queued_bytes + len(data) > server.send_queue_bytes
                or self.queued_messages + 1 > server.send_queue_messages):
            return self.drop_slow_reader()
        try:
            future = self.write_message(data)
        except tornado.websocket.WebSocketClosedError:
            return
        self.queued_bytes += len(data)
        self.queued_messages += 1
        future.add_done_callback(lambda f, n=len(data): self._written(f, n))

    def _written(self, future: Any, size: int) -> None:
        self.queued_bytes -= size
        self.queued_messages -= 1
        if not future.cancelled():
            future.exception()              # retrieved: a closed peer's WebSocketClosedError is not logged

    def drop_slow_reader(self) -> None:
        """Close at once (a TCP reset, no close handshake: the peer does not read) a connection whose reader
        fell too far behind; what was waiting for it is thrown away.  ``on_close`` frees its seat as usual."""
        self.too_slow = True
        log.info("closed a connection that read too slowly (%d messages, %d bytes waiting)",
                 self.queued_messages, self.queued_bytes)
        stream = self.ws_connection.stream if self.ws_connection is not None else None
        if stream is None or stream.closed():
            return
        try:
            stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
        stream.close()

    def shut(self, code: int, reason: str) -> None:
        """Close the connection after what was sent to it — at once, or after this turn's commit when the
        messages before are held until then (GroupCommit)."""
        if not self.server.commits.hold(self, (code, reason)):
            self.close(code, reason)

    def refuse(self, message: str, code: str = "refused", ref: Any = None) -> None:
        """An ``error`` to this connection only (``code`` for programs, ``message`` in its language)."""
        self.send({"type": "error", "code": code, "message": message, "id": ref})

    # ----- receiving -------------------------------------------------------------------------------------
    def rate_ok(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.last_refill) * RATE)
        self.last_refill = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def on_message(self, raw: str | bytes) -> None:
        if self.room is None or self.too_slow:
            return
        if self.room.gone is not None:        # deleted while this message was on its way (the close follows)
            self.send({"type": "expired", "message": self.room.gone})
            self.shut(CLOSE_EXPIRED, "expired")
            return
        if not self.rate_ok():
            self.dropped += 1
            if self.dropped > 2000:
                self.shut(CLOSE_ABUSE, "flood")
            elif time.monotonic() - self.last_rate_error > 1.0:
                self.last_rate_error = time.monotonic()
                self.refuse(said("Too many messages: slow down (this one and the next were ignored)."), "rate")
            return
        if len(raw) > MAX_MESSAGE:
            return self.refuse(said("Message too large ({size} bytes, at most {most}).", size=len(raw), most=MAX_MESSAGE), "too_large")
        if isinstance(raw, bytes):
            return self.refuse(said("Binary messages are not understood: send JSON text."), "bad_json")
        try:
            data = loads(raw)
        except BadJSON as bad:
            return self.refuse(said("Malformed message ({reason}): send one JSON object.", reason=str(bad)), "bad_json")
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return self.refuse(said("Malformed message: a JSON object with a \"type\" is expected."), "bad_json")
        ref = data.get("id")
        if ref is not None and (isinstance(ref, bool) or not isinstance(ref, (int, str)) or len(str(ref)) > 40):
            return self.refuse(said("\"id\" must be a short string or a number."), "bad_field")
        kind = data["type"]
        handler = {"hello": self.handle_hello, "move": self.handle_move, "click": self.handle_click,
                   "request": self.handle_request, "answer": self.handle_answer, "resign": self.handle_resign,
                   "ping": self.handle_ping, "sync": self.handle_sync}.get(kind)
        if handler is None:
            return self.refuse(said("Unknown message type {kind}.", kind=repr(kind[:30])), "unknown_type", ref)
        if kind != "hello" and not self.greeted:
            return self.refuse(said("Say hello first."), "no_hello", ref)
        try:
            handler(data)
        except Refusal as refusal:
            self.refuse(refusal.args[0] if refusal.args else str(refusal), refusal.code, ref)
        except IllegalMoveError as refusal:
            self.refuse(str(refusal)[:300], "illegal", ref)
        except Exception:  # noqa: BLE001 — our bug or a full disk: logged (without the message), the client told
            log.exception("error handling a %r message", kind)
            self.refuse(said("The server could not do that (an internal error); nothing was changed."), "server_error", ref)

    def handle_ping(self, data: dict) -> None:
        self.send({"type": "pong", "id": data.get("id")})

    def handle_sync(self, data: dict) -> None:
        """The client missed a version (a delta that does not follow the state it holds): the whole state."""
        self.room.send_full(self)

    def handle_hello(self, data: dict) -> None:
        if self.greeted:
            raise Refusal(said("Already greeted."), "bad_field")
        deltas = data.get("deltas", False)
        if not isinstance(deltas, bool):
            raise Refusal(said("\"deltas\" must be true or false."), "bad_field")
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or not 10 <= len(token) <= 100 or not token.isascii()):
            raise Refusal(said("\"token\" must be the seat token this browser was given, or null."), "bad_token")
        room, server = self.room, self.server
        now = server.now()
        seat, new_token, note = None, None, ""
        if token is not None:
            h = token_hash(token)
            matches = [s for s in (0, 1) if room.seat_hashes[s] is not None and secrets.compare_digest(room.seat_hashes[s], h)]
            if not matches and server.groups.seat_taken_elsewhere(room):   # seat 2 taken on another process
                room.turn_started = room.away_since[1] = now
                matches = [s for s in (0, 1) if room.seat_hashes[s] is not None
                           and secrets.compare_digest(room.seat_hashes[s], h)]
            if matches:
                seat = matches[0]
            else:
                note = said("That seat token does not belong to this room: you are watching.")
                self.refuse(said("That seat token does not belong to this room."), "bad_token")
        elif not room.guest_in() and not room.open_to_link:
            note = said("This room belongs to a class group: pupils take its second seat from the group page.")
        elif not room.guest_in():
            seat, new_token = 1, secrets.token_urlsafe(32)
            server.commits.write(room, "take_seat", room.id, 1, new_token, now)
            room.seat_hashes[1] = token_hash(new_token)
            room.turn_started = now
            room.note = said("{seat} joined.", seat=room.seat_name(1))
        else:
            note = said("Room full: both seats are taken, so you are watching.")
        self.greeted = True
        self.deltas = deltas
        if seat is None:
            if len(room.watchers) >= MAX_WATCHERS:
                self.send({"type": "error", "code": "too_many", "message": said("Too many people are watching this room.")})
                self.shut(CLOSE_ABUSE, "too many watchers")
                return
            room.watchers.add(self)
            self.send({"type": "welcome", "seat": None, "room_full": room.guest_in(), "note": note})
        else:
            old = room.conns[seat]
            room.conns[seat] = self
            self.seat = seat
            if old is not None and old is not self:
                old.seat = None
                old.send({"type": "replaced", "message": said("This seat was opened in another tab or window: this one has stopped.")})
                old.shut(CLOSE_REPLACED, "replaced")
            if seat in room.cpu_for:
                room.cpu_for.discard(seat)
                room.note = said("{seat} is back: the CPU stops playing for them.", seat=room.seat_name(seat))
            welcome = {"type": "welcome", "seat": seat, "room_full": False, "note": ""}
            if new_token:
                welcome["token"] = new_token        # to this connection only
            self.send(welcome)
            if not new_token:
                server.commits.write(room, "touch", room.id, now)
        room.broadcast()

    def done(self, ref: Any, full: bool = False) -> None:
        """Tell everyone the new state (after the commit), then the sender that its message was done — so a
        client holds the new state by the time it reads its ``ok``.  ``full``: the whole state to everyone."""
        self.room.broadcast(full, ok=(self, {"id": ref}))

    def my_seat(self) -> int:
        if self.seat is None:
            raise Refusal(said("Only the room's two players can do that; you are watching."), "not_a_seat")
        return self.seat

    def check_can_move(self, seat: int, data: dict) -> None:
        room = self.room
        if room.game.is_over():
            raise Refusal(said("The game is over: ask for a new game."), "game_over")
        reason = room.waiting_reason(seat)
        if reason:
            raise Refusal(reason, "waiting")
        if room.game.to_move != seat:
            raise Refusal(said("Not your turn: {seat} is to move.", seat=room.seat_name(room.game.to_move)), "not_your_turn")
        ply = data.get("ply")
        if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int) or ply != room.ply()):
            raise Refusal(said("That move was made on an old position (move {sent}, the game is at move {ply}).",
                               sent=repr(ply), ply=room.ply()), "stale")
        if room.ply() >= room.spec.max_moves:
            raise Refusal(said("This game is too long: start a new game."), "too_long")

    def handle_move(self, data: dict) -> None:
        seat = self.my_seat()
        try:
            with speaking(self.language):                  # the engines' refusals in the reader's language
                move = check_move(data.get("move"))
        except IllegalMoveError as refusal:
            raise Refusal(str(refusal), "bad_field") from None
        self.check_can_move(seat, data)
        self.play(seat, move, data.get("id"))

    def handle_click(self, data: dict) -> None:
        seat = self.my_seat()
        x, y = data.get("x"), data.get("y")
        for v in (x, y):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > 10000:
                raise Refusal(said("\"x\" and \"y\" must be numbers (CSS pixels on the board)."), "bad_field")
        self.check_can_move(seat, data)
        with speaking(self.language):                      # "Click in the gap between two dots…" in the reader's language
            move = self.room.spec.move_at(self.room.game, self.room.options, float(x), float(y))
        self.play(seat, move, data.get("id"))

    def play(self, seat: int, move: str, ref: Any) -> None:
        room = self.room
        with speaking(self.language):                     # an illegal move is refused in the reader's language
            canonical = room.commit_move(seat, move)   # committed to SQLite before anyone hears of it
        room.broadcast(ok=(self, {"id": ref, "move": canonical, "ply": room.ply()}))
        room.tick(self.server.now())                   # an absent opponent's CPU may answer at once

    def handle_resign(self, data: dict) -> None:
        seat = self.my_seat()
        room = self.room
        if room.game.is_over():
            raise Refusal(said("The game is over already."), "game_over")
        if not room.guest_in():
            raise Refusal(said("Nobody to resign to yet: press New game to start again."), "waiting")
        room.commit_resign(seat)
        self.done(data.get("id"))

    def handle_request(self, data: dict) -> None:
        """Ask for a new game or an undo: the session decides (gamekit.session: one request at a time, the same
        request from both sides agrees, a new game with seat 2 free needs no agreement, an undo only of the
        asker's own last move), the room writes the decision, then carries it out."""
        seat = self.my_seat()
        room = self.room
        kind = data.get("kind")
        if kind in REQUEST_KINDS and room.guest_in():     # the other player must be there to answer …
            other = 1 - seat
            if not room.connected(other):
                raise Refusal(said("Waiting for {seat} to reconnect: they must answer the request.",
                                   seat=room.seat_name(other)),
                              "waiting")
            self.server.groups.check_request(room, kind)  # … and a class group may refuse (a rated result)
        try:
            decision = room.session.request(kind, seat)
        except RequestRefused as refusal:
            raise Refusal(str(refusal), refusal.code) from None
        self.carry_out(decision, data.get("id"))

    def handle_answer(self, data: dict) -> None:
        seat = self.my_seat()
        try:
            decision = self.room.session.answer(seat, data.get("accept"), data.get("kind"))
        except RequestRefused as refusal:
            raise Refusal(str(refusal), refusal.code) from None
        self.carry_out(decision, data.get("id"))

    def carry_out(self, decision: RequestDecision, ref: Any) -> None:
        self.room.commit_decision(decision)
        self.done(ref, full=decision.changes_position)    # an undo or a new game: everyone gets the whole state

    def on_close(self) -> None:
        room = self.room
        if room is None:
            return
        room.sockets.discard(self)
        if not room.sockets:
            room.unused_since = self.server.now()
        room.watchers.discard(self)
        if self.seat is not None and room.conns[self.seat] is self:
            room.conns[self.seat] = None
            room.away_since[self.seat] = self.server.now()
            room.broadcast()


def is_loopback(ip: str) -> bool:
    """``127.0.0.0/8``, ``::1`` and ``::ffff:127.x.x.x`` (an IPv4 peer of a dual-stack socket)."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return (mapped or address).is_loopback


class RoomHTTPServer(tornado.httpserver.HTTPServer):
    """tornado's HTTP server with at most ``per_address`` open connections (HTTP and WebSocket alike) from one
    client address — one more is answered ``503`` and closed — and a bounded kernel send buffer on each
    connection (``send_buffer`` bytes, ``SO_SNDBUF``).  With ``exempt_loopback`` (the server sits behind a
    proxy, which connects from loopback for everyone) loopback connections are not counted: the proxy's own
    per-client limit applies.  The timeouts are tornado's own options (``idle_connection_timeout``, which also
    bounds the wait for a request's headers, ``body_timeout``, ``max_header_size``, ``max_body_size``)."""

    _BODY = b"Too many connections from your address: close some and try again.\n"
    REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
               b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(_BODY), _BODY))

    def initialize(self, *args: Any, per_address: int = CONNECTIONS_PER_ADDRESS, exempt_loopback: bool = False,
                   send_buffer: int = SEND_BUFFER, **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.per_address, self.exempt_loopback, self.send_buffer = per_address, exempt_loopback, send_buffer
        self.open_by_address: dict[str, list[tornado.iostream.IOStream]] = {}
        self.accepted = 0
        self.refused = 0
        self._last_refusal_log = 0.0

    def handle_stream(self, stream: tornado.iostream.IOStream, address: Any) -> None:
        ip = address[0] if isinstance(address, tuple) and address else ""
        if self.per_address > 0 and ip and not (self.exempt_loopback and is_loopback(ip)):
            self.accepted += 1
            if self.accepted % 256 == 0:             # forget addresses whose connections have all closed
                self.open_by_address = {a: live for a, streams in self.open_by_address.items()
                                        if (live := [s for s in streams if not s.closed()])}
            live = [s for s in self.open_by_address.get(ip, ()) if not s.closed()]
            if len(live) >= self.per_address:
                self.open_by_address[ip] = live
                return self._refuse(stream)
            live.append(stream)
            self.open_by_address[ip] = live
        if self.send_buffer > 0:
            try:
                stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.send_buffer)
            except OSError:
                pass
        super().handle_stream(stream, address)

    def _refuse(self, stream: tornado.iostream.IOStream) -> None:
        self.refused += 1
        if time.monotonic() - self._last_refusal_log > 60:          # a flood must not flood the log too
            self._last_refusal_log = time.monotonic()
            log.warning("refused a connection: %d open from one address (%d refused so far)",
                        self.per_address, self.refused)

        tornado.ioloop.IOLoop.current().spawn_callback(self._answer_and_close, stream)

    async def _answer_and_close(self, stream: tornado.iostream.IOStream) -> None:
        """Send the 503, end our side, and read (and drop) what the client still sends for up to 2 s before
        closing: closing with its request unread would reset the connection and lose the answer."""
        try:
            await stream.write(self.REFUSED)
            stream.socket.shutdown(socket.SHUT_WR)
            deadline = time.monotonic() + 2.0
            while time.monotonic() < deadline:
                await tornado.gen.with_timeout(datetime.timedelta(seconds=deadline - time.monotonic()),
                                               stream.read_bytes(65536, partial=True))
        except (tornado.iostream.StreamClosedError, tornado.gen.TimeoutError, OSError):
            pass
        finally:
            stream.close()
