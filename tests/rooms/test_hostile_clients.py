"""Faults found by playing the server as a hostile client and as ordinary WebSocket libraries would (issue 25,
"Faults"): each test runs against the real server on loopback.  After every refusal the room is unchanged
and the server goes on serving the other players; the server's log never shows a traceback."""

from __future__ import annotations

import base64
import json
import logging
import os
import select
import socket
import struct
import time

import pytest
import websocket  # websocket-client
from hypothesis import given, settings, strategies as st
from websockets.sync.client import connect as websockets_connect

from gamekit.rooms.client import RoomClosed
from gamekit.rooms.groups_client import create_group, join_group
from gamekit.rooms.web import log_id
from gamekit.rooms.untrusted import MAX_DEPTH, BadJSON, loads, nesting_depth

DEEP_ARRAY = "[" * 1000 + "]" * 1000  # 2000 bytes: under every size cap
DEEP_PING = '{"type": "ping", "id": ' + "[" * 990 + "]" * 990 + "}"  # 2004 bytes
LONE = "\udc80" * 20


def assert_clean_log(server) -> None:
    text = server.log.read_text()
    for bad in ("Traceback", "never retrieved", "Uncaught exception", "RecursionError", "UnicodeEncodeError"):
        at = text.find(bad)
        assert at < 0, f"{bad!r} in the server log:\n{text[max(0, at - 1500) : at + 1500]}"


def ws_url(server, room: str) -> str:
    return server.url.replace("http://", "ws://") + f"/ws/{room}"


def stored_moves(server, room: str) -> list[str]:
    return [m for (m,) in server.sql("SELECT move FROM moves WHERE room = ? ORDER BY ply", (room,))]


def count(server, table: str) -> int:
    return server.sql(f"SELECT COUNT(*) FROM {table}")[0][0]


