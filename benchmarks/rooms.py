"""Room server benchmark: N rooms, two simulated players each, on loopback.

The server runs as its own process (``python -m gamekit.rooms``, a temporary SQLite file, or PostgreSQL with
``--db``); this process runs every simulated player (tornado WebSocket clients on one event loop).  Each player waits
for its
turn, thinks for a while (``--think`` seconds on average, 0 = as fast as possible), and plays a random legal
move; the players ask for deltas (and apply them with ``gamekit.rooms.delta.apply_delta``; an old server sends
whole states).  Printed: moves per second, the round trip of a move (sent → the server's ``ok``, which comes
only after the move is committed to the database), median and p99, and a final check of every room's stored moves
against what its two players were told was stored: lost (confirmed, not stored) and duplicated (one ply
confirmed twice) moves.

    python -m benchmarks.rooms                      # N = 100 and N = 1000, think 1 s
    python -m benchmarks.rooms --rooms 100 --think 0
    python -m benchmarks.rooms --old main --profile 30        # and main's server, side by side in one run
    python -m benchmarks.rooms --db postgres        # the same on a temporary PostgreSQL (Debian's server)
    python -m benchmarks.rooms --db postgresql://user@host/name   # on a PostgreSQL of yours (new rooms only)
    python -m benchmarks.rooms --workers 1 2        # the same through HAProxy, 1 then 2 worker processes

``--old REV`` also runs the server of git revision REV (its ``gamekit`` unpacked with ``git archive`` into a
temporary folder; the checkout is not touched), before each of this checkout's runs, with the same players.
``--profile GAMES`` first prints where a move's server CPU goes, stage by stage (parse, checks, ``game.play``,
the SQLite commit, building the state, diffing and encoding the messages), measured in one process on the
server's own ``Room`` — for each version.  Server CPU a move is the server process's user + system CPU time
(``/proc``) ÷ moves; the load average before and after each run is printed with it (the machine may be shared).

With ``--workers N`` the server is ``python -m gamekit.rooms --workers N`` (N workers on one database,
HAProxy in front routing each room by a consistent hash of its id; docs/rooms.md "Several processes"); the
server CPU is the workers' total, HAProxy's is printed on the line below.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
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


ROOT = Path(__file__).resolve().parents[1]


def old_code(ref: str, into: Path) -> Path:
    """The ``gamekit`` package of git revision ``ref`` of this repository, unpacked under ``into`` (``git
    archive``; nothing in the checkout changes): the folder to run the old server from."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "gamekit"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the server process has used so far (Linux /proc; NaN elsewhere)."""
    return sum(server_cpu_split(pid))


