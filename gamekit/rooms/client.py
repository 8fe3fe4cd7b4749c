"""A room client for notebooks (and tests): create a room or join one by its invite link, play, watch.

    >>> from gamekit.rooms.client import create_room, join          # doctest: +SKIP
    >>> me = create_room("http://localhost:8765", "dots")            # doctest: +SKIP
    >>> me.link                                                       # send this to your friend
    >>> me.wait_for_turn(); me.play("a1-b1")
    >>> me                                                            # the board (the game's own picture)

``join(link)`` takes the free seat (or watches when the room is full).  The seat token stays inside the
client object (and in the optional ``token_file``): it is a secret, so it is never printed or shown.
A refused move raises :class:`RoomRefusal` (an ``IllegalMoveError``) with the server's reason; the room
is unchanged.  ``RoomWidget(client)`` shows the board in a notebook and plays clicks.

The client asks the server for deltas (``deltas=True``, the default): after the first whole state it is sent
only what changed, applies it (:func:`gamekit.rooms.delta.apply_delta`) and keeps ``state`` whole, as if the
server had sent it; a delta that does not follow the state held makes it ask for the whole state again
(``resyncs`` counts those).  ``messages`` lists what arrived, deltas as they came (a mover's ``ok`` that rode in
its delta is listed after it as its own ``ok``).
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from typing import Any, Callable
from urllib.parse import urlsplit

import websocket  # websocket-client (a dependency of jupyter_server)

from gamekit.core.errors import IllegalMoveError
from gamekit.i18n import get_language
from gamekit.rooms.delta import apply_delta
from gamekit.rooms.games import rebuild


class RoomRefusal(IllegalMoveError):
    """The server refused a message; ``code`` says what kind of refusal (see docs/rooms.md)."""

    def __init__(self, message: str, code: str = "refused"):
        super().__init__(message)
        self.code = code


class RoomClosed(ConnectionError):
    """The connection ended (replaced by another tab, room expired, server gone)."""


def _split_link(link: str) -> tuple[str, str]:
    parts = urlsplit(link) if isinstance(link, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc or "/r/" not in parts.path:
        raise ValueError(f"{link!r}: an invite link looks like http://host:port/r/ROOM")
    prefix, _, room = parts.path.rpartition("/r/")
    room = room.strip("/")
    if not room or "/" in room:
        raise ValueError(f"{link!r}: no room id after /r/")
    return f"{parts.scheme}://{parts.netloc}{prefix}", room


class RoomClient:
    def __init__(
        self,
        link: str,
        token: str | None = None,
        timeout: float = 10.0,
        hello: bool = True,
        on_state: Callable[[dict], None] | None = None,
        deltas: bool = True,
    ):
        self.base, self.room = _split_link(link)
        self.link = f"{self.base}/r/{self.room}"
        self._token = token
        self.timeout = timeout
        self.seat: int | None = None
        self.room_full = False
        self.state: dict | None = None
        self.messages: list[dict] = []
        self.closed: str | None = None
        self.on_state = on_state
        self.deltas = deltas  # after the first state, the server sends only what changed (gamekit.rooms.delta)
        self.resyncs = 0  # times a delta did not follow the state held and the whole state was asked for
        self._resyncing = False
        self._cond = threading.Condition()
        self._next_id = 1
        ws_url = (
            ("wss" if self.base.startswith("https") else "ws") + self.base[self.base.index(":") :] + f"/ws/{self.room}"
        )
        self.language = get_language()  # the server's texts (status, notes, refusals) in the notebook's language
        if self.language != "en":
            ws_url += f"?lang={self.language}"
        origin = "/".join(self.base.split("/")[:3])  # scheme://host:port
        self._ws = websocket.create_connection(ws_url, timeout=timeout, origin=origin)
        self._ws.settimeout(None)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if hello:
            self.send({"type": "hello", "token": token, "deltas": deltas})
            self.wait_for(lambda m: m["type"] in ("welcome", "error"))
            self.wait(lambda s: True)

    def __repr__(self) -> str:  # never shows the token
        where = "watching" if self.seat is None else f"seat {self.seat}"
        return f"<RoomClient {self.link} {where}>"

    def seat_token(self) -> str | None:
        """This seat's secret token (keep it private: whoever has it plays your seat)."""
        return self._token

    # ----- the wire ------------------------------------------------------------------------------
    def _read(self) -> None:
        try:
            while True:
                raw = self._ws.recv()
                if not raw:
                    break
                message = json.loads(raw)
                self.receive(message)
        except Exception:  # noqa: BLE001 — the socket closed
            pass
        with self._cond:
            self.closed = self.closed or "connection closed"
            self._cond.notify_all()

    def receive(self, message: dict) -> None:
        """Take one message from the server (called by the reader thread, in order).  A ``delta`` is applied
        to the state held; one that does not follow it (a version missed) is dropped and the whole state is
        asked for (``sync``) — the state stays as it was until that answer arrives."""
        state = None
        with self._cond:
            self.messages.append(message)
            kind = message.get("type")
            ask = False
            if kind == "welcome":
                self.seat, self.room_full = message.get("seat"), bool(message.get("room_full"))
                if message.get("token"):
                    self._token = message["token"]
            elif kind == "state":
                self.state = state = message
                self._resyncing = False
            elif kind == "delta":
                state = apply_delta(self.state, message)
                if state is None:
                    ask = not self._resyncing
                    self._resyncing = True
                else:
                    self.state = state
                if isinstance(message.get("ok"), dict):  # the answer to our message rode in the delta
                    self.messages.append({"type": "ok", **message["ok"]})
            elif kind in ("replaced", "expired"):
                self.closed = message.get("message", kind)
            self._cond.notify_all()
        if kind == "delta" and state is None:
            if ask:
                self.resyncs += 1
                self.send({"type": "sync"})
        elif state is not None and self.on_state is not None:
            try:
                self.on_state(state)
            except Exception:  # noqa: BLE001 — a display callback must not stop the reader
                pass

    def send_raw(self, text: str | bytes) -> None:
        if isinstance(text, bytes):
            self._ws.send_binary(text)
        else:
            self._ws.send(text)

    def send(self, message: dict) -> int:
        with self._cond:
            ref = self._next_id
            self._next_id += 1
        self.send_raw(json.dumps(dict(message, id=ref)))
        return ref

    def _until(self, found: Callable[[], Any], timeout: float | None, what: str) -> Any:
        """Wait (on the reader's updates) until ``found()`` returns something other than None."""
        deadline = time.monotonic() + (timeout or self.timeout)
        with self._cond:
            while (result := found()) is None:
                if self.closed:
                    raise RoomClosed(self.closed)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"{what} in time")
                self._cond.wait(left)
            return result

    def wait_for(self, predicate: Callable[[dict], bool], timeout: float | None = None, start: int = 0) -> dict:
        """The first message (from index ``start``) for which ``predicate`` is true."""
        return self._until(
            lambda: next((m for m in self.messages[start:] if predicate(m)), None),
            timeout,
            "no such message from the room server",
        )

    def wait(self, predicate: Callable[[dict], bool], timeout: float | None = None) -> dict:
        """Wait until the latest room state satisfies ``predicate``; returns that state."""
        return self._until(
            lambda: self.state if self.state is not None and predicate(self.state) else None,
            timeout,
            "the room did not reach that state",
        )

    def ask(self, message: dict) -> dict:
        """Send and wait for the server's answer to it: the ``ok``, or :class:`RoomRefusal`."""
        with self._cond:
            start = len(self.messages)
        ref = self.send(message)
        answer = self.wait_for(lambda m: m.get("type") in ("ok", "error", "pong") and m.get("id") == ref, start=start)
        if answer["type"] == "error":
            raise RoomRefusal(answer["message"], answer.get("code", "refused"))
        return answer

    # ----- playing ---------------------------------------------------------------------------------
    def play(self, move: str) -> str:
        """Play ``move`` (e.g. "a1-b1" or "4"); returns it in canonical form once the server has stored it."""
        try:  # the other player's last move may still be on its way to us
            self.wait(lambda s: s["over"] or s["to_move"] == self.seat, timeout=2)
        except TimeoutError:
            pass  # the server will say why not
        ply = self.state["ply"] if self.state else None
        answer = self.ask({"type": "move", "move": move, "ply": ply})
        self.wait(lambda s: s["ply"] >= answer["ply"])
        return answer["move"]

    def click(self, x: float, y: float) -> str:
        answer = self.ask({"type": "click", "x": x, "y": y})
        self.wait(lambda s: s["ply"] >= answer["ply"])
        return answer["move"]

    def request_new_game(self) -> None:
        self.ask({"type": "request", "kind": "restart"})

    def request_undo(self) -> None:
        self.ask({"type": "request", "kind": "undo"})

    def answer(self, accept: bool) -> None:
        self.ask({"type": "answer", "accept": accept})

    def resign(self) -> None:
        self.ask({"type": "resign"})

    def my_turn(self) -> bool:
        s = self.state
        return bool(s) and self.seat is not None and s["to_move"] == self.seat and not s.get("waiting")

    def wait_for_turn(self, timeout: float = 300) -> dict:
        return self.wait(lambda s: s["over"] or (s["to_move"] == self.seat and not s.get("waiting")), timeout)

    @property
    def status(self) -> str:
        return self.state["status"] if self.state else ""

    @property
    def game(self) -> Any:
        """The position as a local game object (replayed from the room's moves)."""
        s = self.state
        moves = []
        for move in s["history"]:
            if move.startswith("resign:"):
                moves.append(("resign", None, int(move.split(":")[1])))
            else:
                moves.append(("move", move, None))
        return rebuild(s["game"], s["options"], moves)

    def _repr_html_(self) -> str:
        if not self.state:
            return "<i>not connected</i>"
        from html import escape

        return (
            f"{self.game._repr_html_()}<p>{escape(self.status)}</p><p>Invite link: <code>{escape(self.link)}</code></p>"
        )

    def close(self) -> None:
        try:
            self._ws.close()
        except Exception:  # noqa: BLE001
            pass