class KeepaliveLog(logging.Handler):
    """Counts the keepalive pongs a `websockets` connection reports in its debug log."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.logger = logging.getLogger(f"test.websockets.{id(self)}")
        self.logger.setLevel(logging.DEBUG)
        self.logger.propagate = False
        self.logger.addHandler(self)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(str(record.msg))

    def pongs(self) -> int:
        return sum("received keepalive pong" in r for r in self.records)

    def wait_for_pongs(self, n: int) -> None:
        deadline = time.monotonic() + 10
        while self.pongs() < n:
            assert time.monotonic() < deadline, "no keepalive pong"
            time.sleep(0.02)


# ----- 1. RFC 6455 ping frames ----------------------------------------------------------------------------------
def test_a_library_client_keeps_its_seat_through_ping_frames(fresh_rooms, connect):
    """The `websockets` library with its keepalive on (every 0.2 s here instead of 20 s), plus an explicit ping
    frame after each of its moves: a whole 3 × 3 game is played and the seat is never dropped."""
    rooms = fresh_rooms
    info = rooms.create(width=3, height=3)
    keepalive = KeepaliveLog()
    with websockets_connect(
        ws_url(rooms, info["room"]), ping_interval=0.2, ping_timeout=5, proxy=None, logger=keepalive.logger
    ) as gold:
        state = {}

        def read_until(predicate):
            while True:
                message = json.loads(gold.recv(timeout=10))
                if message["type"] == "state":
                    state.update(message)
                assert message["type"] != "error", message
                if predicate(message):
                    return message

        gold.send(json.dumps({"type": "hello", "token": info["token"]}))
        assert read_until(lambda m: m["type"] == "welcome")["seat"] == 0
        coral = connect(info["link"])
        read_until(lambda m: m["type"] == "state" and m["seats"][1]["connected"])
        moves = pongs = 0
        while not state["over"]:
            if state["to_move"] == 0:
                if moves % 3 == 0:  # the keepalive pings on between moves
                    keepalive.wait_for_pongs(moves // 3 + 1)
                gold.send(json.dumps({"type": "move", "move": state["targets"][0][0], "ply": state["ply"]}))
                read_until(lambda m: m["type"] == "ok")
                moves += 1
                pongs += gold.ping(b"are you there").wait(5)  # a ping frame with data, answered by a pong
            else:
                ply = state["ply"]
                coral.wait(lambda s: s["ply"] == ply)  # coral's own copy has the last move too
                coral.play(coral.game.legal_moves()[0])
                read_until(lambda m: m["type"] == "state" and m["ply"] > ply)
        assert moves >= 6 and pongs == moves and keepalive.pongs() > moves // 3
    assert coral.state["over"] and len(coral.state["history"]) == 24
    seen = [m["seats"][0]["connected"] for m in coral.messages if m["type"] == "state"]
    assert all(seen[:-1]), "the other player saw gold drop"  # only the close at the end
    assert stored_moves(rooms, info["room"]) == coral.state["history"]
    assert_clean_log(rooms)


# ----- 2. deeply nested JSON --------------------------------------------------------------------------------------
def test_deeply_nested_messages_are_refused_cleanly(fresh_rooms, connect, pair):
    rooms = fresh_rooms
    info, gold, coral = pair(server=rooms)
    gold.play("a1-b1")
    for raw in (DEEP_ARRAY, DEEP_PING, '{"type": "move", "move": ' + '{"a":' * 300 + "1" + "}" * 300 + "}"):
        assert len(raw.encode()) < 2048
        start = len(gold.messages)
        gold.send_raw(raw)
        error = gold.wait_for(lambda m: m["type"] == "error", start=start)
        assert error["code"] == "bad_json" and f"nested deeper than {MAX_DEPTH} levels" in error["message"]
    assert gold.ask({"type": "ping"})["type"] == "pong"  # the same connection goes on
    coral.play("b1-c1")
    assert gold.wait(lambda s: s["ply"] == 2)["history"] == ["a1-b1", "b1-c1"]
    assert stored_moves(rooms, info["room"]) == ["a1-b1", "b1-c1"]
    assert_clean_log(rooms)


def test_deeply_nested_http_bodies_get_400(fresh_rooms):
    rooms = fresh_rooms
    owner = create_group(rooms.url, "Class 5B")
    pupil = join_group(owner.join_link, "Ana")
    before = {t: count(rooms, t) for t in ("rooms", "groups", "members")}
    for path in ("/api/rooms", "/api/groups", f"/api/groups/{owner.group}/me", f"/api/groups/{owner.group}/join"):
        status, answer = rooms.post(DEEP_ARRAY.encode(), path)
        assert status == 400 and "nested deeper" in answer["message"], (path, status, answer)
    deep_key = b'{"key": ' + b"[" * 990 + b"]" * 990 + b"}"
    assert rooms.post(deep_key, f"/api/groups/{owner.group}/owner")[0] == 400
    assert {t: count(rooms, t) for t in before} == before
    assert pupil.me()["nickname"] == "Ana" and rooms.create()["seat"] == 0  # still serving
    assert_clean_log(rooms)


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab,:\u00e9'),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
        max_leaves=30,
    )
)
def test_loads_counts_depth_like_the_parser(value):
    def depth(v):
        if isinstance(v, list):
            return 1 + max(map(depth, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(depth, v.values()), default=0)
        return 0

    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False, indent=1)):
        assert nesting_depth(text) == depth(value)  # brackets inside strings do not count
        assert loads(text) == value and loads(text.encode()) == value
    if depth(value) >= 1:
        with pytest.raises(BadJSON, match="nested deeper than"):
            loads(json.dumps(value), max_depth=depth(value) - 1)


def test_loads_refusals_name_the_reason():
    for raw, words in [
        ("[" * 40 + "]" * 40, "nested deeper than 32"),
        ("{not json", "not JSON"),
        (b"\xff\xfe{}", "not UTF-8"),
        ('{"a": "\\udc80"}', "lone surrogate"),
        ('["\\ud83d"]', "lone surrogate"),
        ('{"\\udfff": 1}', "lone surrogate"),
        (7, "not text"),
        ('"' + "[" * 5000, "not JSON"),
        ('"\\"' * 3000, "not JSON"),
    ]:
        with pytest.raises(BadJSON, match=words):
            loads(raw)
    assert loads('["\\ud83d\\ude00", "[[[["]') == ["\U0001f600", "[[[["]  # a pair is one character
    assert loads('"\\\\udc80"') == "\\udc80"  # an escaped backslash, not a surrogate


# ----- 3. lone surrogates -------------------------------------------------------------------------------------------
def test_lone_surrogates_in_tokens_and_keys_are_refused(fresh_rooms, connect):
    rooms = fresh_rooms
    info = rooms.create(width=3, height=3)
    raw = connect(info["link"], hello=False)
    raw.send_raw(json.dumps({"type": "hello", "token": LONE}))  # json.dumps writes \udc80 escapes
    error = raw.wait_for(lambda m: m["type"] == "error")
    assert error["code"] == "bad_json" and "lone surrogate" in error["message"]
    raw.send_raw(json.dumps({"type": "hello", "token": "\u00e9" * 20}))  # not a token either: watching
    assert raw.wait_for(lambda m: m["type"] == "error", start=1)["code"] == "bad_token"
    gold = connect(info["link"], token=info["token"])  # the real token still works
    assert gold.seat == 0 and count(rooms, "seats") == 1
    owner = create_group(rooms.url, "Class 5B")
    join_group(owner.join_link, "Ana")
    before = {t: count(rooms, t) for t in ("groups", "members", "seats")}
    for action in ("me", "owner", "leave", "settings", "room"):
        status, answer = rooms.post({"key": LONE}, f"/api/groups/{owner.group}/{action}")
        assert status == 400 and "lone surrogate" in answer["message"], (action, status, answer)
    for path, body in [
        ("/api/groups", {"name": "5B" + LONE}),
        (f"/api/groups/{owner.group}/join", {"nickname": LONE}),
        ("/api/groups/code", {"code": LONE}),
        ("/api/rooms", {"game": LONE}),
    ]:
        assert rooms.post(body, path)[0] == 400, path
    assert {t: count(rooms, t) for t in before} == before
    assert owner.class_table()["pupils"][0]["nickname"] == "Ana"
    assert_clean_log(rooms)


# ----- 4. a hello after the room expired ---------------------------------------------------------------------------
def test_a_socket_opened_before_expiry_gets_the_expired_answer(fresh_rooms, connect):
    rooms = fresh_rooms
    info = rooms.create(width=3, height=3)  # seat 2 free
    other = rooms.create(width=3, height=3)
    early = [connect(info["link"], hello=False), connect(info["link"], hello=False)]  # open, no hello yet
    rooms.advance(7 * 24 * 3600 + 60)
    deadline = time.time() + 10
    while rooms.get(f"/r/{info['room']}")[0] != 404:  # the sweep deleted it
        assert time.time() < deadline, "the room was not deleted"
        time.sleep(0.05)
    for client, token in zip(early, (None, info["token"])):
        try:
            client.send_raw(json.dumps({"type": "hello", "token": token}))
        except Exception:  # noqa: BLE001 — the server may have closed it already: that is the point
            pass
        gone = client.wait_for(lambda m: m["type"] in ("expired", "welcome", "error"))
        assert gone["type"] == "expired" and "seven days" in gone["message"]
        with pytest.raises(RoomClosed):
            client.wait(lambda s: False, timeout=5)
        assert not [m for m in client.messages if m["type"] in ("welcome", "state", "error")]
    assert rooms.sql("SELECT COUNT(*) FROM seats WHERE room = ?", (info["room"],))[0][0] == 0
    # the server goes on: a new room is made and played
    fresh = rooms.create(width=3, height=3)
    gold = connect(fresh["link"], token=fresh["token"])
    connect(fresh["link"])
    assert gold.play("a1-b1") == "a1-b1"
    assert rooms.get(f"/r/{other['room']}")[0] == 404  # idle too: gone with it
    assert_clean_log(rooms)


def test_a_socket_of_a_deleted_group_room_gets_the_expired_answer(fresh_rooms, connect):
    rooms = fresh_rooms
    owner = create_group(rooms.url, "Class 5B")
    ana = join_group(owner.join_link, "Ana")
    room = ana.new_room(rated=False)
    early = connect(room.link, hello=False)
    owner.delete("Class 5B")
    gone = early.wait_for(lambda m: m["type"] == "expired")
    assert "deleted" in gone["message"]
    with pytest.raises(RoomClosed):
        early.wait(lambda s: False, timeout=5)
    assert_clean_log(rooms)


# ----- 5. readers that never read ------------------------------------------------------------------------------------
def ws_frame(text: str) -> bytes:
    """One masked text frame, as a client sends it (RFC 6455 §5.2)."""
    payload, mask = text.encode(), os.urandom(4)
    n = len(payload)
    head = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126]) + struct.pack(">H", n)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def raw_watcher(server, room: str) -> socket.socket:
    """A WebSocket made by hand on a socket with a 4 KB receive buffer: it says hello, then never reads."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws/{room} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    sock.sendall(ws_frame(json.dumps({"type": "hello", "token": None})))
    return sock