def server_cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds the process has used so far (Linux /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick
    except (OSError, ValueError, IndexError):
        return float("nan"), float("nan")


@dataclass
class BenchServer:
    """A room server started by :func:`start_server`: its process, base URL and database."""

    process: subprocess.Popen
    url: str
    db: Path | str

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


async def start_server(
    tmp_dir: Path,
    http: AsyncHTTPClient | None = None,
    python_args: Sequence[str] = (),
    root: Path | None = None,
    db: Path | str | None = None,
) -> BenchServer:
    """Start ``python -m gamekit.rooms`` on a free loopback port with a SQLite file in ``tmp_dir`` (quiet, room
    creation practically unlimited, no cap on connections per address: every simulated player connects from
    127.0.0.1) and wait until it answers.  ``python_args`` go to the interpreter before
    ``-m`` (e.g. ``-X importtime``); ``http`` is the client to poll with (default: the loop's shared one);
    ``root`` the folder whose ``gamekit`` is run (default: this checkout's; :func:`old_code` makes another);
    ``db`` another database (a postgresql:// address)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    db = db or Path(tmp_dir) / "rooms.sqlite3"
    root = Path(root) if root is not None else ROOT
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    process = subprocess.Popen(
        [
            sys.executable,
            *python_args,
            "-m",
            "gamekit.rooms",
            "--port",
            str(port),
            "--db",
            str(db),
            "--quiet",
            "--rooms-per-minute",
            "1000000",
            "--max-connections-per-address",
            "0",
        ],
        env=env,
        cwd=str(root),  # -m puts the cwd first
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
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


async def start_cluster(
    tmp_dir: Path,
    workers: int,
    http: AsyncHTTPClient | None = None,
    db: Path | str | None = None,
    root: Path | None = None,
) -> BenchCluster:
    """Start ``python -m gamekit.rooms --workers N`` (HAProxy on a free loopback port, the workers on the next
    free ones, one SQLite file in ``tmp_dir`` or the database ``db``; the same limits as :func:`start_server`)
    and wait until every worker is registered and the proxy answers."""
    port = free_port()
    ports = [free_port() for _ in range(workers)]
    url = f"http://127.0.0.1:{port}"
    db = db or Path(tmp_dir) / "rooms.sqlite3"
    root = Path(root) if root is not None else ROOT
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    log = Path(tmp_dir) / "cluster.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gamekit.rooms",
                "--workers",
                str(workers),
                "--port",
                str(port),
                "--worker-ports",
                ",".join(map(str, ports)),
                "--db",
                str(db),
                "--quiet",
                "--rooms-per-minute",
                "1000000",
                "--max-connections-per-address",
                "0",
            ],
            env=env,
            cwd=str(root),
            stdout=out,
            stderr=subprocess.STDOUT,
        )  # -m puts the cwd first
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
    def __init__(
        self,
        url: str,
        room: str,
        token: str | None,
        rng: random.Random,
        think: float,
        moves_per_room: int,
        rtts: list[float],
    ):
        self.url, self.room, self.token = url, room, token
        self.rng, self.think, self.limit, self.rtts = rng, think, moves_per_room, rtts
        self.seat: int | None = None
        self.played: list[tuple[int, str]] = []  # (ply, move) confirmed by the server
        self.errors = 0
        self.resyncs = 0  # deltas that did not follow the state held

    async def run(self, done: asyncio.Event, start: asyncio.Event, gate: asyncio.Semaphore) -> None:
        from gamekit.rooms.delta import apply_delta  # here: --profile imports this module with an old gamekit

        async with gate:  # connect a few at a time, not 2000 at once
            request = HTTPRequest(
                self.url.replace("http", "ws") + f"/ws/{self.room}", connect_timeout=120, request_timeout=120
            )
            ws = await websocket_connect(request, max_message_size=1 << 20)
            await ws.write_message(json.dumps({"type": "hello", "token": self.token, "deltas": True}))
            while self.seat is None:  # seat 2 goes to the guest, in order
                m = json.loads(await ws.read_message())
                if m["type"] == "welcome":
                    self.seat = m["seat"]
        pending: dict[int, tuple[float, int, str]] = {}
        next_id = 0
        sent_for_ply = -1
        last: dict | None = None  # the latest room state
        await start.wait()
        try:
            while True:
                raw = await ws.read_message()
                if raw is None:
                    break
                m = json.loads(raw)
                t = m["type"]
                if t == "delta":  # a server that sends deltas (an old one never does)
                    after = apply_delta(last, m)
                    if after is None:
                        self.resyncs += 1
                        await ws.write_message(json.dumps({"type": "sync"}))
                    else:
                        last = after
                    if "ok" in m:
                        m, t = m["ok"], "ok"  # the mover's ok rides in its delta
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
                if (
                    last["to_move"] == self.seat
                    and last["seats"][1 - self.seat]["connected"]
                    and not last.get("waiting")
                    and last["ply"] > sent_for_ply
                ):
                    if self.think:
                        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                    move = self.rng.choice(last["targets"])[0]
                    next_id += 1
                    sent_for_ply = last["ply"]
                    pending[next_id] = (time.perf_counter(), last["ply"], move)
                    await ws.write_message(
                        json.dumps({"type": "move", "move": move, "ply": last["ply"], "id": next_id})
                    )
        finally:
            ws.close()
            done.set()


async def loop_lag(samples: list[float], period: float = 0.005) -> None:
    """Until cancelled: how late this event loop wakes from a ``period`` sleep, one sample a wake-up (seconds;
    0 when on time) — the time the loop was busy with something else (our own work, GC, another process)."""
    clock = time.perf_counter
    while True:
        t = clock()
        await asyncio.sleep(period)
        samples.append(max(0.0, clock() - t - period))


class GCPauses:
    """The pauses of Python's cyclic garbage collector in this process (``gc.callbacks``), by generation."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []
        self._t = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._t = time.perf_counter()
        else:
            self.pauses.append((info["generation"], time.perf_counter() - self._t))

    def __enter__(self) -> "GCPauses":
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self)


def client_process(pipe, url: str, seats: list, think: float, moves_per_room: int) -> None:
    """One of the benchmark's client processes (``--clients``): plays ``seats`` — (room, token or None, seed) —
    on ``url``; says ``ready`` through ``pipe`` once every player holds its seat, starts on the parent's word and
    sends back what it measured (each player's confirmed moves, the round trips, its CPU, its event loop's lag
    and GC pauses)."""
    asyncio.run(_client(pipe, url, seats, think, moves_per_room))


