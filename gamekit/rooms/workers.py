"""Several room-server processes behind one proxy: room ownership in each worker, and the supervisor.

``python -m gamekit.rooms --workers N`` runs :func:`supervise`: N workers (``python -m gamekit.rooms
--worker-name wI`` on loopback ports), HAProxy in front of them (:mod:`gamekit.rooms.proxy`) listening on
``--host``/``--port``, and a loop that restarts a worker that died.  Each worker serves any request, but
loads a room only while it holds that room's lease (:mod:`gamekit.rooms.leases`); :class:`Ownership` is
that part of a worker:

* a room is loaded only after :meth:`Ownership.claim`; a WebSocket for a room another live worker holds
  waits (:meth:`Ownership.wait_claim`, up to the TTL plus :data:`WAIT_MORE` seconds) while that worker lets it go;
* every fifth of the lease's TTL (1 s by default) the heartbeat is renewed and the held rooms are checked: a room
  another worker wants is let go — its connections are closed
  with 1012 "service restart", the page and the clients reconnect through the proxy — and a room whose lease
  is gone (deleted with its room by another worker's sweep, or taken after this worker was thought dead) is
  dropped the same way (or told it expired when it no longer exists);
* a trigger refuses to store a move of a room this worker does not hold (SQLite: a TEMP trigger on its own
  connection; PostgreSQL: a trigger that reads the worker's id from its connection's setting and locks the
  lease row) — the fence against a worker that was paused past its lease, e.g. SIGSTOP, and still had
  messages queued.

So a room is never live in two processes: whoever loads it holds its lease first, and a lease changes hands
only when its holder let go or is dead (its heartbeat older than the TTL, ``--lease-ttl``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from tornado.ioloop import PeriodicCallback

from gamekit.rooms.leases import LOCK_WAIT, TTL, Leases, new_worker_id
from gamekit.rooms.proxy import Backend, haproxy_config, start_haproxy
from gamekit.rooms.room import CLOSE_MOVED
from gamekit.rooms.server import RoomServer
from gamekit.rooms.speech import said
from gamekit.rooms.web import BaseHandler

__all__ = [
    "Ownership",
    "HealthHandler",
    "supervise",
    "worker_ports",
    "WAIT_MORE",
    "POLL",
    "RESTART_DELAY",
    "RESTART_DELAY_RANGE",
]

log = logging.getLogger("gamekit.rooms")

WAIT_MORE = 2.0  # a connection waits for its room's lease the TTL and this many seconds, then is told to try again
POLL = 0.1  # seconds between two tries of a waiting claim
CHECK = 0.25  # seconds between two looks for rooms another worker wants (at most; the heartbeat's every TTL / 5)
# seconds before the supervisor starts a worker that died again (``--restart-delay``), doubled while it keeps
# dying within 10 s of its start, up to RESTART_DELAY_RANGE's end
RESTART_DELAY = 0.5
RESTART_DELAY_RANGE = (0.1, 30.0)


class Ownership:
    """Room leases for one worker process of ``server`` (a :class:`~gamekit.rooms.server.RoomServer`),
    registered as ``name`` in the database ``db``, with leases of ``ttl`` seconds (the same in every worker).
    Adds ``/healthz`` to the server's routes (before its ``app()`` is built); :meth:`start` — once the worker
    listens on its port — registers it, attaches it to the server (``server.ownership``) and begins the
    heartbeat."""

    def __init__(self, server: RoomServer, db: str | Path, name: str, ttl: float = TTL):
        self.server, self.name = server, name
        self.id = new_worker_id(name)
        self.leases = Leases(db, ttl)
        self.wait = self.leases.ttl + WAIT_MORE  # seconds a connection waits for its room's lease
        self.check = min(CHECK, self.leases.beat_every)
        self.let_go_count = 0
        self._last_full = 0.0
        self._callback: PeriodicCallback | None = None
        server.extra_routes.append((r"/healthz", HealthHandler, {"ownership": self}))

    def fence(self) -> bool:
        """A move of a room this worker does not hold is refused by the database (the transaction aborts,
        the move is undone in memory and refused).  SQLite: a TEMP trigger on the store's own connection;
        PostgreSQL: the store's connection names this worker, and the trigger that :class:`Leases` created
        checks (and locks) the lease row."""
        store = self.server.store
        if callable(getattr(store, "fence", None)):
            store.fence(self.id)  # PostgreSQL (gamekit.rooms.store_pg.PostgresStore.fence)
            return True
        db = getattr(store, "db", None)
        if not isinstance(db, sqlite3.Connection):
            return False  # another store: its own key (room, ply) still refuses a duplicate
        db.execute(
            "CREATE TEMP TRIGGER IF NOT EXISTS gamekit_room_fence BEFORE INSERT ON main.moves "
            "WHEN NOT EXISTS (SELECT 1 FROM main.room_leases l WHERE l.room = NEW.room AND l.holder = "
            f"'{self.id}') BEGIN SELECT RAISE(ABORT, 'this worker does not hold the room'); END"
        )
        return True

    # ----- the server's hooks --------------------------------------------------------------------------------
    def claim(self, room_id: str) -> bool | None:
        return self.leases.claim(room_id, self.id)

    async def wait_claim(self, room_id: str) -> bool | None:
        """Claim the room, trying again every :data:`POLL` s for up to ``self.wait`` s while another worker
        holds it (it lets go at its next look, or its lease ends when it is dead).  True: this worker holds
        it now; None: no such room; False: still held elsewhere."""
        deadline = time.monotonic() + self.wait
        while True:
            if room_id in self.server.rooms:
                return True
            got = self.claim(room_id)
            if got is not False or time.monotonic() >= deadline:
                return got
            await asyncio.sleep(POLL)

    def release(self, room_id: str) -> None:
        self.leases.release(room_id, self.id)

    # ----- the heartbeat and the look at the held rooms ---------------------------------------------------
    def start(self) -> PeriodicCallback:
        """Register (the earlier runs under this name are over: this one has their port), fence the store,
        and begin the heartbeat.  Rooms the server loaded while starting (a class group's results recovered
        after a crash) are kept only if their lease can be had."""
        self.leases.register(self.id, self.name, os.getpid())
        self.fence()
        self.server.ownership = self
        for room_id in list(self.server.rooms):
            if not self.claim(room_id):
                self.server.rooms.pop(room_id, None)  # no connection yet: another worker holds it
        self._callback = PeriodicCallback(self.tick, self.check * 1000)
        self._callback.start()
        return self._callback

    def stop(self) -> None:
        """A clean stop: every room let go and the leases deleted (the other workers take them at once)."""
        if self._callback is not None:
            self._callback.stop()
        for room_id in list(self.server.rooms):
            self.let_go(room_id)
        try:
            self.leases.unregister(self.id)
        finally:
            self.leases.close()

    def tick(self) -> None:
        try:
            self.look()
        except Exception as error:  # noqa: BLE001 — a busy or unreachable database: tried again at the next tick
            if self.leases.is_lock_timeout(error):
                log.warning(
                    "room lease check waited over %.0f s for another worker's lock (%s): tried again at the next tick",
                    LOCK_WAIT,
                    error,
                )
            else:
                log.exception("room lease check failed")

    def look(self) -> None:
        now = time.monotonic()
        full = now - self._last_full >= self.leases.beat_every
        if full:
            self._last_full = now
            if not self.leases.beat(self.id):
                # declared dead (the supervisor saw this process exit? then this is a new one with an old
                # id): nothing held may be trusted — let every room go and register again
                log.warning(
                    "worker %s found itself declared dead (paused too long, or another worker was started "
                    "under the same name): letting every room go",
                    self.name,
                )
                for room_id in list(self.server.rooms):
                    self.let_go(room_id)
                self.leases.register(self.id, self.name, os.getpid())
                return
            held = self.leases.held(self.id)
            for room_id in list(self.server.rooms):
                if room_id not in held:  # the lease is gone: the room was deleted, or taken over
                    self.lost(room_id)
            for room_id in set(held) - set(self.server.rooms):
                self.release(room_id)  # claimed, never loaded (or let go already)
        else:
            held = self.leases.wanted(self.id)
        for room_id, wanted in held.items():
            if wanted is not None and room_id in self.server.rooms:
                self.let_go(room_id)

    def let_go(self, room_id: str) -> None:
        """Forget the room and close its connections with 1012 (they reconnect through the proxy and reach
        whichever worker holds it next); then the lease is deleted.  Everything the room confirmed is
        stored already, so nothing is lost."""
        self.server.flush()  # the room writes waiting for this turn's group commit, first
        room = self.server.rooms.pop(room_id, None)
        if room is not None:
            self.let_go_count += 1
            for conn in list(room.sockets):
                conn.room = None  # a message still on its way is not handled here any more
                conn.close(CLOSE_MOVED, "moved")
        self.release(room_id)

    def lost(self, room_id: str) -> None:
        room = self.server.rooms.get(room_id)
        if room is None:
            return
        if self.server.group_store.load_room(room_id) is None:  # deleted by another worker (expired, or its group)
            self.server.rooms.pop(room_id, None)
            room.close_all(said("This room was deleted: it expired, or its class group was deleted."))
        else:
            self.let_go(room_id)

    def health(self) -> dict:
        return {
            "ok": True,
            "worker": self.name,
            "pid": os.getpid(),
            "rooms": len(self.server.rooms),
            "let_go": self.let_go_count,
        }


class HealthHandler(BaseHandler):
    """``GET /healthz``: the proxy's health check (200 while the worker serves), with counts only."""

    def initialize(self, ownership: Ownership) -> None:
        self.ownership = ownership

    def get(self) -> None:
        self.write(self.ownership.health())


