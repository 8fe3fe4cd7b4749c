"""Several worker processes behind a real HAProxy on loopback (issue 25, "Past one process";
docs/rooms.md, "Several processes"): ``python -m gamekit.rooms --workers 2`` started for real, players that
are ordinary WebSocket clients (the ``websockets`` library) reconnecting as the room page does, a worker
SIGKILLed mid-game, the killed worker coming back, and the room never live in two processes at once.

The tests that start HAProxy are marked ``proxy`` (``.ci/run`` installs HAProxy; without it they skip, or fail
with ``GAMEKIT_REQUIRE_PROXY=1``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from gamekit.rooms.games import rebuild
from gamekit.rooms.leases import TTL, Leases, is_postgres, new_worker_id
from gamekit.rooms.proxy import Backend, check_config, haproxy_config, haproxy_path
from gamekit.rooms.room import CLOSE_MOVED
from gamekit.rooms.store import SQLiteStore
from gamekit.rooms.workers import worker_argv, worker_ports

ROOT = Path(__file__).resolve().parents[2]


def run_apart(coroutine) -> None:
    """``asyncio.run`` in a thread of its own: the session's sync Playwright (browser tests earlier on the same
    xdist worker) leaves an event loop running in this thread, where ``asyncio.run`` refuses to start."""
    import threading

    failure: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as error:  # noqa: BLE001 — re-raised in the test's thread
            failure.append(error)

    thread = threading.Thread(target=main, name="test-workers-scenario")
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def needs_haproxy() -> None:
    if haproxy_path() is None:
        if os.environ.get("GAMEKIT_REQUIRE_PROXY") == "1":
            pytest.fail("HAProxy required (GAMEKIT_REQUIRE_PROXY=1) but not installed (apt-get install haproxy)")
        pytest.skip("HAProxy is not installed (apt-get install haproxy)")


def get_json(url: str) -> dict | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return json.loads(response.read())
    except (OSError, ValueError):
        return None


# The timings the clusters run with: the scenarios are the product's, only quicker.  Leases of 2 s (the default
# 5 s), HAProxy checking each worker every 0.25 s (the default 2 s); a restart delay is chosen per test (at
# least the TTL where a killed worker must stay away until the survivor holds its room).
LEASE_TTL = 2.0
HEALTH_INTERVAL = 0.25


class Cluster:
    """``python -m gamekit.rooms --workers 2`` (HAProxy in front, or ``--proxy none``) on free loopback ports."""

    def __init__(
        self,
        tmp: Path,
        proxy: str = "haproxy",
        workers: int = 2,
        restart_delay: float = 0.5,
        prefix: str = "",
        db: str | Path | None = None,
        lease_ttl: float = LEASE_TTL,
        health_interval: float = HEALTH_INTERVAL,
    ):
        self.tmp, self.proxy, self.prefix, self.lease_ttl = tmp, proxy, prefix, lease_ttl
        self.db = db if db is not None else tmp / "rooms.sqlite3"  # a SQLite file or a postgresql:// address
        self.port = free_port()
        self.worker_ports = [free_port() for _ in range(workers)]
        self.url = f"http://127.0.0.1:{self.port}{prefix}"
        self.log = tmp / "cluster.log"
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        with open(self.log, "a") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gamekit.rooms",
                    "--workers",
                    str(workers),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--worker-ports",
                    ",".join(map(str, self.worker_ports)),
                    "--proxy",
                    proxy,
                    "--db",
                    str(self.db),
                    "--tick",
                    "0.05",
                    "--rooms-per-minute",
                    "6000",
                    "--max-connections-per-address",
                    "0",
                    "--restart-delay",
                    str(restart_delay),
                    "--lease-ttl",
                    str(lease_ttl),
                    "--health-interval",
                    str(health_interval),
                    "--prefix",
                    prefix,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=tmp,
            )
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the supervisor exited:\n{self.log.read_text()[-3000:]}")
            if all(self.health(i) for i in range(workers)) and (proxy == "none" or self.proxy_answers()):
                return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the workers did not start in 60 s:\n{self.log.read_text()[-3000:]}")

    def proxy_answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "/", timeout=1):
                return True
        except OSError:
            return False

    def worker_url(self, i: int) -> str:
        return f"http://127.0.0.1:{self.worker_ports[i]}{self.prefix}"

    def health(self, i: int) -> dict | None:
        return get_json(self.worker_url(i) + "/healthz")

    def create(self, base: str | None = None, **options) -> dict:
        body = json.dumps({"game": "dots", "options": options or {"width": 4, "height": 4}, "timer": 0}).encode()
        request = urllib.request.Request((base or self.url) + "/api/rooms", data=body, method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 201
            return json.loads(response.read())

    def holder(self, room: str) -> tuple[str, int] | None:
        """(name, pid) of the worker holding the room's lease, or None."""
        rows = self.sql(
            "SELECT w.name, w.pid FROM room_leases l JOIN workers w ON w.id = l.holder WHERE l.room = ?", (room,)
        )
        return rows[0] if rows else None

    def stored(self, room: str) -> list[tuple[int, str]]:
        return self.sql("SELECT ply, move FROM moves WHERE room = ? ORDER BY ply", (room,))

    def sql(self, query: str, args: tuple = ()) -> list[tuple]:
        """The rows of one query on the cluster's database (``?`` for each value, on either store)."""
        if is_postgres(self.db):
            import psycopg

            with psycopg.connect(str(self.db), autocommit=True) as db:
                return [tuple(r) for r in db.execute(query.replace("?", "%s"), args).fetchall()]
        with sqlite3.connect(self.db) as db:
            return [tuple(r) for r in db.execute(query, args)]

    def pause(self, pid: int) -> None:
        """SIGSTOP the worker ``pid`` at a moment it holds no write lock.  With SQLite a process stopped inside
        a write transaction (a heartbeat, a group commit: a few ms each) keeps the file's lock, and then no
        worker can write until it goes on: a limit of SQLite, not of the fence (docs/rooms.md).  So on
        SQLite the worker is stopped, the lock is tried, and if it is held the worker goes on and is
        stopped again a moment later.  PostgreSQL's claims give up such a lock after LOCK_WAIT."""
        for _ in range(100):
            os.kill(pid, signal.SIGSTOP)
            if is_postgres(self.db):
                return
            with contextlib.closing(sqlite3.connect(self.db, timeout=0.2, isolation_level=None)) as db:
                try:
                    db.execute("BEGIN IMMEDIATE")
                    db.execute("ROLLBACK")
                    return
                except sqlite3.OperationalError:
                    pass  # held: by the stopped worker, or for a moment by the other one
            os.kill(pid, signal.SIGCONT)
            time.sleep(0.05)
        raise AssertionError(f"the database stayed locked while worker {pid} was stopped, 100 times")

    def index(self, name: str) -> int:
        return int(name[1:]) - 1

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
FENCE_REFUSED = re.compile(
    r"^\S*(IntegrityError|IntegrityConstraintViolation): this worker does not hold the room", re.M
)