def test_readers_that_never_read_are_dropped_and_the_games_go_on(server_with, connect):
    """Three 8 × 8 games with ten watchers that never read (small receive buffers; seven websocket-client
    connections, three hand-made sockets) and one honest watcher per room.  The server is started with a
    small send queue (64 KiB) and send buffer (32 KiB) so that a reader falls behind within a few moves."""
    rooms = server_with("--send-queue", "65536", "--send-buffer", "32768")
    games = [rooms.create(width=8, height=8) for _ in range(3)]
    players = []
    for info in games:
        gold = connect(info["link"], token=info["token"])
        coral = connect(info["link"])
        gold.wait(lambda s: s["seats"][1]["connected"])
        players.append((gold, coral))
    silent_clients, silent_sockets = [], []
    for i in range(10):
        info = games[i % 3]
        if i < 7:
            ws = websocket.create_connection(
                ws_url(rooms, info["room"]), timeout=10, sockopt=((socket.SOL_SOCKET, socket.SO_RCVBUF, 4096),)
            )
            ws.send(json.dumps({"type": "hello", "token": None}))
            silent_clients.append(ws)
        else:
            silent_sockets.append(raw_watcher(rooms, info["room"]))
    honest = [connect(info["link"]) for info in games]
    for (gold, _), watcher, n in zip(players, honest, (4, 3, 3)):
        gold.wait(lambda s: s["watchers"] == n + 1)  # everyone is in
    for ply in range(144):  # the three games, move by move
        for gold, coral in players:
            state = gold.wait(lambda s: s["ply"] == ply)
            mover = (gold, coral)[state["to_move"]]
            mover.wait(lambda s: s["ply"] == ply)  # the mover's own copy is up to date too
            mover.play(mover.game.legal_moves()[0])
    for (gold, coral), watcher, info in zip(players, honest, games):
        final = gold.wait(lambda s: s["over"])
        assert final["ply"] == 144 and final["watchers"] == 1  # only the honest watcher is left
        assert watcher.wait(lambda s: s["over"])["history"] == final["history"]  # it saw every move
        # every move reached it, each as a delta that followed the state it held
        assert sum(m["type"] == "delta" and "ply" in m["set"] for m in watcher.messages) == 144
        assert watcher.state["ply"] == 144 and watcher.resyncs == 0
        assert stored_moves(rooms, info["room"]) == final["history"]
        again = connect(info["link"])  # a dropped reader comes back: the state
        assert again.seat is None and again.state["history"] == final["history"]
    log = rooms.log.read_text()
    assert log.count("closed a connection that read too slowly") == 10
    for ws in silent_clients:
        ws.close(timeout=0)
    for sock in silent_sockets:
        sock.close()
    assert players[0][0].ask({"type": "ping"})["type"] == "pong"  # still answering
    rooms.stop()  # a clean shutdown: every task collected
    assert_clean_log(rooms)