# ----- the supervisor ----------------------------------------------------------------------------------------
# options of ``python -m gamekit.rooms`` that belong to the supervisor, with whether each takes a value
SUPERVISOR_OPTIONS = {
    "--workers": True,
    "--host": True,
    "--port": True,
    "--proxy": True,
    "--proxy-config": True,
    "--worker-ports": True,
    "--restart-delay": True,
    "--health-interval": True,
}


def worker_argv(argv: list[str]) -> list[str]:
    """``argv`` without the supervisor's own options (the rest goes to every worker)."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
            continue
        name = arg.split("=", 1)[0]
        if name in SUPERVISOR_OPTIONS:
            skip = SUPERVISOR_OPTIONS[name] and "=" not in arg
            continue
        out.append(arg)
    return out


def worker_ports(text: str | None, port: int, n: int) -> list[int]:
    """``--worker-ports``: "P1,P2,…" (one per worker), or by default the ports after the proxy's."""
    if text is None:
        return [port + 1 + i for i in range(n)]
    try:
        ports = [int(p) for p in text.split(",")]
    except ValueError:
        raise ValueError(f"--worker-ports {text!r}: port numbers separated by commas") from None
    if len(ports) != n or len(set(ports)) != n or port in ports or not all(0 < p < 65536 for p in ports):
        raise ValueError(f"--worker-ports {text!r}: {n} different ports, none of them the proxy's {port}")
    return ports