async def _client(pipe, url: str, seats: list, think: float, moves_per_room: int) -> None:
    loop = asyncio.get_running_loop()
    rtts: list[float] = []
    start, gate = asyncio.Event(), asyncio.Semaphore(20)
    players = [
        Player(url, room, token, random.Random(seed), think, moves_per_room, rtts) for room, token, seed in seats
    ]
    tasks = [asyncio.create_task(p.run(asyncio.Event(), start, gate)) for p in players]
    while sum(p.seat is not None for p in players) < len(players):
        await asyncio.sleep(0.05)
    gc.collect()
    gc.freeze()  # the players' connections and state: long-lived, not scanned by every GC pass
    gc.set_threshold(700, 10, 1000)  # and no full pass of the players' states every few seconds (the server's
    # own setting, gamekit.rooms.gc_tuning.tune_gc): the clients must not be
    # what the round trip measures
    pipe.send("ready")
    await loop.run_in_executor(None, pipe.recv)  # "start"
    lag: list[float] = []
    probe = asyncio.create_task(loop_lag(lag))
    cpu0 = time.process_time()
    with GCPauses() as pauses:
        start.set()
        await asyncio.gather(*tasks)
    cpu = time.process_time() - cpu0
    probe.cancel()
    pipe.send(
        {
            "played": [(p.room, p.played) for p in players],
            "rtts": rtts,
            "cpu": cpu,
            "lag": lag,
            "gc": pauses.pauses,
            "errors": sum(p.errors for p in players),
            "resyncs": sum(p.resyncs for p in players),
        }
    )


def probe_process(pipe, url: str, rooms: list, every: float) -> None:
    """The loopback probe (its own small process, so nothing of the players delays it): one connection to each
    of ``rooms`` — (room, creator's token) of rooms nobody plays in — sends ``{"type": "ping"}`` every ``every``
    seconds (the connections in turn) and times the server's ``pong``: how long the server's event loop takes
    to answer a message that needs no work, i.e. the wait any message has on the server.  Starts on the
    parent's word, stops on the next; sends back the round trips."""
    asyncio.run(_probe(pipe, url, rooms, every))