# ----- 6. half-open HTTP (slowloris) ----------------------------------------------------------------------------------
def closed_by_server(sock: socket.socket, trickle: bytes = b"", within: float = 10.0) -> bool:
    """True once the server closes ``sock`` (EOF or reset), sending ``trickle`` every 0.1 s meanwhile."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if trickle:
                sock.sendall(trickle)
            ready, _, _ = select.select([sock], [], [], 0.1)
            if ready:
                data = sock.recv(65536)
                if not data:
                    return True
        except (BrokenPipeError, ConnectionResetError):
            return True
    return False


def test_half_open_requests_are_closed_within_the_timeouts(server_with, connect):
    rooms = server_with("--idle-timeout", "0.5", "--body-timeout", "0.5")
    started = time.monotonic()
    slow_headers = socket.create_connection(("127.0.0.1", rooms.port))
    slow_headers.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    assert closed_by_server(slow_headers, trickle=b"X-Slow: 1\r\n")  # headers that never end
    slow_body = socket.create_connection(("127.0.0.1", rooms.port))
    slow_body.sendall(b'POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"game"')
    assert closed_by_server(slow_body)  # a body that never arrives
    silent = socket.create_connection(("127.0.0.1", rooms.port))
    assert closed_by_server(silent)  # nothing at all
    huge = socket.create_connection(("127.0.0.1", rooms.port))
    huge.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 40000 + b"\r\n\r\n")
    assert closed_by_server(huge)  # headers over 32 KiB
    assert time.monotonic() - started < 60  # (tornado's default held them an hour)
    for sock in (slow_headers, slow_body, silent, huge):
        sock.close()
    with socket.create_connection(("127.0.0.1", rooms.port), timeout=10) as big:  # over the body size cap
        big.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\n\r\n")
        assert big.recv(100).startswith(b"HTTP/1.1 400")  # refused before the body is read
    # a WebSocket is not an idle HTTP connection: a game goes on past the timeouts
    info = rooms.create(width=3, height=3)
    gold, coral = connect(info["link"], token=info["token"]), connect(info["link"])
    time.sleep(1.0)  # twice the idle timeout
    assert gold.play("a1-b1") == "a1-b1" and coral.wait(lambda s: s["ply"] == 1)
    assert count(rooms, "rooms") == 1
    assert_clean_log(rooms)


def http_get(source: str, port: int, path: str = "/") -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
        return data


def kept_alive(port: int) -> socket.socket:
    """A connection that has made one request and had its answer, and stays open (HTTP/1.1 keep-alive)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(b"GET /static/room.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head
    length = int(
        next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
    )
    while len(body) < length:
        body += sock.recv(65536)
    return sock


def test_connections_per_address_are_capped(server_with, connect):
    rooms = server_with("--max-connections-per-address", "5")
    info = rooms.create(width=3, height=3)
    gold = connect(info["link"], token=info["token"])  # a WebSocket counts too
    held = [kept_alive(rooms.port) for _ in range(4)]  # accepted and answered: open
    refused = http_get("127.0.0.1", rooms.port)
    assert refused.startswith(b"HTTP/1.1 503") and b"Too many connections" in refused
    try:
        other = http_get("127.0.0.2", rooms.port)  # another address is served
    except OSError:
        other = None  # no 127.0.0.2 on this machine
    if other is not None:
        assert other.startswith(b"HTTP/1.1 200")
    assert gold.ask({"type": "ping"})["type"] == "pong"  # the open connections go on
    held.pop().close()
    deadline = time.monotonic() + 10
    while not http_get("127.0.0.1", rooms.port).startswith(b"HTTP/1.1 200"):  # a place is free again
        assert time.monotonic() < deadline, "the closed connection was never counted out"
        time.sleep(0.05)
    assert gold.ask({"type": "ping"})["type"] == "pong"
    for sock in held:
        sock.close()
    assert "refused a connection" in rooms.log.read_text()
    assert_clean_log(rooms)


# ----- 7. smaller -----------------------------------------------------------------------------------------------------
def test_odd_static_paths_are_not_server_errors(rooms):
    for path in (
        "/static/room.js%00.html",
        "/static/%00",
        "/static/room.js%0a",
        "/static/..%2f..%2fserver.py",
        "/static/%2e%2e/server.py",
    ):
        assert rooms.get(path)[0] in (400, 403, 404), path
    assert rooms.get("/static/room.js")[0] == 200
    assert_clean_log(rooms)


def test_the_access_log_has_no_room_or_group_ids(fresh_rooms, connect):
    rooms = fresh_rooms
    info = rooms.create(width=3, height=3)
    assert rooms.get(f"/r/{info['room']}")[0] == 200
    gold = connect(info["link"], token=info["token"])
    gold.close()
    owner = create_group(rooms.url, "Class 5B")
    ana = join_group(owner.join_link, "Ana")
    assert rooms.get(f"/g/{owner.group}")[0] == 200 and rooms.get(f"/g/{owner.group}/owner")[0] == 200
    ana.me()
    assert rooms.post({"key": "x" * 20}, f"/api/groups/{owner.group}/me")[0] == 403  # a refusal is logged too
    time.sleep(0.2)
    log = rooms.log.read_text()
    for secret in (info["room"], info["token"], owner.group, owner.owner_link.split("#key=")[1]):
        assert secret not in log
    assert f"/r/{log_id(info['room'])}" in log and f"/ws/{log_id(info['room'])}" in log
    assert f"/g/{log_id(owner.group)}/owner" in log and f"/api/groups/{log_id(owner.group)}/me" in log
    assert log_id(info["room"]) == log_id(info["room"]) != log_id(owner.group) and len(log_id(owner.group)) == 9


def test_join_codes_have_forty_bits_and_old_codes_still_work(rooms):
    from gamekit.rooms.groups import CODE_ALPHABET

    owner = create_group(rooms.url, "Class 5B")
    code = owner.code
    assert len(code) == 9 and code[4] == "-" and all(c in CODE_ALPHABET for c in code.replace("-", ""))
    for typed in (code, code.lower(), code.replace("-", ""), " " + code.replace("-", " ") + " "):
        assert rooms.post({"code": typed}, "/api/groups/code") == (200, {"group": owner.group})
    # a group made before codes were lengthened keeps its six-character code
    rooms.sql("UPDATE groups SET code = ? WHERE id = ?", ("K7MQ2P", owner.group))
    assert rooms.post({"code": "k7m-q2p"}, "/api/groups/code") == (200, {"group": owner.group})
    assert owner.code == "K7M-Q2P"
    for wrong in ("K7M-Q2", "K7MQ-2PX", "K7MQ-2PXAB"):
        assert rooms.post({"code": wrong}, "/api/groups/code")[0] == 404
