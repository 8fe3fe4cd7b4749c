"""Run the room server with a trace of where its time goes (``python -m benchmarks.rooms --trace``).

    python benchmarks/rooms_trace.py OUT.json -m gamekit.rooms --port … --db …

starts ``python -m gamekit.rooms`` with the given arguments in this process, after wrapping a few of the
server's public methods from outside (nothing in ``gamekit`` changes, so an old revision is traced the same
way), and writes what it saw to ``OUT.json`` when the server stops:

Each entry starts with its ``time.monotonic()``.

- ``gc``: each pass of Python's cyclic garbage collector, (generation, seconds) — ``gc.callbacks``;
- ``lag``: how late the event loop woke from each 5 ms sleep (a sample every wake-up) — the time it was busy;
- ``service``: for each move, the time from the server's ``on_message`` to the write of the message that
  carries its ``ok`` (the move checked, played, committed and told) — the server's own part of a round trip,
  without the time the message waited in the socket for the event loop;
- ``commits``: each store transaction of the group commit (``store.apply``) or, on an older server, each
  ``store.add_move``: (seconds, writes) — SQLite's WAL checkpoints run inside the commit that crosses
  ``wal_autocheckpoint`` pages, so they are the long ones here;
- ``checkpoints``: each ``PRAGMA wal_checkpoint`` the store runs itself (its checkpoint thread), in seconds;
- ``ticks``: each call of ``RoomServer.tick`` (the turn clocks, the CPU standing in, unloading, the minute's
  sweep): the whole pass over the rooms on a server before 2026-12-01, its first slice of ``TICK_SLICE`` rooms
  after (the other slices are callbacks of their own, each as long);
- ``objects``: the number of objects a full pass of the garbage collector scans, and of those frozen out of
  its sight (``gc.freeze``), counted once, when the
  server stops (its rooms are still in memory then; counting during the games would itself stop the loop).
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import json
import sys
import time

clock = time.perf_counter
now = time.monotonic  # the same clock in every process: the benchmark keeps what falls in its games
trace: dict[str, list] = {
    "gc": [],
    "lag": [],
    "service": [],
    "commits": [],
    "ticks": [],
    "objects": [],
    "checkpoints": [],
}
_gc_started = [0.0]


def _gc(phase: str, info: dict) -> None:
    if phase == "start":
        _gc_started[0] = clock()
    else:
        trace["gc"].append((now(), info["generation"], clock() - _gc_started[0]))


def _timed(function, into: list, size=None):
    def call(*args, **kwargs):
        t = clock()
        try:
            return function(*args, **kwargs)
        finally:
            into.append((now(), clock() - t, size(*args, **kwargs) if size else 0))

    return call


def install() -> None:
    import gamekit.rooms.__main__ as main_module
    import gamekit.rooms.room_socket as socket_module
    import gamekit.rooms.server as server_module

    gc.callbacks.append(_gc)
    import sqlite3 as real_sqlite3
    import types

    import gamekit.rooms.store as store_module

    class TracedConnection(real_sqlite3.Connection):
        def execute(self, sql, *args):
            if not sql.startswith("PRAGMA wal_checkpoint"):
                return super().execute(sql, *args)
            t = clock()
            try:
                return super().execute(sql, *args)
            finally:
                trace["checkpoints"].append((now(), clock() - t))

    def connect(*args, **kwargs):
        kwargs.setdefault("factory", TracedConnection)
        return real_sqlite3.connect(*args, **kwargs)

    store_module.sqlite3 = types.SimpleNamespace(
        **{name: getattr(real_sqlite3, name) for name in dir(real_sqlite3) if not name.startswith("__")}
    )
    store_module.sqlite3.connect = connect
    socket_class, server_class = socket_module.RoomSocket, server_module.RoomServer

    on_message = socket_class.on_message

    def traced_on_message(self, raw):
        if isinstance(raw, str) and '"move"' in raw[:20]:
            self.trace_move_in = clock()
        return on_message(self, raw)

    socket_class.on_message = traced_on_message

    writer_name = "write_now" if hasattr(socket_class, "write_now") else "write_text"
    writer = getattr(socket_class, writer_name)

    def traced_write(self, text):
        t = getattr(self, "trace_move_in", None)
        if t is not None:
            data = text if isinstance(text, bytes) else text.encode("utf-8")
            if b'"ok":{' in data or b'"type":"ok"' in data:
                trace["service"].append((now(), clock() - t))
                self.trace_move_in = None
        return writer(self, text)

    setattr(socket_class, writer_name, traced_write)

    init = server_class.__init__

    def traced_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        commits = getattr(self, "commits", None)
        store = commits.store if commits is not None else self.store
        if hasattr(store, "apply") and commits is not None:
            store.apply = _timed(store.apply, trace["commits"], lambda writes: len(writes))
        else:
            store.add_move = _timed(store.add_move, trace["commits"], lambda *a, **k: 1)

    server_class.__init__ = traced_init

    tick = server_class.tick

    def traced_tick(self):
        t = clock()
        try:
            return tick(self)
        finally:
            trace["ticks"].append((now(), clock() - t, len(self.rooms)))

    server_class.tick = traced_tick

    serve = main_module.serve

    async def traced_serve(args):
        async def lag():
            while True:
                t = clock()
                await asyncio.sleep(0.005)
                trace["lag"].append((now(), max(0.0, clock() - t - 0.005)))

        probe = asyncio.ensure_future(lag())
        try:
            await serve(args)
        finally:
            probe.cancel()

    main_module.serve = traced_serve
    return main_module


def main() -> None:
    if sys.path and sys.path[0].rstrip("/").endswith("benchmarks"):
        del sys.path[0]  # the script's folder: its modules are not the server's
    out, flag, module, *rest = sys.argv[1:]
    if flag != "-m" or module != "gamekit.rooms":
        raise SystemExit("usage: rooms_trace.py OUT.json -m gamekit.rooms ARGS…")

    def write() -> None:
        trace["objects"].append((now(), len(gc.get_objects()), gc.get_freeze_count()))
        with open(out, "w") as f:
            json.dump(trace, f)

    atexit.register(write)
    main_module = install()
    sys.argv = [module, *rest]
    main_module.main()


if __name__ == "__main__":
    main()