async def _probe(pipe, url: str, rooms: list, every: float) -> None:
    loop = asyncio.get_running_loop()
    sockets = []
    for room, token in rooms:
        ws = await websocket_connect(url.replace("http", "ws") + f"/ws/{room}")
        await ws.write_message(json.dumps({"type": "hello", "token": token}))
        while json.loads(await ws.read_message())["type"] != "welcome":
            pass
        sockets.append(ws)
    pipe.send("ready")
    await loop.run_in_executor(None, pipe.recv)  # "start"
    stop = loop.run_in_executor(None, pipe.recv)  # "stop"
    rtts: list[float] = []
    sent_at: list[float] = []  # when each came back (time.monotonic: the trace's clock)

    async def pinger(ws, offset: float) -> None:
        await asyncio.sleep(offset)
        n = 0
        while True:
            n += 1
            sent = time.perf_counter()
            await ws.write_message(json.dumps({"type": "ping", "id": n}))
            while True:  # the pong (the room's state messages are skipped)
                m = json.loads(await ws.read_message())
                if m.get("type") == "pong":
                    break
            rtts.append(time.perf_counter() - sent)
            sent_at.append(time.monotonic())
            await asyncio.sleep(max(0.0, sent + every * len(sockets) - time.perf_counter()))

    pingers = [asyncio.create_task(pinger(ws, i * every)) for i, ws in enumerate(sockets)]
    await stop
    for task in pingers:
        task.cancel()
    for ws in sockets:
        ws.close()
    pipe.send(list(zip(sent_at, rtts)))


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-quantile (0–1) of ``values`` (the nearest rank below), NaN when empty."""
    values = sorted(values)
    return values[int(p * (len(values) - 1))] if values else float("nan")


PROBE_ROOMS = 4  # probe connections (one room each): each pings at most once every 0.1 s (the rate limit
PROBE_EVERY = 0.025  # is 20 messages a second a connection), together every 25 ms


async def run(
    n_rooms: int,
    think: float,
    moves_per_room: int,
    seed: int,
    root: Path | None = None,
    db: str | None = None,
    workers: int = 0,
    clients: int = 2,
    trace: bool = False,
) -> dict:
    """One run: ``n_rooms`` rooms on a fresh server running the ``gamekit`` under ``root`` (default: this
    checkout's), on a temporary SQLite file or the database ``db``; ``workers``: 0 for the one-process server,
    N for N workers behind HAProxy (:func:`start_cluster`).  The players run in ``clients`` processes of their
    own (the rooms dealt out between them), the loopback probe in one more; ``trace``: the one-process server
    runs under ``benchmarks.rooms_trace`` (its GC pauses, event-loop lag, commits and ticks)."""
    tmp = Path(tempfile.mkdtemp(prefix="gamekit-rooms-bench-"))
    http = AsyncHTTPClient(max_clients=50)
    load_before = os.getloadavg()[0]
    trace_file = tmp / "trace.json"
    if workers:
        server = await start_cluster(tmp, workers, http, db=db, root=root)
    else:
        python_args = os.environ.get("ROOMS_BENCH_PY_ARGS", "").split()
        if trace:
            python_args = [*python_args, str(ROOT / "benchmarks" / "rooms_trace.py"), str(trace_file)]
        server = await start_server(tmp, http, python_args=python_args, root=root, db=db)
    url = server.url

    def used() -> tuple[float, float]:  # (user, system) CPU seconds of the server (all its workers)
        pids = server.worker_pids() if workers else [server.process.pid]
        splits = [server_cpu_split(pid) for pid in pids]
        return sum(u for u, _ in splits), sum(s for _, s in splits)

    def proxy_used() -> float:  # CPU seconds of HAProxy (none without workers)
        return sum(server_cpu(pid) for pid in server.proxy_pids()) if workers else 0.0

    context = multiprocessing.get_context("spawn")
    children: list = []
    try:
        rng = random.Random(seed)
        body = json.dumps({"game": "dots", "options": {"width": 4, "height": 4}, "timer": 0})
        created = await asyncio.gather(
            *[
                http.fetch(HTTPRequest(url + "/api/rooms", method="POST", body=body))
                for _ in range(n_rooms + PROBE_ROOMS)
            ]
        )
        infos = [json.loads(r.body) for r in created]
        rooms, probe_rooms = infos[:n_rooms], [(i["room"], i["token"]) for i in infos[n_rooms:]]
        seats = [[] for _ in range(clients)]
        for k, info in enumerate(rooms):  # both players of a room in one client process
            for token in (info["token"], None):
                seats[k % clients].append((info["room"], token, rng.random()))
        pipes = []
        for own in seats:
            mine, theirs = context.Pipe()
            child = context.Process(target=client_process, args=(theirs, url, own, think, moves_per_room), daemon=True)
            child.start()
            children.append(child)
            pipes.append(mine)
        probe_pipe, theirs = context.Pipe()
        child = context.Process(target=probe_process, args=(theirs, url, probe_rooms, PROBE_EVERY), daemon=True)
        child.start()
        children.append(child)
        loop = asyncio.get_running_loop()
        for pipe in [*pipes, probe_pipe]:
            if await loop.run_in_executor(None, pipe.recv) != "ready":
                raise RuntimeError("a client process did not start")
        await asyncio.sleep(0.5)
        t0, games_start = time.perf_counter(), time.monotonic()
        (user0, sys0), proxy0 = used(), proxy_used()
        for pipe in [probe_pipe, *pipes]:
            pipe.send("start")
        results = [await loop.run_in_executor(None, pipe.recv) for pipe in pipes]
        elapsed, games_end = time.perf_counter() - t0, time.monotonic()
        (user, system), proxy_cpu = used(), proxy_used()
        probe_pipe.send("stop")
        probe_timeline = await loop.run_in_executor(None, probe_pipe.recv)
        probe_rtts = [rtt for _, rtt in probe_timeline]
        user, system = user - user0, system - sys0
        cpu, proxy_cpu = user + system, proxy_cpu - proxy0
        client_cpu = sum(r["cpu"] for r in results)
        load_after = os.getloadavg()[0]
    finally:
        server.stop()
        for child in children:
            child.join(5)
            if child.is_alive():
                child.kill()
    traced = json.loads(trace_file.read_text()) if trace and trace_file.exists() else None
    if traced is not None:
        traced["games"] = (games_start, games_end)
    keep = os.environ.get("ROOMS_BENCH_KEEP")  # a folder: the raw trace and probe timeline, for a closer look
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        out = Path(keep) / f"run-{time.strftime('%H%M%S')}-{n_rooms}.json"
        out.write_text(json.dumps({"trace": traced, "probe": probe_timeline}))
    # every room's stored moves must be exactly what its two players were told was stored
    store = open_store(server.db)
    bad = lost = duplicated = unconfirmed = 0
    by_room: dict[str, list] = {}
    for r in results:
        for room, played in r["played"]:
            by_room.setdefault(room, []).extend(tuple(x) for x in played)
    for room, played in by_room.items():
        kept = store.load_room(room)
        stored = [] if kept is None else [(ply, m.move) for ply, m in enumerate(kept.moves)]
        confirmed = sorted(played)
        plies = [ply for ply, _ in confirmed]
        duplicated += len(plies) - len(set(plies))  # one ply confirmed twice
        lost += len(set(confirmed) - set(stored))  # confirmed, but not stored
        unconfirmed += len(set(stored) - set(confirmed))  # stored, but nobody was told
        if confirmed != stored:
            bad += 1
    store.close()
    taken_out = server.taken_out() if workers else 0
    shutil.rmtree(tmp, ignore_errors=True)
    rtts = sorted(x for r in results for x in r["rtts"])
    total = len(rtts)
    lag = [x for r in results for x in r["lag"]]
    client_gc = [p for r in results for _, p in r["gc"]]
    return {
        "cpu_ms_per_move": 1000 * cpu / total if total else float("nan"),
        "user_ms_per_move": 1000 * user / total if total else float("nan"),
        "sys_ms_per_move": 1000 * system / total if total else float("nan"),
        "workers": workers,
        "taken_out": taken_out,
        "clients": clients,
        "proxy_ms_per_move": 1000 * proxy_cpu / total if total else float("nan"),
        "client_ms_per_move": 1000 * client_cpu / total if total else float("nan"),
        "rooms": n_rooms,
        "moves": total,
        "seconds": elapsed,
        "moves_per_s": total / elapsed,
        "median_ms": 1000 * percentile(rtts, 0.5),
        "p99_ms": 1000 * percentile(rtts, 0.99),
        "max_ms": 1000 * rtts[-1] if rtts else float("nan"),
        "probe_median_ms": 1000 * percentile(probe_rtts, 0.5),
        "probe_p99_ms": 1000 * percentile(probe_rtts, 0.99),
        "probe_max_ms": 1000 * max(probe_rtts, default=float("nan")),
        "probes": len(probe_rtts),
        "client_lag_p99_ms": 1000 * percentile(lag, 0.99),
        "client_lag_max_ms": 1000 * max(lag, default=float("nan")),
        "client_gc_max_ms": 1000 * max(client_gc, default=0.0),
        "client_gc_s": sum(client_gc),
        "refused": sum(r["errors"] for r in results),
        "resyncs": sum(r["resyncs"] for r in results),
        "lost": lost,
        "duplicated": duplicated,
        "unconfirmed": unconfirmed,
        "rooms_mismatched": bad,
        "load_before": load_before,
        "load_after": load_after,
        "trace": traced,
    }


# ----- where a move's server time goes (in one process, without sockets) ---------------------------------------
STAGES = (
    ("parse", "parse the message (gamekit.rooms.untrusted.loads)"),
    ("checks", "checks: the move's text, seat, turn, ply"),
    ("play", "game.play and the room's bookkeeping"),
    ("commit", "SQLite: the move's transaction"),
    ("state", "the state: scene, targets, words, fields"),
    ("encode", "diff / encode the messages for the readers"),
)


def profile_moves(games: int, seed: int, watchers: int = 0) -> dict:
    """Play ``games`` random Dots 4 × 4 games through the server's own ``Room`` (a real SQLite store in a
    temporary folder; the readers are stand-ins that only count what they would be sent) and return the CPU
    microseconds a move spends in each of :data:`STAGES`, and the bytes sent a move.  Runs on whichever
    ``gamekit`` is importable (this checkout's, or an old one: see ``--old``).  What it leaves out is tornado's
    part: reading the frame, writing three frames (two states or deltas and the ``ok``) and the system calls —
    the whole-server figure minus this sum."""
    import inspect
    import types
    from collections import Counter

    from gamekit.rooms.games import check_move
    from gamekit.rooms.room import Room
    from gamekit.rooms.room_socket import RoomSocket
    from gamekit.rooms.server import RoomServer
    from gamekit.rooms.untrusted import loads

    tmp = Path(tempfile.mkdtemp(prefix="gamekit-rooms-profile-"))
    server = RoomServer(tmp / "rooms.sqlite3")
    clock = time.process_time
    spent: Counter = Counter()

    def timed(name, function):
        def call(*args, **kwargs):
            t = clock()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] += clock() - t

        return call

    commits = getattr(server, "commits", None)
    if commits is not None:  # group commit: a move's writes go through the store's apply
        commits.store.apply = timed("commit", commits.store.apply)
    else:  # an older server: one transaction per write
        server.store.add_move = timed("commit", server.store.add_move)

    class Reader:
        """Stands for one connection: counts what it would be sent."""

        def __init__(self, room, seat):
            self.room, self.seat, self.deltas, self.synced, self.sent = room, seat, True, False, 0

        def write_text(self, text):
            self.sent += len(text)

        def send(self, message):
            self.write_text(json.dumps(message, separators=(",", ":")))

        def send_state(self, state, seat):  # the old server's per-reader step
            RoomSocket.send_state(self, state, seat)

    folds_ok = "ok" in inspect.signature(Room.broadcast).parameters

    rng = random.Random(seed)
    totals: Counter = Counter()
    moves = sent = 0
    for _ in range(games):
        room_id, _token = server.create_room("dots", {"width": 4, "height": 4}, 0)
        room = server.room(room_id)
        room.seat_hashes[1] = "a guest"
        room.public_state = timed("state", room.public_state)
        readers = [Reader(room, 0), Reader(room, 1)] + [Reader(room, None) for _ in range(watchers)]
        room.conns, room.watchers = readers[:2], set(readers[2:])
        room.broadcast()
        for r in readers:
            r.sent = 0
        while not room.game.is_over():
            seat = room.game.to_move
            raw = json.dumps(
                {"type": "move", "move": rng.choice(room.game.legal_moves()), "ply": room.ply(), "id": moves}
            )
            spent.clear()
            t0 = clock()
            data = loads(raw)
            t1 = clock()
            RoomSocket.check_can_move(types.SimpleNamespace(room=room), seat, data)
            move = check_move(data.get("move"))
            t2 = clock()
            canonical = room.commit_move(seat, move)
            t3 = clock()
            answer = {"id": data["id"], "move": canonical, "ply": room.ply()}
            if folds_ok:  # the new server: the ok rides in the mover's delta
                room.broadcast(ok=(readers[seat], answer))
            else:  # the old one: the state to everyone, then the ok
                room.broadcast()
                readers[seat].send({"type": "ok", **answer})
            t4 = clock()
            totals["parse"] += t1 - t0
            totals["checks"] += t2 - t1
            totals["commit"] += spent["commit"]
            totals["play"] += t3 - t2 - spent["commit"]
            totals["state"] += spent["state"]
            totals["encode"] += t4 - t3 - spent["state"]
            moves += 1
        sent += sum(r.sent for r in readers)
    server.store.close()
    shutil.rmtree(tmp, ignore_errors=True)
    out = {name: 1e6 * totals[name] / moves for name, _ in STAGES}
    out["total"] = sum(out.values())
    out["bytes"] = sent / moves
    return out


def profile_in(root: Path, games: int, seed: int, watchers: int) -> dict:
    """:func:`profile_moves` in a fresh interpreter that imports the ``gamekit`` under ``root``."""
    code = (
        f"import json, sys; sys.path.append({str(ROOT)!r}); from benchmarks.rooms import profile_moves; "
        f"print(json.dumps(profile_moves({games}, {seed}, {watchers})))"
    )
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True, cwd=str(root)
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def print_profile(versions: list[tuple[str, Path]], games: int, seed: int, watchers: int) -> None:
    results = [(label, profile_in(root, games, seed, watchers)) for label, root in versions]
    print(
        f"Where a move's server CPU goes, µs a move ({games} random Dots 4 × 4 games in one process, "
        f"2 players + {watchers} watchers a room; tornado's frames and system calls not included):"
    )
    print(f"{'stage':<48}" + "".join(f"{label:>10}" for label, _ in results))
    for name, what in STAGES:
        print(f"{what:<48}" + "".join(f"{r[name]:>10.1f}" for _, r in results))
    print(f"{'total':<48}" + "".join(f"{r['total']:>10.1f}" for _, r in results))
    print(f"{'bytes sent a move (all readers)':<48}" + "".join(f"{r['bytes']:>10.0f}" for _, r in results))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)


HEADER = (
    f"{'code':>5}{'rooms':>6}{'moves':>7}{'time s':>7}{'moves/s':>8}{'median ms':>10}{'p99 ms':>8}"
    f"{'max ms':>8}{'lost':>5}{'dup':>4}{'refused':>8}{'resync':>7}"
    f"{'server CPU ms/move (user+sys)':>30}{'clients':>8}{'load':>11}"
)


def print_run(label: str, r: dict) -> None:
    print(
        f"{label:>5}{r['rooms']:>6}{r['moves']:>7}{r['seconds']:>7.1f}{r['moves_per_s']:>8.0f}"
        f"{r['median_ms']:>10.1f}{r['p99_ms']:>8.1f}{r['max_ms']:>8.1f}{r['lost']:>5}{r['duplicated']:>4}"
        f"{r['refused']:>8}{r['resyncs']:>7}{r['cpu_ms_per_move']:>13.3f} "
        f"({r['user_ms_per_move']:.3f}+{r['sys_ms_per_move']:.3f})"
        f"{r['client_ms_per_move']:>8.2f}"
        f"{r['load_before']:>6.1f}→{r['load_after']:<4.1f}",
        flush=True,
    )
    print(
        f"{'':>11}probe ping round trip (the server's wait): median {r['probe_median_ms']:.1f} ms, p99 "
        f"{r['probe_p99_ms']:.1f} ms, max {r['probe_max_ms']:.1f} ms ({r['probes']} pings); clients "
        f"({r['clients']} processes): event-loop lag p99 {r['client_lag_p99_ms']:.1f} ms, max "
        f"{r['client_lag_max_ms']:.1f} ms, longest GC pass {r['client_gc_max_ms']:.1f} ms",
        flush=True,
    )
    if r["workers"]:
        print(
            f"{'':>11}HAProxy CPU {r['proxy_ms_per_move']:.2f} ms/move; workers taken out by its "
            f"health checks: {r['taken_out']}",
            flush=True,
        )
    if r["rooms_mismatched"] or r["unconfirmed"]:
        print(
            f"      {r['rooms_mismatched']} room(s) whose stored moves differ from the confirmed ones "
            f"({r['unconfirmed']} stored but never confirmed)"
        )


def print_median(label: str, rs: list[dict]) -> None:
    def med(key: str) -> float:
        return statistics.median(r[key] for r in rs)

    each = ", ".join(f"{r['p99_ms']:.1f}" for r in rs)
    print(
        f"{label:>5} median of {len(rs)} runs: {med('moves_per_s'):.0f} moves/s, round trip median "
        f"{med('median_ms'):.1f} ms, p99 {med('p99_ms'):.1f} ms (runs: {each}), "
        f"probe p99 {med('probe_p99_ms'):.1f} ms, server CPU {med('cpu_ms_per_move'):.3f} ms a move; "
        f"lost {sum(r['lost'] for r in rs)}, duplicated {sum(r['duplicated'] for r in rs)}",
        flush=True,
    )


def print_trace(t: dict) -> None:
    """The server's trace (benchmarks/rooms_trace.py) during the games, summed up in a few lines."""
    ms = 1000.0
    start, end = t["games"]
    objects = t["objects"][-1][1:] if t["objects"] else (0, 0)
    t = {
        key: [e[1:] if len(e) > 2 else e[1] for e in entries if start <= e[0] <= end]
        for key, entries in t.items()
        if key != "games"
    }
    for gen in (0, 1, 2):
        passes = [p for g, p in t["gc"] if g == gen]
        if passes:
            print(
                f"{'':>11}trace: GC generation {gen}: {len(passes)} passes, longest {ms * max(passes):.1f} ms, "
                f"{ms * sum(passes):.0f} ms in all"
            )
    lag = t["lag"]
    print(
        f"{'':>11}trace: event-loop lag p50 {ms * percentile(lag, 0.5):.2f}, p99 {ms * percentile(lag, 0.99):.1f}, "
        f"max {ms * max(lag, default=0):.1f} ms ({len(lag)} wake-ups)"
    )
    service = t["service"]
    print(
        f"{'':>11}trace: a move inside the server (message in → ok written) median "
        f"{ms * percentile(service, 0.5):.2f}, p99 {ms * percentile(service, 0.99):.1f}, "
        f"max {ms * max(service, default=0):.1f} ms"
    )
    commits = [d for d, _ in t["commits"]]
    sizes = [n for _, n in t["commits"]]
    print(
        f"{'':>11}trace: commits {len(commits)}, median {ms * percentile(commits, 0.5):.2f}, p99 "
        f"{ms * percentile(commits, 0.99):.1f}, max {ms * max(commits, default=0):.1f} ms, over 5 ms: "
        f"{sum(d > 0.005 for d in commits)}; writes a commit median {percentile(sizes, 0.5):.0f}, "
        f"p99 {percentile(sizes, 0.99):.0f}, max {max(sizes, default=0)}"
    )
    checkpoints = t.get("checkpoints", [])
    if checkpoints:
        print(
            f"{'':>11}trace: WAL checkpoints in the store's thread {len(checkpoints)}, median "
            f"{ms * percentile(checkpoints, 0.5):.1f}, max {ms * max(checkpoints):.1f} ms"
        )
    ticks = [d for d, _ in t["ticks"]]
    print(
        f"{'':>11}trace: ticks {len(ticks)}, median {ms * percentile(ticks, 0.5):.1f}, p99 "
        f"{ms * percentile(ticks, 0.99):.1f}, max {ms * max(ticks, default=0):.1f} ms; at the end the GC tracks "
        f"{objects[0]} objects ({objects[1]} more frozen)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, nargs="*", default=[100, 1000])
    parser.add_argument("--think", type=float, default=1.0, help="mean thinking time per move, seconds (0: none)")
    parser.add_argument("--moves", type=int, default=40, help="moves per room (a 4 × 4 Dots game has 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--old",
        metavar="REV",
        default=None,
        help="also run the server of this git revision (e.g. main), side by side in the same run",
    )
    parser.add_argument(
        "--profile",
        type=int,
        metavar="GAMES",
        default=0,
        help="first, where a move's server CPU goes: GAMES games in one process, stage by stage",
    )
    parser.add_argument("--watchers", type=int, default=0, help="watchers a room in the --profile games")
    parser.add_argument("--no-sockets", action="store_true", help="only the --profile table")
    parser.add_argument(
        "--db",
        default="sqlite",
        metavar="sqlite|postgres|URL",
        help="the store: a temporary SQLite file (default), a temporary PostgreSQL server "
        "(postgres: Debian's, gamekit.rooms.pgtemp), or a postgresql:// address",
    )
    parser.add_argument(
        "--workers",
        type=int,
        nargs="*",
        default=[0],
        metavar="N",
        help="0: one process, no proxy (default); N: N worker processes behind HAProxy (one run each)",
    )
    parser.add_argument(
        "--clients",
        type=int,
        default=2,
        metavar="K",
        help="processes the simulated players run in (default 2; the loopback probe has one more)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="R",
        help="run each configuration R times (old and new taking turns) and print the medians",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="run the one-process server under benchmarks/rooms_trace.py and print where its time "
        "went: GC passes, event-loop lag, commits, ticks, a move's time inside the server",
    )
    args = parser.parse_args()
    if args.clients < 1 or args.repeat < 1:
        parser.error("--clients and --repeat: 1 or more")
    if args.db not in ("sqlite", "postgres") and not args.db.startswith("postgresql://"):
        parser.error(f"--db {args.db!r}: sqlite, postgres or a postgresql:// address")
    if any(w < 0 for w in args.workers):
        parser.error("--workers: 0 or more")
    pg = None
    versions: list[tuple[str, Path | None]] = [("new", None)]
    tmp = None
    if args.old:
        tmp = Path(tempfile.mkdtemp(prefix="gamekit-rooms-old-"))
        versions = [("old", old_code(args.old, tmp)), ("new", None)]
        print(f"old: git revision {args.old}; new: this checkout ({ROOT})")
    try:
        if args.db == "postgres" and not args.no_sockets:
            pg = TempPostgres().start()  # fsync on, as a real one
        if args.profile:
            print_profile([(label, root or ROOT) for label, root in versions], args.profile, args.seed, args.watchers)
            print()
        if args.no_sockets:
            return
        print(
            f"Dots 4 × 4 (5 × 5 dots), random legal moves, think {args.think} s (each move 0.5–1.5 × that), "
            f"up to {args.moves} moves a room; players: {args.clients} client process(es) on the same machine, "
            f"and a loopback probe process (a ping every {1000 * PROBE_EVERY:.0f} ms); store: {describe_db(args.db)}"
        )
        print(HEADER)
        runs = [(w, n) for w in args.workers for n in args.rooms]
        for i, (workers, n) in enumerate(runs):
            if args.workers != [0] and (i == 0 or runs[i - 1][0] != workers):
                print("one process, no proxy:" if workers == 0 else f"{workers} worker process(es) behind HAProxy:")
            seen: dict[str, list[dict]] = {label: [] for label, _ in versions}
            for k in range(args.repeat):
                for j, (label, root) in enumerate(versions):
                    db = None if args.db == "sqlite" else pg.url(f"bench_{i}_{j}_{k}") if pg else args.db
                    r = asyncio.run(
                        run(
                            n,
                            args.think,
                            args.moves,
                            args.seed,
                            root,
                            db,
                            workers,
                            args.clients,
                            args.trace and not workers,
                        )
                    )
                    seen[label].append(r)
                    print_run(label, r)
                    if r["trace"] is not None:
                        print_trace(r["trace"])
            if args.repeat > 1:
                for label, rs in seen.items():
                    print_median(label, rs)
        print(
            f"load average (1 min) at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
            f"(the machine is shared; 'load' is before → after each run, this benchmark's own processes included)"
        )
    finally:
        if pg is not None:
            pg.stop()
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