@pytest.fixture
def cluster(tmp_path):
    """``cluster(**options)`` → a :class:`Cluster` on SQLite (unless ``db=`` says otherwise)."""
    needs_haproxy()
    made = []

    def make(**kwargs) -> Cluster:
        c = Cluster(tmp_path, **kwargs)
        made.append(c)
        return c

    yield make
    for c in made:
        c.stop()
        text = c.log.read_text()
        # the one traceback allowed: the fence refusing a paused worker's move (logged as a server error)
        assert text.count("Traceback") == len(FENCE_REFUSED.findall(text)), text[-4000:]


@pytest.fixture(params=STORES)
def cluster_db(request, tmp_path):
    """A database for a cluster: a SQLite file (``[sqlite]``), or a new database on the session's real
    PostgreSQL server (``[postgres]``, marked ``postgres``; tests/rooms/conftest.py)."""
    if request.param == "sqlite":
        return tmp_path / "rooms.sqlite3"
    name = f"workers_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{os.getpid()}_{free_port()}"
    return request.getfixturevalue("postgres").url(name.lower())


def ws_url(base: str, room: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/{room}"


class Seat:
    """One player (or watcher) as the room page behaves: hello with its token, and on any drop it
    reconnects (every 0.1 s, for up to 30 s) and says hello again.  Records the close codes it got, every
    move the server confirmed to it (``ok``: the move and its ply) and the latest state."""

    def __init__(self, base: str, room: str, token: str | None = None):
        self.base, self.room, self.token = base, room, token
        self.ws = None
        self.seat: int | None = None
        self.state: dict | None = None
        self.confirmed: list[tuple[int, str]] = []
        self.closes: list[int | None] = []
        self.reconnects = 0
        self.welcomes = 0
        self.answers: list[dict] = []

    async def connect(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            try:
                self.ws = await ws_connect(ws_url(self.base, self.room), proxy=None, open_timeout=5)
                await self.ws.send(json.dumps({"type": "hello", "token": self.token}))
                while True:
                    m = json.loads(await self.ws.recv())
                    self.note(m)
                    if m["type"] == "welcome":
                        break
                while self.state is None or self.state.get("_fresh") is not True:
                    self.note(json.loads(await self.ws.recv()))
                return
            except (OSError, InvalidStatus, ConnectionClosed, TimeoutError, asyncio.TimeoutError) as error:
                if isinstance(error, ConnectionClosed):
                    self.closes.append(error.rcvd.code if error.rcvd else None)
                if time.monotonic() > deadline:
                    raise AssertionError(f"could not reconnect in 30 s: {error!r}") from None
                await asyncio.sleep(0.1)

    def note(self, m: dict) -> None:
        if m["type"] == "welcome":
            self.welcomes += 1
            self.seat = m["seat"]
            self.token = m.get("token") or self.token
            if self.state is not None:
                self.state.pop("_fresh", None)
        elif m["type"] == "state":
            self.state = dict(m, _fresh=True)
        elif m["type"] == "ok" and "move" in m:
            self.confirmed.append((m["ply"] - 1, m["move"]))
        if m["type"] in ("ok", "error"):
            self.answers.append(m)

    def pop_answers(self) -> list[dict]:
        out, self.answers = self.answers, []
        return out

    async def recv(self) -> dict:
        """The next message; a drop is survived (reconnect) and reported as ``{"type": "reconnected"}``."""
        try:
            m = json.loads(await self.ws.recv())
        except ConnectionClosed as closed:
            self.closes.append(closed.rcvd.code if closed.rcvd else None)
            self.reconnects += 1
            await self.connect()
            return {"type": "reconnected"}
        self.note(m)
        return m

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def seated_pair(c: Cluster, base: str | None = None) -> tuple[dict, str, Seat, Seat]:
    """A new room made through ``base`` (the proxy by default) with its creator and a guest connected there:
    ``(info, room, creator, guest)``."""
    base = base or c.url
    info = c.create(base=base)
    room = info["room"]
    creator, guest = Seat(base, room, info["token"]), Seat(base, room)
    await creator.connect()
    await guest.connect()
    return info, room, creator, guest


async def play(seat: Seat, rng: random.Random, gate: asyncio.Event) -> None:
    """Play random legal moves until the game is over, waiting for ``gate`` before each move; a move in
    flight when the connection drops is decided again from the state after the reconnection (its ``ply``
    makes a resent move refused rather than played twice)."""
    pending = False
    while True:
        state = seat.state
        if state is not None and state["over"] and not pending:
            return
        if state is not None and not pending and state["to_move"] == seat.seat and not state.get("waiting"):
            await gate.wait()
            await asyncio.sleep(0.02)
            state = seat.state
            if not state["over"] and state["to_move"] == seat.seat and not state.get("waiting"):
                move = rng.choice(state["targets"])[0]
                try:
                    await seat.ws.send(
                        json.dumps({"type": "move", "move": move, "ply": state["ply"], "id": state["ply"]})
                    )
                    pending = True
                except ConnectionClosed:
                    pass
        m = await seat.recv()
        if m["type"] in ("ok", "error", "reconnected"):
            pending = False


async def wait_until(predicate, seconds: float = 30.0, what: str = "condition") -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not reached in {seconds:.0f} s")
        await asyncio.sleep(0.05)


async def settle(seats: list[Seat], predicate, seconds: float = 10.0) -> None:
    """Read what the seats were sent until ``predicate()`` holds (no reconnection: a drop fails the test)."""
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "the seats did not settle"
        for s in seats:
            try:
                s.note(json.loads(await asyncio.wait_for(s.ws.recv(), 0.02)))
            except asyncio.TimeoutError:
                pass


async def move_and_settle(mover: Seat, seats: list[Seat], move: str) -> dict:
    """Send a move and read until its ``ok`` and until every seat's state has it; returns the ``ok``."""
    ply = mover.state["ply"]
    await mover.ws.send(json.dumps({"type": "move", "move": move, "ply": ply, "id": ply}))
    answers: list[dict] = []

    def seen() -> bool:
        answers.extend(m for m in mover.pop_answers())
        return bool(answers) and all(s.state["ply"] == ply + 1 for s in seats)

    await settle(seats, seen)
    assert answers[0]["type"] == "ok", answers
    return answers[0]


class Watch:
    """Samples every worker's ``/healthz`` while a test runs: the test room is the only one, so at no moment
    may two workers hold a room in memory.

    The samples of different workers cannot be taken at one instant, so a hand-over between two reads would
    look like two holders.  Each round therefore reads every worker twice, in order (w1, w2, …, w1, w2, …):
    a worker that holds the room at both of its reads held it the whole time between them (a hand-over lets
    go once), and any other worker read in between that also holds it is a real second live copy."""

    def __init__(self, cluster: Cluster):
        self.cluster, self.samples, self.both = cluster, 0, []

    def holder(self, i: int) -> str | None:
        """Worker ``i``'s name if it holds a room in memory now, else None (also when it does not answer)."""
        h = self.cluster.health(i)
        return h["worker"] if h and h["rooms"] > 0 else None

    def round(self) -> list[str]:
        n = len(self.cluster.worker_ports)
        reads = [self.holder(i) for i in range(n)] + [self.holder(i) for i in range(n)]
        for i in range(n):
            if reads[i] and reads[n + i]:  # i held the room from its first read to its second
                between = [reads[j if j > i else n + j] for j in range(n) if j != i]
                if any(between):
                    return [reads[i]] + [name for name in between if name]
        return []

    async def run(self, stop: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            held = await loop.run_in_executor(None, self.round)
            self.samples += 1
            if held:
                self.both.append(held)
            await asyncio.sleep(0.05)


def check_game(cluster: Cluster, room: str, players: list[Seat], in_flight: int) -> list[tuple[int, str]]:
    """Every confirmed move is stored at its ply, no stored move was played twice, at most ``in_flight``
    stored moves were never confirmed (sent just before their worker died), the stored moves replay to a
    finished game and both players' last states show exactly them."""
    stored = cluster.stored(room)
    confirmed = sorted(m for p in players for m in p.confirmed)
    assert len(set(confirmed)) == len(confirmed), f"a move was confirmed twice: {confirmed}"
    assert set(confirmed) <= set(stored), f"confirmed but not stored: {set(confirmed) - set(stored)}"
    assert len(stored) - len(confirmed) <= in_flight, (stored, confirmed)
    assert [ply for ply, _ in stored] == list(range(len(stored)))
    game = rebuild("dots", {"width": 4, "height": 4}, [("move", m, None) for _, m in stored])
    assert game.is_over()
    for p in players:
        assert p.state["over"] and p.state["history"] == [m for _, m in stored]
    return stored


@pytest.mark.proxy
def test_worker_killed_mid_game_its_room_goes_on_on_the_survivor(cluster, cluster_db):
    """Two players in a room through HAProxy; the worker holding the room is SIGKILLed mid-game; both
    reconnect by themselves through the proxy, the survivor loads the room from the database with every
    confirmed move, and the game is played to its end with nothing lost or duplicated."""
    c = cluster(db=cluster_db, restart_delay=LEASE_TTL)  # the killed worker stays away while the players move

    async def scenario() -> None:
        info, room, creator, guest = await seated_pair(c)
        assert info["link"] == f"{c.url}/r/{room}"  # the invite link goes through the proxy
        gate, stop = asyncio.Event(), asyncio.Event()
        gate.set()
        watch = Watch(c)
        watching = asyncio.create_task(watch.run(stop))
        games = [asyncio.create_task(play(p, random.Random(i), gate)) for i, p in enumerate((creator, guest))]
        await wait_until(lambda: len(creator.confirmed) + len(guest.confirmed) >= 8, what="8 moves")
        name, pid = c.holder(room)
        before = len(c.stored(room))
        os.kill(pid, signal.SIGKILL)
        await asyncio.wait_for(asyncio.gather(*games), 60)
        stop.set()
        await watching
        survivor = c.holder(room)
        assert survivor is not None and survivor[0] != name, (name, survivor)
        assert creator.reconnects >= 1 and guest.reconnects >= 1
        stored = check_game(c, room, [creator, guest], in_flight=1)
        assert len(stored) > before + 1  # the game went on after the kill
        assert watch.samples > 10 and not watch.both, watch.both
        await creator.close()
        await guest.close()

    run_apart(scenario())
    # the supervisor restarted the killed worker
    deadline = time.time() + 60
    while not all(c.health(i) for i in range(2)):
        assert time.time() < deadline, c.log.read_text()[-3000:]
        time.sleep(0.2)
    assert "worker w" in c.log.read_text() and "SIGKILL" in c.log.read_text()


@pytest.mark.proxy
def test_killed_worker_comes_back_and_takes_its_room_without_two_live_copies(cluster, cluster_db):
    """After the kill the room lives on the survivor; the supervisor restarts the killed worker and HAProxy
    sends the room's new connections back to it.  The returning worker waits until the survivor let the room
    go (its players are told to reconnect, 1012) and loads it then: every move is seen by everyone, the
    stored game equals the confirmed moves, and no sample finds the room in two workers."""
    c = cluster(db=cluster_db, restart_delay=1.5 * LEASE_TTL)  # long enough for the survivor to take the room first

    async def scenario() -> None:
        info, room, creator, guest = await seated_pair(c)
        gate, stop = asyncio.Event(), asyncio.Event()
        gate.set()
        watch = Watch(c)
        watching = asyncio.create_task(watch.run(stop))
        games = [asyncio.create_task(play(p, random.Random(10 + i), gate)) for i, p in enumerate((creator, guest))]
        await wait_until(lambda: len(creator.confirmed) + len(guest.confirmed) >= 6, what="6 moves")
        name, pid = c.holder(room)
        os.kill(pid, signal.SIGKILL)
        await wait_until(lambda: len(creator.confirmed) + len(guest.confirmed) >= 12, what="6 more moves")
        gate.clear()  # the players pause (between two moves)
        survivor = c.holder(room)[0]
        assert survivor != name
        back = c.index(name)
        await wait_until(lambda: (h := c.health(back)) is not None and h["pid"] != pid, what="the restart")
        # a watcher opens the link: once HAProxy has the worker up again, the room's hash sends it there
        watcher = None
        for _ in range(100):
            watcher = Seat(c.url, room)
            await watcher.connect()
            if c.holder(room)[0] == name:
                break
            await watcher.close()
            await asyncio.sleep(0.3)
        assert c.holder(room)[0] == name, "HAProxy never sent the room back to the restarted worker"
        assert watcher.seat is None
        ply = watcher.state["ply"]
        assert watcher.state["history"] == [m for _, m in c.stored(room)]
        closes_before = len(watcher.closes)

        async def watch_to_the_end() -> None:
            while not watcher.state["over"]:
                await watcher.recv()

        gate.set()
        await asyncio.wait_for(asyncio.gather(*games, watch_to_the_end()), 60)
        assert len(watcher.closes) == closes_before  # the watcher stayed on the returned worker
        stop.set()
        await watching
        assert c.holder(room)[0] == name
        # the players were told to reconnect by the survivor when it let the room go, and the watcher, on the
        # returned worker, saw every move they played afterwards
        assert CLOSE_MOVED in creator.closes and CLOSE_MOVED in guest.closes
        assert watcher.state["ply"] > ply and watcher.state["history"] == creator.state["history"]
        check_game(c, room, [creator, guest], in_flight=1)
        assert c.health(c.index(survivor))["let_go"] >= 1
        assert watch.samples > 10 and not watch.both, watch.both
        for s in (creator, guest, watcher):
            await s.close()

    run_apart(scenario())


@pytest.mark.proxy
def test_under_a_prefix_rooms_spread_over_the_workers_by_their_id(cluster):
    """Served under a path prefix (a JupyterHub service): the proxy routes by the room id after it — rooms
    spread over both workers, and each room's page and WebSocket reach the worker that holds it."""
    c = cluster(prefix="/services/rooms")

    async def scenario() -> None:
        holders = []
        for _ in range(16):
            info = c.create()
            assert info["link"].startswith(c.url + "/r/")
            with urllib.request.urlopen(info["link"], timeout=10) as page:
                assert page.status == 200 and b"<canvas" in page.read()
            seat = Seat(c.url, info["room"], info["token"])
            await seat.connect()
            assert seat.seat == 0
            holders.append(c.holder(info["room"])[0])
            await seat.close()
        assert set(holders) == {"w1", "w2"}, holders  # 16 rooms all on one worker: 1 in 32768
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(c.url + "/r/nosuchroom12345", timeout=10)
        assert missing.value.code == 404

    run_apart(scenario())
    # SIGTERM to the supervisor: the workers stop cleanly (their rows and leases deleted), HAProxy too
    c.stop()
    assert c.process.returncode == 0
    with sqlite3.connect(c.db) as db:
        assert db.execute("SELECT COUNT(*) FROM workers").fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM room_leases").fetchone()[0] == 0
    for i in range(2):
        assert c.health(i) is None
    assert not c.proxy_answers()


@pytest.mark.proxy
def test_a_room_is_live_in_one_worker_whichever_worker_a_connection_reaches(cluster):
    """Without the proxy's hash (connections sent straight to each worker's port): a connection to the worker
    that does not hold the room waits while the holder lets it go — the holder's connections get 1012 before
    the newcomer is welcomed — and the room moves back the same way; the stored moves are the confirmed ones."""
    c = cluster(proxy="none")
    w1, w2 = c.worker_url(0), c.worker_url(1)

    async def scenario() -> None:
        info, room, creator, guest = await seated_pair(c, w1)
        assert c.holder(room)[0] == "w1"
        rng = random.Random(3)
        for _ in range(4):
            mover = creator if creator.state["to_move"] == creator.seat else guest
            await move_and_settle(mover, [creator, guest], rng.choice(mover.state["targets"])[0])
        # a watcher reaches w2: w1 lets the room go first
        watcher = Seat(w2, room)
        await watcher.connect()
        assert c.holder(room)[0] == "w2"
        assert watcher.state["history"] == [m for _, m in c.stored(room)] and watcher.state["ply"] == 4
        for p in (creator, guest):
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await p.ws.recv()
            assert closed.value.rcvd.code == CLOSE_MOVED
        assert c.health(0)["rooms"] == 0 and c.health(1)["rooms"] == 1
        # the players come back through w1 again: now w2 lets go, the watcher is told to reconnect
        await creator.connect()
        assert c.holder(room)[0] == "w1" and creator.state["ply"] == 4 and creator.seat == 0
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await watcher.ws.recv()
        assert closed.value.rcvd.code == CLOSE_MOVED
        await guest.connect()
        assert guest.seat == 1 and c.health(1)["rooms"] == 0 and c.health(0)["rooms"] == 1
        await settle(
            [creator, guest],
            lambda: (
                creator.state["ply"] == guest.state["ply"] == 4
                and creator.state["seats"][1]["connected"]
                and not creator.state.get("waiting")
            ),
        )
        mover = creator if creator.state["to_move"] == 0 else guest
        m = await move_and_settle(mover, [creator, guest], rng.choice(mover.state["targets"])[0])
        assert [p for p, _ in c.stored(room)] == [0, 1, 2, 3, 4]
        assert c.stored(room)[4][1] == m["move"]
        for s in (creator, guest):
            await s.close()

    run_apart(scenario())


def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.mark.proxy
def test_a_class_group_seat_taken_and_the_group_deleted_through_another_worker(cluster):
    """A class group's room is live on w1 (its creator connected there) while the group's calls reach w2: w2
    never loads the room, the classmate who took the second seat through w2 is seated by w1 at their hello and
    plays, and the group deleted through w2 tells w1's pages that the room is gone (w1 finds its lease gone)."""
    c = cluster(proxy="none")
    w1, w2 = c.worker_url(0), c.worker_url(1)

    async def scenario() -> None:
        group = post(w2, "/api/groups", {"name": "Class 1A"})
        gid = group["group"]
        ana = post(w2, f"/api/groups/{gid}/join", {"nickname": "Ana"})
        bo = post(w2, f"/api/groups/{gid}/join", {"nickname": "Bo"})
        made = post(w2, f"/api/groups/{gid}/room", {"key": ana["key"], "rated": False})
        room = made["room"]
        creator = Seat(w1, room, made["token"])
        await creator.connect()
        assert c.holder(room)[0] == "w1" and not creator.state["seats"][1]["taken"]
        taken = post(w2, f"/api/groups/{gid}/take", {"key": bo["key"], "room": room})
        assert taken["seat"] == 1 and c.health(1)["rooms"] == 0  # w2 did not load the room
        # the classmate's page says hello to w1, which reads the seat taken elsewhere: both see each other
        guest = Seat(w1, room, taken["token"])
        await asyncio.wait_for(guest.connect(), 30)
        assert guest.seat == 1 and c.holder(room)[0] == "w1"
        await settle([creator], lambda: creator.state["seats"][1]["taken"])
        assert creator.state["group"]["players"] == ["Ana", "Bo"] and creator.closes == []
        await settle([creator, guest], lambda: creator.state["seats"][1]["connected"] and not creator.state["waiting"])
        await move_and_settle(creator, [creator, guest], creator.state["targets"][0][0])
        # the teacher deletes the group through w2: the room goes with it, and w1's pages are told
        post(w2, f"/api/groups/{gid}/delete", {"key": group["owner_key"], "confirm": "Class 1A"})
        for p in (creator, guest):
            while True:
                try:
                    m = json.loads(await asyncio.wait_for(p.ws.recv(), 10))
                except ConnectionClosed as closed:
                    assert closed.rcvd.code == 4004  # expired: the page stops, no reconnection
                    break
                if m["type"] == "expired":
                    assert "deleted" in m["message"]
        assert c.health(0)["rooms"] == 0 and c.stored(room) == []

    run_apart(scenario())


@pytest.mark.proxy
def test_a_paused_worker_cannot_store_a_move_of_a_room_taken_over(cluster, cluster_db):
    """The fence: the holder is stopped (SIGSTOP) with a player's move still unread in its socket; after its
    heartbeat is older than the lease's TTL the other worker takes the room; when the stopped worker resumes
    and reads the move, the database refuses it (the room is no longer its own) and the game goes on in the
    new holder, where the move was never played."""
    c = cluster(db=cluster_db, proxy="none")
    w1, w2 = c.worker_url(0), c.worker_url(1)

    async def scenario() -> None:
        info, room, creator, guest = await seated_pair(c, w1)
        pid = c.holder(room)[1]
        c.pause(pid)
        try:
            move = creator.state["targets"][0][0]
            await creator.ws.send(json.dumps({"type": "move", "move": move, "ply": 0, "id": 1}))
            t0 = time.monotonic()
            watcher = Seat(w2, room)
            await watcher.connect()  # waits until w1's heartbeat is older than the TTL
            # w1's last heartbeat was at most TTL / 5 + a look (0.25 s) before it stopped
            assert time.monotonic() - t0 >= 0.8 * c.lease_ttl - 0.5
            assert c.holder(room)[0] == "w2" and watcher.state["ply"] == 0
        finally:
            os.kill(pid, signal.SIGCONT)
        # w1 reads the move now: refused by the database; then w1 finds the lease gone and lets the room go
        answer = None
        try:
            while answer is None:
                m = json.loads(await asyncio.wait_for(creator.ws.recv(), 10))
                if m["type"] in ("ok", "error"):
                    answer = m
        except ConnectionClosed as closed:
            assert closed.rcvd.code == CLOSE_MOVED
        assert answer is None or answer["type"] == "error", answer
        await wait_until(lambda: c.health(0)["rooms"] == 0, 10, "w1 lets the room go")
        assert c.stored(room) == []
        # the players reconnect (to w2 now) and the move is played there
        for p in (creator, guest):
            await p.close()
            p.base = w2
            await p.connect()
        await settle([creator, guest], lambda: creator.state["seats"][1]["connected"] and not creator.state["waiting"])
        m = await move_and_settle(creator, [creator, guest], move)
        assert c.stored(room) == [(0, m["move"])]
        print("the paused worker's move:", "refused by the fence" if answer else "dropped when it let the room go")
        for s in (creator, guest, watcher):
            await s.close()

    run_apart(scenario())


def test_the_fence_refuses_a_move_of_a_room_the_worker_does_not_hold(cluster_db):
    """A worker's own store connection refuses (SQLite: a TEMP trigger; PostgreSQL: a trigger reading the
    worker's id from its connection) to store a move of a room whose lease another worker holds, or nobody
    does; with the lease, the move is stored.  A connection that names no worker (one server process) is not
    fenced."""
    from gamekit.rooms.server import RoomServer
    from gamekit.rooms.stores import open_store
    from gamekit.rooms.workers import Ownership

    db = cluster_db
    server = RoomServer(db)
    own = Ownership(server, db, "w1")
    own.leases.register(own.id, "w1", os.getpid())
    assert own.fence()
    refused = own.leases.integrity_error()
    room, _ = server.create_room("dots", {"width": 2, "height": 2}, 0)
    other = new_worker_id("w2")
    own.leases.register(other, "w2", 1)
    assert own.leases.claim(room, other) is True
    with pytest.raises(refused, match="does not hold the room"):
        server.store.add_move(room, 0, "move", "a1-b1", 0, 0, time.time())
    own.leases.release(room, other)
    with pytest.raises(refused, match="does not hold the room"):
        server.store.add_move(room, 0, "move", "a1-b1", 0, 0, time.time())
    assert server.store.load_room(room).moves == []  # nothing stored, the store still works
    assert own.claim(room) is True
    server.store.add_move(room, 0, "move", "a1-b1", 0, 0, time.time())
    assert server.store.load_room(room).moves[0].move == "a1-b1"
    # another worker takes the room: this worker's next move is refused, and the key still refuses a duplicate
    own.leases.release(room, own.id)
    assert own.leases.claim(room, other) is True
    with pytest.raises(refused, match="does not hold the room"):
        server.store.add_move(room, 1, "move", "a2-b2", 1, 0, time.time())
    plain = open_store(db)  # no worker named: not fenced
    plain.add_move(room, 1, "move", "a2-b2", 1, 0, time.time())
    assert [m.move for m in plain.load_room(room).moves] == ["a1-b1", "a2-b2"]
    plain.close()
    own.leases.close()
    server.store.close()


@pytest.mark.postgres
def test_on_postgresql_a_take_over_waits_for_the_move_being_stored(postgres):
    """The fence locks the lease row until the move's transaction ends: a worker that finds the holder dead
    cannot take the room while a move of it is being stored (its claim gives up after the lock timeout and
    tries again later); once that move is committed, the claim succeeds and the room loads with the move."""
    from gamekit.rooms.server import RoomServer
    from gamekit.rooms.workers import Ownership

    db = postgres.url(f"takeover_{os.getpid()}")
    server = RoomServer(db)
    own = Ownership(server, db, "w1")
    own.leases.register(own.id, "w1", os.getpid())
    assert own.fence()
    room, _ = server.create_room("dots", {"width": 2, "height": 2}, 0)
    assert own.claim(room) is True
    other, leases = new_worker_id("w2"), Leases(db)
    leases.register(other, "w2", 1)
    with server.store.transaction() as run:  # a move being stored by w1 …
        run(
            "INSERT INTO moves (room, ply, kind, move, seat, by_cpu, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (room, 0, "move", "a1-b1", 0, 0, time.time()),
        )
        assert leases.beat(own.id, time.time() - TTL - 1)  # … when w1 looks dead
        assert leases.claim(room, other) is False  # the lease row is locked: not yet
        assert leases.holder(room) == own.id
    assert leases.claim(room, other) is True  # committed: now the room is w2's
    assert [m.move for m in stored_moves(db, room)] == ["a1-b1"]
    leases.close()
    own.leases.close()
    server.store.close()


def test_on_sqlite_a_claim_gives_up_a_lock_held_by_a_paused_process(tmp_path, caplog):
    """With SQLite, a process stopped inside a write transaction keeps the file's lock.  A claim then waits
    LOCK_WAIT seconds, not the event loop's whole life: it says "not yet" (False) and changes nothing; the
    worker's heartbeat check logs one warning line (no traceback) and tries again at the next tick.  Once
    the lock is let go, the same claim succeeds."""
    from gamekit.rooms.leases import LOCK_WAIT
    from gamekit.rooms.server import RoomServer
    from gamekit.rooms.workers import Ownership

    db = tmp_path / "rooms.sqlite3"
    server = RoomServer(db)
    own = Ownership(server, db, "w1")
    own.leases.register(own.id, "w1", os.getpid())
    room, _ = server.create_room("dots", {"width": 2, "height": 2}, 0)
    paused = sqlite3.connect(db, isolation_level=None)
    paused.execute("BEGIN IMMEDIATE")  # the paused process's write transaction
    t0 = time.monotonic()
    assert own.claim(room) is False
    assert LOCK_WAIT - 0.5 <= time.monotonic() - t0 < LOCK_WAIT + 5
    with caplog.at_level("WARNING", logger="gamekit.rooms"):
        own.tick()
    assert [r.levelname for r in caplog.records] == ["WARNING"] and "lock" in caplog.records[0].getMessage()
    assert caplog.records[0].exc_info is None
    paused.execute("ROLLBACK")
    assert own.leases.holder(room) is None  # the refused claim wrote nothing
    assert own.claim(room) is True and own.leases.holder(room) == own.id
    paused.close()
    own.leases.close()
    server.store.close()


def stored_moves(db, room: str) -> list:
    from gamekit.rooms.stores import open_store

    store = open_store(db)
    try:
        return store.load_room(room).moves
    finally:
        store.close()


# ----- the parts, without processes ---------------------------------------------------------------------------
def check_leases(db, add_room, delete_room) -> None:
    add_room("room-aaaa-1")
    leases = Leases(db)
    a, b = new_worker_id("w1"), new_worker_id("w2")
    now = time.time()
    leases.register(a, "w1", 1, now)
    leases.register(b, "w2", 2, now)
    assert leases.claim("no-such-room", a) is None
    assert leases.claim("room-aaaa-1", a) is True and leases.claim("room-aaaa-1", a) is True
    assert leases.claim("room-aaaa-1", b) is False  # held by a live worker: asked for it
    assert leases.holder("room-aaaa-1") == a and leases.wanted(a) == {"room-aaaa-1": b}
    leases.release("room-aaaa-1", b)  # only the holder can release
    assert leases.holder("room-aaaa-1") == a
    leases.release("room-aaaa-1", a)
    assert leases.claim("room-aaaa-1", b) is True and leases.held(b) == {"room-aaaa-1": None}
    # a dead holder (no heartbeat for TTL seconds): the room can be taken
    assert leases.beat(b, now - TTL - 1)
    assert [w[0] for w in leases.alive(now)] == [a]
    assert leases.claim("room-aaaa-1", a, now) is True
    # the supervisor forgets a worker that exited: its rooms are free at once
    assert leases.forget("w1") == 1 and not leases.beat(a)
    assert leases.claim("room-aaaa-1", b) is True
    # a restarted worker (same name, new id) replaces its earlier run
    b2 = new_worker_id("w2")
    assert b2 != b
    leases.register(b2, "w2", 3)
    assert [w[0] for w in leases.alive()] == [b2]
    assert leases.claim("room-aaaa-1", b2) is True
    assert leases.claim("room-aaaa-1", a) is False and leases.wanted(b2) == {"room-aaaa-1": a}
    leases.unregister(b2)
    assert leases.holder("room-aaaa-1") is None and leases.alive() == []
    # a lease goes with its room
    assert leases.claim("room-aaaa-1", a) is True
    delete_room("room-aaaa-1")
    assert leases.holder("room-aaaa-1") is None
    leases.close()


def test_leases_one_holder_hand_over_dead_and_forgotten_workers(tmp_path):
    db = tmp_path / "rooms.sqlite3"
    store = SQLiteStore(db)
    check_leases(
        db,
        lambda room: store.create_room(room, "dots", {"width": 2, "height": 2}, 0, "t" * 20, 0.0),
        lambda room: store.expire(time.time() + 10**9),
    )
    store.close()


@pytest.mark.postgres
def test_leases_on_postgresql(postgres):
    """The same SQL on a real PostgreSQL (the session's, tests/rooms/conftest.py; the rooms and moves tables here
    are stand-ins: only the rooms' key matters)."""
    import psycopg

    url = postgres.url(f"leases_{os.getpid()}")
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY)")
        db.execute("CREATE TABLE IF NOT EXISTS moves (room TEXT)")  # the fence's trigger goes on it
        check_leases(
            url,
            lambda room: db.execute("INSERT INTO rooms VALUES (%s)", (room,)),
            lambda room: db.execute("DELETE FROM rooms WHERE id = %s", (room,)),
        )


@pytest.mark.parametrize("name", ["", "a" * 41, "w 1", "w'1", None, 1])
def test_worker_names_are_checked(name):
    with pytest.raises(ValueError, match="worker name"):
        new_worker_id(name)


def test_haproxy_config_routes_rooms_and_groups_by_hash(tmp_path):
    workers = [Backend("w1", "127.0.0.1", 9001), Backend("w2", "127.0.0.1", 9002)]
    cfg = haproxy_config("127.0.0.1", 9000, workers, prefix="/services/rooms/", per_address=100)
    assert "balance hash path,field(5,/)" in cfg and "balance hash path,field(6,/)" in cfg
    assert cfg.count("hash-type consistent") == 3 and "sc0_conn_cur gt 100" in cfg
    assert "^/services/rooms/(r|ws)/" in cfg and "GET /services/rooms/healthz" in cfg
    plain = haproxy_config("127.0.0.1", 9000, workers, per_address=0)
    assert "balance hash path,field(3,/)" in plain and "sc0_conn_cur" not in plain
    if haproxy_path() is not None:
        for text in (cfg, plain):
            (tmp_path / "h.cfg").write_text(text)
            check_config(tmp_path / "h.cfg")
    with pytest.raises(ValueError, match="at least one"):
        haproxy_config("127.0.0.1", 9000, [])
    with pytest.raises(ValueError, match="names must differ"):
        haproxy_config("127.0.0.1", 9000, [workers[0], workers[0]])
    with pytest.raises(ValueError, match="prefix"):
        haproxy_config("127.0.0.1", 9000, workers, prefix="/a b")


def test_haproxy_health_interval_is_an_option_checked_before_anything_is_written(tmp_path):
    """Today's checks by default (every 2 s, 0.25 s once one failed, 1 s while down); a shorter interval also
    shortens the other two (never longer than it); a wrong type or range is refused naming the setting."""
    workers = [Backend("w1", "127.0.0.1", 9001), Backend("w2", "127.0.0.1", 9002)]
    assert "check inter 2000ms fastinter 250ms downinter 1000ms fall 3 rise 2" in haproxy_config(
        "127.0.0.1", 9000, workers
    )
    quick = haproxy_config("127.0.0.1", 9000, workers, health_interval=0.2)
    assert "check inter 200ms fastinter 200ms downinter 200ms fall 3 rise 2" in quick
    slow = haproxy_config("127.0.0.1", 9000, workers, health_interval=60)
    assert "check inter 60000ms fastinter 250ms downinter 1000ms" in slow
    if haproxy_path() is not None:
        for text in (quick, slow):
            (tmp_path / "h.cfg").write_text(text)
            check_config(tmp_path / "h.cfg")
    for bad in ("2", True, None):
        with pytest.raises(TypeError, match="health_interval: a number of seconds"):
            haproxy_config("127.0.0.1", 9000, workers, health_interval=bad)
    for bad in (0, 0.05, -1, 61, float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"health_interval: from 0\.1 to 60 seconds"):
            haproxy_config("127.0.0.1", 9000, workers, health_interval=bad)


def test_a_shorter_lease_ttl_declares_a_silent_worker_dead_sooner(tmp_path):
    """``Leases(db, ttl)``: with a 2 s TTL a worker silent for 2.5 s is dead (its room can be taken) and one
    silent for 1.5 s is not; with the default 5 s both are alive.  The heartbeat is due every TTL / 5.  A
    wrong TTL is refused, naming it, before the database is opened."""
    db = tmp_path / "rooms.sqlite3"
    store = SQLiteStore(db)
    store.create_room("room-bbbb-1", "dots", {"width": 2, "height": 2}, 0, "t" * 20, 0.0)
    short, default = Leases(db, ttl=2), Leases(db)
    assert (short.ttl, short.beat_every, default.ttl, default.beat_every) == (2.0, 0.4, TTL, 1.0)
    a, b = new_worker_id("w1"), new_worker_id("w2")
    now = time.time()
    short.register(a, "w1", 1, now - 2.5)
    short.register(b, "w2", 2, now - 1.5)
    assert [w[0] for w in short.alive(now)] == [b]
    assert [w[0] for w in default.alive(now)] == [a, b]
    assert default.claim("room-bbbb-1", a, now) is True  # held by w1, which is alive for a 5 s TTL …
    assert default.claim("room-bbbb-1", b, now) is False
    assert short.claim("room-bbbb-1", b, now) is True  # … and dead for a 2 s one
    for bad in ("5", True, None):
        with pytest.raises(TypeError, match="ttl: a number of seconds"):
            Leases(db, ttl=bad)
    for bad in (0, 0.5, 3601, float("nan")):
        with pytest.raises(ValueError, match="ttl: from 1 to 3600 seconds"):
            Leases(db, ttl=bad)
    short.close()
    default.close()
    store.close()


@pytest.mark.parametrize(
    "option, value, reason",
    [
        ("--lease-ttl", "soon", "'soon': a number of seconds"),
        ("--lease-ttl", "0.5", "'0.5': from 1 to 3600 seconds"),
        ("--lease-ttl", "nan", "'nan': from 1 to 3600 seconds"),
        ("--health-interval", "0", "'0': from 0.1 to 60 seconds"),
        ("--health-interval", "2s", "'2s': a number of seconds"),
        ("--restart-delay", "31", "'31': from 0.1 to 30 seconds"),
        ("--restart-delay", "-1", "'-1': from 0.1 to 30 seconds"),
    ],
)
def test_the_timing_options_are_refused_naming_the_option(option, value, reason, capsys):
    """A wrong timing on the command line stops ``python -m gamekit.rooms`` before it starts anything: exit
    code 2, and the message names the option, the value and the allowed range."""
    from gamekit.rooms.__main__ import main

    with pytest.raises(SystemExit) as stopped:
        main(["--workers", "2", "--db", "unused.sqlite3", f"{option}={value}"])
    assert stopped.value.code == 2
    assert f"argument {option}: {reason}" in capsys.readouterr().err


def test_supervisor_command_line():
    assert worker_argv(
        [
            "--workers",
            "2",
            "--db",
            "x.sqlite3",
            "--port=9000",
            "--host",
            "0.0.0.0",
            "--grace",
            "5",
            "--proxy",
            "none",
            "--proxy-config=f",
            "--worker-ports",
            "1,2",
            "--health-interval",
            "0.5",
            "--restart-delay=3",
            "--lease-ttl",
            "3",
        ]
    ) == ["--db", "x.sqlite3", "--grace", "5", "--lease-ttl", "3"]  # every worker needs the same TTL
    assert worker_ports(None, 9000, 2) == [9001, 9002]
    assert worker_ports("7001,7002", 9000, 2) == [7001, 7002]
    for bad in ("7001", "7001,7001", "9000,7001", "a,b", "0,7001"):
        with pytest.raises(ValueError, match="--worker-ports"):
            worker_ports(bad, 9000, 2)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "gamekit.rooms", "--workers", "2", "--worker-name", "w1"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 2 and "different processes" in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "gamekit.rooms", "--workers", "2", "--worker-ports", "5"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 2 and "--worker-ports" in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "gamekit.rooms", "--worker-name", "w 1"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 2 and "worker name 'w 1'" in done.stderr


# ----- a real page through the proxy -----------------------------------------------------------------------------
def _page_helpers():
    """The room-page helpers of test_rooms_browser.py (two people, playing their turns, waiting on the page)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "gamekit_room_page_helpers", Path(__file__).parent / "test_rooms_browser.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.browser
@pytest.mark.proxy
def test_pages_through_the_proxy_reconnect_by_themselves_after_a_worker_is_killed(cluster, person):
    """Two people in Chromium play through HAProxy; the worker holding their room is SIGKILLed; both pages
    reconnect by themselves (nobody touches them), the survivor has the room with its three moves, and the
    game is played to its end there."""
    h = _page_helpers()
    c = cluster(restart_delay=30)
    gold, coral, link = h.two_people(person, c.url)
    assert link.startswith(c.url + "/r/")
    room = link.split("/r/")[1]
    h.play_pair([gold, coral], 3)
    name, pid = c.holder(room)
    with gold.expect_websocket(timeout=30_000), coral.expect_websocket(timeout=30_000):
        os.kill(pid, signal.SIGKILL)  # each page opens a new WebSocket by itself
    deadline = time.time() + 30
    while (c.holder(room) or (name,))[0] == name:
        assert time.time() < deadline, "the room did not move to the survivor"
        time.sleep(0.1)
    for page in (gold, coral):
        h.wait_js(page, "r.connected && s.ply === 3 && s.seats[0].connected && s.seats[1].connected", 30_000)
    assert gold.evaluate("window.gamekitRoom.seat") == 0 and coral.evaluate("window.gamekitRoom.seat") == 1
    h.play_pair([gold, coral])
    final = h.js_state(gold)
    assert final["over"] and final["history"] == [m for _, m in c.stored(room)] == h.js_state(coral)["history"]
    assert gold.errors == [] and coral.errors == []
