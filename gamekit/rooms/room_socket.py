"""The room protocol's WebSocket handler (docs/rooms.md): one browser tab or notebook in a room, its messages
checked, rate-limited and carried out on its :class:`~gamekit.rooms.room.Room`."""

from __future__ import annotations

import json
import logging
import math
import secrets
import socket
import struct
import time
from typing import Any

import tornado.web
import tornado.websocket

from gamekit.core.errors import IllegalMoveError
from gamekit.session import REQUEST_KINDS, RequestDecision, RequestRefused
from gamekit.rooms.speech import SOURCE, page_language, said, speaking, translate
from gamekit.rooms.games import check_move
from gamekit.rooms.store_interface import token_hash
from gamekit.rooms.untrusted import BadJSON, loads
from gamekit.rooms.web import Refusal, SafeLog
from gamekit.rooms.limits import BURST, MAX_MESSAGE, MAX_WATCHERS, RATE
from gamekit.rooms.room import CLOSE_ABUSE, CLOSE_EXPIRED, CLOSE_REPLACED, CLOSE_TRY_AGAIN, Room, RoomBusy

log = logging.getLogger("gamekit.rooms")


class RoomSocket(SafeLog, tornado.websocket.WebSocketHandler):
    """One browser tab or notebook in a room: a seat (0, 1) or a watcher (None).

    The app's messages are handled by ``handle_<type>`` methods: tornado's own ``on_*`` names (``on_ping``
    gets every RFC 6455 ping frame, ``on_pong``, ``on_message``, ``on_close``) are never overridden by them.
    """

    def initialize(self, server: Any) -> None:
        self.server = server
        self.room: Room | None = None
        self.seat: int | None = None
        self.greeted = False
        self.tokens, self.last_refill = BURST, time.monotonic()
        self.last_rate_error = 0.0
        self.dropped = 0
        self.queued_bytes = 0  # handed to tornado, not yet written to the socket
        self.queued_messages = 0
        self.too_slow = False
        self.deltas = False  # the client asked for deltas after the first state (hello "deltas")
        self.synced = False  # it holds the room's last version (it was sent a whole state)
        self.language = SOURCE  # what it reads: the socket address's ?lang= (the page's language)

    async def open(self, room_id: str) -> None:
        try:
            asked = self.get_query_argument("lang", None)
        except tornado.web.HTTPError:  # not UTF-8: no choice
            asked = None
        self.language = page_language(asked, None, self.request.headers.get("Accept-Language"))
        try:
            room = await self.server.room_when_free(room_id)
        except RoomBusy:  # another worker holds it and did not let go: the page retries
            self.shut(CLOSE_TRY_AGAIN, "try again")
            return
        if self.ws_connection is None or self.ws_connection.is_closing():
            return  # the peer left while this worker waited for the room
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
            return  # held until the writes it may tell of are committed (GroupCommit)
        self.write_now(text)

    def write_now(self, text: str | bytes) -> None:
        """:meth:`write_text` without waiting for a commit (GroupCommit sends what it held with it)."""
        conn = self.ws_connection
        if self.too_slow or conn is None or conn.is_closing():
            return
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        server = self.server
        if (
            self.queued_bytes + len(data) > server.send_queue_bytes
            or self.queued_messages + 1 > server.send_queue_messages
        ):
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
            future.exception()  # retrieved: a closed peer's WebSocketClosedError is not logged

    def drop_slow_reader(self) -> None:
        """Close at once (a TCP reset, no close handshake: the peer does not read) a connection whose reader
        fell too far behind; what was waiting for it is thrown away.  ``on_close`` frees its seat as usual."""
        self.too_slow = True
        log.info(
            "closed a connection that read too slowly (%d messages, %d bytes waiting)",
            self.queued_messages,
            self.queued_bytes,
        )
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
        if self.room.gone is not None:  # deleted while this message was on its way (the close follows)
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
            return self.refuse(
                said("Message too large ({size} bytes, at most {most}).", size=len(raw), most=MAX_MESSAGE), "too_large"
            )
        if isinstance(raw, bytes):
            return self.refuse(said("Binary messages are not understood: send JSON text."), "bad_json")
        try:
            data = loads(raw)
        except BadJSON as bad:
            return self.refuse(said("Malformed message ({reason}): send one JSON object.", reason=str(bad)), "bad_json")
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            return self.refuse(said('Malformed message: a JSON object with a "type" is expected.'), "bad_json")
        ref = data.get("id")
        if ref is not None and (isinstance(ref, bool) or not isinstance(ref, (int, str)) or len(str(ref)) > 40):
            return self.refuse(said('"id" must be a short string or a number.'), "bad_field")
        kind = data["type"]
        handler = {
            "hello": self.handle_hello,
            "move": self.handle_move,
            "click": self.handle_click,
            "request": self.handle_request,
            "answer": self.handle_answer,
            "resign": self.handle_resign,
            "ping": self.handle_ping,
            "sync": self.handle_sync,
        }.get(kind)
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
            self.refuse(
                said("The server could not do that (an internal error); nothing was changed."), "server_error", ref
            )

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
            raise Refusal(said('"deltas" must be true or false.'), "bad_field")
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or not 10 <= len(token) <= 100 or not token.isascii()):
            raise Refusal(said('"token" must be the seat token this browser was given, or null.'), "bad_token")
        room, server = self.room, self.server
        now = server.now()
        seat, new_token, note = None, None, ""
        if token is not None:
            h = token_hash(token)
            matches = [
                s for s in (0, 1) if room.seat_hashes[s] is not None and secrets.compare_digest(room.seat_hashes[s], h)
            ]
            if not matches and server.groups.seat_taken_elsewhere(room):  # seat 2 taken on another process
                room.turn_started = room.away_since[1] = now
                matches = [
                    s
                    for s in (0, 1)
                    if room.seat_hashes[s] is not None and secrets.compare_digest(room.seat_hashes[s], h)
                ]
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
                self.send(
                    {"type": "error", "code": "too_many", "message": said("Too many people are watching this room.")}
                )
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
                old.send(
                    {
                        "type": "replaced",
                        "message": said("This seat was opened in another tab or window: this one has stopped."),
                    }
                )
                old.shut(CLOSE_REPLACED, "replaced")
            if seat in room.cpu_for:
                room.cpu_for.discard(seat)
                room.note = said("{seat} is back: the CPU stops playing for them.", seat=room.seat_name(seat))
            welcome = {"type": "welcome", "seat": seat, "room_full": False, "note": ""}
            if new_token:
                welcome["token"] = new_token  # to this connection only
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
            raise Refusal(
                said("Not your turn: {seat} is to move.", seat=room.seat_name(room.game.to_move)), "not_your_turn"
            )
        ply = data.get("ply")
        if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int) or ply != room.ply()):
            raise Refusal(
                said(
                    "That move was made on an old position (move {sent}, the game is at move {ply}).",
                    sent=repr(ply),
                    ply=room.ply(),
                ),
                "stale",
            )
        if room.ply() >= room.spec.max_moves:
            raise Refusal(said("This game is too long: start a new game."), "too_long")

    def handle_move(self, data: dict) -> None:
        seat = self.my_seat()
        try:
            with speaking(self.language):  # the engines' refusals in the reader's language
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
                raise Refusal(said('"x" and "y" must be numbers (CSS pixels on the board).'), "bad_field")
        self.check_can_move(seat, data)
        with speaking(self.language):  # "Click in the gap between two dots…" in the reader's language
            move = self.room.spec.move_at(self.room.game, self.room.options, float(x), float(y))
        self.play(seat, move, data.get("id"))

    def play(self, seat: int, move: str, ref: Any) -> None:
        room = self.room
        with speaking(self.language):  # an illegal move is refused in the reader's language
            canonical = room.commit_move(seat, move)  # committed to SQLite before anyone hears of it
        room.broadcast(ok=(self, {"id": ref, "move": canonical, "ply": room.ply()}))
        room.tick(self.server.now())  # an absent opponent's CPU may answer at once

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
        if kind in REQUEST_KINDS and room.guest_in():  # the other player must be there to answer …
            other = 1 - seat
            if not room.connected(other):
                raise Refusal(
                    said("Waiting for {seat} to reconnect: they must answer the request.", seat=room.seat_name(other)),
                    "waiting",
                )
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
        self.done(ref, full=decision.changes_position)  # an undo or a new game: everyone gets the whole state

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