def fetch_json(url: str, body: dict | None = None, timeout: float = 10.0) -> tuple[int, Any]:
    """GET ``url`` (or POST ``body`` as JSON) and read the JSON answer: ``(200, data)``, or on an HTTP error
    ``(status, message)`` with the server's own message (its ``message`` field) where it sent one."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method="GET" if body is None else "POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return 200, json.loads(response.read())
    except urllib.error.HTTPError as error:
        try:
            return error.code, json.loads(error.read()).get("message", str(error))
        except (ValueError, AttributeError):
            return error.code, str(error)


def create_room(server: str, game: str = "dots", timer: int = 0, timeout: float = 10.0, **options: Any) -> RoomClient:
    """Create a room on ``server`` (e.g. "http://localhost:8765") and take its first seat."""
    status, data = fetch_json(
        server.rstrip("/") + "/api/rooms", {"game": game, "options": options, "timer": timer}, timeout
    )
    if status != 200:
        raise ValueError(f"the room server refused the room: {data}")
    return RoomClient(data["link"], token=data["token"], timeout=timeout)


def join(link: str, token: str | None = None, timeout: float = 10.0) -> RoomClient:
    """Open an invite link: the free seat, your own seat again (with its ``token``), or a watcher's place."""
    return RoomClient(link, token=token, timeout=timeout)


__all__ = ["RoomClient", "RoomRefusal", "RoomClosed", "create_room", "join"]
