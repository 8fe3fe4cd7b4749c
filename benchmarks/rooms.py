"""Room server benchmark: N rooms, two simulated players each, on loopback.

The server runs as its own process (``python -m gamekit.rooms``, a temporary SQLite file, or PostgreSQL with
``--db``); this process runs every simulated player (tornado WebSocket clients on one event loop).  Each player waits for its
turn, thinks for a while (``--think`` seconds on average, 0 = as fast as possible), and plays a random legal
move.  Printed: moves per second, the round trip of a move (sent → the server's ``ok``, which comes only
after the move is committed to the database), median and p99, and a final check that every room's stored moves
equal what its two players played (no lost, no duplicated moves).

    python -m benchmarks.rooms                      # N = 100 and N = 1000, think 1 s
    python -m benchmarks.rooms --rooms 100 --think 0
    python -m benchmarks.rooms --db postgres        # the same on a temporary PostgreSQL (Debian's server)
    python -m benchmarks.rooms --db postgresql://user@host/name   # on a PostgreSQL of yours (new rooms only)
    python -m benchmarks.rooms --workers 1 2        # the same through HAProxy, 1 then 2 worker processes

With ``--workers N`` the server is ``python -m gamekit.rooms --workers N`` (N workers on one database,
HAProxy in front routing each room by a consistent hash of its id; docs/rooms.md "Several processes"); the
server CPU is the workers' total, HAProxy's is printed on the line below.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

from gamekit.rooms.leases import Leases
from gamekit.rooms.pgtemp import TempPostgres
from gamekit.rooms.stores import describe_db, open_store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the server process has used so far (Linux /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")

@dataclass
class BenchServer:
    """A room server started by :func:`start_server`: its process, base URL and database (a SQLite file or a
    postgresql:// address)."""

    process: subprocess.Popen
    url: str
    db: Path | str

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


async def start_server(tmp_dir: Path, http: AsyncHTTPClient | None = None,
                       python_args: Sequence[str] = (), db: Path | str | None = None) -> BenchServer:
    """Start ``python -m gamekit.rooms`` on a free loopback port with a SQLite file in ``tmp_dir`` (quiet, room
    creation practically unlimited, no cap on connections per address: every simulated player connects from
    127.0.0.1) and wait until it answers.  ``python_args`` go to the interpreter before
    ``-m`` (e.g. ``-X importtime``); ``http`` is the client to poll with (default: the loop's shared one);
    ``db`` another database (a postgresql:// address)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    db = db or Path(tmp_dir) / "rooms.sqlite3"
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    process = subprocess.Popen([sys.executable, *python_args, "-m", "gamekit.rooms", "--port", str(port),
                                "--db", str(db), "--quiet", "--rooms-per-minute", "1000000",
                                "--max-connections-per-address", "0"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = BenchServer(process, url, db)
    http = http or AsyncHTTPClient()
    for _ in range(100):
        try:
            await http.fetch(url + "/")
            return server
        except Exception:  # noqa: BLE001 — not up yet
            await asyncio.sleep(0.1)
    server.stop()
    raise RuntimeError(f"the room server did not answer on {url} within about 10 s")



@dataclass
class BenchCluster:
    """``python -m gamekit.rooms --workers N`` started by :func:`start_cluster`: the supervisor's process,
    the proxy's base URL and the SQLite file the workers share."""

    process: subprocess.Popen
    url: str
    db: Path | str
    workers: int
    log: Path

    def taken_out(self) -> int:
        """How many times HAProxy's health checks took a worker out (its lines in the supervisor's log)."""
        try:
            return self.log.read_text(errors="replace").count(" is DOWN")
        except OSError:
            return 0

    def worker_pids(self) -> list[int]:
        leases = Leases(self.db)
        try:
            return [pid for _, _, pid in leases.alive()]
        finally:
            leases.close()

    def proxy_pids(self) -> list[int]:
        """HAProxy: the supervisor's children that are not workers."""
        try:
            children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        except OSError:
            return []
        workers = set(self.worker_pids())
        return [int(pid) for pid in children if int(pid) not in workers]

    def cpu(self) -> tuple[float, float]:
        """CPU seconds used so far by the workers (together) and by HAProxy."""
        return (sum(server_cpu(pid) for pid in self.worker_pids()), sum(server_cpu(pid) for pid in self.proxy_pids()))

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


async def start_cluster(tmp_dir: Path, workers: int, http: AsyncHTTPClient | None = None,
                        db: Path | str | None = None) -> BenchCluster:
    """Start ``python -m gamekit.rooms --workers N`` (HAProxy on a free loopback port, the workers on the next
    free ones, one SQLite file in ``tmp_dir`` or the database ``db``; the same limits as :func:`start_server`)
    and wait until every worker is registered and the proxy answers."""
    port = free_port()
    ports = [free_port() for _ in range(workers)]
    url = f"http://127.0.0.1:{port}"
    db = db or Path(tmp_dir) / "rooms.sqlite3"
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    log = Path(tmp_dir) / "cluster.log"
    with open(log, "w") as out:
        process = subprocess.Popen([sys.executable, "-m", "gamekit.rooms", "--workers", str(workers), "--port",
                                    str(port), "--worker-ports", ",".join(map(str, ports)), "--db", str(db), "--quiet",
                                    "--rooms-per-minute", "1000000", "--max-connections-per-address", "0"], env=env,
                                   stdout=out, stderr=subprocess.STDOUT)
    cluster = BenchCluster(process, url, db, workers, log)
    http = http or AsyncHTTPClient()
    for _ in range(600):
        try:
            await http.fetch(url + "/")
            if len(cluster.worker_pids()) == workers and cluster.proxy_pids():
                return cluster
        except Exception:  # noqa: BLE001 — not up yet
            pass
        await asyncio.sleep(0.1)
    cluster.stop()
    raise RuntimeError(f"{workers} workers behind HAProxy did not answer on {url} within about 60 s")


class Player:
    def __init__(self, url: str, room: str, token: str | None, rng: random.Random, think: float,
                 moves_per_room: int, rtts: list[float]):
        self.url, self.room, self.token = url, room, token
        self.rng, self.think, self.limit, self.rtts = rng, think, moves_per_room, rtts
        self.seat: int | None = None
        self.played: list[tuple[int, str]] = []      # (ply, move) confirmed by the server
        self.errors = 0

    async def run(self, done: asyncio.Event, start: asyncio.Event, gate: asyncio.Semaphore) -> None:
        async with gate:                              # connect a few at a time, not 2000 at once
            request = HTTPRequest(self.url.replace("http", "ws") + f"/ws/{self.room}", connect_timeout=120,
                                  request_timeout=120)
            ws = await websocket_connect(request, max_message_size=1 << 20)
            await ws.write_message(json.dumps({"type": "hello", "token": self.token}))
            while self.seat is None:                  # seat 2 goes to the guest, in order
                m = json.loads(await ws.read_message())
                if m["type"] == "welcome":
                    self.seat = m["seat"]
        pending: dict[int, tuple[float, int, str]] = {}
        next_id = 0
        sent_for_ply = -1
        last: dict | None = None                      # the latest room state
        await start.wait()
        try:
            while True:
                raw = await ws.read_message()
                if raw is None:
                    break
                m = json.loads(raw)
                t = m["type"]
                if t == "ok":
                    sent, ply, move = pending.pop(m["id"])
                    self.rtts.append(time.perf_counter() - sent)
                    self.played.append((ply, m["move"]))
                elif t == "error":
                    self.errors += 1
                    pending.clear()
                    sent_for_ply = -1
                elif t == "state":
                    last = m
                # the server sends the new state before the mover's ok: decide only once no move is pending,
                # after either message (a box taken keeps the turn, so the state alone may say "your move")
                if last is None or pending:
                    continue
                if last["over"] or last["ply"] >= self.limit:
                    break
                if last["to_move"] == self.seat and last["seats"][1 - self.seat]["connected"] \
                        and not last.get("waiting") and last["ply"] > sent_for_ply:
                    if self.think:
                        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                    move = self.rng.choice(last["targets"])[0]
                    next_id += 1
                    sent_for_ply = last["ply"]
                    pending[next_id] = (time.perf_counter(), last["ply"], move)
                    await ws.write_message(json.dumps({"type": "move", "move": move, "ply": last["ply"], "id": next_id}))
        finally:
            ws.close()
            done.set()


async def run(n_rooms: int, think: float, moves_per_room: int, seed: int, db: str | None = None,
              workers: int = 0) -> dict:
    """``workers``: 0 for the one-process server, N for N workers behind HAProxy (:func:`start_cluster`)."""
    tmp = Path(tempfile.mkdtemp(prefix="gamekit-rooms-bench-"))
    http = AsyncHTTPClient(max_clients=50)
    if workers:
        server = await start_cluster(tmp, workers, http, db=db)
    else:
        server = await start_server(tmp, http, python_args=os.environ.get("ROOMS_BENCH_PY_ARGS", "").split(), db=db)
    url = server.url

    def used() -> tuple[float, float]:      # CPU seconds: the server (all workers), HAProxy
        return server.cpu() if workers else (server_cpu(server.process.pid), 0.0)
    try:
        rng = random.Random(seed)
        body = json.dumps({"game": "dots", "options": {"width": 4, "height": 4}, "timer": 0})
        created = await asyncio.gather(*[http.fetch(HTTPRequest(url + "/api/rooms", method="POST", body=body))
                                         for _ in range(n_rooms)])
        rooms = [json.loads(r.body) for r in created]
        rtts: list[float] = []
        start = asyncio.Event()
        gate = asyncio.Semaphore(20)
        players, tasks = [], []
        for info in rooms:
            for token in (info["token"], None):
                p = Player(url, info["room"], token, random.Random(rng.random()), think, moves_per_room, rtts)
                players.append(p)
                tasks.append(asyncio.create_task(p.run(asyncio.Event(), start, gate)))
        while sum(p.seat is not None for p in players) < len(players):
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
        t0 = time.perf_counter()
        (cpu0, proxy0), client0 = used(), time.process_time()
        start.set()
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - t0
        (cpu, proxy_cpu), client_cpu = used(), time.process_time() - client0
        cpu, proxy_cpu = cpu - cpu0, proxy_cpu - proxy0
    finally:
        server.stop()
    # every room's stored moves must be exactly what its two players were told was stored
    store = open_store(server.db)
    bad = 0
    by_room: dict[str, list] = {}
    for p in players:
        by_room.setdefault(p.room, []).extend(p.played)
    for room, played in by_room.items():
        stored = store.load_room(room)
        if stored is None or sorted(played) != [(ply, m.move) for ply, m in enumerate(stored.moves)]:
            bad += 1
    store.close()
    taken_out = server.taken_out() if workers else 0
    shutil.rmtree(tmp, ignore_errors=True)
    total = sum(len(p.played) for p in players)
    rtts.sort()
    return {"cpu_ms_per_move": 1000 * cpu / total if total else float("nan"), "workers": workers,
            "taken_out": taken_out,
            "proxy_ms_per_move": 1000 * proxy_cpu / total if total else float("nan"),
            "client_ms_per_move": 1000 * client_cpu / total if total else float("nan"), "rooms": n_rooms, "moves": total, "seconds": elapsed, "moves_per_s": total / elapsed,
            "median_ms": 1000 * statistics.median(rtts) if rtts else float("nan"),
            "p99_ms": 1000 * rtts[int(0.99 * (len(rtts) - 1))] if rtts else float("nan"),
            "max_ms": 1000 * rtts[-1] if rtts else float("nan"),
            "refused": sum(p.errors for p in players), "rooms_mismatched": bad}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, nargs="*", default=[100, 1000])
    parser.add_argument("--think", type=float, default=1.0, help="mean thinking time per move, seconds (0: none)")
    parser.add_argument("--moves", type=int, default=40, help="moves per room (a 4 × 4 Dots game has 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default="sqlite", metavar="sqlite|postgres|URL",
                        help="the store: a temporary SQLite file (default), a temporary PostgreSQL server "
                             "(postgres: Debian's, gamekit.rooms.pgtemp), or a postgresql:// address")
    parser.add_argument("--workers", type=int, nargs="*", default=[0], metavar="N",
                        help="0: one process, no proxy (default); N: N worker processes behind HAProxy (one run each)")
    args = parser.parse_args()
    if any(w < 0 for w in args.workers):
        parser.error("--workers: 0 or more")
    pg = None
    if args.db == "postgres":
        pg = TempPostgres().start()          # fsync on, as a real one
    elif args.db != "sqlite" and not args.db.startswith("postgresql://"):
        parser.error(f"--db {args.db!r}: sqlite, postgres or a postgresql:// address")
    print(f"Dots 4 × 4 (5 × 5 dots), random legal moves, think {args.think} s, up to {args.moves} moves a room, "
          f"store: {describe_db(args.db)}")
    print(f"{'rooms':>6}{'moves':>8}{'time s':>8}{'moves/s':>9}{'median ms':>11}{'p99 ms':>8}{'max ms':>8}"
          f"{'refused':>9}{'mismatched rooms':>18}{'CPU ms/move: server':>21}{'clients':>9}")
    for i, (workers, n) in enumerate((w, n) for w in args.workers for n in args.rooms):
        if args.workers != [0]:
            print("one process, no proxy:" if workers == 0 else f"{workers} worker process(es) behind HAProxy:")
        db = None if args.db == "sqlite" else pg.url(f"bench_{i}") if pg else args.db
        r = asyncio.run(run(n, args.think, args.moves, args.seed, db, workers))
        print(f"{r['rooms']:>6}{r['moves']:>8}{r['seconds']:>8.1f}{r['moves_per_s']:>9.0f}{r['median_ms']:>11.1f}"
              f"{r['p99_ms']:>8.1f}{r['max_ms']:>8.1f}{r['refused']:>9}{r['rooms_mismatched']:>18}"
              f"{r['cpu_ms_per_move']:>21.2f}{r['client_ms_per_move']:>9.2f}", flush=True)
        if workers:
            print(f"{'':>6}HAProxy CPU {r['proxy_ms_per_move']:.2f} ms/move; workers taken out by its health "
                  f"checks: {r['taken_out']}", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if pg:
        pg.stop()


if __name__ == "__main__":
    main()