class Worker:
    def __init__(self, name: str, port: int, command: list[str]):
        self.name, self.port, self.command = name, port, command
        self.process: subprocess.Popen | None = None
        self.started = 0.0
        self.restarts = 0
        self.due = 0.0  # when to start it again after it died

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL)
        self.started = time.monotonic()

    def healthy(self, prefix: str) -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{prefix}/healthz", timeout=1) as r:
                return json.loads(r.read()).get("ok") is True
        except (OSError, ValueError):
            return False


def supervise(args: Any, argv: list[str]) -> int:
    """Run ``args.workers`` workers and HAProxy in front of them until SIGINT/SIGTERM (see the module's
    docstring).  ``argv``: the command line, whose options other than the supervisor's go to the workers."""
    n = args.workers
    ports = worker_ports(args.worker_ports, args.port, n)
    prefix = "/" + args.prefix.strip("/") if args.prefix.strip("/") else ""
    common = [sys.executable, "-m", "gamekit.rooms", *worker_argv(argv)]
    workers = [
        Worker(f"w{i + 1}", p, [*common, "--host", "127.0.0.1", "--port", str(p), "--worker-name", f"w{i + 1}"])
        for i, p in enumerate(ports)
    ]
    config = haproxy_config(
        args.host,
        args.port,
        [Backend(w.name, "127.0.0.1", w.port) for w in workers],
        prefix=prefix,
        idle_timeout=args.idle_timeout,
        per_address=args.max_connections_per_address,
        health_interval=args.health_interval,
    )
    if args.proxy_config:
        Path(args.proxy_config).write_text(config)
    stop = {"now": False}

    def on_signal(signum: int, frame: Any) -> None:
        stop["now"] = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    proxy: subprocess.Popen | None = None
    leases: Leases | None = None
    tmp = tempfile.TemporaryDirectory(prefix="gamekit-rooms-proxy-")
    try:
        workers[0].start()  # the first one creates the database's tables
        _wait_healthy(workers[:1], prefix, stop)
        for w in workers[1:]:
            w.start()
        _wait_healthy(workers, prefix, stop)
        if stop["now"]:
            return 0
        leases = Leases(args.db, args.lease_ttl)
        if args.proxy == "haproxy":
            path = Path(args.proxy_config or Path(tmp.name) / "haproxy.cfg")
            path.write_text(config)
            proxy = start_haproxy(path)
            print(
                f"gamekit rooms: open http://{_shown(args.host)}:{args.port}{prefix}/  ({n} workers on ports "
                f"{', '.join(map(str, ports))} behind HAProxy; database {args.db}; Ctrl+C stops)",
                flush=True,
            )
        else:
            print(
                f"gamekit rooms: {n} workers on 127.0.0.1 ports {', '.join(map(str, ports))} (database "
                f"{args.db}); route them with your proxy"
                + (
                    f": HAProxy configuration in {args.proxy_config}"
                    if args.proxy_config
                    else " (--proxy-config FILE writes an HAProxy configuration)"
                )
                + "; Ctrl+C stops",
                flush=True,
            )
        while not stop["now"]:
            time.sleep(0.1)
            now = time.monotonic()
            for w in workers:
                if w.process is not None and w.process.poll() is not None:
                    code = w.process.returncode
                    leases.forget(w.name)  # its rooms are free at once: a survivor takes them
                    quick = now - w.started < 10
                    w.restarts = w.restarts + 1 if quick else 0
                    w.due = now + min(RESTART_DELAY_RANGE[1], args.restart_delay * 2**w.restarts)
                    w.process = None
                    print(
                        f"gamekit rooms: worker {w.name} stopped ({_how(code)}); its rooms go to the others; "
                        f"restarting it in {w.due - now:.1f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                elif w.process is None and now >= w.due:
                    w.start()
            if proxy is not None and proxy.poll() is not None:
                print(f"gamekit rooms: HAProxy stopped ({_how(proxy.returncode)}): stopping", file=sys.stderr)
                return 1
        return 0
    finally:
        for w in workers:
            if w.process is not None and w.process.poll() is None:
                w.process.terminate()  # each worker lets its rooms go and deletes its leases
        if proxy is not None and proxy.poll() is None:
            proxy.terminate()
        for p in [w.process for w in workers] + [proxy]:
            if p is not None:
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()
        if leases is not None:
            leases.close()
        tmp.cleanup()


def _wait_healthy(workers: list[Worker], prefix: str, stop: dict, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    for w in workers:
        while not stop["now"] and not w.healthy(prefix):
            if w.process is not None and w.process.poll() is not None:
                raise RuntimeError(f"worker {w.name} exited ({_how(w.process.returncode)}) while starting")
            if time.monotonic() > deadline:
                raise RuntimeError(f"worker {w.name} did not answer on port {w.port} within {seconds:.0f} s")
            time.sleep(0.1)


def _how(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"


def _shown(host: str) -> str:
    return {
        "127.0.0.1": "localhost",
        "::1": "localhost",
        "0.0.0.0": os.uname().nodename,
        "::": os.uname().nodename,
    }.get(host, host)
