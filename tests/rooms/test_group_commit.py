"""Group commit (issue 25): the moves that arrive in one event-loop turn are stored in one transaction, and
nobody hears of any of them before that commit — on SQLite and on PostgreSQL alike.

Two moves sent in one TCP write (a Dots player who completes a box moves again) reach the server in one turn.
With the hidden ``--kill-before-batch`` option the server kills itself (SIGKILL) right before committing a
batch of two or more moves: neither move may then have been told to anyone, nor be stored after the restart.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import struct
import time

SETUP = ["a1-b1", "a1-a2", "c3-d3", "b1-b2"]  # box a1 then has three sides, and Gold is to move
TWICE = ["a2-b2", "c1-d1"]  # Gold completes a1, so moves again


def frame(message: dict) -> bytes:
    """One masked text frame, as a client sends it (RFC 6455 §5.2)."""
    payload, mask = json.dumps(message).encode(), os.urandom(4)
    n = len(payload)
    head = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126]) + struct.pack(">H", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class RawSeat:
    """A seat's WebSocket made by hand, so that several messages can go in one TCP write."""

    def __init__(self, server, room: str, token: str):
        self.sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET /ws/{room} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buffer = b""
        self.messages: list[dict] = []
        self.sock.sendall(frame({"type": "hello", "token": token}))
        assert self.until(lambda m: m["type"] == "welcome")["seat"] == 0

    def _exactly(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed by the server")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def read(self) -> dict | None:
        """The next text message (None for a close frame)."""
        while True:
            b0, b1 = self._exactly(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exactly(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exactly(8))[0]
            payload = self._exactly(n)
            if b0 & 0x0F == 0x8:
                return None
            if b0 & 0x0F == 0x1:
                message = json.loads(payload)
                self.messages.append(message)
                return message

    def until(self, predicate) -> dict:
        while True:
            message = self.read()
            assert message is not None, "the server closed the connection"
            if predicate(message):
                return message

    def play(self, move: str, ref: int) -> None:
        self.sock.sendall(frame({"type": "move", "move": move, "id": ref}))
        ok = self.until(lambda m: m["type"] in ("ok", "error") and m.get("id") == ref)
        assert ok["type"] == "ok", ok

    def rest(self) -> list[dict]:
        """Everything the server still sends until it goes away."""
        out = []
        try:
            while (message := self.read()) is not None:
                out.append(message)
        except (ConnectionError, OSError):
            pass
        return out


def set_up(server, connect):
    info = server.create(width=3, height=3)
    gold = RawSeat(server, info["room"], info["token"])
    coral = connect(info["link"])
    gold.until(lambda m: m["type"] == "state" and m["seats"][1]["connected"])
    for i, move in enumerate(SETUP):
        if i % 2 == 0:
            gold.play(move, 100 + i)
        else:
            coral.play(move)
    gold.until(lambda m: m["type"] == "state" and m["ply"] == len(SETUP))
    return info, gold, coral


def test_two_moves_of_one_turn_are_committed_together_and_told_only_after(server_with, connect):
    server = server_with("--kill-before-batch")
    info, gold, coral = set_up(server, connect)
    told_coral = len(coral.messages)
    gold.sock.sendall(
        frame({"type": "move", "move": TWICE[0], "id": 1}) + frame({"type": "move", "move": TWICE[1], "id": 2})
    )
    assert server.process.wait(timeout=30) == -signal.SIGKILL  # killed before the batch of two moves
    heard = gold.rest()
    assert not [m for m in heard if m["type"] in ("ok", "state")], heard  # nobody was told of either move
    time.sleep(0.3)
    assert not [m for m in coral.messages[told_coral:] if m["type"] == "state" and m["ply"] > len(SETUP)]
    server.extra = ()
    server.start()  # the same database: neither move is there
    assert [m for (m,) in server.sql("SELECT move FROM moves WHERE room = ? ORDER BY ply", (info["room"],))] == SETUP
    again = connect(info["link"], token=info["token"])
    connect(info["link"], token=coral.seat_token())
    assert again.wait(lambda s: s["seats"][1]["connected"])["history"] == SETUP and again.my_turn()
    assert again.play(TWICE[0]) == TWICE[0] and again.play(TWICE[1]) == TWICE[1]


def test_moves_of_one_turn_are_each_confirmed_in_order_after_their_commit(fresh_rooms, connect):
    server = fresh_rooms
    info, gold, coral = set_up(server, connect)
    gold.sock.sendall(
        frame({"type": "move", "move": TWICE[0], "id": 1}) + frame({"type": "move", "move": TWICE[1], "id": 2})
    )
    gold.until(lambda m: m["type"] == "ok" and m["id"] == 2)
    told = [(m["type"], m["ply"]) for m in gold.messages if m["type"] in ("state", "ok") and m.get("ply", 0) > 4]
    assert told == [("state", 5), ("ok", 5), ("state", 6), ("ok", 6)]  # each state before its ok, in order
    assert coral.wait(lambda s: s["ply"] == 6)["history"] == SETUP + TWICE
    stored = server.sql("SELECT ply, move FROM moves WHERE room = ? ORDER BY ply", (info["room"],))
    assert stored == list(enumerate(SETUP + TWICE))
    server.kill()  # what was confirmed survives SIGKILL
    server.start()
    assert connect(info["link"], token=info["token"]).state["history"] == SETUP + TWICE


def test_a_move_whose_ply_was_stored_meanwhile_is_refused_by_the_key_and_the_room_reloads(fresh_rooms, connect, pair):
    """Another server process (a misrouted connection) stored ply 1 of the room first: this process's move at
    ply 1 cannot be stored (the key (room, ply)), so it is confirmed to nobody; both players are told, their
    connections close, and on reconnecting they get the game as stored."""
    import pytest

    from gamekit.rooms.client import RoomClosed

    server = fresh_rooms
    info, creator, guest = pair(server=server)
    guest_token = guest.seat_token()
    creator.play("a1-b1")
    server.sql(
        "INSERT INTO moves (room, ply, kind, move, seat, by_cpu, at) VALUES (?, 1, 'move', 'c1-d1', 1, 0, 0)",
        (info["room"],),
    )
    with pytest.raises(RoomClosed):
        guest.play("a2-b2")
    told = creator.wait_for(lambda m: m["type"] == "error" and m["code"] == "server_error")
    assert "could not store" in told["message"]
    assert not [m for m in creator.messages if m["type"] == "state" and m["ply"] >= 2]
    assert server.sql("SELECT ply, move FROM moves WHERE room = ? ORDER BY ply", (info["room"],)) == [
        (0, "a1-b1"),
        (1, "c1-d1"),
    ]
    again = connect(info["link"], token=info["token"])
    guest_again = connect(info["link"], token=guest_token)
    assert again.wait(lambda s: s["seats"][1]["connected"])["history"] == ["a1-b1", "c1-d1"]
    assert again.my_turn() and again.play("a2-b2") == "a2-b2"
    assert guest_again.wait(lambda s: s["ply"] == 3)["history"] == ["a1-b1", "c1-d1", "a2-b2"]
